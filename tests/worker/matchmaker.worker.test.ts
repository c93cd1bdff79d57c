// The match-maker (issue 35, docs/matchmaker.md) through the real Worker, GameRoom and D1: POST/GET/
// DELETE /api/match, the cron's sweep called with a time, and the races the claim exists for. Every
// test asks at a pace of its own (a time bank no other test uses), so tests never meet in a bucket.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KINDS } from '$lib/games';
import { paceOf } from '$lib/protocol/match';
import type { TimeControl } from '$lib/protocol/room';
import { CLAIM_TTL_MS, sweep, WAITING_SQL } from '$lib/server/matchmaker/matchmaker';
import { call, room, signUp, type HttpUser } from './room-helpers';
import { until } from './rating-helpers';

// Any registered kind for 2 and for 3 players, by the registry (a kind's name is no business of this test).
const kind = KINDS.find((k) => k.seats.min <= 2 && k.seats.max >= 3)!;
const HOUR = 3_600_000;

let paces = 0;
/** A pace no other test asks at. */
function freshPace(): TimeControl {
	paces++;
	return { kind: 'bank', initialDays: 1, incrementHours: 1 + (paces % 72), capDays: 2 + Math.floor(paces / 72) };
}

const ask = (who: HttpUser, clock: TimeControl, seats: number, more: Record<string, unknown> = {}) =>
	call(who, 'POST', '/api/match', { kind: kind.id, seats, clock, ...more });
const mine = async (who: HttpUser) => (await call(who, 'GET', '/api/match')).json as { requests: any[]; waiting: any[]; paces: TimeControl[] };
const requestOf = async (who: HttpUser) => (await mine(who)).requests.find((r) => r.kind === kind.id);
const users = (n: number, name = 'mm') => Promise.all(Array.from({ length: n }, () => signUp(name)));

/** A rating row that shows `shown` (displayRating: 1000 + 40 (μ − 3σ), at σ₀). */
async function rate(u: HttpUser, shown: number) {
	const sigma = 25 / 3;
	const mu = (shown - 1000) / 40 + 3 * sigma;
	await env.DB.prepare('INSERT OR REPLACE INTO ratings (user_id, kind, mu, sigma, games, updated_at) VALUES (?1, ?2, ?3, ?4, 5, 0)').bind(u.id, kind.id, mu, sigma).run();
}

/** The game's players in seat order, and its public facts. */
async function gameOf(id: string, who: HttpUser) {
	const g = await call(who, 'GET', `/api/games/${id}`);
	expect(g.status).toBe(200);
	return g.json;
}

const seatsInD1 = async (userId: string) =>
	(await env.DB.prepare('SELECT game_id FROM seats WHERE user_id = ?1').bind(userId).all<{ game_id: string }>()).results.map((r) => r.game_id);
/** The user's seats in D1 once the room's flush (a moment after the start) has written at least one. */
const seatsOnceFlushed = (userId: string) => until(async () => ((await seatsInD1(userId)).length ? seatsInD1(userId) : null), `a seat of ${userId} in D1`);

