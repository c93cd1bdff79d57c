/**
 * Issue 35, in a real browser: Ana asks the lobby's "Find me a game" panel for a 2-player game at 3
 * days a move, on a phone; the panel says she waits and nobody else does yet. Ben asks the same
 * through the API and is seated with her at once; Ana's page, left open, finds the game by itself and
 * links it. Then the People page's search box (a plain GET form) finds Ben by the beginning of his
 * name in capitals, in German. Axe on both; screenshots in test-results/screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '$lib/games';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import type { Person } from './browser';
import { pageAs } from './play';
import { startTestServer, type TestServer } from './server';

const SHOTS = join(ROOT, 'test-results/screenshots');
// The lobby's panel offers the kinds in the registry's order; the first one, whichever it is.
const kind = KINDS.find((k) => k.seats.min <= 2 && k.seats.max >= 2)!;
let server: TestServer;
let ana: Client;
let ben: Client;
const people: Person[] = [];

beforeAll(async () => {
	mkdirSync(SHOTS, { recursive: true });
	server = await startTestServer();
	const suffix = Date.now().toString(36).slice(-5);
	[ana, ben] = ['ana', 'ben'].map((n) => new Client(server.url, `${n}mm${suffix}`));
	for (const c of [ana, ben]) await c.signup(c.username, 'correct horse battery staple');
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

describe('the match-maker in the lobby', () => {
	test('Ana asks and waits; Ben asks the same; her open page finds the game and links it', async () => {
		const a = await pageAs(server.url, people, ana, { width: 390, height: 844 });
		await a.goto(`${server.url}/lobby`, { waitUntil: 'networkidle' });
		const panel = a.getByTestId('match-panel');
		await panel.getByRole('heading', { name: 'Find me a game' }).waitFor();
		await panel.getByLabel('Game').selectOption(kind.id);
		await panel.getByLabel('Players').selectOption('2');
		await panel.getByRole('radio', { name: /^3 days per move/ }).check();
		expect(await panel.locator('.count').allTextContents()).toEqual(['(0 waiting)', '(0 waiting)', '(0 waiting)']);
		// By keyboard: the submit button is reached and pressed like any other.
		await panel.getByRole('button', { name: 'Find me a game' }).focus();
		await a.keyboard.press('Enter');
		await panel.getByRole('status').filter({ hasText: 'Asked.' }).waitFor();
		await panel.getByText('Nobody else is waiting at this pace yet.').waitFor();
		await panel.getByText(/^Waiting since /).waitFor();
		await a.screenshot({ path: join(SHOTS, 'match-waiting-phone-en.png'), fullPage: true });
		const { violations } = await new AxeBuilder({ page: a }).analyze();
		expect(violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((v) => v.id)).toEqual([]);

		const r = await ben.api<{ gameId: string | null }>('POST', '/api/match', { kind: kind.id, seats: 2, clock: { kind: 'perMove', days: 3 } });
		expect(r.gameId).toMatch(/^[a-z2-7]{16}$/);
		// Ana's page looks again by itself (every 20 s while a request waits).
		const link = panel.getByRole('link', { name: 'Open the game' });
		await link.waitFor({ timeout: 45_000 });
		await panel.getByText('Your game is ready.').waitFor();
		expect(await link.getAttribute('href')).toBe(`/games/${r.gameId}`);
		await a.screenshot({ path: join(SHOTS, 'match-ready-phone-en.png'), fullPage: true });
		await link.click();
		await a.waitForURL(new RegExp(`/games/${r.gameId}$`));
		const g = await ana.game(r.gameId!);
		expect(g.seats.map((s) => s.username)).toEqual([ana.username, ben.username]);
	});

	test('in German, and the request is cancelled by its button', async () => {
		const b = await pageAs(server.url, people, ben, { width: 1280, height: 800 });
		await ben.api('POST', '/api/match', { kind: kind.id, seats: 2, clock: { kind: 'perMove', days: 7 }, minRating: 900 });
		await b.goto(`${server.url}/de/lobby`, { waitUntil: 'networkidle' });
		const panel = b.getByTestId('match-panel');
		await panel.getByRole('heading', { name: 'Finde mir ein Spiel' }).waitFor();
		await panel.getByText('In diesem Tempo wartet noch niemand sonst.').waitFor();
		await panel.getByText('Wertung der Mitspieler ≥ 900').waitFor();
		await b.screenshot({ path: join(SHOTS, 'match-waiting-desktop-de.png'), fullPage: true });
		await panel.getByRole('button', { name: `Den Wunsch für ${kind.texts.name()} zurückziehen` }).click();
		await expect.poll(() => panel.getByText('In diesem Tempo wartet noch niemand sonst.').count(), { timeout: 20_000 }).toBe(0);
		const mine = await ben.api<{ requests: { status: string }[] }>('GET', '/api/match');
		expect(mine.requests.filter((q) => q.status === 'waiting')).toEqual([]);
	});
});

describe('player search on the People page', () => {
	test('a plain GET form finds Ben by the beginning of his name in capitals; German; axe', async () => {
		const a = await pageAs(server.url, people, ana, { width: 390, height: 844 });
		await a.goto(`${server.url}/de/people`, { waitUntil: 'networkidle' });
		const box = a.getByRole('searchbox', { name: 'Spieler finden' });
		await box.fill(ben.username.slice(0, 5).toUpperCase());
		await box.press('Enter');
		await a.waitForURL((u) => u.searchParams.get('q') === ben.username.slice(0, 5).toUpperCase());
		const found = a.getByTestId('people-search-results').getByRole('link', { name: ben.username });
		await found.waitFor();
		expect(await found.getAttribute('href')).toBe(`/de/players/${ben.username}`);
		await a.screenshot({ path: join(SHOTS, 'people-search-phone-de.png'), fullPage: true });
		const { violations } = await new AxeBuilder({ page: a }).analyze();
		expect(violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((v) => v.id)).toEqual([]);
		await a.goto(`${server.url}/people?q=${encodeURIComponent("%_'")}`, { waitUntil: 'networkidle' });
		await a.getByText('No player\'s name begins with “%_\'”.').waitFor();
	});
});
