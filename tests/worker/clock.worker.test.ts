// Clocks, reminders, timeouts, the bot taking a dropped seat, reclaim, vacation and the notification
// events they cause — in workerd against real DO storage and the local D1, with the room's test
// clock (setClock) standing still where the test puts it and the alarm called by hand (twice where
// it matters: a duplicate or late alarm must do nothing twice).
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine';
import { giants, type Readable } from '$lib/games/giants';
import { greedyBot } from '$lib/games/giants/bots';
import { GameRoom } from '$lib/server/room/GameRoom';
import { LOOKING_MS } from '$lib/server/room/game-sockets';
import { SESSION_HEADER, USER_HEADER, type CreateInput, type RoomUser, type RoomView } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import type { NotifyEvent } from '$lib/server/notify/types';
import { api, signUp } from './helpers';
import { createInput, d1Game, d1Seats, room, user } from './room-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2031, 2, 3, 12);

type Stub = ReturnType<typeof room>;

async function viewOf(stub: Stub, u: RoomUser | null): Promise<RoomView<GiantsView>> {
	const v = await stub.view(u);
	if (!v.ok) throw new Error(v.code);
	return v as unknown as RoomView<GiantsView>;
}

/**
 * D1 accounts for room users with a verified address: since issue 33 the room writes an event row
 * only for a recipient the postman may serve (notify/room-entry.ts), and nothing at all for an id
 * without an account — so these players have one, and D1 holds every event that is news.
 */
async function accounts(users: RoomUser[]) {
	await env.DB.batch(
		users.map((u) =>
			env.DB.prepare(
				'INSERT INTO users (id, username, username_key, email, email_verified_at, password_hash, created_at) VALUES (?1, ?2, lower(?2), ?3, 1, ?4, 0)'
			).bind(u.id, u.username, `${u.id}@mail.example`, 'x')
		)
	);
}

/** A 3-player game started at T0 on the room's test clock. */
async function game(over: Partial<CreateInput> = {}) {
	const users = [user('ann'), user('bob'), user('cat')];
	await accounts(users);
	const input = createInput(users[0], over);
	const stub = room(input.gameId);
	expect(await stub.setClock(T0)).toBe(true);
	expect((await stub.create(input)).ok).toBe(true);
	for (const u of users.slice(1)) expect((await stub.join(u)).ok).toBe(true);
	const v = await viewOf(stub, null);
	const bySeat = v.seats.map((s) => users.find((u) => u.id === s.userId)!);
	return { stub, gameId: input.gameId, bySeat };
}

/** Runs the alarm handler `times` times; counts the events the room wrote meanwhile. */
async function alarm(stub: Stub, times = 1): Promise<{ events: NotifyEvent[] }> {
	return runInDurableObject(stub, async (i: GameRoom) => {
		const written: NotifyEvent[] = [];
		const add = i.store.addEvent.bind(i.store);
		const append = i.store.appendMove.bind(i.store);
		i.store.addEvent = (e) => {
			written.push(e);
			add(e);
		};
		// A move's events are in its own row (issue 33).
		i.store.appendMove = (m, after) => {
			written.push(...(after?.events ?? []));
			append(m, after);
		};
		try {
			for (let k = 0; k < times; k++) await i.alarm();
		} finally {
			i.store.addEvent = add;
			i.store.appendMove = append;
		}
		return { events: written };
	});
}

async function d1Events(gameId: string): Promise<(Omit<NotifyEvent, 'data' | 'gameOpen'> & { data: NotifyEvent['data']; game_open: number; user_id: string })[]> {
	const r = await env.DB.prepare('SELECT * FROM notification_events WHERE game_id = ? ORDER BY version, id').bind(gameId).all<Record<string, unknown>>();
	return r.results.map((x) => ({ ...(x as object), data: JSON.parse(x.data as string) }) as never);
}

/** A greedy move for the seat from its own view, submitted as its player. */
async function play(stub: Stub, u: RoomUser, seat: number, tag: string) {
	const v = await viewOf(stub, u);
	const move = greedyBot(v.view as unknown as Readable, seat, seedRng(tag));
	const r = await stub.submit(u, { moveId: tag, move, expectedVersion: v.version });
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
}

