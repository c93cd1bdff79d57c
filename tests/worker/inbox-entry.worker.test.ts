// Issue 33, "the in-app entry as the event" (src/lib/server/notify/room-entry.ts): a room's flush
// writes the in-app entry itself, in the batch of the game row, and the event row only if the postman
// may need it. Against the real local D1 (and, last, a real room and hub over HTTP):
// - exactly once: a retried flush and a late payload's events write 0 inbox rows;
// - a deleted user does not break the batch (the inbox's foreign key);
// - in-app 'off' or 'digest' gets no immediate entry (the digest still goes through the postman),
//   urgent kinds go at once unless off;
// - a verified email: the entry once (the room's) and the email once (the postman's), and fan-out
//   writes no entry for a marked event row — but still for one from before the change;
// - a turn for a game the player has open, or a stale turn, writes nothing at all;
// - an entry renders when read, in the reader's language now; an old entry reads as stored;
// - over HTTP: the waiting player's entry, no event row, and the unread badge over their hub.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { D1Payload } from '$lib/protocol/room';
import type { NotifyEvent } from '$lib/server/notify/types';
import { outboxBatch } from '$lib/server/room/outbox';
import { deliverDue, fanOut } from '$lib/server/notify/delivery';
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { inboxPage } from '$lib/server/notify/inbox';
import { signUp } from './helpers';
import { call, openSocket, takeawayGame } from './room-helpers';
import { capture } from './senders';

const DB = env.DB;
const ORIGIN = 'https://rongo.test';
const T0 = Date.parse('2034-06-05T10:00:00Z');
let gameN = 0;
const newId = () => `ientry${(gameN++).toString().padStart(10, '0')}`;

/** A running 3-player game at `version` with `users[0]` at seat 0, awaited since `T0 + version s` unless `awaited` says another seat. */
function payload(id: string, version: number, users: string[], awaited = 0): D1Payload {
	return {
		game: {
			id, game: 'giants', status: 'active', visibility: 'private', inviteCode: null, creatorId: users[0], options: '{}', seatsWanted: 3, timeLimit: '3d',
			engineVersion: 'giants@1', version, activeSeats: `[${awaited}]`, seedCommitment: 'c', clock: '{"kind":"perMove","days":3}',
			createdAt: T0, updatedAt: T0 + version * 1000, startedAt: T0, finishedAt: null, rounds: 1, players: users.length, rated: false
		},
		seats: users.map((userId, seat) => ({
			userId, seat, colour: null, score: null, winner: null, place: null, joinedAt: T0,
			waitingSince: seat === awaited ? T0 + version * 1000 : null, deadline: seat === awaited ? T0 + version * 1000 + 86_400_000 : null, timeouts: 0, dropped: 0
		}))
	};
}

/** The event a room makes at `version` for seat 0, dated as the wait it begins. */
function event(gameId: string, userId: string, version: number, o: { kind?: NotifyEvent['kind']; gameOpen?: boolean } = {}): NotifyEvent {
	const kind = o.kind ?? 'turn';
	return {
		id: `${gameId}:${version}:${kind}:0`, userId, gameId, kind, version, gameOpen: !!o.gameOpen, createdAt: T0 + version * 1000,
		data: { gameId, kind: 'giants', version, seat: 0, round: 2, phase: 'place', names: ['me', 'ben', 'caro'], since: [], deadline: T0 + version * 1000 + 86_400_000, ...(kind === 'reminder' ? { hoursLeft: 4 } : {}) }
	};
}

async function players() {
	const me = await signUp('ie');
	return { me, users: [me.id, `ben-${me.id}`, `caro-${me.id}`] };
}

/** One flush as the room writes it: rows written in all, and by the event statements (after the game's). */
async function flush(p: D1Payload, events: NotifyEvent[]) {
	const stmts = outboxBatch(DB, p, events);
	const rs = await DB.batch(stmts);
	const w = rs.map((r) => r.meta.rows_written ?? 0);
	const eventPart = outboxBatch(DB, p, []).length;
	return { all: w.reduce((a, b) => a + b, 0), events: w.slice(eventPart).reduce((a, b) => a + b, 0) };
}

