/**
 * Issue 35, in a real browser: Olga organises a Swiss tournament of two rounds at tables of 2 on
 * /tournaments/new; three accounts sign up on its page (each with its own session); Olga starts it.
 * Round 1's game is played to its end by the bots (the dev seam `POST /api/dev/room {action:
 * 'bots'}` — what a round deadline does), and round 2 starts by itself: the page shows it, with the
 * bye. Round 2 is played out the same way; the page shows the final standings and the winner, in
 * English on a desktop and in German on a phone, and axe finds nothing serious. Screenshots go to
 * test-results/screenshots/.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '$lib/games';
import type { TournamentView } from '$lib/protocol/tournament';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import type { Person } from './browser';
import { pageAs } from './play';
import { startTestServer, type TestServer } from './server';

const SHOTS = join(ROOT, 'test-results/screenshots');
// Tables of 2: a kind that seats two, whichever the registry has first.
const kind = KINDS.find((k) => k.seats.min <= 2 && k.seats.max >= 2)!;
let server: TestServer;
let olga: Client;
let field: Client[];
const people: Person[] = [];

beforeAll(async () => {
	mkdirSync(SHOTS, { recursive: true });
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	const suffix = Date.now().toString(36).slice(-5);
	[olga, ...field] = ['olga', 'ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}tt${suffix}`));
	for (const c of [olga, ...field]) await c.signup(c.username, 'correct horse battery staple');
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

const noSerious = async (page: Page) => {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
};

/** The running round's games, played to their ends by the bots; then waits for the tournament to move on. */
async function botsPlay(id: string): Promise<TournamentView> {
	const before = await olga.api<TournamentView>('GET', `/api/tournaments/${id}`);
	for (const t of before.schedule.at(-1)!.tables) await olga.api('POST', '/api/dev/room', { id: t.gameId, action: 'bots' });
	let now = before;
	await expect
		.poll(
			async () => {
				now = await olga.api<TournamentView>('GET', `/api/tournaments/${id}`);
				return now.status === 'finished' || now.round > before.round;
			},
			{ timeout: 30_000 }
		)
		.toBe(true);
	return now;
}

