/**
 * Issue 34: explore a finished game from any step, and play on from there. A 3-player Rapa Nui game
 * is played to its end by the kind's bots through the API; then a browser opens its history at a
 * middle step, follows "Explore from here", makes three moves on the kind's own table (as whichever
 * seat is awaited), shares the line, and a fresh browser (signed out) opens the same line from the
 * link. A link whose line the rules refuse is said so, with the engine's reason. Then "Play on from
 * here": a new casual game at that position, bots in the open seats, played to its end. Screenshots
 * (phone and desktop, English and German) go to test-results/screenshots/.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeLine, encodeLine, playLine, seedRng, type GameExportV2, type LineMove } from '../../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../../src/lib/games/index';
import { replayTutorial, type TutorialScript } from '../../src/lib/engine/tutorial';
import { History } from '../../src/lib/ui/history/steps';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { startTestServer, type TestServer } from './server';

const KIND = kindOf('rapanui')!;
const SHOTS = join(ROOT, 'test-results/screenshots');
const MSG = JSON.parse(readFileSync(join(ROOT, 'messages/en.json'), 'utf8')) as Record<string, unknown>;
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let clients: Client[];
let id: string;
let exported: GameExportV2;
let history: History;
let mid: number;
let person: Person;

/** The Composer's test id of a Rapa Nui move (src/lib/ui/rapanui/Composer.svelte `moveTestId`; a column to draw from is its own button). */
function testId(mv: Record<string, unknown>): string {
	switch (mv.type) {
		case 'buy':
		case 'sacrifice':
		case 'supply':
			return `move-${mv.type}-${mv.kind}`;
		case 'play':
			return `move-play-${mv.card}-${mv.count}`;
		case 'skip':
			return 'move-skip';
		case 'draw':
			return `draw-${mv.column}`;
		case 'moai':
			return `move-moai-${mv.choice}`;
		case 'substitute':
			return `move-substitute-${mv.kind ?? 'none'}`;
		default:
			return `move-${String(mv.type)}`;
	}
}

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	const suffix = Date.now().toString(36).slice(-5);
	clients = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `x${n}${suffix}`));
	for (const c of clients) await c.signup(c.username, PASSWORD);
	({ id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', { kind: KIND.id, usernames: clients.map((c) => c.username), seed: 'e2e-explore', config: {} }));
	// The kind's own bot plays every seat from that seat's view, through the API, to the end.
	const bot = KIND.bots[KIND.defaultBot];
	const rng = seedRng('e2e-explore-bots');
	for (let guard = 0; guard < 2000; guard++) {
		const g = await clients[0].game<unknown>(id);
		if (g.status === 'finished') break;
		const seat = (g as unknown as { activeSeats: number[] }).activeSeats[0];
		const mine = await clients[seat].game<unknown>(id);
		await clients[seat].move(id, bot(mine.view, seat, rng), mine.version);
	}
	exported = await clients[0].api<GameExportV2>('GET', `/api/games/${id}/export`);
	history = new History(KIND, exported, (s) => exported.players[s].username);
	mid = Math.floor(history.last / 2);
	person = await newPerson({ width: 1280, height: 900 });
	const [name, value] = clients[0].cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

const bar = (p: Page) => p.getByTestId('explore-bar');
const movesOf = async (p: Page) => Number(await bar(p).getAttribute('data-moves'));
const lineOf = (p: Page): LineMove[] => {
	const r = decodeLine(new URL(p.url()).searchParams.get('line'));
	if (!r.ok) throw new Error(r.message);
	return r.value;
};

/** Plays one move on the table as the awaited seat: the first legal move the Composer offers. */
async function playOne(p: Page, state: unknown): Promise<void> {
	const seat = KIND.activeSeats(state)[0];
	const before = await movesOf(p);
	await expect.poll(() => p.getByTestId('explore-seat').nth(seat).isChecked()).toBe(true);
	for (const mv of KIND.legalMoves(state, seat) as Record<string, unknown>[]) {
		const option = p.getByTestId(testId(mv));
		if (!(await option.count())) continue;
		await option.first().click();
		await p.getByTestId('confirm').click();
		await expect.poll(() => movesOf(p)).toBe(before + 1);
		return;
	}
	throw new Error(`no move of seat ${seat} on the table`);
}

describe('exploring a finished game', () => {
	let page: Page;
	let shared: string;

	test('from the history at a middle step: three moves of the awaited seats, each checked by the engine, in the link', async () => {
		page = await person.context.newPage();
		const csp = await watchCsp(page);
		await page.goto(`${server.url}/games/${id}/history?step=${mid}`);
		await page.locator('[data-ready="true"]').waitFor();
		await page.getByTestId('history-explore').click();
		await page.waitForURL(/\/explore\?/);
		expect(new URL(page.url()).searchParams.get('step')).toBe(String(mid));
		await page.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
		await expect.poll(() => page.getByTestId('explore-banner').textContent()).toContain(MSG.explore_not_played as string);
		// The seed continued is the default, and the page says where chance comes from.
		expect(await page.getByTestId('chance-seed').isChecked()).toBe(true);
		expect(await page.getByTestId('chance-note').textContent()).toContain("revealed seed");

		let state = history.state(mid);
		for (let i = 0; i < 3; i++) {
			await playOne(page, state);
			const line = lineOf(page);
			expect(line.length).toBe(i + 1);
			const r = playLine(KIND, history.state(mid), line);
			expect(r.error).toBeNull();
			state = r.moves.at(-1)!.state;
		}
		expect(await page.getByTestId('explore-move').count()).toBe(3);
		await page.screenshot({ path: join(SHOTS, 'explore-desktop-en.png'), fullPage: true });
		// A screen reader's and a keyboard's page too (axe: nothing serious).
		const axe = await new AxeBuilder({ page }).analyze();
		const bad = axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
		expect(bad.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

		// Back one move and forward again: the line stays; the address bar says where.
		await page.getByRole('button', { name: MSG.explore_prev as string }).click();
		await expect.poll(() => bar(page).getAttribute('data-at')).toBe('2');
		expect(new URL(page.url()).searchParams.get('at')).toBe('2');
		await page.getByRole('button', { name: MSG.explore_next as string }).click();
		await expect.poll(() => bar(page).getAttribute('data-at')).toBe('3');

		await page.getByTestId('explore-share').click();
		await expect.poll(() => page.getByTestId('explore-notice').textContent()).not.toBe('');
		shared = page.url();
		expect(await csp.violations()).toEqual([]);
	});

	test('the shared link opens the same line in a fresh browser, signed out', async () => {
		const stranger = await newPerson({ width: 390, height: 844 });
		try {
			const p = await stranger.context.newPage();
			await p.goto(shared);
			await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
			expect(await movesOf(p)).toBe(3);
			expect(await p.getByTestId('explore-move').allTextContents()).toEqual(await page.getByTestId('explore-move').allTextContents());
			expect(await p.getByTestId('explore-link-problem').count()).toBe(0);
			// Signed out: playing on needs an account, and the page says so.
			expect(await p.getByTestId('playon').textContent()).toContain(MSG.explore_playon_signin as string);
			await p.screenshot({ path: join(SHOTS, 'explore-phone-en.png'), fullPage: true });
			// What a phone shows first: the banner, the line and its controls (a full page draws the move sheet mid-page).
			await p.screenshot({ path: join(SHOTS, 'explore-phone-en-top.png') });
			const width = await p.evaluate(() => document.documentElement.scrollWidth);
			expect(width).toBeLessThanOrEqual(390);
		} finally {
			await stranger.close();
		}
	});

	test('a link whose line the rules refuse says so, with the reason, and keeps the moves before', async () => {
		const line = lineOf(page);
		const after = playLine(KIND, history.state(mid), line.slice(0, 2)).moves.at(-1)!.state;
		const idle = [0, 1, 2].find((s) => !KIND.activeSeats(after).includes(s))!;
		const bad = [...line.slice(0, 2), { seat: idle, move: line[2].move }];
		expect(playLine(KIND, history.state(mid), bad).error?.index).toBe(2);
		const url = new URL(shared);
		url.searchParams.set('line', encodeLine(bad));
		url.searchParams.delete('at');
		const p = await person.context.newPage();
		await p.goto(url.href);
		await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
		await expect.poll(() => p.getByTestId('explore-link-problem').textContent()).toContain('move 3');
		expect(await movesOf(p)).toBe(2);
		// A damaged link: not read, said so.
		url.searchParams.set('line', 'not*a*line');
		await p.goto(url.href);
		await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
		await expect.poll(() => p.getByTestId('explore-link-problem').isVisible()).toBe(true);
		expect(await movesOf(p)).toBe(0);
		await p.close();
	});

	test('fresh draws: a seed of the browser, in the link, re-rolled on request', async () => {
		await page.getByTestId('chance-fresh').check();
		await expect.poll(() => new URL(page.url()).searchParams.get('chance')).toMatch(/^[0-9a-f]{32}$/);
		const first = new URL(page.url()).searchParams.get('chance')!;
		expect(await page.getByTestId('chance-note').textContent()).toContain(first.slice(0, 8));
		await page.getByTestId('chance-reroll').click();
		await expect.poll(() => new URL(page.url()).searchParams.get('chance')).not.toBe(first);
		// The line's moves that are still possible with the new draws are kept, and the banner stays.
		expect(await movesOf(page)).toBeLessThanOrEqual(3);
		expect(await page.getByTestId('explore-banner').isVisible()).toBe(true);
		// Back to the game's seed.
		await page.getByTestId('chance-seed').check();
		await expect.poll(() => new URL(page.url()).searchParams.get('chance')).toBeNull();
	});

	test('play on from the explored position: a new casual game with bots in the open seats, played to its end', async () => {
		// Back to the game's seed and the end of the line, then "Play on from here" as ana (seat 0).
		await expect.poll(() => page.getByTestId('chance-seed').isChecked()).toBe(true);
		const line = lineOf(page);
		await page.getByTestId('playon-seat').selectOption('0');
		await page.getByTestId('playon-create').click();
		await page.waitForURL((u) => /^\/games\/[A-Za-z0-9_-]+$/.test(u.pathname) && !u.pathname.includes(id));
		const newId = new URL(page.url()).pathname.split('/').pop()!;
		// Where it came from, linked to the finished game's history at that step.
		const origin = page.getByTestId('game-origin');
		await expect.poll(() => origin.textContent()).toContain(`move ${mid}`);
		expect(await origin.locator('a').getAttribute('href')).toContain(`/games/${id}/history?step=${mid}`);
		if (line.length) expect(await origin.textContent()).toContain(`+${line.length}`);
		await page.screenshot({ path: join(SHOTS, 'playon-waiting-en.png'), fullPage: true });
		// Bots take the two open seats.
		await page.getByTestId('start-bots').click();
		const ana = clients[0];
		await expect.poll(async () => (await ana.game(newId)).status).toBe('active');
		const g0 = await ana.game<unknown>(newId);
		expect((g0 as unknown as { rated: boolean }).rated).toBe(false);
		// The new game starts exactly where the line went: every seat's hand and the board as the engine has them.
		const at = playLine(KIND, history.state(mid), line).moves.at(-1)!.state;
		const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, val) => (k === 'seedCommitment' ? undefined : val)));
		expect(strip(g0.view)).toEqual(strip(KIND.view(at, 0)));
		// ana plays her seat with the kind's bot; the room's bots answer; to the end.
		const bot = KIND.bots[KIND.defaultBot];
		const rng = seedRng('e2e-playon');
		let g = g0;
		for (let guard = 0; guard < 1000 && g.status !== 'finished'; guard++) {
			const active = (g as unknown as { activeSeats: number[] }).activeSeats;
			if (active.includes(0)) await ana.move(newId, bot(g.view, 0, rng), g.version);
			else await new Promise((r) => setTimeout(r, 100));
			g = await ana.game<unknown>(newId);
		}
		expect(g.status).toBe('finished');
		// Its export replays from its own seed; it is not the finished game's.
		const done = await ana.api<GameExportV2>('GET', `/api/games/${newId}/export`);
		expect(done.seed).not.toBe(exported.seed);
		expect(done.seedCommitment).not.toBe(exported.seedCommitment);
		await page.reload();
		await expect.poll(() => page.getByTestId('game-origin').isVisible()).toBe(true);
		await page.screenshot({ path: join(SHOTS, 'playon-finished-en.png'), fullPage: true });
	});

	test('in German', async () => {
		const de = JSON.parse(readFileSync(join(ROOT, 'messages/de.json'), 'utf8')) as Record<string, unknown>;
		const p = await person.context.newPage();
		await p.goto(shared.replace(server.url, `${server.url}/de`));
		await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
		expect(await p.getByTestId('explore-banner').textContent()).toContain(de.explore_not_played as string);
		await p.screenshot({ path: join(SHOTS, 'explore-desktop-de.png'), fullPage: true });
		await p.close();
	});
});

