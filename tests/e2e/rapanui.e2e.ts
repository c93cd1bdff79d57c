/**
 * Issue 13: Rapa Nui through the site, in Debian's Chromium against wrangler dev.
 * - a whole 2-player game played through the table's composer and the display's columns (desktop,
 *   English), to the score sheet, which agrees with the engine;
 * - the first turns of a 4-player game on a phone (390×844) in German;
 * - a face-down sacrifice (R-5.7 b) that only its builder sees the kind of, on every page and in
 *   every view the others get;
 * - a standing answer set on the page answers the moai choice at once.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../scripts/lib/client';
import { seedRng } from '../../src/lib/engine';
import { heuristicBot } from '../../src/lib/games/rapanui/bots';
import { legalMoves } from '../../src/lib/games/rapanui/legal';
import { scores } from '../../src/lib/games/rapanui/score';
import type { RapaNuiMove, RapaNuiView } from '../../src/lib/games/rapanui/types';
import type { Person } from './browser';
import { hasText, pageAs as playPage, scenarioGame, textOf, until, versionOf, visible } from './play';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const people: Person[] = [];

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', AUTH_SIGNUPS_PER_HOUR: '100' });
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

/** New players and a started Rapa Nui game among them (seat order as given, seat 0 starts). */
const game = (n: number, tag: string) => scenarioGame(server.url, 'rapanui', ['ana', 'ben', 'caro', 'dan'].slice(0, n), tag, `rapanui-e2e-${tag}`);
const pageAs = (who: Client, viewport?: { width: number; height: number }) => playPage(server.url, people, who, viewport);

/**
 * One decision through the page: a draw by clicking a column on the display (every other draw) or
 * the composer's option, the first option otherwise; then Confirm. Returns the new version.
 */
async function decide(page: Page, clientVersion: number, k: number): Promise<void> {
	await until(page, clientVersion);
	const composer = page.getByTestId('composer');
	await composer.waitFor({ timeout: 20_000 });
	const columns = page.locator('button[data-testid^="draw-"]');
	if ((await columns.count()) > 0 && k % 2 === 0) await columns.nth(k % (await columns.count())).click();
	else {
		const options = composer.locator('input[name="rapanui-move"]');
		await options.nth(k % 3 === 0 ? (await options.count()) - 1 : 0).check();
	}
	await expect.poll(() => composer.getByTestId('confirm').isEnabled()).toBe(true);
	await composer.getByTestId('confirm').click();
	await expect.poll(() => versionOf(page), { timeout: 20_000 }).toBeGreaterThan(clientVersion);
}

test('a whole 2-player game through the table, to the score sheet (desktop, English)', { timeout: 600_000 }, async () => {
	const { clients, id } = await game(2, 'full');
	const pages = await Promise.all(clients.map((c) => pageAs(c)));
	for (const p of pages) {
		await p.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
		await visible(p.getByRole('heading', { name: 'General display' }));
	}
	let k = 0;
	for (;;) {
		const g = await clients[0].game<RapaNuiView>(id);
		if (g.status === 'finished') break;
		expect(k++).toBeLessThan(400);
		const seat = g.activeSeats[0];
		await decide(pages[seat], g.version, k);
	}
	const final = await clients[0].game<RapaNuiView>(id);
	const totals = scores(final.view!).map((s) => s.total);
	for (const p of pages) {
		await until(p, final.version);
		const sheet = p.getByTestId('score-sheet');
		await visible(sheet);
		for (const [seat, total] of totals.entries()) expect((await textOf(sheet.locator(`tr[data-seat="${seat}"] [data-testid="total"]`))).trim()).toBe(String(total));
	}
	// The history replays it step by step, and the shuffle check confirms the deck.
	const h = pages[0];
	await h.goto(`${server.url}/games/${id}/history?step=0`, { waitUntil: 'networkidle' });
	await hasText(h.getByTestId('history-sentence'), 'Start of the game');
	await h.getByRole('button', { name: 'Last step', exact: true }).click();
	await visible(h.getByTestId('score-sheet'));
	await h.getByRole('button', { name: 'Verify the random draws', exact: true }).click();
	await hasText(h.getByTestId('dice-verdict'), 'Verified: all');
	expect(await h.getByTestId('dice-rounds').locator('li[data-status="mismatch"]').count()).toBe(0);
});

