/**
 * Issue 6: the history page of a finished game. A 3-player game starts from a scenario position in
 * round 23 (tests/e2e/fixtures/full-round.json, dice from the seed), bots finish it through the API;
 * then a browser opens /games/<id>/history, steps through it with the buttons, the keys and the
 * slider, follows a permalink (?step=N) in a new page, clicks a log line, and verifies the dice.
 * The history of a running game says so and links to the game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { commitSeed, seedRng } from '../../src/lib/engine/index';
import { greedyBot } from '../../src/lib/games/giants/bots';
import type { GameExportV2 } from '../../src/lib/engine/index';
import type { GiantsConfig, GiantsMove } from '../../src/lib/games/giants/types';
import type { GiantsView } from '../../src/lib/games/giants/index';
import { erase } from '../../src/lib/engine/index';
import { giantsKind } from '../../src/lib/games/giants/kind';
import { History } from '../../src/lib/ui/history/steps';

type GameExport = GameExportV2<GiantsConfig, GiantsMove>;
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp, type CspWatch } from './csp';
import { startTestServer, type TestServer } from './server';

const FIXTURE = JSON.parse(readFileSync(join(ROOT, 'tests/e2e/fixtures/full-round.json'), 'utf8'));
// The platform's catalog and Giants' own (issue 11: a kind's texts live in its folder).
const MSG = Object.assign(
	{},
	...['messages/en.json', 'src/lib/games/giants/messages/en.json'].map((f) => JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as Record<string, string>)
) as Record<string, string | [{ match: Record<string, string> }]>;
/** A message as the page words it; a plural one by its `count` (or `total`). */
const t = (key: string, params: Record<string, string> = {}) => {
	const raw = MSG[key];
	const text = typeof raw === 'string' ? raw : raw[0].match[Number(params.count ?? params.total) === 1 ? 'countPlural=one' : 'countPlural=other'];
	return text.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);
};
const PASSWORD = 'correct horse battery staple';
const SEED = 'e2e-history';

let server: TestServer;
let person: Person;
let clients: Client[];
let id: string;
let running: string;
let exported: GameExport;

async function scenario(seed: string): Promise<string> {
	const { id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: clients.map((c) => c.username),
		seed,
		// Round 23 of the play test's position, with real dice: rounds 23–25 roll from the seed.
		config: { startPlayer: 0, position: { ...FIXTURE.position, round: 23 } }
	});
	return id;
}

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	const suffix = Date.now().toString(36).slice(-5);
	clients = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `h${n}${suffix}`));
	for (const c of clients) await c.signup(c.username, PASSWORD);
	id = await scenario(SEED);
	running = await scenario('e2e-history-running');
	// Bots finish the first game through the API, each seat from its own view.
	const rng = seedRng('bots-history');
	for (let guard = 0; guard < 3000; guard++) {
		const g = await clients[0].game(id);
		if (g.status === 'finished') break;
		const seat = (g as unknown as { activeSeats: number[] }).activeSeats[0];
		const mine = (await clients[seat].game(id)) as { view: GiantsView; version: number };
		await clients[seat].move(id, greedyBot(mine.view, seat, rng), mine.version);
	}
	exported = await clients[0].api<GameExport>('GET', `/api/games/${id}/export`);
	person = await newPerson({ width: 1280, height: 900 });
	const [name, value] = clients[0].cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

