/**
 * Issue 30, "one end, one history, one set of words", in a real browser:
 * - the end of a game is one platform screen for every kind: the result first, then the kind's score
 *   sheet with every player's total inside the viewport (not cut off by a scrolling table), then
 *   "Play again" — at 390 and 1280 px;
 * - the table's Players tab of a finished game shows the players, never an empty box (Rapa Nui's
 *   held only the clocks, which stop at the end): each one's name, and where the kind keeps its
 *   players on the table (Rapa Nui) a roster with each place and total, the room's;
 * - the history page has the same controls for every kind: slider, first/prev/next/last, the keys
 *   and `?step=N`;
 * - every disabled Confirm says why, and the button is described by the reason: Giants' moai with a
 *   sculptor value of 0, Moa's action without its region, Rapa Nui's turn with nothing chosen;
 * - "since your last visit" leaves out a move that arrived while the page was open and visible,
 *   also after a reload;
 * - archive rows name the game's kind, and a rating change reads as a rating.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedRng } from '../../src/lib/engine/index';
import { greedyBot } from '../../src/lib/games/giants/bots';
import type { GiantsView } from '../../src/lib/games/giants/index';
import { heuristicBot as rapanuiBot } from '../../src/lib/games/rapanui/bots';
import type { RapaNuiView } from '../../src/lib/games/rapanui/types';
import { heuristicBot as moaBot } from '../../src/lib/games/moa/bots';
import type { MoaView } from '../../src/lib/games/moa/types';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import type { Person } from './browser';
import { botPlay, hasText, pageAs, textOf, until, versionOf, visible } from './play';
import { startTestServer, type TestServer } from './server';

const FIXTURE = JSON.parse(readFileSync(join(ROOT, 'tests/e2e/fixtures/full-round.json'), 'utf8'));
const PASSWORD = 'correct horse battery staple';
const VIEWPORTS = [
	{ width: 390, height: 844 },
	{ width: 1280, height: 800 }
] as const;
type KindId = 'giants' | 'rapanui' | 'moa';
const KINDS: KindId[] = ['giants', 'rapanui', 'moa'];
const KIND_NAMES: Record<KindId, string> = { giants: 'Giants', rapanui: 'Rapa Nui', moa: 'Moa' };

let server: TestServer;
let clients: Client[];
const finished = {} as Record<KindId, string>;
const people: Person[] = [];

/** A started game of `kind` among the clients (seat order as given, seat 0 starts). */
async function scenario(kind: KindId, seed: string, config: Record<string, unknown> = {}, among = clients): Promise<string> {
	const { id } = await among[0].api<{ id: string }>('POST', '/api/dev/scenario', { kind, usernames: among.map((c) => c.username), seed, config: { startPlayer: 0, ...config } });
	return id;
}