describe('matching', () => {
	it('2 players: the first waits, the second is seated with them at once in a public, rated game at the pace, seats in the order of asking; both get an inbox entry', async () => {
		const [a, b] = await users(2);
		const pace = freshPace();
		const first = await ask(a, pace, 2);
		expect(first.status).toBe(201);
		expect(first.json.gameId).toBeNull();
		expect(first.json.request).toMatchObject({ kind: kind.id, seats: 2, clock: pace, pace: paceOf(pace), rating: 1000, status: 'waiting', others: 0, minRating: null, maxRating: null });
		expect(first.json.request.expiresAt - first.json.request.createdAt).toBe(48 * HOUR);
		const second = await ask(b, pace, 2);
		expect(second.status).toBe(201);
		const id = second.json.gameId as string;
		expect(id).toMatch(/^[a-z2-7]{16}$/);
		expect(second.json.request).toMatchObject({ status: 'matched', gameId: id });
		expect(await requestOf(a)).toMatchObject({ status: 'matched', gameId: id, others: null });
		const g = await gameOf(id, a);
		expect(g).toMatchObject({ kind: kind.id, status: 'active', visibility: 'public', rated: true, clock: pace });
		expect(g.seats.map((p: { userId: string }) => p.userId)).toEqual([a.id, b.id]);
		const inbox = await env.DB.prepare("SELECT user_id, game_id, data FROM inbox WHERE kind = 'match' AND game_id = ?1 ORDER BY user_id").bind(id).all<{ user_id: string; game_id: string; data: string }>();
		expect(inbox.results.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
		expect(JSON.parse(inbox.results[0].data).subject).toBe(`Your match-made game of ${kind.texts.name()} is ready`);
		// The in-app list shows it (as stored words) with the link to the game.
		const items = (await call(a, 'GET', '/api/me/inbox')).json.items as { kind: string; url: string; subject: string }[];
		expect(items.some((i) => i.url === `/games/${id}` && (i.kind === 'match' || i.subject.length > 0))).toBe(true);
	});

	it('3 players: two wait, the third completes the group; seat k to the k-th to ask', async () => {
		const [a, b, c] = await users(3);
		const pace = freshPace();
		expect((await ask(a, pace, 3)).json.gameId).toBeNull();
		const second = await ask(b, pace, 3);
		expect(second.json.gameId).toBeNull();
		expect(second.json.request.others).toBe(1);
		// A 2-player request at the same pace is another bucket: it neither counts nor completes.
		const [other] = await users(1);
		expect((await ask(other, pace, 2)).json.gameId).toBeNull();
		const id = (await ask(c, pace, 3)).json.gameId as string;
		expect(id).toBeTruthy();
		expect((await gameOf(id, c)).seats.map((p: { userId: string }) => p.userId)).toEqual([a.id, b.id, c.id]);
		expect(await requestOf(other)).toMatchObject({ status: 'waiting', seats: 2 });
	});

	it('rating ranges: seated only when each rating lies within the other\'s range (a null bound is open)', async () => {
		const [x, y, z, w] = await users(4);
		await rate(x, 1200);
		await rate(z, 1250);
		await rate(w, 1000);
		const pace = freshPace();
		// x (1200) wants 1100 and up: y (unrated, 1000) does not fit x's range.
		expect((await ask(x, pace, 2, { minRating: 1100 })).json.request.rating).toBe(1200);
		expect((await ask(y, pace, 2)).json.gameId).toBeNull();
		// w (1000) wants at most 1100: x (1200) does not fit w's range — and y (1000) does, both ways.
		const wy = (await ask(w, pace, 2, { maxRating: 1100 })).json.gameId as string;
		expect(wy).toBeTruthy();
		expect((await gameOf(wy, w)).seats.map((p: { userId: string }) => p.userId)).toEqual([y.id, w.id]);
		expect(await requestOf(x)).toMatchObject({ status: 'waiting' });
		// z (1250) wants 1150–1300: x fits, and z fits x's range.
		const xz = (await ask(z, pace, 2, { minRating: 1150, maxRating: 1300 })).json.gameId as string;
		expect(xz).toBeTruthy();
		expect((await gameOf(xz, z)).seats.map((p: { userId: string }) => p.userId)).toEqual([x.id, z.id]);
	});

	it('different paces never meet; the same pace does, whatever the order of its keys', async () => {
		const [a, b, c] = await users(3);
		const p1 = freshPace();
		const p2 = freshPace();
		expect((await ask(a, p1, 2)).json.gameId).toBeNull();
		expect((await ask(b, p2, 2)).json.gameId).toBeNull();
		expect(await requestOf(a)).toMatchObject({ status: 'waiting', others: 0 });
		const reordered = { capDays: (p1 as { capDays: number }).capDays, incrementHours: (p1 as { incrementHours: number }).incrementHours, initialDays: 1, kind: 'bank' };
		const id = (await call(c, 'POST', '/api/match', { clock: reordered, seats: 2, kind: kind.id })).json.gameId;
		expect(id).toBeTruthy();
		expect((await requestOf(a)).gameId).toBe(id);
		expect(await requestOf(b)).toMatchObject({ status: 'waiting' });
	});

	it('counts who waits where, from the waiting index alone', async () => {
		const [a, b] = await users(2);
		const pace = freshPace();
		await ask(a, pace, 3);
		await ask(b, pace, 3);
		const w = (await mine(a)).waiting.find((x) => x.pace === paceOf(pace) && x.kind === kind.id && x.seats === 3);
		expect(w).toMatchObject({ count: 2, clock: pace });
		expect((await mine(a)).paces).toEqual([
			{ kind: 'perMove', days: 1 },
			{ kind: 'perMove', days: 3 },
			{ kind: 'perMove', days: 7 }
		]);
		const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${WAITING_SQL}`).all<{ detail: string }>()).results.map((r) => r.detail).join('\n');
		expect(plan).toContain('COVERING INDEX match_requests_waiting_idx');
	});
});

describe('replace, cancel, expire', () => {
	it('a new request replaces the standing one of the kind', async () => {
		const [a, b, c] = await users(3);
		const p1 = freshPace();
		const p2 = freshPace();
		await ask(a, p1, 2);
		await ask(a, p2, 2, { waitHours: 5 });
		const own = (await mine(a)).requests.filter((r) => r.kind === kind.id);
		expect(own).toHaveLength(1);
		expect(own[0]).toMatchObject({ pace: paceOf(p2), status: 'waiting' });
		expect(own[0].expiresAt - own[0].createdAt).toBe(5 * HOUR);
		expect((await ask(b, p1, 2)).json.gameId).toBeNull();
		const id = (await ask(c, p2, 2)).json.gameId;
		expect(id).toBeTruthy();
		expect((await requestOf(a)).gameId).toBe(id);
		// A matched request is replaced by a new one too: a player may ask for their next game.
		const again = await ask(a, p1, 2);
		expect(again.json.gameId).toBeTruthy();
		expect((await gameOf(again.json.gameId, a)).seats.map((p: { userId: string }) => p.userId)).toEqual([b.id, a.id]);
	});

	it('cancel: the request is gone from the list and matches nobody; a second cancel is 404', async () => {
		const [a, b] = await users(2);
		const pace = freshPace();
		await ask(a, pace, 2);
		const del = await call(a, 'DELETE', `/api/match/${kind.id}`);
		expect(del.status).toBe(200);
		expect(del.json).toEqual({ cancelled: true });
		expect(await requestOf(a)).toBeUndefined();
		expect((await ask(b, pace, 2)).json.gameId).toBeNull();
		expect((await call(a, 'DELETE', `/api/match/${kind.id}`)).json.code).toBe('NOT_FOUND');
		expect((await call(a, 'DELETE', `/api/match/${kind.id}`)).status).toBe(404);
		expect((await call(a, 'DELETE', '/api/match/no-such-kind')).json.code).toBe('UNKNOWN_KIND');
		expect((await call(a, 'DELETE', '/api/match/%27%20OR%201%3D1')).status).toBe(400);
		expect((await call(null, 'DELETE', `/api/match/${kind.id}`)).status).toBe(401);
	});

	it('expiry by the cron\'s sweep: past its waiting time a request is expired and matches nobody', async () => {
		const [a, b] = await users(2);
		const pace = freshPace();
		const asked = (await ask(a, pace, 2, { waitHours: 1 })).json.request;
		const early = await sweep(env, asked.createdAt + HOUR - 1000);
		expect(await requestOf(a)).toMatchObject({ status: 'waiting' });
		expect(early.expired).toBe(0);
		const r = await sweep(env, asked.createdAt + HOUR + 1000);
		expect(r.expired).toBeGreaterThanOrEqual(1);
		expect(await requestOf(a)).toMatchObject({ status: 'expired', gameId: null, others: null });
		expect((await env.DB.prepare('SELECT status FROM match_requests WHERE user_id = ?1').bind(a.id).first())!.status).toBe('expired');
		expect((await ask(b, pace, 2)).json.gameId).toBeNull();
		// An expired request cannot be cancelled (nothing waits); asking again makes it wait anew.
		expect((await call(a, 'DELETE', `/api/match/${kind.id}`)).status).toBe(404);
		expect((await ask(a, pace, 2)).json.gameId).toBeTruthy();
	});

	it('the sweep seats what arrivals left waiting (requests written without a matcher)', async () => {
		const [a, b, c] = await users(3);
		const pace = freshPace();
		const now = Date.now();
		for (const [i, u] of [a, b, c].entries())
			await env.DB.prepare(
				"INSERT INTO match_requests (user_id, kind, seats, pace, rating, status, created_at, expires_at) VALUES (?1, ?2, 2, ?3, 1000, 'waiting', ?4, ?5)"
			)
				.bind(u.id, kind.id, paceOf(pace), now + i, now + HOUR)
				.run();
		const r = await sweep(env, now + 10);
		expect(r.seated).toBeGreaterThanOrEqual(1);
		const [ra, rb, rc] = [await requestOf(a), await requestOf(b), await requestOf(c)];
		expect(ra.status).toBe('matched');
		expect(rb.gameId).toBe(ra.gameId);
		expect(rc).toMatchObject({ status: 'waiting', others: 0 });
	});
});

describe('races: no request is seated twice', () => {
	it('two simultaneous requests completing the same 3-player group make one game', async () => {
		for (let round = 0; round < 4; round++) {
			const [a, b, c] = await users(3, 'race');
			const pace = freshPace();
			await ask(a, pace, 3);
			const [rb, rc] = await Promise.all([ask(b, pace, 3), ask(c, pace, 3)]);
			expect([rb.status, rc.status]).toEqual([201, 201]);
			// Whichever seated the group, both answers name the one game.
			const ids = new Set([rb.json.gameId, rc.json.gameId, (await requestOf(a)).gameId]);
			expect(ids.size).toBe(1);
			const [id] = ids;
			expect(id).toBeTruthy();
			for (const u of [a, b, c]) expect(await seatsOnceFlushed(u.id)).toEqual([id]);
		}
	});

	it('two groups racing for one request: it is seated once, the loser waits', async () => {
		for (let round = 0; round < 4; round++) {
			const [a, b, c] = await users(3, 'race');
			const pace = freshPace();
			await ask(a, pace, 2);
			const [rb, rc] = await Promise.all([ask(b, pace, 2), ask(c, pace, 2)]);
			const won = [rb, rc].filter((r) => r.json.gameId);
			expect(won).toHaveLength(1);
			const id = won[0].json.gameId;
			expect((await requestOf(a)).gameId).toBe(id);
			expect(await seatsOnceFlushed(a.id)).toEqual([id]);
			const loser = rb.json.gameId ? c : b;
			expect(await requestOf(loser)).toMatchObject({ status: 'waiting', gameId: null });
			expect(await seatsInD1(loser.id)).toEqual([]);
		}
	});

	it('eight players asking at once, and the sweep after: four games, everyone in exactly one', async () => {
		const group = await users(8, 'crowd');
		const pace = freshPace();
		await Promise.all(group.map((u) => ask(u, pace, 2)));
		await sweep(env, Date.now());
		const games = new Map<string, string[]>();
		for (const u of group) {
			const r = await requestOf(u);
			expect(r.status).toBe('matched');
			games.set(r.gameId, [...(games.get(r.gameId) ?? []), u.id]);
			expect(await seatsOnceFlushed(u.id)).toEqual([r.gameId]);
		}
		expect([...games.values()].map((g) => g.length)).toEqual([2, 2, 2, 2]);
	});
});

describe('a matcher that died between its claim and its last write', () => {
	async function claimed(seats: number, n: number, at: number, gameId: string) {
		const us = await users(n, 'dead');
		const pace = freshPace();
		for (const [i, u] of us.entries())
			await env.DB.prepare(
				"INSERT INTO match_requests (user_id, kind, seats, pace, rating, status, claim, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, 1000, 'waiting', ?5, ?6, ?7)"
			)
				.bind(u.id, kind.id, seats, paceOf(pace), `${gameId}@${at}`, at - 1000 + i, at + 48 * HOUR)
				.run();
		return { us, pace };
	}

	it('a claimed request can be neither replaced nor cancelled; a fresh claim is left to its matcher', async () => {
		const now = Date.now();
		const { us, pace } = await claimed(2, 2, now, 'aaaaaaaaaaaaaaaa');
		const re = await ask(us[0], pace, 2);
		expect(re.status).toBe(409);
		expect(re.json.code).toBe('MATCHING');
		expect((await call(us[0], 'DELETE', `/api/match/${kind.id}`)).json.code).toBe('MATCHING');
		const r = await sweep(env, now + CLAIM_TTL_MS - 1000);
		expect(r.finished + r.released).toBe(0);
		expect(await requestOf(us[0])).toMatchObject({ status: 'waiting' });
	});

	it('the sweep a minute later makes the claimed game — once, even if the dead matcher had already made it', async () => {
		const gameId = 'mmdeadgame2222aa';
		const at = Date.now() - CLAIM_TTL_MS - 5000;
		const { us, pace } = await claimed(2, 2, at, gameId);
		// The dead matcher got as far as the room: the game exists, the requests are not marked.
		const made = await room(gameId).createSeated(
			{ gameId, kind: kind.id, creator: us[0], options: {}, seatsWanted: 2, visibility: 'public', inviteCode: null, timeLimit: '1d', clock: pace, rated: true },
			us.map((u) => ({ id: u.id, username: u.username }))
		);
		expect(made.ok).toBe(true);
		const r = await sweep(env, Date.now());
		expect(r.finished).toBeGreaterThanOrEqual(1);
		for (const u of us) expect(await requestOf(u)).toMatchObject({ status: 'matched', gameId });
		expect((await gameOf(gameId, us[0])).seats.map((p: { userId: string }) => p.userId)).toEqual(us.map((u) => u.id));
		const again = await sweep(env, Date.now());
		expect(again.finished).toBe(0);
		expect((await env.DB.prepare("SELECT count(*) AS n FROM inbox WHERE game_id = ?1 AND kind = 'match'").bind(gameId).first())!.n).toBe(2);
	});

	it('a claim that is not a whole group is given back: its request waits again', async () => {
		const at = Date.now() - CLAIM_TTL_MS - 5000;
		const { us } = await claimed(3, 2, at, 'mmhalfgroup2222a');
		const r = await sweep(env, Date.now());
		expect(r.released).toBeGreaterThanOrEqual(1);
		for (const u of us) expect(await requestOf(u)).toMatchObject({ status: 'waiting', gameId: null });
		expect((await env.DB.prepare('SELECT claim FROM match_requests WHERE user_id = ?1').bind(us[0].id).first())!.claim).toBeNull();
	});
});

describe('bad input: 400 with a stable code, never a 500', () => {
	it('refuses what it cannot take', async () => {
		const [a] = await users(1);
		const pace = freshPace();
		const post = (body: unknown) => call(a, 'POST', '/api/match', body);
		const cases: [unknown, string][] = [
			[{ seats: 2, clock: pace }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: 2 }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: 2, clock: { kind: 'perMove', days: 4 } }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: 2, clock: { kind: 'bank', initialDays: 3, incrementHours: 1, capDays: 2 } }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: '2', clock: pace }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: 2.5, clock: pace }, 'BAD_REQUEST'],
			[{ kind: kind.id, seats: 2, clock: pace, extra: 1 }, 'BAD_REQUEST'],
			[{ kind: 'X; DROP TABLE users', seats: 2, clock: pace }, 'BAD_REQUEST'],
			[[], 'BAD_REQUEST'],
			[{ kind: 'no-such-kind', seats: 2, clock: pace }, 'UNKNOWN_KIND'],
			[{ kind: kind.id, seats: kind.seats.min - 1, clock: pace }, 'BAD_SEATS'],
			[{ kind: kind.id, seats: kind.seats.max + 1, clock: pace }, 'BAD_SEATS'],
			[{ kind: kind.id, seats: 1e9, clock: pace }, 'BAD_SEATS'],
			[{ kind: kind.id, seats: 2, clock: pace, minRating: 1300, maxRating: 1200 }, 'BAD_RANGE'],
			[{ kind: kind.id, seats: 2, clock: pace, minRating: -1 }, 'BAD_RANGE'],
			[{ kind: kind.id, seats: 2, clock: pace, maxRating: 1e12 }, 'BAD_RANGE'],
			[{ kind: kind.id, seats: 2, clock: pace, waitHours: 0 }, 'BAD_WAIT'],
			[{ kind: kind.id, seats: 2, clock: pace, waitHours: 14 * 24 + 1 }, 'BAD_WAIT']
		];
		for (const [body, code] of cases) {
			const r = await post(body);
			expect({ body, status: r.status, code: r.json?.code }).toEqual({ body, status: 400, code });
		}
		expect((await call(a, 'POST', '/api/match', '{"kind":')).json.code).toBe('BAD_JSON');
		expect((await call(null, 'POST', '/api/match', { kind: kind.id, seats: 2, clock: pace })).status).toBe(401);
		expect((await call(null, 'GET', '/api/match')).status).toBe(401);
		// Bounds are taken: null bounds, 14 days, an hour.
		expect((await post({ kind: kind.id, seats: 2, clock: pace, minRating: null, maxRating: null, waitHours: 14 * 24 })).status).toBe(201);
		expect((await post({ kind: kind.id, seats: 2, clock: pace, waitHours: 1 })).status).toBe(201);
		// Nothing refused was stored: one request, the last one.
		expect((await mine(a)).requests).toHaveLength(1);
	});
});
