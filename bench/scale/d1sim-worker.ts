/**
 * bench:scale-d1's Worker (bench/scale-d1.ts bundles it and runs it in Miniflare: workerd and the local
 * D1, nothing of the app's routing): the real D1 write path of a move — the room's flush batch
 * (room/outbox.ts `outboxBatch`: the games upsert, the older seats' delete, a seat upsert per player,
 * the turn event) and the postman's real fan-out (notify/delivery.ts `fanOut`: the pending events,
 * their users, prefs and still-awaited check, the inbox rows and the fanned-out marks) — against
 * one D1 database or against two, a game's rows in the database of its hash. And the postman's real
 * delivery loop (`deliverDue`: each trip's claim, rows, user, send and mark) with a sender that
 * only waits a given time, by one postman or by several racing on their claims. Since issue 33
 * ("the in-app entry as the event", notify/room-entry.ts) the flush batch writes the in-app entry
 * itself and an event row only for a user the postman serves: the simulated players have a verified
 * address (as the model's players, told by email too), so each move's event reaches fan-out, which
 * writes its email delivery (left pending: the write path's part stops at fan-out). Without an
 * address fan-out had nothing to read and the driver's check failed (issue 33, migration 0019).
 */
import type { D1Database } from '@cloudflare/workers-types';
import { outboxBatch } from '../../src/lib/server/room/outbox';
import { deliverDue, fanOut, type Senders } from '../../src/lib/server/notify/delivery';
import type { D1Payload } from '../../src/lib/protocol/room';
import type { NotifyEvent } from '../../src/lib/server/notify/types';
import { LEGACY_KIND_ID } from '../../src/lib/games';

interface Env {
	DB: D1Database;
	DB2: D1Database;
}

const PLAYERS = 3;
/** The kind the simulated rows name: the registry's legacy default (the platform names no kind: tests/plugin-boundary.test.ts). */
const SIM_KIND = LEGACY_KIND_ID;
const users = (g: number) => Array.from({ length: PLAYERS }, (_, s) => `u${(g * PLAYERS + s) % 600}`);

/** Version `v` of game `g`: seat v % 3 is awaited; its player gets a turn event. */
function move(g: number, v: number, now: number): { p: D1Payload; e: NotifyEvent } {
	const id = `g${g}`;
	const seat = v % PLAYERS;
	const us = users(g);
	const p = {
		game: {
			id, game: SIM_KIND, status: 'active', visibility: 'public', inviteCode: null, creatorId: us[0], options: '{}', seatsWanted: PLAYERS,
			timeLimit: '3d', engineVersion: 'giants@1', version: v, activeSeats: JSON.stringify([seat]), seedCommitment: null,
			clock: '{"kind":"move","days":3}', createdAt: now, updatedAt: now, startedAt: now, finishedAt: null, rounds: 1 + Math.floor(v / 9), players: PLAYERS, rated: false
		},
		seats: us.map((userId, s) => ({ userId, seat: s, colour: s, score: 0, winner: 0, joinedAt: now, waitingSince: s === seat ? now : null, deadline: s === seat ? now + 3 * 86_400_000 : null, timeouts: 0, dropped: 0, place: null }))
	} as unknown as D1Payload;
	const e: NotifyEvent = {
		id: `${id}:${v}:turn:${seat}`, userId: us[seat], gameId: id, kind: 'turn', version: v, gameOpen: false, createdAt: now,
		data: { gameId: id, kind: SIM_KIND, version: v, seat, round: 1, phase: 'place', names: us, since: [], deadline: now + 3 * 86_400_000 }
	};
	return { p, e };
}