describe('reminders and timeouts', () => {
	it('1 day per move: no 24 h reminder, the 4 h one once per seat though the alarm fires twice, then one automatic bid each', async () => {
		const { stub, gameId, bySeat } = await game({ timeLimit: '1d' });
		const start = await viewOf(stub, null);
		expect(start.clock).toEqual({ kind: 'perMove', days: 1 });
		expect(start.clocks.map((c) => c.deadline)).toEqual([T0 + DAY, T0 + DAY, T0 + DAY]);

		await stub.setClock(T0 + 19 * HOUR);
		expect((await alarm(stub, 2)).events).toEqual([]);
		await stub.setClock(T0 + 20 * HOUR);
		const r1 = await alarm(stub, 2);
		expect(r1.events.map((e) => [e.kind, e.data.hoursLeft, e.data.deadline])).toEqual([0, 1, 2].map(() => ['reminder', 4, T0 + DAY]));
		expect(new Set(r1.events.map((e) => e.userId))).toEqual(new Set(bySeat.map((u) => u.id)));
		expect((await viewOf(stub, null)).version).toBe(start.version); // a reminder changes no version
		await stub.setClock(T0 + 23 * HOUR);
		expect((await alarm(stub)).events).toEqual([]);

		await stub.setClock(T0 + DAY + 1);
		const r2 = await alarm(stub, 2);
		const timeouts = r2.events.filter((e) => e.kind === 'timeout');
		expect(timeouts.map((e) => e.data.auto)).toEqual(['bid', 'bid', 'bid']);
		expect(new Set(timeouts.map((e) => e.data.seat))).toEqual(new Set([0, 1, 2]));
		const after = await viewOf(stub, null);
		expect(after.version).toBe(start.version + 3);
		expect(after.clocks.map((c) => c.timeouts)).toEqual([1, 1, 1]);
		// The automatic moves are in the log as the seats' own bids of nothing.
		const moves = await runInDurableObject(stub, (i: GameRoom) => i.store.moves());
		expect(moves.map((m) => [m.moveId, JSON.parse(m.move)])).toEqual(
			moves.map((m) => [`timeout:${m.version - 1}:${m.seat}`, { type: 'bid', markers: 0, workers: 0 }])
		);
		expect(JSON.parse(moves[0].log)[0]).toMatchObject({ type: 'bid-in', seat: moves[0].seat });
		// A late alarm finds nothing more to do.
		expect((await alarm(stub, 2)).events.filter((e) => e.kind !== 'reminder')).toEqual([]);
		expect((await viewOf(stub, null)).version).toBe(after.version);

		// In D1: each event once, the start's turns for all three, no turn for a mover's own move.
		const d1 = await d1Events(gameId);
		expect(d1.filter((e) => e.kind === 'reminder')).toHaveLength(3);
		expect(d1.filter((e) => e.kind === 'timeout')).toHaveLength(3);
		expect(d1.filter((e) => e.kind === 'turn' && e.version === start.version)).toHaveLength(3);
		for (const e of d1.filter((x) => x.kind === 'turn')) {
			const m = moves.find((x) => x.version === e.version);
			if (m) expect(m.seat).not.toBe(e.data.seat);
		}
		for (const e of d1) expect(JSON.stringify(e)).not.toMatch(/secret|sealed|"seed"/);
	});

	it('a 2-day game gets both reminders, each once', async () => {
		const { stub } = await game({ timeLimit: '2d' });
		await stub.setClock(T0 + DAY);
		expect((await alarm(stub, 2)).events.map((e) => e.data.hoursLeft)).toEqual([24, 24, 24]);
		await stub.setClock(T0 + 44 * HOUR);
		expect((await alarm(stub, 2)).events.map((e) => e.data.hoursLeft)).toEqual([4, 4, 4]);
	});

	it('3 timeouts in a row drop the seat: the bot plays it at once, its clock stops; the player reclaims it', async () => {
		const { stub, gameId, bySeat } = await game({ timeLimit: '1d', options: { quickStart: true, immediateScoring: false } });
		let n = 0;
		for (let guard = 0; guard < 300; guard++) {
			const v = await viewOf(stub, null);
			if (v.clocks[0].dropped || v.status !== 'active') break;
			const others = v.activeSeats.filter((s) => s !== 0);
			if (others.length) await play(stub, bySeat[others[0]], others[0], `p${n++}`);
			else {
				await stub.setClock(v.clocks[0].deadline!);
				await alarm(stub, 2);
			}
		}
		const v = await viewOf(stub, bySeat[1]);
		expect(v.clocks[0]).toMatchObject({ dropped: true, timeouts: 3, deadline: null });
		const moves = await runInDurableObject(stub, (i: GameRoom) => i.store.moves());
		expect(moves.filter((m) => m.moveId.startsWith('timeout:')).map((m) => m.seat)).toEqual([0, 0, 0]);
		// From now on seat 0 is never left waiting: the bot moves whenever it is awaited.
		for (let k = 0; k < 40; k++) {
			const w = await viewOf(stub, null);
			if (w.status !== 'active') break;
			expect(w.activeSeats).not.toEqual([0]);
			const s = w.activeSeats.find((x) => x !== 0)!;
			await play(stub, bySeat[s], s, `q${k}`);
		}
		const botMoves = (await runInDurableObject(stub, (i: GameRoom) => i.store.moves())).filter((m) => m.moveId.startsWith('bot:'));
		expect(botMoves.length).toBeGreaterThan(0);
		expect(botMoves.every((m) => m.seat === 0 && m.userId === bySeat[0].id)).toBe(true);
		await alarm(stub);
		const d1 = await d1Events(gameId);
		expect(d1.filter((e) => e.kind === 'dropped').map((e) => e.user_id)).toEqual([bySeat[0].id]);
		expect(d1.filter((e) => e.kind === 'timeout').map((e) => e.data.seat)).toEqual([0, 0, 0]);
		expect(d1.some((e) => e.kind === 'turn' && e.data.seat === 0 && e.version > moves.at(-1)!.version)).toBe(false);
		expect((await d1Seats(gameId)).find((s) => s.seat === 0)).toMatchObject({ dropped: 1, timeouts: 3 });
		// A dropped seat has no wait and no deadline in D1 (games.waits, by seat number): never "your turn".
		expect(JSON.parse(String((await d1Game(gameId))!.waits))[0] ?? null).toBeNull();

		expect(await stub.reclaim(bySeat[1])).toMatchObject({ ok: false, status: 409, code: 'NOT_DROPPED' });
		const before = await viewOf(stub, null);
		expect(await stub.reclaim(bySeat[0])).toMatchObject({ ok: true, version: before.version + 1 });
		const back = await viewOf(stub, null);
		expect(back.clocks[0]).toMatchObject({ dropped: false, timeouts: 0 });
		await alarm(stub);
		expect((await d1Seats(gameId)).find((s) => s.seat === 0)).toMatchObject({ dropped: 0, timeouts: 0 });
	}, 120_000);
});