const entries = async (userId: string) =>
	(await DB.prepare('SELECT id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at, id').bind(userId).all<{ id: string; kind: string; data: string; created_at: number }>()).results;
const eventRows = async (userId: string) =>
	(await DB.prepare('SELECT id, inapp_by_room FROM notification_events WHERE user_id = ?1 ORDER BY seq').bind(userId).all<{ id: string; inapp_by_room: number }>()).results;
const deliveries = async (userId: string) =>
	(await DB.prepare('SELECT id, channel, status FROM notifications WHERE user_id = ?1 ORDER BY id').bind(userId).all<{ id: string; channel: string; status: string }>()).results;
const mode = (userId: string, channel: string, m: string) =>
	DB.prepare('INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, ?2, ?3) ON CONFLICT(user_id, channel) DO UPDATE SET mode = excluded.mode').bind(userId, channel, m).run();
const verify = (userId: string) =>
	DB.prepare('UPDATE users SET email = ?2, email_verified_at = 1, grace_minutes = 0 WHERE id = ?1').bind(userId, `${userId}@mail.example`).run();

describe('the room writes the in-app entry (issue 33)', () => {
	it('an in-app-only player: the entry in the flush batch (2 rows), no event row; a retried flush and a late payload write 0', async () => {
		const { me, users } = await players();
		const id = newId();
		const e = event(id, me.id, 6);
		const first = await flush(payload(id, 6, users), [e]);
		// The entry and its unread index entry: the only rows of the event.
		expect(first.events).toBe(2);
		const got = await entries(me.id);
		expect(got).toHaveLength(1);
		expect(got[0]).toMatchObject({ id: `${e.id}:inapp`, kind: 'turn', created_at: e.createdAt });
		// The event's data, not words (rendered when read), without anything but public facts.
		expect(JSON.parse(got[0].data)).toEqual({ event: e.data });
		expect(await eventRows(me.id)).toEqual([]);
		// The same batch again (a lost answer): nothing written at all.
		expect((await flush(payload(id, 6, users), [e])).all).toBe(0);
		// A late, older payload carrying the same event (two flushes at once): the event not doubled.
		expect((await flush(payload(id, 5, users), [e])).events).toBe(0);
		expect(await entries(me.id)).toHaveLength(1);
	});

	it('a deleted user does not break the batch: the game row lands, nothing is written for them', async () => {
		const { users } = await players();
		const gone = `gone-${users[0]}`;
		const id = newId();
		const e = event(id, gone, 4);
		const w = await flush(payload(id, 4, [gone, ...users.slice(1)]), [e, event(id, gone, 4, { kind: 'reminder' })]);
		expect(w.events).toBe(0);
		expect((await DB.prepare('SELECT version FROM games WHERE id = ?1').bind(id).first<{ version: number }>())?.version).toBe(4);
		expect(await entries(gone)).toEqual([]);
		expect(await eventRows(gone)).toEqual([]);
	});

	it("in-app 'off': nothing at all; 'digest': no entry, a marked event row, and the postman makes the digest", async () => {
		const { me: off, users: offUsers } = await players();
		await mode(off.id, 'inapp', 'off');
		const id1 = newId();
		expect((await flush(payload(id1, 3, offUsers), [event(id1, off.id, 3)])).events).toBe(0);
		expect(await entries(off.id)).toEqual([]);
		expect(await eventRows(off.id)).toEqual([]);

		const { me: dig, users: digUsers } = await players();
		await mode(dig.id, 'inapp', 'digest');
		const id2 = newId();
		const e = event(id2, dig.id, 3);
		await flush(payload(id2, 3, digUsers), [e]);
		expect(await entries(dig.id)).toEqual([]);
		expect(await eventRows(dig.id)).toEqual([{ id: e.id, inapp_by_room: 1 }]);
		// Fan-out reads it like any event (a cursor from before may leave others to read too).
		while ((await fanOut(DB, T0 + 10_000, ORIGIN)) > 0);
		expect(await deliveries(dig.id)).toEqual([{ id: `${e.id}:inapp`, channel: 'inapp', status: 'digest' }]);
		expect(await entries(dig.id)).toEqual([]);
	});

	it("urgent kinds go in-app at once in 'digest' mode, not when 'off'", async () => {
		const { me, users } = await players();
		await mode(me.id, 'inapp', 'digest');
		const id = newId();
		await flush(payload(id, 7, users, 1), [event(id, me.id, 7, { kind: 'reminder' }), event(id, me.id, 7, { kind: 'timeout' }), event(id, me.id, 7, { kind: 'finished' })]);
		expect((await entries(me.id)).map((r) => r.kind).sort()).toEqual(['reminder', 'timeout']);
		await mode(me.id, 'inapp', 'off');
		await flush(payload(id, 8, users, 1), [event(id, me.id, 8, { kind: 'reminder' })]);
		expect(await entries(me.id)).toHaveLength(2);
	});

	it('a verified email: the entry once (the room) and the email once (the postman), retried flush and second fan-out included', async () => {
		const { me, users } = await players();
		await verify(me.id);
		const id = newId();
		const e = event(id, me.id, 9);
		await flush(payload(id, 9, users), [e]);
		expect(await eventRows(me.id)).toEqual([{ id: e.id, inapp_by_room: 1 }]);
		const now = e.createdAt + 1000;
		while ((await fanOut(DB, now, ORIGIN)) > 0);
		expect((await deliveries(me.id)).map((d) => d.channel)).toEqual(['email']);
		const { senders, sent } = capture();
		await deliverDue(DB, now, senders, ORIGIN);
		// Again: the room's flush retried, fan-out and delivery run again.
		await flush(payload(id, 9, users), [e]);
		while ((await fanOut(DB, now, ORIGIN)) > 0);
		await deliverDue(DB, now + 1000, senders, ORIGIN);
		expect(sent.filter((s) => s.to.id === me.id).map((s) => s.channel)).toEqual(['email']);
		expect((await entries(me.id)).map((r) => r.id)).toEqual([`${e.id}:inapp`]);
	});

	it('fan-out writes no entry for a marked event row (the room decided), but still for one from before the change', async () => {
		const { me, users } = await players();
		await verify(me.id);
		await mode(me.id, 'inapp', 'off');
		const id = newId();
		const marked = event(id, me.id, 10);
		await flush(payload(id, 10, users), [marked]);
		expect(await eventRows(me.id)).toEqual([{ id: marked.id, inapp_by_room: 1 }]);
		// In-app back on before the postman runs: the room's decision stands, no late entry.
		await mode(me.id, 'inapp', 'turn');
		// A row written before the change (unmarked): fan-out makes its entry, as it did.
		const legacy = event(id, me.id, 10, { kind: 'finished' });
		await DB.prepare(INSERT_EVENT_SQL).bind(legacy.id, me.id, id, 'finished', 10, 0, JSON.stringify(legacy.data), legacy.createdAt).run();
		while ((await fanOut(DB, legacy.createdAt + 1000, ORIGIN)) > 0);
		expect((await entries(me.id)).map((r) => r.id)).toEqual([`${legacy.id}:inapp`]);
	});

	it('a turn for a game the player has open, or a stale one, writes nothing at all — even with an email', async () => {
		const { me, users } = await players();
		await verify(me.id);
		const id = newId();
		// Open: the player is looking at the game (issue 12).
		expect((await flush(payload(id, 11, users), [event(id, me.id, 11, { gameOpen: true })])).events).toBe(0);
		// Stale: seat 0 moved already (seat 1 awaited in the state the room holds).
		expect((await flush(payload(id, 13, users, 1), [event(id, me.id, 12)])).events).toBe(0);
		// Stale: awaited again, in a newer wait than the one the event told of (the strict test).
		expect((await flush(payload(id, 15, users), [event(id, me.id, 14)])).events).toBe(0);
		expect(await entries(me.id)).toEqual([]);
		expect(await eventRows(me.id)).toEqual([]);
	});

	it("an entry renders when read, in the reader's language now; an entry from before reads as stored", async () => {
		const { me, users } = await players();
		const id = newId();
		await flush(payload(id, 6, users), [event(id, me.id, 6)]);
		await DB.prepare('UPDATE users SET locale = ?2 WHERE id = ?1').bind(me.id, 'de').run();
		const de = (await inboxPage(DB, me.id, null, ORIGIN, T0)).items[0];
		expect(de.subject).toMatch(/Du bist am Zug/);
		expect(de).toMatchObject({ url: `/games/${id}`, label: 'Giants mit ben, caro', moves: 0, unread: 1 });
		await DB.prepare('UPDATE users SET locale = ?2 WHERE id = ?1').bind(me.id, 'en').run();
		const en = (await inboxPage(DB, me.id, null, ORIGIN, T0)).items[0];
		expect(en.subject).toMatch(/your turn/);
		expect(en.text).toContain(me.username);
		// An entry from before issue 33: its words as fan-out stored them.
		const old = newId();
		await DB.prepare('INSERT INTO inbox (id, user_id, game_id, kind, data, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
			.bind(`${old}:1:turn:0:inapp`, me.id, old, 'turn', JSON.stringify({ subject: 'stored subject', text: 'stored text', url: `${ORIGIN}/de/games/${old}` }), T0 + 60_000)
			.run();
		const items = (await inboxPage(DB, me.id, null, ORIGIN, T0)).items;
		expect(items[0]).toMatchObject({ gameId: old, subject: 'stored subject', text: 'stored text', url: `/games/${old}` });
	});
});

describe('the room, the inbox and the badge over HTTP (issue 33)', () => {
	it("a move writes the waiting player's entry — no event row — and their open page hears the unread count from their hub", async () => {
		const { id, mover, waiter } = await takeawayGame(['ia', 'ib'], 12);
		const hub = await openSocket(waiter, '/api/me/socket');
		const v = (await call(mover, 'GET', `/api/games/${id}`)).json as { version: number };
		const r = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'ie1', move: { type: 'take', n: 1 }, expectedVersion: v.version });
		expect(r.status).toBe(200);
		// An away player's move is answered after its D1 write: the entry is there now.
		const mine = (await call(waiter, 'GET', '/api/me/inbox')).json as { items: { kind: string; gameId: string; subject: string }[]; unread: number };
		expect(mine.unread).toBe(1);
		expect(mine.items[0]).toMatchObject({ kind: 'turn', gameId: id });
		expect(await eventRows(waiter.id)).toEqual([]);
		// The count as the socket opened (0), the list's change, the new count.
		const heard = (await hub.next(3)).filter((m) => (m as { type: string }).type === 'inbox');
		expect(heard).toEqual([{ type: 'inbox', unread: 0 }, { type: 'inbox', unread: 1 }]);
		hub.ws.close();
		// A page opened after the entry hears the count as its socket opens (no change needed to hear it).
		const late = await openSocket(waiter, '/api/me/socket');
		expect((await late.next(1))[0]).toEqual({ type: 'inbox', unread: 1 });
		late.ws.close();
	});

	it('the same with a verified email: the entry, a marked event row, and the badge over the hub', async () => {
		const { id, mover, waiter } = await takeawayGame(['ic', 'id'], 12);
		await verify(waiter.id);
		const hub = await openSocket(waiter, '/api/me/socket');
		const v = (await call(mover, 'GET', `/api/games/${id}`)).json as { version: number };
		const r = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'ie2', move: { type: 'take', n: 1 }, expectedVersion: v.version });
		expect(r.status).toBe(200);
		expect((await entries(waiter.id)).map((e) => e.kind)).toEqual(['turn']);
		expect((await eventRows(waiter.id)).map((e) => e.inapp_by_room)).toEqual([1]);
		// The count as the socket opened (0), the list's change, the new count.
		const heard = (await hub.next(3)).filter((m) => (m as { type: string }).type === 'inbox');
		expect(heard.at(-1)).toEqual({ type: 'inbox', unread: 1 });
		hub.ws.close();
	});
});
