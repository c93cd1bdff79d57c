// The archive (issue 6) over 10,000 seeded finished games (+ private ones, + games in progress):
// pages, the cursor walk, every filter and combinations, the profile figures and the watch list,
// each checked against a reference computed here from the seeded data; the queries' plans use the
// indexes. The seeded games finish in 2099–2100, after anything the other test files write to the
// shared D1, so the newest pages are exactly ours; where other games may show (an unfiltered walk),
// the test checks order, uniqueness and visibility of all rows and exactness of ours.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { archiveSql, dayStart, PROFILE_SQL, WATCH_SQL, type ArchiveFilters } from '$lib/server/archive';
import { greedyBot } from '$lib/games/giants/bots';
import { seedRng } from '$lib/engine';
import type { RoomView } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { archiveInserts, makeArchive, type SeedData, type SeedGame } from '../../scripts/lib/seed-archive';
import { call, signUp } from './room-helpers';

const DAY = 86_400_000;
const END = Date.UTC(2101, 0, 1);
const prefix = `Ar${Math.random().toString(36).slice(2, 8)}`;
let data: SeedData;
let names: Map<string, string>;
let publicFinished: SeedGame[];

interface Row {
	id: string;
	rated: boolean;
	finishedAt: number;
	rounds: number | null;
	players: { username: string; seat: number; score: number | null; winner: boolean }[];
}

const newestFirst = (a: { finishedAt: number | null; id: string }, b: { finishedAt: number | null; id: string }) =>
	b.finishedAt! - a.finishedAt! || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The row the API should give for a seeded game. */
const expected = (g: SeedGame): Row & { game: string } => ({
	id: g.id,
	game: 'giants',
	// Seeded rows take the column's default (issue 28): rated.
	rated: true,
	finishedAt: g.finishedAt!,
	rounds: g.rounds,
	players: g.seats.map((s) => ({ username: names.get(s.userId)!, seat: s.seat, score: s.score, winner: s.winner === 1 }))
});

async function get(path: string) {
	return call(null, 'GET', path);
}