test('the first turns of a 4-player game on a phone, in German', { timeout: 300_000 }, async () => {
	const { clients, id } = await game(4, 'phone');
	const phone = { width: 390, height: 844 };
	const pages = await Promise.all(clients.map((c) => pageAs(c, phone)));
	for (const p of pages) await p.goto(`${server.url}/de/games/${id}`, { waitUntil: 'networkidle' });
	await visible(pages[0].getByRole('heading', { name: 'Allgemeine Auslage' }));
	for (let k = 0; k < 12; k++) {
		const g = await clients[0].game<RapaNuiView>(id);
		const page = pages[g.activeSeats[0]];
		await until(page, g.version);
		// The composer sheet is on screen on a phone, without scrolling to it.
		const confirm = page.getByTestId('composer').getByRole('button', { name: 'Bestätigen' });
		await visible(confirm);
		const box = (await confirm.boundingBox())!;
		expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
		expect(box.y).toBeGreaterThanOrEqual(0);
		await decide(page, g.version, k);
	}
	const g = await clients[0].game<RapaNuiView>(id);
	expect(g.view!.turn).toBeGreaterThan(4);
	// What the phone shows (viewport, not the whole page): test-results/screenshots/, as look.e2e.ts.
	const mover = pages[g.activeSeats[0]];
	await until(mover, g.version);
	await mover.screenshot({ path: 'test-results/screenshots/phone-de-rapanui-turn.png' });
	await until(pages[1], g.version);
	await pages[1].getByTestId('tab-log').click();
	await hasText(pages[1].getByTestId('log'), 'Zug');
	const a11y = await new AxeBuilder({ page: pages[1] as never }).analyze();
	expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary ?? '')).join(' | ')}`)).toEqual([]);
});

/** Plays with the heuristic bot through the API until `stop` holds. */
async function botsUntil(clients: Client[], id: string, stop: (v: RapaNuiView) => boolean): Promise<RapaNuiView> {
	const rng = seedRng('e2e-bots');
	for (let i = 0; i < 600; i++) {
		const g = await clients[0].game<RapaNuiView>(id);
		if (g.status !== 'active') throw new Error('the game ended first');
		if (stop(g.view!)) return g.view!;
		const seat = g.activeSeats[0];
		const mine = await clients[seat].game<RapaNuiView>(id);
		await clients[seat].move(id, heuristicBot(mine.view!, seat, rng), mine.version);
	}
	throw new Error('never reached');
}

test('a face-down sacrifice: only its builder ever sees its kind (R-5.7 b, R-0.2)', { timeout: 300_000 }, async () => {
	const { clients, id } = await game(3, 'down');
	const at = await botsUntil(clients, id, (v) => v.phase.kind === 'sacrifice' && v.phase.part === 'b');
	const builder = at.active;
	const others = [0, 1, 2].filter((s) => s !== builder);
	const pages = await Promise.all(clients.map((c) => pageAs(c)));
	for (const p of pages) await p.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
	const mine = await clients[builder].game<RapaNuiView>(id);
	const legal = legalMoves(mine.view!, builder) as Extract<RapaNuiMove, { type: 'sacrifice' }>[];
	const kind = legal[0].kind;
	const page = pages[builder];
	await hasText(page.getByTestId('composer'), 'face down');
	await page.getByTestId('composer').locator('input[name="rapanui-move"]').first().check();
	await page.getByTestId('confirm').click();
	await expect.poll(() => versionOf(page)).toBeGreaterThan(mine.version);
	const words: Record<string, string> = { fish: 'fish', paper_mulberry: 'paper mulberry', sweet_potato: 'sweet potato', grain: 'grain' };
	// The builder's stone shows the kind; the others' show a placeholder with who and when.
	await hasText(page.getByTestId('stone').locator('[data-face="down"]').last(), `yours: ${words[kind]}`);
	const builderName = clients[builder].username;
	for (const s of others) {
		const p = pages[s];
		await until(p, mine.version + 1);
		const down = p.getByTestId('stone').locator('[data-face="down"]').last();
		await hasText(down, `face down — ${builderName}`);
		expect(await textOf(down)).not.toContain(words[kind]);
		const v = (await clients[s].game<RapaNuiView>(id)).view!;
		expect(v.secret.faceDown.every((x) => x === null)).toBe(true);
		expect(v.stone.filter((c) => !c.faceUp).every((c) => c.kind === null)).toBe(true);
		expect(v.secret.collections[builder]).toBeNull();
		const log = await clients[s].api<{ entries: { log: { type: string; faceUp?: boolean; kind?: string | null }[] }[] }>('GET', `/api/games/${id}/log`);
		const downs = log.entries.flatMap((b) => b.log).filter((e) => e.type === 'sacrifice' && e.faceUp === false);
		expect(downs.length).toBeGreaterThan(0);
		expect(downs.every((e) => e.kind === null)).toBe(true);
	}
});

test('a standing answer set on the page answers the moai choice at once (R-0.5)', { timeout: 300_000 }, async () => {
	const { clients, id } = await game(2, 'standing');
	const page = await pageAs(clients[1]);
	await page.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
	await page.getByTestId('standing').getByLabel('Always wood').check();
	await expect.poll(async () => (await clients[1].game<RapaNuiView>(id)).standing).toBe('wood');
	// The other player sees nothing of it.
	expect((await clients[0].game<RapaNuiView>(id)).standing).toBeNull();
	// Play on until a moai scoring asks seat 1: it never waits for seat 1 (the answer came at once).
	const rng = seedRng('standing');
	let answered = false;
	for (let i = 0; i < 600 && !answered; i++) {
		const g = await clients[0].game<RapaNuiView>(id);
		if (g.status !== 'active') break;
		const v = g.view!;
		if (v.phase.kind === 'moai') expect(g.activeSeats).not.toContain(1);
		const seat = g.activeSeats[0];
		const mine = await clients[seat].game<RapaNuiView>(id);
		const r = await clients[seat].move(id, heuristicBot(mine.view!, seat, rng), mine.version);
		answered = (r.log as { type: string; seat?: number }[]).some((e) => e.type === 'chose' && e.seat === 1) || answered;
		const after = await clients[0].api<{ entries: { log: { type: string; seat?: number; resource?: string }[] }[] }>('GET', `/api/games/${id}/log`);
		const gains = after.entries.flatMap((b) => b.log).filter((e) => e.type === 'chose' && e.seat === 1);
		if (gains.length) answered = true;
	}
	expect(answered).toBe(true);
});
