// Issue 33, the D1 side of a move: a flush writes only what changed, and the postman reads new
// events by a cursor. Each guarantee the change touches, against the real local D1:
// - the game's rows: a late (older) payload changes nothing, a retried one writes nothing and
//   converges, a player who left loses their seat (and a late payload does not bring it back), the
//   start may renumber seats, a turn change writes no seat row (each seat's wait is in the game
//   row, `games.waits`), and the game's status reaches every seat when it changes;
// - fan-out: exactly once under two postmen at once and a retried run, a failed batch moves no
//   cursor, the cursor is kept in memory and written to D1 when due (a restarted postman goes on
//   from D1's and fans nothing out twice), and a seq is never reused after the newest events were
//   deleted (an account deleted), not even below a cursor in memory ahead of D1's.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import type { D1Payload } from '$lib/protocol/room';
import { outboxBatch } from '$lib/server/room/outbox';
import { fanOut } from '$lib/server/notify/delivery';
import { deleteEventsOf, INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { PostmanCursor } from '$lib/server/notify/cursor';
import { signUp } from './helpers';

const DB = env.DB;
const ORIGIN = 'https://rongo.test';

let gameN = 0;
const T0 = Date.parse('2033-05-02T10:00:00Z');

/** A running 3-player game at `version`, seat 0 awaited, as a room's outbox would hold it. */
function payload(id: string, version: number, o: { awaited?: number; status?: D1Payload['game']['status']; users?: string[]; seats?: number[]; since?: number } = {}): D1Payload {
	const users = o.users ?? ['ua', 'ub', 'uc'].map((u) => `${u}-${id}`);
	const awaited = o.awaited ?? 0;
	const status = o.status ?? 'active';
	return {
		game: {
			id, game: 'giants', status, visibility: 'public', inviteCode: null, creatorId: users[0], options: '{}', seatsWanted: 3, timeLimit: '3d',
			engineVersion: 'giants@1', version, activeSeats: status === 'active' ? `[${awaited}]` : '[]', seedCommitment: 'c', clock: '{"kind":"perMove","days":3}',
			createdAt: T0, updatedAt: T0 + version * 1000, startedAt: T0, finishedAt: status === 'finished' ? T0 + version * 1000 : null, rounds: 1, players: users.length, rated: true
		},
		seats: users.map((userId, i) => {
			const seat = o.seats?.[i] ?? i;
			const waiting = status === 'active' && seat === awaited;
			return {
				userId, seat, colour: null, score: status === 'finished' ? 10 + seat : null, winner: status === 'finished' ? (seat === 0 ? 1 : 0) : null,
				place: status === 'finished' ? seat + 1 : null, joinedAt: T0,
				waitingSince: waiting ? (o.since ?? T0 + version * 1000) : null, deadline: waiting ? T0 + version * 1000 + 3 * 86_400_000 : null, timeouts: 0, dropped: 0
			};
		})
	};
}

/** Flushes a payload as the room does (one batch); the rows it wrote. */
async function flush(p: D1Payload): Promise<number> {
	const rs = await DB.batch(outboxBatch(DB, p));
	return rs.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
}

async function state(id: string) {
	const [g, s] = await DB.batch([
		DB.prepare('SELECT version, status, active_seats, waits, updated_at, finished_at FROM games WHERE id = ?1').bind(id),
		DB.prepare('SELECT user_id, seat, version, status, updated_at, score, timeouts, dropped FROM seats WHERE game_id = ?1 ORDER BY user_id').bind(id)
	]);
	return { game: g.results[0] as Record<string, unknown>, seats: s.results as Record<string, unknown>[] };
}

const newId = () => `d1rows${(gameN++).toString().padStart(10, '0')}`;

describe('the flush writes only what changed, and no payload rolls anything back', () => {
	it('a turn change writes the game row and no seat row: the waits are in the game row', async () => {
		const id = newId();
		await flush(payload(id, 5, { awaited: 0 }));
		const before = await state(id);
		expect(before.game).toMatchObject({ version: 5, active_seats: '[0]', waits: JSON.stringify([[T0 + 5000, T0 + 5000 + 3 * 86_400_000]]) });
		// Seat 0 moved, seat 1 is awaited now.
		const written = await flush(payload(id, 6, { awaited: 1 }));
		const after = await state(id);
		expect(after.game).toMatchObject({ version: 6, active_seats: '[1]', updated_at: T0 + 6000, waits: JSON.stringify([null, [T0 + 6000, T0 + 6000 + 3 * 86_400_000]]) });
		// Every seat row is the row of version 5, not rewritten — its status copy and the time the status began too.
		expect(after.seats).toEqual(before.seats);
		expect(after.seats.map((s) => s.version)).toEqual([5, 5, 5]);
		// What D1 bills: the game row alone (no index entry: the public lists are by start), nothing of a
		// seat — while the waits were seat columns, the two seats whose turn ended and began were
		// rewritten on top of it.
		expect(written).toBe(1);
	});

	it("a seat's own lasting column still reaches its row, and only that seat's", async () => {
		const id = newId();
		await flush(payload(id, 5, { awaited: 0 }));
		const before = await state(id);
		// Seat 0 timed out (its timeouts rise, seat 1 is awaited): one seat row and the game row.
		const p = payload(id, 6, { awaited: 1 });
		p.seats[0].timeouts = 1;
		await flush(p);
		const after = await state(id);
		expect(after.seats[0]).toMatchObject({ seat: 0, version: 6, timeouts: 1 });
		expect(after.seats.slice(1)).toEqual(before.seats.slice(1));
	});

	it('a move of a public game that changes no seat writes the game row alone: no index entry (issue 33)', async () => {
		const id = newId();
		const v5 = payload(id, 5, { awaited: 0 });
		await flush(v5);
		// The same seat still awaited, its wait unchanged (a move of a whole turn's first part, say).
		const v6 = { ...payload(id, 6, { awaited: 0 }), seats: v5.seats };
		expect(v6.game.visibility).toBe('public');
		expect(await flush(v6)).toBe(1);
		expect((await state(id)).game).toMatchObject({ version: 6, updated_at: T0 + 6000 });
		// The start and the end still move the public lists' entry (status, started_at): more than the row.
		const id2 = newId();
		await flush(payload(id2, 3, { status: 'waiting' }));
		const start = { ...payload(id2, 4), seats: payload(id2, 3, { status: 'waiting' }).seats };
		expect(await flush(start)).toBeGreaterThan(1);
		const plan = await DB.prepare(`EXPLAIN QUERY PLAN SELECT id FROM games WHERE status = 'active' AND visibility = 'public' ORDER BY started_at DESC, created_at DESC, id DESC LIMIT 5`).all<{ detail: string }>();
		expect(plan.results.map((r) => r.detail).join('\n')).toMatch(/games_public_started_idx/);
	});

	it('a retried payload writes nothing and converges; a late (older) one changes nothing', async () => {
		const id = newId();
		await flush(payload(id, 5, { awaited: 0 }));
		await flush(payload(id, 6, { awaited: 1 }));
		const now = await state(id);
		// The same batch again (the room retries after a lost answer): zero rows written, same rows.
		expect(await flush(payload(id, 6, { awaited: 1 }))).toBe(0);
		expect(await state(id)).toEqual(now);
		// An older payload landing late (other awaited seat, another status even): nothing changes.
		await flush(payload(id, 5, { awaited: 2 }));
		await flush(payload(id, 4, { status: 'waiting' }));
		expect(await state(id)).toEqual(now);
	});

	it('a player who left loses their seat, and a late payload from before does not bring it back', async () => {
		const id = newId();
		const users = ['ua', 'ub', 'uc'].map((u) => `${u}-${id}`);
		await flush(payload(id, 3, { status: 'waiting', users }));
		await flush(payload(id, 4, { status: 'waiting', users: users.slice(0, 2) }));
		expect((await state(id)).seats.map((s) => s.user_id)).toEqual(users.slice(0, 2));
		await flush(payload(id, 3, { status: 'waiting', users }));
		expect((await state(id)).seats.map((s) => s.user_id)).toEqual(users.slice(0, 2));
		// They join again: a new row.
		await flush(payload(id, 5, { status: 'waiting', users }));
		expect((await state(id)).seats.map((s) => s.user_id)).toEqual(users);
	});

	it('the start may renumber the seats in any order (no unique seat number to collide with)', async () => {
		const id = newId();
		await flush(payload(id, 3, { status: 'waiting' }));
		await flush(payload(id, 4, { seats: [2, 0, 1] }));
		const s = await state(id);
		expect(s.seats.map((x) => x.seat)).toEqual([2, 0, 1]);
		// The game's status reached every seat, with the game's updated_at of that flush.
		expect(s.seats.map((x) => [x.status, x.updated_at])).toEqual(Array(3).fill(['active', T0 + 4000]));
	});

	it('the end: status, results and the time it finished in every seat; a retry of it writes nothing', async () => {
		const id = newId();
		await flush(payload(id, 8));
		await flush(payload(id, 9, { status: 'finished' }));
		const s = await state(id);
		expect(s.game).toMatchObject({ status: 'finished', finished_at: T0 + 9000, version: 9 });
		expect(s.seats.map((x) => [x.status, x.updated_at, x.score])).toEqual([
			['finished', T0 + 9000, 10],
			['finished', T0 + 9000, 11],
			['finished', T0 + 9000, 12]
		]);
		expect(await flush(payload(id, 9, { status: 'finished' }))).toBe(0);
		await flush(payload(id, 8));
		expect(await state(id)).toEqual(s);
	});
});

// ---- fan-out by the cursor ------------------------------------------------------------------------

let eventN = 0;
/** A running game with the user awaited at seat 0, and its "your turn" event (as a room's flush writes it). */
async function turnFor(userId: string, at: number): Promise<string> {
	const id = newId();
	// Awaited since the event: its wait began with it (delivery.ts isAwaited).
	await flush(payload(id, 5, { users: [userId, `ub-${id}`, `uc-${id}`], since: at }));
	const eventId = `${id}:${5 + eventN++}:turn:0`;
	const data = { gameId: id, version: 5, seat: 0, round: 1, phase: 'place', names: ['me', 'ben', 'caro'], since: [], deadline: null };
	await DB.prepare(INSERT_EVENT_SQL).bind(eventId, userId, id, 'turn', 5, 0, JSON.stringify(data), at).run();
	return eventId;
}

/** An away user told by email at once (a verified address, grace 0, no push). */
async function away(name: string) {
	const u = await signUp(name);
	await DB.prepare('UPDATE users SET email = ?1, email_verified_at = 1, grace_minutes = 0 WHERE id = ?2').bind(`${name}@example.com`, u.id).run();
	return u;
}

const delivered = async (eventId: string) => ({
	inbox: (await DB.prepare('SELECT id FROM inbox WHERE id = ?1').bind(`${eventId}:inapp`).all()).results.length,
	email: (await DB.prepare("SELECT id FROM notifications WHERE event_id = ?1 AND channel = 'email'").bind(eventId).all()).results.length
});
const cursor = async () => (await DB.prepare('SELECT seq FROM postman_cursor WHERE id = 1').first<{ seq: number }>())?.seq ?? 0;
const seqOf = async (eventId: string) => (await DB.prepare('SELECT seq FROM notification_events WHERE id = ?1').bind(eventId).first<{ seq: number }>())!.seq;

describe('fan-out by the cursor (no fanned_out flag)', () => {
	it('two postmen at once, and a run retried from an old cursor: one inbox entry and one email row each', async () => {
		const u = await away('cursor2');
		const now = Date.now();
		const events = [await turnFor(u.id, now), await turnFor(u.id, now + 1)];
		await Promise.all([fanOut(DB, now + 10, ORIGIN), fanOut(DB, now + 10, ORIGIN)]);
		for (const e of events) expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
		expect(await cursor()).toBeGreaterThanOrEqual(await seqOf(events[1]));
		// A postman that read these events before the cursor moved (it went back to read them again).
		await DB.prepare('UPDATE postman_cursor SET seq = ?1 WHERE id = 1').bind((await seqOf(events[0])) - 1).run();
		await fanOut(DB, now + 20, ORIGIN);
		for (const e of events) expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
	});

	it('a batch that fails moves no cursor and delivers nothing; the next run delivers once', async () => {
		const u = await away('cursorfail');
		const now = Date.now();
		const e = await turnFor(u.id, now);
		const before = await cursor();
		expect(before).toBeLessThan(await seqOf(e));
		// D1 refuses the batch (a crash between reading the events and writing their deliveries).
		const failing = new Proxy(DB, {
			get: (t, k) => (k === 'batch' ? (s: unknown[]) => (s.length > 2 ? Promise.reject(new Error('D1 gone')) : t.batch(s as never)) : Reflect.get(t, k, t).bind?.(t) ?? Reflect.get(t, k, t))
		}) as D1Database;
		await expect(fanOut(failing, now + 10, ORIGIN)).rejects.toThrow('D1 gone');
		expect(await delivered(e)).toEqual({ inbox: 0, email: 0 });
		expect(await cursor()).toBeLessThan(await seqOf(e));
		await fanOut(DB, now + 20, ORIGIN);
		expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
	});

	it('the cursor is kept in memory: D1’s row is written when due (a minute), and a restarted Postman re-reads from it and fans nothing out twice', async () => {
		const u = await away('cursorpm');
		const now = Date.now();
		const e = await turnFor(u.id, now);
		const postman = env.POSTMAN.get(env.POSTMAN.idFromName(`d1rows-a-${now}`));
		const stored = await cursor();
		await postman.runAt(now + 10);
		expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
		// In memory only (issue 33: no cursor row per batch): D1's row is where it was.
		const mem = await postman.cursorState();
		expect(mem && mem.seq).toBeGreaterThanOrEqual(await seqOf(e));
		expect(await cursor()).toBe(stored);
		// A restart before it was due: the new memory starts from D1's row, reads the event again,
		// and adds nothing (its inbox entry and email row are keyed by the event).
		expect(await postman.restart()).toMatchObject({ stored });
		await postman.runAt(now + 20);
		expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
		expect(await cursor()).toBe(stored);
		// A minute after the memory got ahead it is due: written on its own when no event comes.
		await postman.runAt(now + 20 + 60_000);
		expect(await cursor()).toBeGreaterThanOrEqual(await seqOf(e));
		const after = await postman.cursorState();
		expect(after && after.stored).toBe(after && after.seq);
		// Another object (a second postman), no memory of the first: goes on from D1's row.
		await env.POSTMAN.get(env.POSTMAN.idFromName(`d1rows-b-${now}`)).runAt(now + 30 + 60_000);
		expect(await delivered(e)).toEqual({ inbox: 1, email: 1 });
		await postman.runAt(null);
	});

	it('a seq is never reused: after the newest events are deleted, a new event still lands above a cursor kept in memory and is delivered', async () => {
		const u = await away('cursorgone');
		const v = await away('cursorkept');
		const now = Date.now();
		const gone = await turnFor(u.id, now);
		// A Postman's memory past the event; D1's row (lazy) is not.
		const lazy = new PostmanCursor();
		while ((await fanOut(DB, now + 10, ORIGIN, undefined, lazy)) > 0);
		const at = lazy.state().seq!;
		expect(at).toBeGreaterThanOrEqual(await seqOf(gone));
		expect(await cursor()).toBeLessThan(at);
		// The account's events go (people/leave.ts: deleteEventsOf): its event may have been the newest.
		await DB.batch(deleteEventsOf(DB, u.id));
		const next = await turnFor(v.id, now + 1);
		expect(await seqOf(next)).toBeGreaterThan(at);
		expect(gone).not.toBe(next);
		while ((await fanOut(DB, now + 20, ORIGIN, undefined, lazy)) > 0);
		expect(await delivered(next)).toEqual({ inbox: 1, email: 1 });
	});
});
