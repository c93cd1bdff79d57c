// Issue 10: a player's games only accumulate. `GET /api/games/mine` and `/api/games/next` once
// bound every game id of the player into one `IN (...)` — D1 binds at most 100 parameters, so a
// player in more than 100 games got a 500 and /games said "load failed". Here one player sits in
// 150 games (written straight into D1 the way a room's outbox writes them): the lists answer,
// in order, page by page, and their queries read indexes, never a whole table.
import { env } from 'cloudflare:workers';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { MY_GAMES_SQL, NEXT_GAME_SQL, OPEN_GAMES_SQL } from '$lib/server/games';
import { call, signUp, type HttpUser } from './room-helpers';

const HOUR = 3_600_000;
const T0 = Date.UTC(2031, 0, 1);
let me: HttpUser;
let others: HttpUser[];
const turn: string[] = []; // awaiting me, oldest waiting first
const activeOther: string[] = []; // newest first
const waiting: string[] = [];
const finished: string[] = [];

const gameId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => 'abcdefghijklmnopqrstuvwxyz234567'[b & 31]).join('');

beforeAll(async () => {
	[me, ...others] = await Promise.all(['many', 'manyb', 'manyc'].map((n) => signUp(n)));
	const stmts: D1PreparedStatement[] = [];
	const add = (status: 'waiting' | 'active' | 'finished', updatedAt: number, o: { awaited?: number | null; players?: number } = {}) => {
		const id = gameId();
		const players = o.players ?? 3;
		const activeSeats = status !== 'active' ? [] : o.awaited ? [1] : [0];
		// Each awaited seat's wait in the game row (games.waits, by seat number: room/outbox.ts waitsOf).
		const gameWaits = activeSeats.length === 0 ? [] : o.awaited ? [null, [o.awaited, o.awaited + 72 * HOUR]] : [[updatedAt, updatedAt + 72 * HOUR]];
		stmts.push(
			env.DB.prepare(
				`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at, started_at, finished_at, players) ` +
					`VALUES (?1, 'giants', ?2, 'public', ?3, '{"quickStart":false,"immediateScoring":false}', 3, '3d', 'test', 7, ?4, ?10, ?5, ?6, ?7, ?8, ?9)`
			).bind(id, status, others[0].id, JSON.stringify(activeSeats), updatedAt - HOUR, updatedAt, status === 'waiting' ? null : updatedAt - HOUR, status === 'finished' ? updatedAt : null, players, JSON.stringify(gameWaits))
		);
		const seated = [others[0], me, others[1]].slice(0, players);
		seated.forEach((u, seat) => {
			stmts.push(
				env.DB.prepare(
					`INSERT INTO seats (game_id, user_id, seat, version, joined_at, score, winner, status, updated_at) VALUES (?1, ?2, ?3, 7, ?4, ?5, ?6, ?7, ?8)`
				).bind(id, u.id, seat, updatedAt - HOUR, status === 'finished' ? 10 + seat : null, status === 'finished' ? Number(seat === 1) : null, status, updatedAt)
			);
		});
		return id;
	};
	// Awaiting me: inserted in a shuffled order, waited for since T0 + 5h, 3h, 1h, 4h, 0h, 2h.
	const waits = [5, 3, 1, 4, 0, 2].map((h) => T0 + h * HOUR);
	const byWait = new Map(waits.map((w) => [w, add('active', T0 + 100 * HOUR - w, { awaited: w })]));
	turn.push(...[...byWait.keys()].sort((a, b) => a - b).map((w) => byWait.get(w)!));
	for (let i = 0; i < 24; i++) activeOther.unshift(add('active', T0 + i * HOUR));
	for (let i = 0; i < 20; i++) waiting.unshift(add('waiting', T0 + i * HOUR, { players: 2 }));
	for (let i = 0; i < 100; i++) finished.unshift(add('finished', T0 - 1000 * HOUR + i * HOUR));
	for (let i = 0; i < stmts.length; i += 50) await env.DB.batch(stmts.slice(i, i + 50));
	const n = await env.DB.prepare('SELECT count(*) AS n FROM seats WHERE user_id = ?').bind(me.id).first<{ n: number }>();
	expect(n?.n).toBe(150);
}, 60_000);

interface Mine {
	games: { id: string; status: string; yourTurn: boolean; waitingSince: number | null; seats: { username: string }[] }[];
	counts: { yourTurn: number; active: number; waiting: number; finished: number };
	finishedCursor: string | null;
}

