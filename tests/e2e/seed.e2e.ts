/**
 * Issue 12: `npm start`'s seed against the real Worker under `wrangler dev` — it leaves finished
 * games in the archive (with their history pages), a game where ana is to move, and adds nothing
 * when run again — and `npm run bots` (scripts/bots.ts) as a newcomer runs it: a new game played to
 * the end, an unknown game refused with exit code 1. No browser: all through HTTP.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '../../src/lib/games/index';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { DEMO_PASSWORD, DEMO_USERS, seed } from '../../scripts/lib/seed';
import { startTestServer, type TestServer } from './server';

interface ArchiveGame {
	id: string;
	game: string;
	players: { username: string; score: number | null; winner: boolean }[];
}

let server: TestServer;
let summary: string;
let ana: Client;

/** The seed's tournaments (issue 35), by the links its summary prints. */
const tournamentIds = () => [...summary.matchAll(/\/tournaments\/([a-z2-7]{16})/g)].map((x) => x[1]);
/** The games of its tournaments (the archive filters by tournament). */
async function tournamentGames(): Promise<Set<string>> {
	const ids = new Set<string>();
	for (const t of tournamentIds())
		for (const g of (await new Client(server.url).api<{ games: ArchiveGame[] }>('GET', `/api/archive?tournament=${t}`)).games) ids.add(g.id);
	return ids;
}
/** The finished demo games, the tournaments' left out (their test is below). */
const archive = async () => {
	const all = (await new Client(server.url).api<{ games: ArchiveGame[] }>('GET', '/api/archive?limit=100')).games;
	const inTournaments = await tournamentGames();
	return all.filter((g) => !inTournaments.has(g.id));
};

/** D1 follows a room by up to a second (docs/api.md); ask again until `ok` or 10 s pass. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
	const end = Date.now() + 10_000;
	for (;;) {
		const v = await read();
		if (ok(v) || Date.now() > end) return v;
		await new Promise((r) => setTimeout(r, 250));
	}
}

function bots(args: string[]): Promise<{ code: number | null; out: string }> {
	return new Promise((done) => {
		const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['--tsconfig', '.svelte-kit/tsconfig.json', 'scripts/bots.ts', ...args], { cwd: ROOT });
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('exit', (code) => done({ code, out }));
	});
}

beforeAll(async () => {
	server = await startTestServer();
	summary = await seed(server.url);
	ana = new Client(server.url, 'ana');
	await ana.signin('ana', DEMO_PASSWORD);
});

afterAll(async () => {
	await server?.close();
});

describe('the seed of npm start (issue 12)', () => {
	test('plays two games of every kind to the end, among the demo accounts, with winners', async () => {
		const games = await archive();
		expect(games.length).toBe(2 * KINDS.length);
		for (const kind of KINDS) expect(games.filter((g) => g.game === kind.id)).toHaveLength(2);
		for (const g of games) {
			expect(g.players.length).toBeGreaterThanOrEqual(2);
			expect(g.players.every((p) => (DEMO_USERS as readonly string[]).includes(p.username) && typeof p.score === 'number')).toBe(true);
			expect(g.players.some((p) => p.winner)).toBe(true);
			expect(summary).toContain(`/games/${g.id}/history`);
		}
	});

	test('a tournament of the four with round 1 played and round 2 running, and one open for sign-up (issue 35)', async () => {
		const [cup, open] = tournamentIds();
		const running = await eventually(
			() => ana.api<{ status: string; round: number; schedule: { tables: { finished: boolean }[] }[] }>('GET', `/api/tournaments/${cup}`),
			(t) => t.round === 2
		);
		expect(running.status).toBe('running');
		expect(running.schedule[0].tables.every((t) => t.finished)).toBe(true);
		expect((await tournamentGames()).size).toBe(running.schedule[0].tables.length);
		const signup = await ana.api<{ status: string; players: number }>('GET', `/api/tournaments/${open}`);
		expect([signup.status, signup.players]).toEqual(['signup', 1]);
	});

	test('the archive page lists them and their history pages answer', async () => {
		const games = await archive();
		const page = await fetch(`${server.url}/archive`);
		expect(page.status).toBe(200);
		const html = await page.text();
		for (const g of games) {
			expect(html).toContain(`/games/${g.id}`);
			const history = await fetch(`${server.url}/games/${g.id}/history`);
			expect(history.status).toBe(200);
			await history.arrayBuffer();
		}
	});

	test('ana is to move in a game (My games: "Your turn")', async () => {
		const mine = await eventually(
			() => ana.mine(),
			(m) => m.counts.yourTurn > 0
		);
		expect(mine.counts.yourTurn).toBeGreaterThanOrEqual(1);
		const turn = mine.games.find((g: { yourTurn: boolean }) => g.yourTurn);
		expect(turn.status).toBe('active');
		const view = await ana.game(turn.id);
		expect(view.activeSeats).toContain(view.yourSeat);
	});

	test('a second run adds nothing', async () => {
		// The seed stops every game in progress where ana is to move; D1 follows the rooms by up to a
		// second, so wait until My games has caught up before taking the snapshot.
		const settled = await eventually(
			() => ana.mine(),
			(m) => m.counts.active === 0
		);
		const before = { archive: (await archive()).length, mine: settled.counts };
		expect(await seed(server.url)).toMatch(/nothing added/);
		expect({ archive: (await archive()).length, mine: (await ana.mine()).counts }).toEqual(before);
	});
});

describe('npm run bots (issue 12)', () => {
	test('--new plays a new game among the demo accounts to the end and says who won', async () => {
		const before = (await archive()).length;
		const r = await bots(['--base', server.url, '--new', '--players', '3', '--quiet']);
		// Any result the rules allow: the bots' game is a new random one each run (a shared win came up once).
		expect(r.out).toMatch(/Game over \(\d+ moves made\): (\w+ won|\w+( and \w+)+ won \(shared\)|a draw) — /);
		expect(r.code).toBe(0);
		const id = /\/games\/([a-z2-7]+)\/history/.exec(r.out)?.[1];
		expect(id).toBeTruthy();
		const games = await eventually(archive, (g) => g.length > before);
		expect(games.map((g) => g.id)).toContain(id);
	});

	test('--game stops where a person is awaited, and refuses an unknown game with exit code 1', async () => {
		const turn = (await ana.mine()).games.find((g: { yourTurn: boolean }) => g.yourTurn);
		const version = (await ana.game(turn.id)).version;
		const stop = await bots(['--base', server.url, '--game', turn.id, '--seats', 'ben,caro,dan']);
		expect(stop.code).toBe(0);
		expect(stop.out).toMatch(/Stopped \(0 moves made\): now awaited ana/);
		expect((await ana.game(turn.id)).version).toBe(version);

		const unknown = await bots(['--base', server.url, '--game', 'nosuchgame234567']);
		expect(unknown.code).toBe(1);
		expect(unknown.out).toMatch(/no game nosuchgame234567/);
	});
});