describe('time bank', () => {
	it('used time leaves the bank, the move adds the increment; the deadline follows the bank', async () => {
		const clock = { kind: 'bank' as const, initialDays: 1, incrementHours: 12, capDays: 2 };
		const { stub, gameId, bySeat } = await game({ clock });
		const v = await viewOf(stub, null);
		expect(v.clock).toEqual(clock);
		expect(v.timeLimit).toBe('1d');
		expect(v.clocks.map((c) => c.bank)).toEqual([DAY, DAY, DAY]);
		await stub.setClock(T0 + 6 * HOUR);
		await play(stub, bySeat[1], 1, 'b1');
		const after = await viewOf(stub, null);
		expect(after.clocks[1]).toMatchObject({ bank: DAY - 6 * HOUR + 12 * HOUR, deadline: null });
		expect(after.clocks[0].deadline).toBe(T0 + DAY);
		await alarm(stub);
		expect(JSON.parse((await d1Game(gameId))!.clock as string)).toEqual(clock);
	});
});

describe('vacation', () => {
	it('pauses the seat clock (the deadline moves by the paused time), everybody sees it; back early gives the rest back', async () => {
		const { stub, bySeat } = await game({ timeLimit: '1d' });
		await stub.setClock(T0 + HOUR);
		const r = await stub.vacation(bySeat[0].id, T0 + HOUR, T0 + HOUR + 2 * DAY);
		expect(r.ok).toBe(true);
		const v = await viewOf(stub, bySeat[2]);
		expect(v.clocks[0]).toMatchObject({ vacation: { from: T0 + HOUR, until: T0 + HOUR + 2 * DAY }, paused: true, deadline: T0 + 3 * DAY });
		expect(v.clocks[1]).toMatchObject({ vacation: null, paused: false, deadline: T0 + DAY });
		// The others time out at their deadline; seat 0 does not.
		await stub.setClock(T0 + DAY + HOUR);
		const out = (await alarm(stub)).events.filter((e) => e.kind === 'timeout');
		expect(out.map((e) => e.data.seat).sort()).toEqual([1, 2]);
		// Back after 25 hours: 25 hours paused.
		await stub.setClock(T0 + 26 * HOUR);
		expect((await stub.vacation(bySeat[0].id, null, null)).ok).toBe(true);
		expect((await viewOf(stub, null)).clocks[0]).toMatchObject({ vacation: null, paused: false, deadline: T0 + 49 * HOUR });
		// The same call again changes nothing (no version).
		const ver = (await viewOf(stub, null)).version;
		await stub.vacation(bySeat[0].id, null, null);
		expect((await viewOf(stub, null)).version).toBe(ver);
	});
});