const where = (p: Page) => p.getByTestId('history-step');
const stepOf = async (p: Page) => Number(await where(p).getAttribute('data-step'));
/** What the board says about every hex and ahu (markup differs between server and client render). */
const boardOf = (p: Page) =>
	p.locator('.board [role="img"], .board [role="button"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '').join('\n'));
async function atStep(p: Page, n: number) {
	await expect.poll(() => stepOf(p)).toBe(n);
	// The address bar follows once stepping pauses.
	await expect.poll(() => new URL(p.url()).searchParams.get('step') ?? String(n)).toBe(String(n));
	// The log marks that step, and only that one.
	const current = p.getByTestId('history-log').locator('a[aria-current="step"]');
	expect(await current.count()).toBe(1);
	expect(await current.locator('xpath=..').getAttribute('data-step')).toBe(String(n));
	expect(await p.getByRole('slider').inputValue()).toBe(String(n));
}

describe('the history of a finished game', () => {
	let page: Page;
	let csp: CspWatch;
	let last: number;
	let history: History;

	beforeAll(async () => {
		expect(exported.format).toBe('rongo-game-export');
		history = new History(erase(giantsKind), exported, (seat) => exported.players[seat].username);
		last = history.last;
		expect(last).toBeGreaterThan(20);
		page = await person.context.newPage();
		csp = await watchCsp(page);
		await page.goto(`${server.url}/games/${id}/history`);
		await page.locator('[data-ready="true"]').waitFor();
	});

	test('opens at the last step with the final score and no serious axe violation', async () => {
		await atStep(page, last);
		expect(await where(page).textContent()).toContain(t('history_step_of', { step: String(last), last: String(last) }));
		const sheet = page.getByTestId('score-sheet');
		for (const [seat, total] of exported.result.scores.entries()) expect(await sheet.getByTestId(`score-total-${seat}`).textContent()).toMatch(new RegExp(`\\b${total}\\b`));
		const r = await new AxeBuilder({ page }).analyze();
		const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
		expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
	});

	test('steps with the buttons and the keys; the board, the log and the URL follow', async () => {
		const endBoard = await boardOf(page);
		await page.getByRole('button', { name: t('history_first'), exact: true }).click();
		await atStep(page, 0);
		const startBoard = await boardOf(page);
		expect(startBoard).not.toBe(endBoard);
		// Step 0 shows the sealed bids panel with nothing revealed yet: every seat still to bid.
		expect(await page.getByTestId('sealed-panel').textContent()).toContain(t('history_sealed_waiting', { name: clients[1].username }));
		await page.getByRole('button', { name: t('history_next'), exact: true }).click();
		await atStep(page, 1);
		// After the first bid, the revealed panel shows it (G-0.2 no longer applies: the game is over).
		const firstBid = exported.moves[0];
		expect(firstBid.move.type).toBe('bid');
		expect(await page.getByTestId('sealed-panel').textContent()).toContain(clients[firstBid.seat].username + ':');
		await page.locator('body').click({ position: { x: 5, y: 5 } });
		await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowRight');
		await atStep(page, 3);
		await page.keyboard.press('ArrowLeft');
		await atStep(page, 2);
		await page.keyboard.press('End');
		await atStep(page, last);
		expect(await boardOf(page)).toBe(endBoard);
		await page.keyboard.press('Home');
		await atStep(page, 0);
		expect(await boardOf(page)).toBe(startBoard);
		await page.getByRole('button', { name: t('history_last'), exact: true }).click();
		await atStep(page, last);
		await page.getByRole('button', { name: t('history_prev'), exact: true }).click();
		await atStep(page, last - 1);
		// The slider: its own keys, and its spoken value names the step and what happened.
		const slider = page.getByRole('slider', { name: t('history_slider') });
		await slider.focus();
		await page.keyboard.press('ArrowLeft');
		await atStep(page, last - 2);
		expect(await slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${t('history_step_of', { step: String(last - 2), last: String(last) })}: .+`));
	});

	test('a log line goes to its step', async () => {
		const target = Math.floor(last / 2);
		await page.getByTestId('history-log').locator(`li[data-step="${target}"] a`).click();
		await atStep(page, target);
		expect(await where(page).textContent()).toContain(`Round ${history.steps[target].round}`);
	});

	test('a permalink opens at its step in a new page', async () => {
		const n = 7;
		const p2 = await person.context.newPage();
		await p2.goto(`${server.url}/games/${id}/history?step=${n}`);
		await p2.locator('[data-ready="true"]').waitFor();
		await atStep(p2, n);
		expect(await where(p2).getAttribute('data-version')).toBe(String(exported.moves[n - 1].version));
		await p2.close();
	});

	test('verify the random draws: the seed matches its commitment and every roll is confirmed', async () => {
		expect(await page.getByTestId('seed').textContent()).toBe(SEED);
		expect(await page.getByTestId('seed-commitment').textContent()).toBe(commitSeed(SEED));
		await page.getByRole('button', { name: t('history_verify'), exact: true }).click();
		const rounds = page.getByTestId('dice-rounds').locator('li');
		const n = exported.result.rounds! - 23 + 1;
		await expect.poll(() => rounds.count()).toBe(n);
		expect(await page.getByTestId('dice-rounds').locator('li[data-status="confirmed"]').count()).toBe(n);
		expect(await rounds.first().textContent()).toMatch(/Round 23: white \d, white \d, white \d — confirmed/);
		expect(await page.getByTestId('dice-verdict').textContent()).toContain(t('history_verdict_ok', { count: String(n) }));
		expect(await page.getByTestId('dice-verdict').getAttribute('role')).toBe('status');
		// Everything this page did since it opened (stepping, the log, verifying) ran under its CSP.
		expect(await csp.violations()).toEqual([]);
	});
});

test('the history of a running game says it is still running and links to the game', async () => {
	const page = await person.context.newPage();
	await page.goto(`${server.url}/games/${running}/history`);
	expect(await page.getByTestId('history-running').textContent()).toBe(t('history_running'));
	const back = page.getByRole('link', { name: t('history_to_game') });
	expect(await back.getAttribute('href')).toBe(`/games/${running}`);
	await page.close();
});