// Every kind's table in the explorer, without a finished game: a tutorial's position (issue 34,
// /learn/<kind>/explore), one move made with the clicks the tutorial's step names, checked by the engine.
describe.each(KIND_IDS.filter((k) => existsSync(join(ROOT, `src/lib/games/${k}/tutorial.json`))))('a %s tutorial position in the explorer', (kindId) => {
	test('opens at the step, takes the learner\'s move from the table, and holds it in the link', async () => {
		const kind = kindOf(kindId)!;
		const script = JSON.parse(readFileSync(join(ROOT, `src/lib/games/${kindId}/tutorial.json`), 'utf8')) as TutorialScript;
		const index = script.steps.findIndex((st) => st.expect !== undefined && st.do?.length);
		const step = script.steps[index];
		const replayed = replayTutorial(kind, script);
		if (!replayed.ok) throw new Error(replayed.message);
		const before = replayed.value.before[index].state;
		const p = await person.context.newPage();
		try {
			await p.goto(`${server.url}/learn/${kindId}/explore?step=${step.id}`);
			await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
			await p.getByTestId('explore-seat').nth(script.seat).check();
			for (const sel of step.do!) await p.locator(sel).first().click();
			await expect.poll(() => movesOf(p)).toBe(1);
			const line = lineOf(p);
			// The move the table made leads where the tutorial's expected move leads.
			const made = playLine(kind, before, line);
			const want = playLine(kind, before, [{ seat: script.seat, move: step.expect }]);
			expect(made.error).toBeNull();
			expect(made.moves[0].state).toEqual(want.moves[0].state);
			await p.screenshot({ path: join(SHOTS, `explore-tutorial-${kindId}.png`), fullPage: false });
		} finally {
			await p.close();
		}
	});
});