describe('events', () => {
	it('gameOpen only while the user is looking (not merely connected); no turn for the mover', async () => {
		const { stub, gameId, bySeat } = await game({ timeLimit: '3d' });
		// Everybody bids; after the reveal turns come round. Seat 1 keeps a socket open throughout.
		// As the socket route passes it on: the user and the session that opened the socket.
		const session = JSON.stringify({ id: 'ab'.repeat(32), expiresAt: Date.now() + 86_400_000 });
		const headers = { upgrade: 'websocket', [USER_HEADER]: JSON.stringify(bySeat[1]), [SESSION_HEADER]: session };
		const res = (await stub.fetch(new Request('http://localhost/socket', { headers }) as never)) as unknown as Response & {
			webSocket: WebSocket & { accept(): void };
		};
		expect(res.status).toBe(101);
		res.webSocket.accept();
		const received: string[] = [];
		res.webSocket.addEventListener('message', (e) => {
			received.push(String(e.data));
		});
		/**
		 * Sends a presence report and waits until the room has handled it: a message after it is answered
		 * (an unknown one, answered with an error; a resync would ask D1 for this made-up session).
		 */
		const presence = async (looking: boolean) => {
			const before = received.length;
			res.webSocket.send(JSON.stringify({ type: 'presence', looking }));
			res.webSocket.send(JSON.stringify({ type: 'marker' }));
			// The marker's answer says the presence before it was handled (up to 5 s: the suite runs beside others).
			for (let i = 0; i < 250 && received.length === before; i++) await new Promise((r) => setTimeout(r, 20));
			expect(received.length, 'the room answered the marker').toBeGreaterThan(before);
		};
		let k = 0;
		/** Plays (others first) until seat 1 is newly awaited after at least `min` moves; the new turn events. */
		const untilSeat1Turn = async (min: number) => {
			const from = (await viewOf(stub, null)).version;
			let was = (await viewOf(stub, null)).activeSeats.includes(1);
			for (let n = 0; n < 60; n++) {
				const v = await viewOf(stub, null);
				const now = v.activeSeats.includes(1);
				if (n >= min && now && !was) break;
				was = now;
				const s = v.activeSeats.find((x) => x !== 1) ?? v.activeSeats[0];
				await play(stub, bySeat[s], s, `e${k++}`);
			}
			await alarm(stub);
			// The room's own events (its move rows): a turn for someone looking is written to D1 nowhere
			// since issue 33 (notify/room-entry.ts), so D1 cannot show the flag; below it shows it is absent.
			return runInDurableObject(stub, (i: GameRoom) =>
				i.store
					.moveEventsAfter(from, 1000)
					.flatMap((m) => m.events)
					.filter((e) => e.kind === 'turn')
					.map((e) => ({ ...e, game_open: e.gameOpen ? 1 : 0 }))
			);
		};
		// Issue 12: connected, but never said it is looking (a tab left open): seat 1 is told.
		const idle = await untilSeat1Turn(3);
		expect(idle.some((e) => e.data.seat === 1), 'idle: ' + JSON.stringify(idle.map((e) => [e.version, e.data.seat]))).toBe(true);
		for (const e of idle) expect(e.game_open).toBe(0);
		// Looking now: seat 1's turns are held back; nobody else's.
		await presence(true);
		// And the room remembers what seat 1 has seen ("since your last visit"), for seat 1 only.
		const seenAt = (await viewOf(stub, null)).version;
		expect((await viewOf(stub, bySeat[1])).seenVersion).toBe(seenAt);
		expect((await viewOf(stub, bySeat[0])).seenVersion).toBeNull();
		expect((await viewOf(stub, null)).seenVersion).toBeUndefined();
		const looking = await untilSeat1Turn(1);
		expect(looking.some((e) => e.data.seat === 1), 'looking: ' + JSON.stringify(looking.map((e) => [e.version, e.data.seat]))).toBe(true);
		for (const e of looking) expect(e.game_open).toBe(e.data.seat === 1 ? 1 : 0);
		// The report goes stale after LOOKING_MS without another: seat 1 is told again.
		await stub.setClock(T0 + LOOKING_MS + 1000);
		const stale = await untilSeat1Turn(1);
		expect(stale.some((e) => e.data.seat === 1), 'stale: ' + JSON.stringify(stale.map((e) => [e.version, e.data.seat]))).toBe(true);
		for (const e of stale) expect(e.game_open).toBe(0);
		// And a page that says it is no longer looking (hidden) counts at once.
		await presence(true);
		await presence(false);
		const hidden = await untilSeat1Turn(1);
		for (const e of hidden) expect(e.game_open).toBe(0);
		// D1: no turn for someone who was looking, neither an event row nor an entry (issue 33).
		const d1Turns = (await d1Events(gameId)).filter((e) => e.kind === 'turn');
		for (const e of looking.filter((x) => x.game_open === 1)) {
			expect(d1Turns.some((d) => d.id === e.id)).toBe(false);
			expect(await env.DB.prepare('SELECT 1 FROM inbox WHERE id = ?1').bind(`${e.id}:inapp`).first()).toBeNull();
		}
		const turns = d1Turns;
		const moves = await runInDurableObject(stub, (i: GameRoom) => i.store.moves());
		for (const e of turns) {
			const m = moves.find((x) => x.version === e.version);
			if (m) expect(m.seat).not.toBe(e.data.seat);
			// `since` holds only moves after the recipient's own last one, oldest first.
			const own = moves.filter((x) => x.seat === e.data.seat && x.version <= e.version).at(-1)?.version ?? 0;
			expect(e.data.since.map((x) => x.version)).toEqual(moves.filter((x) => x.version > own && x.version <= e.version).map((x) => x.version));
			expect(e.data.names).toEqual(bySeat.map((u) => u.username));
		}
		res.webSocket.close();
	});
});