describe('a tournament from the organise form to its winner', () => {
	let id: string;

	test('Olga organises it on the form', async () => {
		const page = await pageAs(server.url, people, olga, { width: 1280, height: 900 });
		await page.goto(`${server.url}/tournaments`, { waitUntil: 'networkidle' });
		await page.getByTestId('organise-link').click();
		await page.waitForURL(/\/tournaments\/new$/);
		await page.locator('input[name="name"]').fill('Moai cup');
		await page.locator(`input[name="kind"][value="${kind.id}"]`).check();
		await page.locator('select[name="tableSize"]').selectOption('2');
		await page.locator('input[name="minPlayers"]').fill('3');
		await page.locator('input[name="maxPlayers"]').fill('3');
		await page.locator('input[name="rounds"]').fill('2');
		await page.screenshot({ path: join(SHOTS, 'tournament-organise-desktop-en.png'), fullPage: true });
		await noSerious(page);
		await page.getByTestId('organise-submit').click();
		await page.waitForURL(/\/tournaments\/[a-z2-7]{16}$/);
		id = new URL(page.url()).pathname.split('/').at(-1)!;
		await page.getByRole('heading', { name: 'Moai cup' }).waitFor();
		const t = await olga.api<TournamentView>('GET', `/api/tournaments/${id}`);
		expect([t.kind, t.tableSize, t.format, t.rounds, t.minPlayers, t.maxPlayers, t.status]).toEqual([kind.id, 2, 'swiss', 2, 3, 3, 'signup']);
	});

	test('three accounts sign up on its page; it is full; Olga starts it', async () => {
		for (const [i, c] of field.entries()) {
			const page = await pageAs(server.url, people, c, i === 2 ? { width: 390, height: 844 } : { width: 1280, height: 900 });
			await page.goto(`${server.url}/tournaments/${id}`, { waitUntil: 'networkidle' });
			await page.getByTestId('signup').click();
			await expect.poll(() => page.getByTestId('players').locator('li').count(), { timeout: 20_000 }).toBe(i + 1);
			await expect.poll(() => page.getByTestId('signup').count()).toBe(0);
			if (i === 2) await page.screenshot({ path: join(SHOTS, 'tournament-signup-phone-en.png'), fullPage: true });
		}
		// A fourth account finds no place left: the page offers no sign-up, and the API says why.
		const late = new Client(server.url, `late${Date.now().toString(36).slice(-5)}`);
		await late.signup(late.username, 'correct horse battery staple');
		await expect(late.api('POST', `/api/tournaments/${id}/signup`, {})).rejects.toMatchObject({ code: 'TOURNAMENT_FULL' });

		const page = await pageAs(server.url, people, olga, { width: 1280, height: 900 });
		await page.goto(`${server.url}/tournaments/${id}`, { waitUntil: 'networkidle' });
		await page.getByTestId('start').click();
		await page.getByTestId('round-1').waitFor({ timeout: 20_000 });
		const t = await olga.api<TournamentView>('GET', `/api/tournaments/${id}`);
		expect(t.status).toBe('running');
		expect(t.schedule[0].tables).toHaveLength(1);
		expect(t.schedule[0].byes).toHaveLength(1);
		// The table's game is an ordinary game that says where it belongs.
		const game = await page.context().newPage();
		await game.goto(`${server.url}/games/${t.schedule[0].tables[0].gameId}`, { waitUntil: 'networkidle' });
		await expect.poll(() => game.getByTestId('game-tournament').textContent()).toContain('Moai cup');
	});

	test('the bots play round 1 and round 2 starts by itself, with the other bye', async () => {
		const t = await botsPlay(id);
		expect(t.round).toBe(2);
		expect(t.schedule[1].byes[0].id).not.toBe(t.schedule[0].byes[0].id);
		const page = await pageAs(server.url, people, field[0], { width: 1280, height: 900 });
		await page.goto(`${server.url}/tournaments/${id}`, { waitUntil: 'networkidle' });
		await page.getByTestId('round-2').waitFor();
		await expect.poll(() => page.getByTestId('round-1').getByTestId('tournament-table').textContent()).toMatch(/\d/);
		await page.getByTestId('standings').waitFor();
	});

	test('after round 2: the standings and the winner, in English on a desktop and in German on a phone', async () => {
		const t = await botsPlay(id);
		expect(t.status).toBe('finished');
		const first = t.standings.filter((s) => s.place === 1).map((s) => s.username);
		expect(t.winners.map((w) => w.username).sort()).toEqual([...first].sort());

		const en = await pageAs(server.url, people, field[1], { width: 1280, height: 900 });
		await en.goto(`${server.url}/tournaments/${id}`, { waitUntil: 'networkidle' });
		const winners = await en.getByTestId('winners').first().textContent();
		for (const name of first) expect(winners).toContain(name);
		const rows = en.getByTestId('standings').locator('tbody tr');
		expect(await rows.count()).toBe(3);
		expect(await rows.first().textContent()).toContain(t.standings[0].username);
		await en.screenshot({ path: join(SHOTS, 'tournament-finished-desktop-en.png'), fullPage: true });
		await noSerious(en);

		const de = await pageAs(server.url, people, field[2], { width: 390, height: 844 });
		await de.goto(`${server.url}/de/tournaments/${id}`, { waitUntil: 'networkidle' });
		await de.getByTestId('winners').first().waitFor();
		await de.getByRole('heading', { name: 'Tabelle', exact: true }).waitFor();
		await de.getByRole('table', { name: /^Abschlusstabelle/ }).waitFor();
		// Nothing wider than the phone: the page never scrolls sideways.
		expect(await de.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
		await de.screenshot({ path: join(SHOTS, 'tournament-finished-phone-de.png'), fullPage: true });
		await noSerious(de);

		// The archive's tournament filter lists its two games.
		const arch = await olga.api<{ games: { id: string }[] }>('GET', `/api/archive?tournament=${id}`);
		expect(arch.games.map((g) => g.id).sort()).toEqual(t.schedule.flatMap((r) => r.tables.map((x) => x.gameId!)).sort());
		await en.getByTestId('tournament-archive').click();
		await en.waitForURL(/\/archive\?tournament=/);
		await en.getByText('Moai cup').first().waitFor();
	});
});
