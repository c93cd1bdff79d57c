/**
 * Issue 30 "A real table for every game": the platform's table layout (src/lib/ui/TableLayout.svelte,
 * Stage.svelte, table/Panels.svelte), for every kind, in Debian's Chromium against wrangler dev.
 * - at 1280×800 the board is the stage: it takes most of the width, lies wholly inside the viewport
 *   and is clipped by no scroll box on its way up (Moa's map was cut off 23 px inside one), and the
 *   composer's Confirm is on screen without scrolling when it is the viewer's turn;
 * - the same at 1920×1080 (Giants' board on the platform's Stage: whole, never taller than the screen);
 * - the Players tab of every running kind names every player (Rapa Nui: a roster);
 * - the panels (players, log, table talk, notes) are WAI-ARIA tabs: arrow keys switch them, and the
 *   browser remembers the one chosen; they fold away (a button with aria-expanded) and the board
 *   takes their width, clipped by nothing, remembered over a reload; while the viewer has a move the
 *   composer stays beside the board, Confirm in view;
 * - on a phone (390×844) Moa's map and Giants' board keep a readable width inside a frame that scrolls, with a hint
 *   and a shadow where more lies, zooms out to the whole map and in again; the move sheet never
 *   hides Confirm, never keeps a target covered, and folds away.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { seedRng } from '../../src/lib/engine';
import { heuristicBot as moaBot } from '../../src/lib/games/moa/bots';
import type { MoaView } from '../../src/lib/games/moa/types';
import { heuristicBot as rapanuiBot } from '../../src/lib/games/rapanui/bots';
import type { RapaNuiView } from '../../src/lib/games/rapanui/types';
import type { Person } from './browser';
import { pageAs as playPage, textOf, visible } from './play';
import { startTestServer, type TestServer } from './server';

const FIXTURE = JSON.parse(readFileSync(join(ROOT, 'tests/e2e/fixtures/full-round.json'), 'utf8'));
const DESKTOP = { width: 1280, height: 800 };
const WIDE = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };

let server: TestServer;
let clients: Client[];
const people: Person[] = [];
/** Per kind: the game, the seat it awaits, and where its board is inside the stage. */
const games: Record<string, { id: string; seat: number; board: string }> = {};