describe("'seen' (issue 30)", () => {
	it('records the version the page showed while visible: never beyond the room, never lower, and no presence', async () => {
		const { stub, bySeat } = await game({ timeLimit: '3d' });
		const session = JSON.stringify({ id: 'cd'.repeat(32), expiresAt: Date.now() + 86_400_000 });
		const headers = { upgrade: 'websocket', [USER_HEADER]: JSON.stringify(bySeat[1]), [SESSION_HEADER]: session };
		const res = (await stub.fetch(new Request('http://localhost/socket', { headers }) as never)) as unknown as Response & {
			webSocket: WebSocket & { accept(): void };
		};
		expect(res.status).toBe(101);
		res.webSocket.accept();
		const received: string[] = [];
		res.webSocket.addEventListener('message', (e) => {
			received.push(String(e.data));
		});
		// Sends a message and waits until the room has handled it (an unknown one after it is answered).
		const send = async (msg: unknown) => {
			const before = received.length;
			res.webSocket.send(JSON.stringify(msg));
			res.webSocket.send(JSON.stringify({ type: 'marker' }));
			for (let i = 0; i < 50 && !received.slice(before).some((r) => r.includes('BAD_MESSAGE')); i++) await new Promise((r) => setTimeout(r, 20));
		};
		const seen = async () => (await viewOf(stub, bySeat[1])).seenVersion;
		for (let n = 0; n < 3; n++) {
			const v = await viewOf(stub, null);
			const s = v.activeSeats.find((x) => x !== 1) ?? v.activeSeats[0];
			await play(stub, bySeat[s], s, `seen${n}`);
		}
		const now = (await viewOf(stub, null)).version;
		expect(await seen()).toBeNull();
		await send({ type: 'seen', version: now - 1 });
		expect(await seen()).toBe(now - 1);
		await send({ type: 'seen', version: now - 2 }); // an older report never lowers it
		expect(await seen()).toBe(now - 1);
		await send({ type: 'seen', version: now + 50 }); // nor claims a version the room has not reached
		expect(await seen()).toBe(now);
		// Not presence: seat 1 is not "looking" (its turns are not held back by it).
		expect(await runInDurableObject(stub, (i: GameRoom) => [...(i as unknown as { sockets: { lookingUsers(): Set<string> } }).sockets.lookingUsers()])).toEqual([]);
		res.webSocket.close();
	});
});