/** Every page of a query, following nextCursor; checks each page's own invariants on the way. */
async function walk(query: string, limit = 100): Promise<Row[]> {
	const out: Row[] = [];
	let cursor: string | null = null;
	for (let i = 0; i < 1000; i++) {
		const r = await get(`/api/archive?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
		expect(r.status, r.text).toBe(200);
		expect(r.json.games.length).toBeLessThanOrEqual(limit);
		out.push(...r.json.games);
		cursor = r.json.nextCursor;
		if (!cursor) return out;
		expect(r.json.games.length).toBe(limit);
	}
	throw new Error('no last page');
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const ours = (rows: Row[]) => rows.filter((r) => seededIds.has(r.id));
let seededIds: Set<string>;

beforeAll(async () => {
	data = makeArchive({ games: 10_000, privateGames: 60, activeGames: 25, prefix, seed: Math.floor(Math.random() * 2 ** 31), end: END });
	// Date filter edges: games on the first and last millisecond of a UTC day, and just outside.
	const edge = dayStart('2100-03-10')!;
	[edge - 1, edge, edge + DAY - 1, edge + DAY].forEach((t, i) => (data.games[100 + i].finishedAt = t));
	names = new Map(data.users.map((u) => [u.id, u.username]));
	publicFinished = data.games.filter((g) => g.status === 'finished' && g.visibility === 'public').sort(newestFirst);
	seededIds = new Set(data.games.map((g) => g.id));
	const statements = archiveInserts(data, 100);
	for (let i = 0; i < statements.length; i += 40) await env.DB.batch(statements.slice(i, i + 40).map((s) => env.DB.prepare(s)));
}, 120_000);

describe('archive', () => {
	it('the default page is the newest 50, with players, scores, winners and rounds', async () => {
		const r = await get('/api/archive');
		expect(r.status).toBe(200);
		expect(r.json.games).toEqual(publicFinished.slice(0, 50).map(expected));
		expect(r.json.nextCursor).toBe(`${publicFinished[49].finishedAt}.${publicFinished[49].id}`);
		expect(r.json.prevCursor).toBeNull();
	});

	it('walking every page yields each public finished game once, in order, and no private or running one', async () => {
		const before = await env.DB.prepare(`SELECT id FROM games WHERE status = 'finished' AND visibility = 'public'`).all<{ id: string }>();
		const rows = await walk('');
		expect(new Set(ids(rows)).size).toBe(rows.length);
		for (let i = 1; i < rows.length; i++) expect(newestFirst(rows[i - 1], rows[i])).toBeLessThan(0);
		const seen = new Set(ids(rows));
		expect(before.results.filter((g) => !seen.has(g.id))).toEqual([]);
		expect(ours(rows)).toEqual(publicFinished.map(expected));
		const hidden = data.games.filter((g) => g.visibility === 'private' || g.status !== 'finished');
		expect(hidden.filter((g) => seen.has(g.id))).toEqual([]);
	});

	it('newer pages lead back exactly to the pages before', async () => {
		const p1 = (await get('/api/archive?limit=30')).json;
		const p2 = (await get(`/api/archive?limit=30&cursor=${p1.nextCursor}`)).json;
		const p3 = (await get(`/api/archive?limit=30&cursor=${p2.nextCursor}`)).json;
		expect(ids(p3.games)).toEqual(ids(publicFinished.slice(60, 90)));
		const back2 = (await get(`/api/archive?limit=30&newer=${p3.prevCursor}`)).json;
		expect(back2.games).toEqual(p2.games);
		expect(back2.nextCursor).toBe(p2.nextCursor);
		const back1 = (await get(`/api/archive?limit=30&newer=${back2.prevCursor}`)).json;
		expect(back1.games).toEqual(p1.games);
		expect(back1.prevCursor).toBeNull();
	});

	it('each filter and combinations give exactly the expected games', async () => {
		const inRange = (g: SeedGame, from: string, to: string) => g.finishedAt! >= dayStart(from)! && g.finishedAt! < dayStart(to)! + DAY;
		const regular = data.users[1];
		const rare = data.users.at(-1)!;
		const plays = (g: SeedGame, u: { id: string }) => g.seats.some((s) => s.userId === u.id);
		const cases: [string, (g: SeedGame) => boolean][] = [
			['from=2100-03-10&to=2100-03-10', (g) => inRange(g, '2100-03-10', '2100-03-10')],
			['from=2099-06-01&to=2099-08-15', (g) => inRange(g, '2099-06-01', '2099-08-15')],
			[`player=${regular.username.toUpperCase()}`, (g) => plays(g, regular)],
			[`player=${rare.username.toLowerCase()}`, (g) => plays(g, rare)],
			['players=3&from=2099-01-01', (g) => g.seats.length === 3],
			['players=5&from=2100-01-01&to=2100-06-30', (g) => g.seats.length === 5 && inRange(g, '2100-01-01', '2100-06-30')],
			['game=giants&from=2100-11-01', (g) => g.finishedAt! >= dayStart('2100-11-01')!],
			[`player=${regular.username}&players=4&from=2099-09-01&to=2100-09-30`, (g) => plays(g, regular) && g.seats.length === 4 && inRange(g, '2099-09-01', '2100-09-30')],
			[`player=${rare.username}&game=giants&players=5`, (g) => plays(g, rare) && g.seats.length === 5]
		];
		for (const [query, keep] of cases) {
			const want = publicFinished.filter(keep).map(expected);
			expect(want.length, query).toBeGreaterThan(0);
			// Seeded players are ours alone; date ranges from 2099 on hold only seeded games.
			expect(await walk(query, 40), query).toEqual(want);
		}
		// The four edge games: the first and last millisecond of 2100-03-10 count, the neighbours not.
		const day = await walk('from=2100-03-10&to=2100-03-10');
		const edges = data.games.slice(100, 104).map((g) => g.id);
		expect(edges.filter((id) => ids(day).includes(id))).toEqual([edges[1], edges[2]]);
		// An unknown player: no games (not an error: the form can ask for anybody).
		expect((await get(`/api/archive?player=${prefix}_nobody`)).json).toMatchObject({ games: [], nextCursor: null });
	});

	it('refuses bad parameters with 400 BAD_REQUEST', async () => {
		const bad = [
			'players=6', 'players=two', 'from=2100-02-30', 'from=21000101', 'to=yesterday', 'from=2100-05-02&to=2100-05-01',
			'cursor=abc', 'cursor=12.', 'newer=x', 'cursor=1.a&newer=1.a', 'limit=0', 'limit=101', 'limit=-5', 'limit=1e2',
			'game=chess', 'player=a%20b', `player=${'x'.repeat(25)}`, 'colour=red', 'players=3&players=4'
		];
		for (const q of bad) {
			const r = await get(`/api/archive?${q}`);
			expect(r.status, q).toBe(400);
			expect(r.json.code, q).toBe('BAD_REQUEST');
		}
		expect((await get('/api/archive?from=2100-05-02&to=2100-05-01')).json.message).toMatch(/^from:/);
		// Empty values (a GET form's blank fields) are no filter at all.
		expect(ids((await get('/api/archive?player=&from=&to=&players=&game=&limit=5')).json.games)).toEqual(ids(publicFinished.slice(0, 5)));
	});

	it('profiles: finished public games, wins (shared count), average score; private games left out', async () => {
		const withPrivate = data.games.find((g) => g.visibility === 'private')!.seats[0].userId;
		for (const u of [data.users[0], data.users[7], data.users.at(-1)!, data.users.find((x) => x.id === withPrivate)!]) {
			const mine = publicFinished.filter((g) => g.seats.some((s) => s.userId === u.id));
			const seat = (g: SeedGame) => g.seats.find((s) => s.userId === u.id)!;
			const r = await get(`/api/players/${u.username.toLowerCase()}`);
			expect(r.status).toBe(200);
			expect(r.json).toMatchObject({ username: u.username, joined: u.createdAt, finished: mine.length, wins: mine.filter((g) => seat(g).winner === 1).length });
			expect(r.json.averageScore).toBeCloseTo(mine.reduce((n, g) => n + seat(g).score!, 0) / mine.length, 9);
			expect(r.json.games).toEqual(mine.slice(0, 50).map(expected));
			const next = await get(`/api/players/${u.username}?cursor=${r.json.nextCursor}&limit=10`);
			expect(next.json.games).toEqual(mine.slice(50, 60).map(expected));
		}
		expect((await get(`/api/players/${prefix}_nobody`)).status).toBe(404);
		expect((await get(`/api/players/${data.users[0].username}?player=x`)).status).toBe(400);
		expect((await get(`/api/players/${data.users[0].username}?limit=500`)).status).toBe(400);
	});

	it('the watch list: public games in progress, newest started first (issue 33), with players and round', async () => {
		const r = await get('/api/watch?limit=10');
		expect(r.status).toBe(200);
		const want = data.games
			.filter((g) => g.status === 'active')
			.sort((a, b) => b.startedAt! - a.startedAt! || b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
			.slice(0, 10);
		// Not the order by the last move, which the seeded games give differently (else this proves nothing).
		const byActivity = data.games.filter((g) => g.status === 'active').sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1)).slice(0, 10);
		expect(want.map((g) => g.id)).not.toEqual(byActivity.map((g) => g.id));
		expect(r.json.games).toEqual(
			want.map((g) => ({ id: g.id, game: 'giants', rated: true, updatedAt: g.updatedAt, startedAt: g.startedAt, rounds: g.rounds, players: g.seats.map((s) => ({ username: names.get(s.userId), seat: s.seat })) }))
		);
		expect((await get('/api/watch?limit=0')).status).toBe(400);
	});

	it('the archive and the profile pages render', async () => {
		const u = data.users[2];
		const page = await get(`/archive?player=${u.username}&players=4`);
		expect(page.status).toBe(200);
		const first = publicFinished.find((g) => g.seats.length === 4 && g.seats.some((s) => s.userId === u.id))!;
		expect(page.text).toContain(`/games/${first.id}/history`);
		expect(page.text).toContain(`value="${u.username}"`);
		expect(page.text).toMatch(/<th scope="col"/);
		expect((await get('/archive?from=2100-02-30')).text).toContain('role="alert"');
		const profile = await get(`/players/${u.username}`);
		expect(profile.status).toBe(200);
		expect(profile.text).toContain(u.username);
		expect((await get(`/players/${prefix}_nobody`)).status).toBe(404);
	});

	it('every archive query uses the indexes: no full scan of games, seats or users', async () => {
		const filters: ArchiveFilters[] = [
			{}, { cursor: `${END}.zzzz` }, { newer: `${END - DAY}.a` }, { players: 4 }, { from: '2100-01-01', to: '2100-02-01' },
			{ game: 'giants' }, { players: 3, from: '2100-01-01', cursor: `${END}.zzzz` }, { player: 'someone' },
			{ player: 'someone', players: 5, from: '2100-01-01', to: '2100-02-01', cursor: `${END}.zzzz` }
		];
		const plans: [string, unknown[], RegExp][] = filters.map((f) => {
			const { sql, params } = archiveSql(f);
			// Without a player: the archive index (with players when filtered by it); with one: their seats.
			const index = f.player ? /SEARCH ps USING COVERING INDEX seats_user_status_updated_idx \(user_id=\? AND status=\?\)/ : f.players ? /USING INDEX games_archive_players_idx/ : /USING INDEX games_archive_idx/;
			return [sql, params, index];
		});
		plans.push([PROFILE_SQL, ['someone'], /SEARCH s USING INDEX seats_user_status_updated_idx \(user_id=\? AND status=\?\)/], [WATCH_SQL, [20], /USING INDEX games_public_started_idx/]);
		for (const [sql, params, index] of plans) {
			const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
			const lines = plan.results.map((r) => r.detail);
			// `SCAN p` walks the page's own ≤ 101 games (the CTE); anything else must be an index search.
			expect(lines.filter((l) => /^SCAN /.test(l) && l !== 'SCAN p'), `${sql}\n${lines.join('\n')}`).toEqual([]);
			expect(lines.join('\n')).toMatch(index);
		}
	});

	it('a game the room finishes arrives with its rounds, player count, scores and winners', async () => {
		const users = await Promise.all(['arca', 'arcb', 'arcc'].map((n) => signUp(n)));
		// Round 25 without an auction: one placement and transport phase, then the round limit (G-6.4).
		const r = await call(users[0], 'POST', '/api/dev/scenario', {
			usernames: users.map((u) => u.username),
			seed: 'archive-test',
			config: { startPlayer: 1, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 25 } }
		});
		expect(r.status).toBe(201);
		const id = r.json.id as string;
		const rng = seedRng('archive-bots');
		let v: RoomView | null = null;
		for (let i = 0; i < 500; i++) {
			v = (await call(users[0], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			if (v.status === 'finished') break;
			const seat = v.activeSeats[0];
			const mine = (await call(users[seat], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			const m = await call(users[seat], 'POST', `/api/games/${id}/moves`, { moveId: `b${i}`, move: greedyBot(mine.view!, seat, rng), expectedVersion: mine.version });
			expect(m.status).toBe(200);
		}
		expect(v?.status).toBe('finished');
		// A finishing move flushes at once; allow the flush a moment.
		let rows: Row[] = [];
		for (let i = 0; i < 50 && rows.length === 0; i++) {
			rows = (await get(`/api/archive?player=${users[1].username}`)).json.games;
			if (rows.length === 0) await new Promise((ok) => setTimeout(ok, 100));
		}
		expect(rows.map((g) => g.id)).toEqual([id]);
		expect(rows[0].rounds).toBe(25);
		expect(rows[0].players.map((p) => p.username).sort()).toEqual(users.map((u) => u.username).sort());
		expect(rows[0].players.some((p) => p.winner)).toBe(true);
		const game = await env.DB.prepare('SELECT rounds, players FROM games WHERE id = ?').bind(id).first();
		expect(game).toEqual({ rounds: 25, players: 3 });
	});
});