/** Mail game `i`: its first seat, user `m<i>` (a verified address, no grace), is awaited. */
function mailMove(i: number, now: number): { p: D1Payload; e: NotifyEvent } {
	const { p, e } = move(100_000 + i, 3, now);
	const us = [`m${i}`, 'u1', 'u2'];
	p.seats = p.seats.map((s, k) => ({ ...s, userId: us[k] }));
	return { p, e: { ...e, userId: us[0], data: { ...e.data, names: us } } };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dbOf = (env: Env, g: number, split: boolean) => (split && g % 2 === 1 ? env.DB2 : env.DB);
type Meta = { meta?: { duration?: number } };

export default {
	async fetch(request: Request, env: Env): Promise<Response> {
		const url = new URL(request.url);
		const split = url.searchParams.get('split') === '1';
		if (url.pathname === '/setup') {
			const statements = (await request.json()) as string[];
			for (const db of [env.DB, env.DB2]) {
				for (const sql of statements) await db.prepare(sql).run();
				const now = Date.now();
				// A verified address each: the room then writes an event row for the postman beside the in-app
				// entry (issue 33, room-entry.ts), and fan-out has each move's event to read — the model's
				// player, who is told by email too (docs/scale.md).
				const insert = db.prepare(
					"INSERT OR IGNORE INTO users (id, username, username_key, password_hash, created_at, email, email_verified_at) VALUES (?1, ?1, ?1, 'x', ?2, ?1 || '@example.com', ?2)"
				);
				await db.batch(Array.from({ length: 600 }, (_, i) => insert.bind(`u${i}`, now)));
			}
			return Response.json({ ok: true });
		}
		if (url.pathname === '/flush') {
			// One move's flush for each game listed (`g=1,2,3`, version `v`), all at once.
			const v = Number(url.searchParams.get('v'));
			const games = (url.searchParams.get('g') ?? '').split(',').map(Number);
			const now = Date.now();
			let sqlMs = 0;
			await Promise.all(
				games.map(async (g) => {
					const db = dbOf(env, g, split);
					const { p, e } = move(g, v, now);
					const rs = (await db.batch(outboxBatch(db as never, p, [e]) as never)) as Meta[];
					for (const r of rs) sqlMs += r.meta?.duration ?? 0;
				})
			);
			return Response.json({ sqlMs });
		}
		if (url.pathname === '/fanout') {
			// The postman of database `db` (0 or 1): fans out everything pending now.
			const db = url.searchParams.get('db') === '1' ? env.DB2 : env.DB;
			let n = 0;
			for (let k; (k = await fanOut(db as never, Date.now(), 'http://localhost')) > 0; ) n += k;
			return Response.json({ n });
		}
		if (url.pathname === '/mail-setup') {
			// `n` users with a verified address and no grace, one game each where it is their turn, fanned
			// out: n email deliveries due now.
			const n = Number(url.searchParams.get('n'));
			const now = Date.now();
			const db = env.DB;
			const insert = db.prepare(
				"INSERT OR IGNORE INTO users (id, username, username_key, password_hash, created_at, email, email_verified_at, grace_minutes) VALUES (?1, ?1, ?1, 'x', ?2, ?1 || '@example.com', ?2, 0)"
			);
			await db.batch(Array.from({ length: n }, (_, i) => insert.bind(`m${i}`, now)));
			for (let i = 0; i < n; i += 20)
				await Promise.all(
					Array.from({ length: Math.min(20, n - i) }, (_, k) => {
						const { p, e } = mailMove(i + k, now);
						return db.batch(outboxBatch(db as never, p, [e]) as never);
					})
				);
			let fanned = 0;
			for (let k; (k = await fanOut(db as never, Date.now(), 'http://localhost')) > 0; ) fanned += k;
			return Response.json({ fanned });
		}
		if (url.pathname === '/deliver') {
			// One postman's delivery loop until nothing is due; every send takes `delay` ms.
			const delay = Number(url.searchParams.get('delay'));
			let sends = 0;
			const sender = { send: async () => { sends++; await wait(delay); } };
			const senders = { inapp: sender, email: sender, push: sender, webhook: sender } as unknown as Senders;
			let told = 0;
			for (let k; (k = await deliverDue(env.DB as never, Date.now(), senders, 'http://localhost')) > 0; ) told += k;
			return Response.json({ told, sends });
		}
		return new Response('not found', { status: 404 });
	}
};