describe('HTTP: clock at creation, reclaim, vacation', () => {
	it('POST /api/games takes a clock; /api/me/vacation validates, counts days and tells the rooms', async () => {
		const [a, b] = [await signUp('clk'), await signUp('clk')];
		const bad = await api(a, 'POST', '/api/games', { game: 'giants', seats: 3, clock: { kind: 'bank', initialDays: 3, incrementHours: 4, capDays: 2 } });
		expect(bad.status).toBe(400);
		const made = await api(a, 'POST', '/api/games', { game: 'giants', seats: 3, clock: { kind: 'perMove', days: 5 } });
		expect(made.status).toBe(201);
		const id = made.body.id as string;
		expect(await d1Game(id)).toMatchObject({ time_limit: '5d', clock: JSON.stringify({ kind: 'perMove', days: 5 }) });
		expect((await api(b, 'POST', `/api/games/${id}/reclaim`)).status).toBe(403);
		expect((await api(a, 'POST', `/api/games/${id}/reclaim`)).body.code).toBe('NOT_DROPPED');

		expect((await api(a, 'POST', '/api/me/vacation', { days: 15 })).status).toBe(400);
		expect((await api(a, 'POST', '/api/me/vacation', { from: Date.now() - DAY, days: 2 })).status).toBe(400);
		const on = await api(a, 'POST', '/api/me/vacation', { days: 3 });
		expect(on.status).toBe(200);
		expect(on.body).toMatchObject({ daysTaken: 3, daysLeft: 11, games: 1 });
		expect((await api(a, 'POST', '/api/me/vacation', { days: 1 })).body.code).toBe('VACATION_EXISTS');
		const seen = (await api(b, 'GET', `/api/games/${id}`)).body as RoomView;
		expect(seen.clocks[0].vacation).toEqual(on.body.vacation);
		expect((await api(a, 'POST', '/api/me/vacation', {})).status).toBe(400);
		const off = await api(a, 'DELETE', '/api/me/vacation');
		expect(off.status).toBe(200);
		expect(off.body).toMatchObject({ vacation: null, daysLeft: 13 });
		expect(((await api(b, 'GET', `/api/games/${id}`)).body as RoomView).clocks[0].vacation).toBeNull();
		expect((await api(null, 'POST', '/api/me/vacation', { days: 1 })).status).toBe(401);
	});
});

// Keeps the import used when the file is type-checked alone.
void giants;