/** Plays `id` with each kind's own bot, each seat from its own view, for up to `moves` moves. */
async function botMoves(kind: KindId, id: string, seed: string, moves: number, among = clients) {
	const rng = seedRng(seed);
	await botPlay(among, id, moves, (view, seat) =>
		kind === 'giants'
			? greedyBot(view as GiantsView, seat, rng)
			: kind === 'rapanui'
				? rapanuiBot(view as RapaNuiView, seat, rng)
				: moaBot(view as MoaView, seat, rng)
	);
}

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	const suffix = Date.now().toString(36).slice(-5);
	clients = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}end${suffix}`));
	for (const c of clients) await c.signup(c.username, PASSWORD);
	// Giants from round 23 of a fixture position (a whole game takes long); the others from the start.
	finished.giants = await scenario('giants', 'end-giants', { position: { ...FIXTURE.position, round: 23 } });
	finished.rapanui = await scenario('rapanui', 'end-rapanui');
	finished.moa = await scenario('moa', 'end-moa');
	for (const k of KINDS) {
		await botMoves(k, finished[k], `end-${k}-bots`, 3000);
		expect((await clients[0].game(finished[k])).status, k).toBe('finished');
	}
}, 600_000);

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

/** Boxes of the end screen's parts and whether each total is inside the viewport and every scrolling ancestor. */
const endLayout = (page: Page) =>
	page.evaluate(() => {
		const box = (sel: string) => {
			const el = document.querySelector(sel);
			if (!el) return null;
			const r = el.getBoundingClientRect();
			return { top: r.top + scrollY, bottom: r.bottom + scrollY };
		};
		const totals = [...document.querySelectorAll('[data-testid="score-sheet"] [data-total]')].map((el) => {
			const r = el.getBoundingClientRect();
			let inside = r.width > 0 && r.left >= 0 && r.right <= innerWidth;
			for (let a = el.parentElement; a && inside; a = a.parentElement) {
				const o = getComputedStyle(a).overflowX;
				if (o === 'visible') continue;
				const ar = a.getBoundingClientRect();
				inside = r.left >= ar.left - 0.5 && r.right <= ar.right + 0.5;
			}
			return { text: el.textContent?.trim() ?? '', inside };
		});
		const again = [...document.querySelectorAll('h2')].find((h) => h.textContent?.trim() === 'Play again');
		const a = again?.getBoundingClientRect();
		return {
			result: box('[data-testid="result"]'),
			sheet: box('[data-testid="score-sheet"]'),
			again: a ? { top: a.top + scrollY, bottom: a.bottom + scrollY } : null,
			totals,
			scrollWidth: document.scrollingElement!.scrollWidth,
			innerWidth
		};
	});

describe('the end screen', () => {
	for (const kind of KINDS)
		for (const vp of VIEWPORTS)
			test(`${kind} at ${vp.width} px: the result, then the score sheet with every total visible, then Play again`, async () => {
				const page = await pageAs(server.url, people, clients[0], vp);
				await page.goto(`${server.url}/games/${finished[kind]}`, { waitUntil: 'networkidle' });
				await visible(page.getByTestId('score-sheet'));
				await visible(page.getByRole('heading', { name: 'Play again' }));
				const g = await clients[0].game(finished[kind]);
				// All three at once: a page still hydrating (CI, beside the Worker lane) can redraw a part
				// between the waits above and the measure — measured again until all are there.
				let l = await endLayout(page);
				for (const until = Date.now() + 20_000; !(l.result && l.sheet && l.again) && Date.now() < until; l = await endLayout(page))
					await new Promise((r) => setTimeout(r, 200));
				expect(l.result && l.sheet && l.again, 'result, sheet and Play again are all there').toBeTruthy();
				expect(l.result!.bottom).toBeLessThanOrEqual(l.sheet!.top);
				expect(l.sheet!.bottom).toBeLessThanOrEqual(l.again!.top);
				// The result in the platform's words, naming the winner(s) or the draw.
				expect(await textOf(page.getByTestId('result'))).toMatch(/^\s*Game over: /);
				// One total per seat, each the room's, each fully inside the viewport and its table.
				expect(l.totals).toHaveLength(g.seats.length);
				for (const t of l.totals) expect(t.inside, `total ${t.text} visible`).toBe(true);
				expect(l.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(l.innerWidth);
				// The kind's game view no longer draws a sheet of its own: one sheet on the page.
				expect(await page.getByTestId('score-sheet').count()).toBe(1);
				// Moa's winner mark stays one word on one line (it wrapped as "winn er").
				if (kind === 'moa') for (const w of await page.locator('[data-testid="score-sheet"] .win').all()) expect(await w.evaluate((e) => e.getClientRects().length)).toBe(1);
			});
});

describe('the Players tab of a finished game', () => {
	for (const kind of KINDS)
		test(`${kind}: shows every player, not an empty box`, async () => {
			const page = await pageAs(server.url, people, clients[1]);
			await page.goto(`${server.url}/games/${finished[kind]}`, { waitUntil: 'networkidle' });
			await page.getByTestId('tab-players').click();
			const panel = page.locator('#table-panel-players');
			await visible(panel);
			const box = (await panel.boundingBox())!;
			expect(box.height, 'the panel has something in it').toBeGreaterThan(80);
			const text = await textOf(panel);
			const g = await clients[0].game(finished[kind]);
			for (const c of clients) expect(text, `${kind}: ${c.username} named in the Players tab`).toContain(c.username);
			if (kind === 'rapanui') {
				// The roster in final order: each place and total as the room has them.
				const rows = await panel.getByTestId('roster').locator('tbody tr').all();
				expect(rows).toHaveLength(g.seats.length);
				const result = (g as unknown as { result: { places: number[]; scores: number[] } }).result;
				let last = 0;
				for (const row of rows) {
					const seat = Number(await row.getAttribute('data-seat'));
					const place = Number(await textOf(row.locator('td').first()));
					expect(place, `place of seat ${seat}`).toBe(result.places[seat]);
					expect(place, 'best first').toBeGreaterThanOrEqual(last);
					last = place;
					expect(Number(await textOf(row.locator('[data-total]'))), `total of seat ${seat}`).toBe(result.scores[seat]);
				}
			}
		});
});

describe('one set of history controls', () => {
	for (const kind of KINDS)
		test(`${kind}: slider, first/previous/next/last, the keys and ?step=N`, async () => {
			const page = await pageAs(server.url, people, clients[1]);
			await page.goto(`${server.url}/games/${finished[kind]}/history?step=3`, { waitUntil: 'networkidle' });
			await page.locator('[data-ready="true"]').waitFor();
			const step = () => page.getByTestId('history-step').getAttribute('data-step').then(Number);
			expect(await step()).toBe(3);
			await visible(page.getByRole('slider', { name: 'Step' }));
			for (const name of ['First step', 'Previous step', 'Next step', 'Last step']) await visible(page.getByRole('button', { name, exact: true }));
			await page.getByRole('button', { name: 'Next step', exact: true }).click();
			expect(await step()).toBe(4);
			await page.getByRole('button', { name: 'Previous step', exact: true }).click();
			await page.keyboard.press('ArrowLeft');
			expect(await step()).toBe(2);
			await page.keyboard.press('End');
			const last = await step();
			expect(last).toBeGreaterThan(10);
			await page.keyboard.press('Home');
			expect(await step()).toBe(0);
			await page.getByRole('button', { name: 'Last step', exact: true }).click();
			expect(await step()).toBe(last);
			await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe(String(last));
		});
});

/** The disabled Confirm of a page and the text that describes it. */
async function confirmWhy(page: Page, testid: string | null, name: string) {
	const button = testid ? page.getByTestId(testid) : page.getByRole('button', { name, exact: true });
	await visible(button);
	expect(await button.isDisabled()).toBe(true);
	const described = await button.getAttribute('aria-describedby');
	expect(described, 'Confirm is described by its reason').toBeTruthy();
	return (await textOf(page.locator(`[id="${described}"]`))).trim();
}

describe('every disabled Confirm says why', () => {
	test('Giants: a moai chosen with sculptor value 0', async () => {
		const id = await scenario('giants', 'end-why-giants');
		// Everybody bids a worker and the medicine man (value 2: the auction waits for each choice, G-3.3).
		for (let seat = 0; seat < 3; seat++) {
			const g = await clients[seat].game(id);
			await clients[seat].move(id, { type: 'bid', markers: 1, workers: 1, medicineMan: true, chief: false }, g.version);
		}
		const g = (await clients[0].game(id)) as unknown as { activeSeats: number[]; view: GiantsView };
		expect(g.view.phase.kind).toBe('carve');
		const seat = g.activeSeats[0];
		const page = await pageAs(server.url, people, clients[seat]);
		await page.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
		const panel = page.getByTestId('move-panel');
		await panel.locator('input[name="carve-size"]').first().check();
		const size = Number(await panel.locator('input[name="carve-size"]').first().getAttribute('value'));
		const why = await confirmWhy(page, null, 'Confirm move');
		expect(why).toBe(`Confirm waits: your sculptors are worth 0, a moai of size ${size} needs at least ${size}. Add sculptors, choose a smaller moai, or decline.`);
		// Enough sculptors: the reason gives way to what will be sent, and Confirm is enabled.
		await panel.getByRole('checkbox', { name: 'Medicine man' }).check();
		if (size > 1) await panel.getByRole('button', { name: 'More: Workers' }).click();
		await hasText(panel.getByTestId('move-summary'), 'Will send');
		expect(await page.getByRole('button', { name: 'Confirm move', exact: true }).isDisabled()).toBe(false);
	});

	test('Moa: an action without its region', async () => {
		const id = await scenario('moa', 'end-why-moa');
		const g = (await clients[0].game(id)) as unknown as { activeSeats: number[]; view: MoaView };
		expect(g.view.phase.kind).toBe('turn');
		const seat = g.activeSeats[0];
		const page = await pageAs(server.url, people, clients[seat]);
		await page.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
		const composer = page.getByTestId('composer');
		await visible(composer);
		expect(await confirmWhy(page, 'confirm', '')).toBe('Choose an action first.');
		await composer.locator('input[name="moa-action"][value="place"]').check();
		expect(await confirmWhy(page, 'confirm', '')).toBe('Not ready: pick a region');
	});

	test('Rapa Nui: nothing chosen yet', async () => {
		const id = await scenario('rapanui', 'end-why-rapanui');
		const page = await pageAs(server.url, people, clients[0]);
		await page.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
		expect(await confirmWhy(page, 'confirm', '')).toBe('Choose one of the options first.');
		await page.getByTestId('composer').locator('input[name="rapanui-move"]').first().check();
		await hasText(page.getByTestId('will-send'), 'Will send:');
		expect(await page.getByTestId('confirm').isDisabled()).toBe(false);
	});
});

describe('since your last visit', () => {
	test('a move that arrives while the page is open and visible is not news, not even after a reload', async () => {
		// ana plays last (seat 2): ben and caro move before her.
		const among = [clients[1], clients[2], clients[0]];
		const id = await scenario('rapanui', 'end-since', {}, among);
		const ana = await pageAs(server.url, people, clients[0]);
		const open = async () => {
			await ana.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
			await ana.locator('.live[data-status="open"]').waitFor({ timeout: 20_000 });
		};
		await open(); // the first visit: everything so far is seen
		await ana.waitForTimeout(500); // the page's presence report reaches the room
		await ana.goto('about:blank');
		await botMoves('rapanui', id, 'since-1', 1, among); // while she is away
		await open();
		await hasText(ana.getByTestId('since'), '1 move since your last visit');
		// A move arrives while she watches.
		const before = await versionOf(ana);
		const g = (await clients[0].game(id)) as unknown as { activeSeats: number[] };
		expect(g.activeSeats).not.toContain(2);
		await botMoves('rapanui', id, 'since-2', 1, among);
		await until(ana, before + 1);
		expect(await ana.getByTestId('since').count(), 'the live move is not counted').toBe(0);
		// Reloaded, the count still leaves it out (the room was told it was seen).
		await open();
		await ana.waitForTimeout(300);
		expect(await ana.getByTestId('since').count()).toBe(0);
	});
});

describe('archive rows', () => {
	test('name the game and label a rating change as a rating', async () => {
		const page = await pageAs(server.url, people, clients[0]);
		await page.goto(`${server.url}/archive?player=${clients[0].username}`, { waitUntil: 'networkidle' });
		const kinds = await page.getByTestId('archive-kind').allTextContents();
		for (const k of KINDS) expect(kinds.map((x) => x.trim())).toContain(KIND_NAMES[k]);
		const changes = await page.locator('.change [aria-hidden="true"]').allTextContents();
		expect(changes.length).toBeGreaterThan(0);
		for (const c of changes) expect(c).toMatch(/^Rating [+−±]\d+$/);
		expect(await page.locator('.points').first().textContent()).toMatch(/^\d+ points?$/);
	});
});