/** A game of `kind` played by the heuristic bots for `moves` moves; returns it with the seat it awaits. */
async function botGame(kind: 'rapanui' | 'moa', seed: string, moves: number) {
	const { id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', { kind, usernames: clients.map((c) => c.username), seed, config: { startPlayer: 0 } });
	const rng = seedRng(seed);
	for (let k = 0; k < moves; k++) {
		const g = (await clients[0].game(id)) as unknown as { activeSeats: number[] };
		const seat = g.activeSeats[0];
		const mine = (await clients[seat].game(id)) as { view: unknown; version: number };
		const move = kind === 'rapanui' ? rapanuiBot(mine.view as RapaNuiView, seat, rng) : moaBot(mine.view as MoaView, seat, rng);
		await clients[seat].move(id, move, mine.version);
	}
	const g = (await clients[0].game(id)) as unknown as { status: string; activeSeats: number[] };
	expect(g.status).toBe('active');
	return { id, seat: g.activeSeats[0] };
}

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', AUTH_SIGNUPS_PER_HOUR: '100' });
	const suffix = Date.now().toString(36).slice(-5);
	clients = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}t${suffix}`));
	for (const c of clients) await c.signup(c.username, 'correct horse battery staple');
	// Giants in round 23's sealed bids: every seat is awaited.
	const { id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: clients.map((c) => c.username),
		seed: 'table-giants',
		config: { startPlayer: 0, position: { ...FIXTURE.position, round: 23 } }
	});
	games.giants = { id, seat: 0, board: 'svg' };
	games.moa = { ...(await botGame('moa', 'table-moa', 12)), board: 'svg.map' };
	games.rapanui = { ...(await botGame('rapanui', 'table-rapanui', 20)), board: ':scope > *' };
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

/** The game page of `kind` as the seat it awaits (`watching`: as one it does not await, who has no move). */
async function open(kind: string, viewport: { width: number; height: number }, watching = false): Promise<Page> {
	const g = games[kind];
	const page = await playPage(server.url, people, clients[watching ? (g.seat + 1) % clients.length : g.seat], viewport);
	await page.goto(`${server.url}/games/${g.id}`, { waitUntil: 'load' });
	await visible(watching ? page.getByTestId('table-middle') : page.getByTestId('move-sheet'));
	// Hydrated: the page's socket is open (before that, no handler answers a key or a click).
	await page.locator('[data-status="open"]').waitFor({ timeout: 20_000 });
	await page.evaluate(() => document.fonts.ready);
	return page;
}

/** The composer's Confirm. */
const confirmOf = (page: Page) => page.getByTestId('move-sheet').getByTestId('confirm');

/**
 * The board's box, the viewport's width, and every ancestor that clips (overflow not visible) with
 * its box and whether it scrolls sideways — what a player sees of the board.
 */
const clipping = (page: Page, board: string) =>
	page.getByTestId('table-middle').evaluate((middle, sel) => {
		const el = middle.querySelector(sel)!;
		const r = el.getBoundingClientRect();
		const boxes: { what: string; left: number; right: number; scrollWidth: number; clientWidth: number }[] = [];
		for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
				const b = a.getBoundingClientRect();
				boxes.push({ what: `${a.tagName}.${a.className}`, left: b.left, right: b.right, scrollWidth: a.scrollWidth, clientWidth: a.clientWidth });
			}
		}
		return { left: r.left, right: r.right, width: r.width, innerWidth, pageWidth: document.scrollingElement!.scrollWidth, boxes };
	}, board);

describe('at 1280×800', () => {
	for (const kind of ['giants', 'moa', 'rapanui']) {
		test(`${kind}: the whole board is the stage, clipped by nothing; Confirm is on screen without scrolling`, async () => {
			const page = await open(kind, DESKTOP);
			const c = await unclipped(page, kind);
			// Issue 31: the kind's rules one click from the table, in a new tab (a move being composed stays).
			const rules = page.getByTestId('rules-link');
			expect(await rules.getAttribute('href')).toBe(`/rules/${kind}`);
			expect(await rules.getAttribute('target')).toBe('_blank');
			expect((await fetch(server.url + `/rules/${kind}`)).status).toBe(200);
			// …and "What can I do now?" in words, with the rules of the phase being played.
			expect((await page.getByTestId('help-now').textContent())!.length).toBeGreaterThan(30);
			expect(await page.getByTestId('help-rules').getAttribute('href')).toMatch(new RegExp(`^/rules/${kind}#\\S+`));
			// Most of the width: Giants' board was 520 px beside a third of the screen of table talk.
			expect(c.width, 'the board takes most of the width').toBeGreaterThanOrEqual(0.6 * c.innerWidth);
			// The composer sits beside the board, its Confirm above the fold.
			expect(await page.evaluate(() => scrollY)).toBe(0);
			const confirm = confirmOf(page);
			await visible(confirm);
			const box = (await confirm.boundingBox())!;
			expect(box.y, 'Confirm below the top').toBeGreaterThanOrEqual(0);
			expect(box.y + box.height, 'Confirm above the fold').toBeLessThanOrEqual(DESKTOP.height);
			expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
		});
	}

	/** Nothing clips the board and it lies within the viewport (the checks above, as one). */
	async function unclipped(page: Page, kind: string) {
		const c = await clipping(page, games[kind].board);
		expect(c.pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(c.innerWidth);
		expect(c.left).toBeGreaterThanOrEqual(0);
		expect(c.right, 'the board ends inside the viewport').toBeLessThanOrEqual(c.innerWidth);
		for (const b of c.boxes) {
			expect(b.scrollWidth, `${b.what} scrolls sideways: the board is cut off inside it`).toBeLessThanOrEqual(b.clientWidth + 1);
			expect(c.left, `${b.what} clips the board's left`).toBeGreaterThanOrEqual(b.left - 1);
			expect(c.right, `${b.what} clips the board's right`).toBeLessThanOrEqual(b.right + 1);
		}
		return c;
	}

	for (const kind of ['giants', 'moa', 'rapanui'])
		test(`${kind}, running: the Players tab names every player`, async () => {
			const page = await open(kind, DESKTOP, true);
			await page.getByTestId('tab-players').click();
			const text = await textOf(page.locator('#table-panel-players'));
			for (const c of clients) expect(text).toContain(c.username);
			// Rapa Nui's players lie on the table; the tab has them in a few lines (it held only the clocks).
			if (kind === 'rapanui') expect(await page.getByTestId('roster').locator('tbody tr').count()).toBe(clients.length);
		});

	for (const kind of ['moa', 'rapanui']) {
		test(`${kind}: the panels fold away and the board takes their width, clipped by nothing; a reload keeps them folded`, async () => {
			const page = await open(kind, DESKTOP, true);
			const fold = page.getByTestId('panels-fold');
			const panels = page.locator('#table-panels');
			expect(await fold.getAttribute('aria-expanded')).toBe('true');
			expect(await fold.getAttribute('aria-controls')).toBe('table-panels');
			expect(await fold.getAttribute('title')).toBe('Hide the panels');
			await visible(page.getByTestId('tab-players'));
			const before = await unclipped(page, kind);
			// By keyboard: the button is reachable from the last tab and works with Enter.
			await fold.focus();
			await page.keyboard.press('Enter');
			await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('false');
			expect(await panels.isVisible(), 'the panels are folded away').toBe(false);
			expect(await page.getByTestId('tab-players').isVisible()).toBe(false);
			await expect.poll(async () => (await clipping(page, games[kind].board)).width).toBeGreaterThan(before.width + 200);
			const after = await unclipped(page, kind);
			// The strip left of the column says what it opens.
			expect(await textOf(fold)).toContain('Show the panels');
			expect((await fold.boundingBox())!.width, 'a slim strip').toBeLessThan(80);
			await page.screenshot({ path: join(ROOT, `test-results/screenshots/desktop-en-${kind}-folded-watching.png`) });
			// Remembered: the next game page opens with them folded.
			await page.reload({ waitUntil: 'load' });
			await page.locator('[data-status="open"]').waitFor({ timeout: 20_000 });
			await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('false');
			await expect.poll(async () => (await clipping(page, games[kind].board)).width).toBeGreaterThan(after.width - 2);
			await unclipped(page, kind);
			// And back.
			await fold.click();
			expect(await fold.getAttribute('aria-expanded')).toBe('true');
			await visible(page.getByTestId('tab-players'));
			await expect.poll(async () => (await clipping(page, games[kind].board)).width).toBeLessThan(before.width + 2);
			await unclipped(page, kind);
		});
	}

	test('giants, with a move to make: the panels fold, the composer stays beside the board with Confirm in view', async () => {
		const page = await open('giants', DESKTOP);
		const fold = page.getByTestId('panels-fold');
		await fold.click();
		await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('false');
		expect(await page.locator('#table-panels').isVisible()).toBe(false);
		await unclipped(page, 'giants');
		const confirm = confirmOf(page);
		await visible(confirm);
		const box = (await confirm.boundingBox())!;
		expect(box.y + box.height, 'Confirm above the fold').toBeLessThanOrEqual(DESKTOP.height);
		await fold.click();
		await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('true');
	});

	test("giants: Ctrl + wheel zooms the Stage about the pointer, the frame scrolls, 'Whole board' goes back", async () => {
		const page = await open('giants', DESKTOP, true);
		const scroller = page.getByTestId('stage-scroller');
		const widths = () => scroller.evaluate((s) => ({ scroll: s.scrollWidth, client: s.clientWidth, left: s.scrollLeft }));
		const w0 = await widths();
		expect(w0.scroll, 'the whole board at first').toBeLessThanOrEqual(w0.client + 1);
		const r = (await scroller.boundingBox())!;
		await page.mouse.move(r.x + r.width * 0.75, r.y + r.height / 2);
		await page.keyboard.down('Control');
		await page.mouse.wheel(0, -200);
		await page.keyboard.up('Control');
		await expect.poll(async () => (await widths()).scroll).toBeGreaterThan(w0.client * 1.5);
		// About the pointer (right of the middle): the frame scrolled towards it.
		const w1 = await widths();
		expect(w1.left).toBeGreaterThan(0);
		// Scrolled natively (a swipe, Shift + wheel, the scroll bar, the arrow keys in the focused frame).
		await scroller.evaluate((s) => s.scrollBy(150, 0));
		await expect.poll(async () => (await widths()).left).toBeGreaterThan(w1.left + 100);
		await page.getByTestId('stage-fit').click();
		await expect.poll(async () => (await widths()).scroll).toBeLessThanOrEqual(w0.client + 1);
	});

	test('the panels are tabs: arrow keys switch them, and the browser remembers the choice', async () => {
		const page = await open('moa', DESKTOP);
		const players = page.getByTestId('tab-players');
		expect(await players.getAttribute('aria-selected')).toBe('true');
		expect(await page.getByTestId('chat-panel').isVisible()).toBe(false);
		await players.focus();
		await page.keyboard.press('ArrowRight');
		const log = page.getByTestId('tab-log');
		expect(await log.getAttribute('aria-selected')).toBe('true');
		expect(await log.evaluate((t) => t === document.activeElement), 'focus follows').toBe(true);
		expect(await page.locator(`#${await log.getAttribute('aria-controls')}`).isVisible()).toBe(true);
		await page.keyboard.press('ArrowRight');
		expect(await page.getByTestId('tab-talk').getAttribute('aria-selected')).toBe('true');
		await visible(page.getByTestId('chat-panel'));
		await page.keyboard.press('Home');
		expect(await players.getAttribute('aria-selected')).toBe('true');
		await page.keyboard.press('End');
		expect(await page.getByTestId('tab-notes').getAttribute('aria-selected')).toBe('true');
		// Remembered: the next game page opens on the notes.
		await page.reload({ waitUntil: 'load' });
		await expect.poll(() => page.getByTestId('tab-notes').getAttribute('aria-selected')).toBe('true');
		await visible(page.getByTestId('notes-panel'));
		await page.getByTestId('tab-players').click();
	});
});