// A rules page's worked example (issue 34): "Open this position" beside on /rules/rapanui, and
// the example's buy made on the explorer's table — Sandra pays 4 wood for paper mulberry, as the
// example says.
test('a worked example of the rules page opens in the explorer, and its decision is made there', async () => {
	const p = await person.context.newPage();
	try {
		await p.goto(`${server.url}/rules/${KIND.id}`);
		await p.locator('a[data-example="buy"]').click();
		await p.waitForURL(/\/rules\/rapanui\/explore\?/);
		await p.locator('[data-testid="explore-bar"][data-ready="true"]').waitFor();
		const wood = () => p.getByTestId('explore-table').locator('tr', { hasText: 'Sandra' }).first().textContent();
		const before = await wood();
		await p.getByTestId('move-buy-paper_mulberry').click();
		await p.getByTestId('confirm').click();
		await expect.poll(() => movesOf(p)).toBe(1);
		expect(lineOf(p)).toEqual([{ seat: 0, move: { type: 'buy', kind: 'paper_mulberry' } }]);
		expect(await p.getByTestId('explore-move').first().textContent()).toContain('4 wood');
		expect(await wood()).not.toBe(before);
		await p.screenshot({ path: join(SHOTS, 'explore-example-en.png'), fullPage: true });
	} finally {
		await p.close();
	}
});