describe('a player in 150 games', () => {
	it('GET /api/games/mine lists every kind, awaiting me first (oldest first), finished newest first', async () => {
		const r = await call(me, 'GET', '/api/games/mine');
		expect(r.status, r.text).toBe(200);
		const body = r.json as Mine;
		expect(body.counts).toEqual({ yourTurn: 6, active: 24, waiting: 20, finished: 100 });
		const ids = (s: string, yourTurn?: boolean) =>
			body.games.filter((g) => g.status === s && (yourTurn === undefined || g.yourTurn === yourTurn)).map((g) => g.id);
		expect(body.games.slice(0, 6).map((g) => g.id)).toEqual(turn);
		expect(ids('active', true)).toEqual(turn);
		expect(ids('active', false)).toEqual(activeOther);
		expect(ids('waiting')).toEqual(waiting);
		// Finished games come a page at a time.
		expect(ids('finished')).toEqual(finished.slice(0, 20));
		expect(body.finishedCursor).toBeTypeOf('string');
		// Every game carries all its players.
		for (const g of body.games) expect(g.seats.map((s) => s.username)).toContain(me.username);
		expect(body.games.find((g) => g.status === 'waiting')!.seats).toHaveLength(2);
	});

	it('pages through all 100 finished games with the cursor, none twice', async () => {
		const seen: string[] = [];
		let cursor: string | null = null;
		for (let page = 0; page < 10; page++) {
			const r = await call(me, 'GET', `/api/games/mine${cursor ? `?finished=${encodeURIComponent(cursor)}` : ''}`);
			expect(r.status, r.text).toBe(200);
			const body = r.json as Mine;
			seen.push(...body.games.filter((g) => g.status === 'finished').map((g) => g.id));
			cursor = body.finishedCursor;
			if (!cursor) break;
		}
		expect(seen).toEqual(finished);
		expect((await call(me, 'GET', '/api/games/mine?finished=nonsense')).status).toBe(400);
	});

	it('GET /api/games/next points at the game waiting longest, other than the one I am in', async () => {
		const r = await call(me, 'GET', `/api/games/next?from=${turn[0]}`);
		expect(r.status, r.text).toBe(200);
		expect(r.json).toEqual({ id: turn[1], waiting: 5 });
		expect((await call(me, 'GET', `/api/games/next?from=${activeOther[0]}`)).json).toEqual({ id: turn[0], waiting: 6 });
		expect((await call(me, 'GET', '/api/games/next')).json).toEqual({ id: turn[0], waiting: 6 });
	});

	it('the /games page shows the lists, not "load failed"', async () => {
		const r = await call(me, 'GET', '/games');
		expect(r.status).toBe(200);
		expect(r.text).not.toContain('role="alert"');
		for (const id of [...turn, ...activeOther, ...waiting, ...finished.slice(0, 20)]) expect(r.text).toContain(`/games/${id}`);
		expect(r.text).not.toContain(`/games/${finished[20]}`);
	});

	it('the queries read the seats by index, never a whole table', async () => {
		const RUNNING = /SEARCH s USING (COVERING )?INDEX seats_user_status_updated_idx \(user_id=\? AND status=\?\)\n(.*\n)*SEARCH g USING INDEX sqlite_autoindex_games_1 \(id=\?\)/;
		const plans: [string, unknown[], RegExp][] = [
			// Issue 33: "your turn" from the player's running games and their waits in the game rows by key
			// (no seat column and no index on a wait to write per turn change).
			[MY_GAMES_SQL.turn, [me.id, 200], RUNNING],
			// Issue 33: newest activity first from the games' rows (by key), the seats still by the index.
			[MY_GAMES_SQL.active, [me.id, 100], /SEARCH s USING (COVERING )?INDEX seats_user_status_updated_idx[^\n]*\n(.*\n)*SEARCH g USING INDEX sqlite_autoindex_games_1/],
			[MY_GAMES_SQL.waiting, [me.id, 100], /SEARCH s USING (COVERING )?INDEX seats_user_status_updated_idx[^\n]*\n(.*\n)*SEARCH g USING INDEX sqlite_autoindex_games_1/],
			[MY_GAMES_SQL.finished, [me.id, 21, T0, 'zzzz'], /SEARCH seats USING (COVERING )?INDEX seats_user_status_updated_idx/],
			[MY_GAMES_SQL.counts, [me.id], /SEARCH seats USING COVERING INDEX seats_user_status_updated_idx/],
			[MY_GAMES_SQL.turnCount, [me.id], RUNNING],
			[NEXT_GAME_SQL, [me.id, 'x'], RUNNING],
			[OPEN_GAMES_SQL, [50], /SEARCH games USING (COVERING )?INDEX games_public_started_idx/]
		];
		for (const [sql, params, index] of plans) {
			const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results.map((r) => r.detail);
			expect(plan.join('\n'), sql).toMatch(index);
			// A scan of the CTE (`p`, a page of rows) is fine; of a table it is not.
			for (const line of plan) expect(line, `${sql}\n${plan.join('\n')}`).not.toMatch(/^SCAN (games|seats|users)\b/);
		}
	});
});