describe('at 1920×1080', () => {
	for (const kind of ['giants', 'moa']) {
		test(`${kind}: the whole board, clipped by nothing, no taller than the screen`, async () => {
			const page = await open(kind, WIDE);
			const c = await clipping(page, games[kind].board);
			expect(c.pageWidth).toBeLessThanOrEqual(c.innerWidth);
			expect(c.right).toBeLessThanOrEqual(c.innerWidth);
			for (const b of c.boxes) {
				expect(b.scrollWidth, `${b.what} scrolls sideways`).toBeLessThanOrEqual(b.clientWidth + 1);
				expect(c.left).toBeGreaterThanOrEqual(b.left - 1);
				expect(c.right).toBeLessThanOrEqual(b.right + 1);
			}
			if (kind === 'giants') {
				const h = await page.getByTestId('table-middle').evaluate((m) => m.querySelector('svg')!.getBoundingClientRect().height);
				expect(h, 'the board is seen whole').toBeLessThanOrEqual(WIDE.height * 0.8 + 1);
			}
		});
	}
});

describe('on a phone (390×844)', () => {
	for (const kind of ['moa', 'giants'])
	test(`${kind}: the board keeps a readable width in the Stage's frame that scrolls, with a hint; it zooms to the whole board and back`, async () => {
		const page = await open(kind, PHONE);
		// One frame, the platform's: Giants' own zoom buttons are gone.
		expect(await page.getByTestId('stage').count()).toBe(1);
		expect(await page.getByRole('button', { name: 'Zoom in' }).count()).toBe(1);
		const scroller = page.getByTestId('stage-scroller');
		const widths = () => scroller.evaluate((s) => ({ scroll: s.scrollWidth, client: s.clientWidth, left: s.scrollLeft }));
		const w = await widths();
		expect(w.client, 'the frame is the width of the screen').toBeGreaterThan(PHONE.width - 48);
		expect(w.scroll, 'the map is wider than the frame').toBeGreaterThan(w.client + 50);
		const hint = page.getByTestId('stage-hint');
		expect(await hint.isVisible(), 'a hint says there is more').toBe(true);
		await page.getByTestId('table-middle').evaluate((e) => e.scrollIntoView({ block: 'start' }));
		await page.screenshot({ path: join(ROOT, `test-results/screenshots/phone-en-${kind}-stage.png`) });
		const shadow = (side: string) => page.locator(`[data-testid="stage"] .edge.${side}`).evaluate((e) => getComputedStyle(e).opacity);
		await expect.poll(() => shadow('right')).toBe('1');
		expect(await shadow('left')).toBe('0');
		// A swipe's worth of scrolling: now there is more on the left too.
		await scroller.evaluate((s) => s.scrollBy(120, 0));
		await expect.poll(() => shadow('left')).toBe('1');
		// The whole map, then zoomed in again; the page itself never scrolls sideways.
		await page.getByTestId('stage-fit').click();
		await expect.poll(async () => (await widths()).scroll).toBeLessThanOrEqual(w.client + 1);
		expect(await hint.isVisible()).toBe(false);
		await page.getByRole('button', { name: 'Zoom in' }).click();
		await expect.poll(async () => (await widths()).scroll).toBeGreaterThan(w.client * 1.4);
		await expect.poll(() => hint.isVisible()).toBe(true);
		expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
		// Under the board, the panels do not fold (nothing to give their width to).
		expect(await page.getByTestId('panels-fold').isVisible()).toBe(false);
	});

	for (const kind of ['moa', 'rapanui', 'giants']) {
		test(`${kind}: the move sheet never hides Confirm nor keeps a target covered, and folds away`, async () => {
			const page = await open(kind, PHONE);
			const sheet = page.getByTestId('move-sheet');
			// Looking at the board: the sheet is at the bottom of the screen, Confirm in it and uncovered.
			await page.getByTestId('table-middle').evaluate((e) => e.scrollIntoView({ block: 'start' }));
			const confirm = confirmOf(page);
			const c = (await confirm.boundingBox())!;
			const s = (await sheet.boundingBox())!;
			expect(c.y, 'Confirm is inside the sheet').toBeGreaterThanOrEqual(s.y);
			expect(c.y + c.height, 'Confirm is not scrolled out of the sheet').toBeLessThanOrEqual(s.y + s.height + 1);
			expect(c.y + c.height, 'Confirm is above the bottom of the screen').toBeLessThanOrEqual(PHONE.height);
			expect(s.height, 'the sheet leaves the board half the screen').toBeLessThanOrEqual(PHONE.height / 2 + 1);
			const hit = await confirm.evaluate((b) => {
				const r = b.getBoundingClientRect();
				const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
				return !!at && (at === b || b.contains(at));
			});
			expect(hit, 'nothing lies over Confirm').toBe(true);
			// Any target on the board can be brought above the sheet: the sheet follows the board.
			const target = page.locator('[data-testid="table-middle"] [role="button"]:not([aria-disabled="true"]), [data-testid="table-middle"] button:not([disabled])').last();
			if (await target.count()) {
				const free = await target.evaluate((t) => {
					const r0 = t.getBoundingClientRect();
					scrollBy(0, r0.top + r0.height / 2 - innerHeight * 0.3);
					const r = t.getBoundingClientRect();
					const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
					return !!at && (at === t || t.contains(at));
				});
				expect(free, 'the target is not under the sheet').toBe(true);
			}
			// Folded to its handle, and open again.
			const handle = page.getByTestId('sheet-handle');
			await handle.click();
			expect(await handle.getAttribute('aria-expanded')).toBe('false');
			expect(await confirm.isVisible()).toBe(false);
			expect((await sheet.boundingBox())!.height).toBeLessThan(70);
			await handle.click();
			expect(await handle.getAttribute('aria-expanded')).toBe('true');
			await visible(confirm);
		});
	}
});

// Issue 31: every refusal a player can meet is said in words. The tables offer only the moves the
// engine allows, so what a player meets is the room's refusal of a move made on a stale table: the
// same player moved in another tab while this one had lost its live connection.
test('a move the room refuses (the game moved on in another tab) is said in words, and the game stays as it was', async () => {
	const { id, seat } = await botGame('rapanui', 'table-refused', 3);
	const page = await playPage(server.url, people, clients[seat], DESKTOP);
	// No live socket: the page sends its move over HTTP, with the version it shows.
	await page.routeWebSocket(/\/socket/, (ws) => ws.close());
	await page.goto(`${server.url}/games/${id}`, { waitUntil: 'load' });
	await visible(page.getByTestId('move-sheet'));
	const before = (await clients[seat].game(id)) as { view: unknown; version: number };
	await clients[seat].move(id, rapanuiBot(before.view as RapaNuiView, seat, seedRng('refused')), before.version);
	// Clicked until the page takes it: a radio clicked before the page hydrated stays checked in the
	// DOM while the page never heard of it, and Confirm stays disabled (a CI run met that; no socket
	// opens here to say the page has hydrated). Unchecked first, so the click is a change again.
	const radio = page.getByTestId('move-sheet').locator('input[type="radio"]').first();
	await expect
		.poll(async () => (await radio.evaluate((r: HTMLInputElement) => (r.checked = false)), await radio.check(), await confirmOf(page).isEnabled()), { timeout: 20_000 })
		.toBe(true);
	await confirmOf(page).click();
	const alert = page.locator('p.error[role="alert"]');
	await expect.poll(() => textOf(alert), { timeout: 20_000 }).toBe('The game has moved on since you loaded it. Look at the new position and try again.');
	await page.screenshot({ path: join(ROOT, 'test-results/screenshots/table-refused-1280-en.png') });
	expect(((await clients[seat].game(id)) as { version: number }).version, 'nothing else was played').toBe(before.version + 1);
});
