// The GameRoom Durable Object through its real binding and storage, inside workerd: lobby rules,
// concurrency, idempotency, versions, reload = replay, and the D1 outbox with failing writes.
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { commitSeed, jsonEqual, replay, seedRng } from '$lib/engine';
import { giants, type GiantsMove, type Readable } from '$lib/games/giants';
import { greedyBot } from '$lib/games/giants/bots';
import { GameRoom } from '$lib/server/room/GameRoom';
import { outboxBatch } from '$lib/server/room/outbox';
import type { D1Payload, RoomResult, RoomView, SubmitOk } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { createInput, d1Game, d1Seats, room, startedGame, uid, user } from './room-helpers';
import { giantsKind } from '$lib/games/giants/kind';

async function viewOf(stub: ReturnType<typeof room>, u: { id: string; username: string } | null): Promise<RoomView<GiantsView>> {
	const v = await stub.view(u);
	if (!v.ok) throw new Error(v.code);
	return v as unknown as RoomView<GiantsView>;
}

/** A legal move for the user's seat, computed from their own view (as a client would). */
async function legalFor(stub: ReturnType<typeof room>, u: { id: string; username: string }): Promise<GiantsMove[]> {
	const v = await viewOf(stub, u);
	return giants.legalMoves(v.view!, v.yourSeat!);
}

/** Plays `count` legal moves, each by a seat whose input is awaited. */
async function play(stub: ReturnType<typeof room>, users: { id: string; username: string }[], count: number) {
	for (let i = 0; i < count; i++) {
		const v = await viewOf(stub, null);
		if (v.status !== 'active') return;
		const seat = v.activeSeats[0];
		const u = users.find((x) => v.seats.find((s) => s.seat === seat)!.userId === x.id)!;
		const moves = await legalFor(stub, u);
		const r = await stub.submit(u, { moveId: uid('m'), move: moves[i % moves.length], expectedVersion: v.version });
		if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	}
}

describe('lobby', () => {
	it('creates, joins, leaves, refuses and starts by the creator with 3 of 4 seats', async () => {
		const [a, b, c, d] = [user('a'), user('b'), user('c'), user('d')];
		const input = createInput(a, { seatsWanted: 4, visibility: 'private', inviteCode: uid('inv') });
		const stub = room(input.gameId);
		expect(await stub.create(input)).toEqual({ ok: true, version: 1 });
		expect((await stub.create(input)) as object).toMatchObject({ ok: false, status: 409, code: 'ALREADY_EXISTS' });
		// Without its code a private game is "no such game" to a stranger, whatever the stranger tries.
		for (const r of [await stub.join(b), await stub.join(b, 'wrong'), await stub.start(b), await stub.leave(b), await stub.reclaim(b), await stub.submit(b, { moveId: 'x', move: { type: 'pass' } })])
			expect(r).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
		expect(await stub.join(b, input.inviteCode!)).toEqual({ ok: true, version: 2 });
		expect(await stub.join(b, input.inviteCode!)).toMatchObject({ ok: false, status: 409, code: 'ALREADY_SEATED' });
		expect(await stub.start(a)).toMatchObject({ ok: false, status: 409, code: 'NOT_ENOUGH_PLAYERS' });
		expect(await stub.join(c, input.inviteCode!)).toEqual({ ok: true, version: 3 });
		expect(await stub.start(b)).toMatchObject({ ok: false, status: 403, code: 'FORBIDDEN' });
		expect(await stub.leave(c)).toEqual({ ok: true, version: 4 });
		// c left: to c the private game is now as to any stranger.
		expect(await stub.leave(c)).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
		expect(await stub.join(c, input.inviteCode!)).toEqual({ ok: true, version: 5 });
		const waiting = await viewOf(stub, b);
		expect(waiting.status).toBe('waiting');
		expect(waiting.view).toBeNull();
		expect(waiting.inviteCode).toBe(input.inviteCode);
		// Private: d, unseated, sees the game only with its invite code — and is not shown the code.
		expect(await stub.view(d)).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
		expect(await stub.view(d, input.inviteCode)).toMatchObject({ ok: true, yourSeat: null, inviteCode: null });
		expect(await stub.start(a)).toEqual({ ok: true, version: 6 });
		const v = await viewOf(stub, a);
		expect(v.status).toBe('active');
		expect(v.seats.map((s) => s.seat)).toEqual([0, 1, 2]);
		expect(new Set(v.seats.map((s) => s.userId))).toEqual(new Set([a.id, b.id, c.id]));
		expect(v.view!.options.players).toBe(3);
		expect(await stub.leave(a)).toMatchObject({ ok: false, status: 409, code: 'NOT_WAITING' });
		expect(await stub.join(d, input.inviteCode!)).toMatchObject({ ok: false, status: 409, code: 'NOT_WAITING' });
	});

	it('starts by itself when full; a fourth player finds it full or started', async () => {
		const { stub, users } = await startedGame();
		const v = await viewOf(stub, users[0]);
		expect(v.status).toBe('active');
		expect(v.version).toBe(3);
		expect(v.view!.phase.kind).toBe('bid');
		expect(v.activeSeats.length).toBe(3);
		expect(await stub.join(user())).toMatchObject({ ok: false, status: 409 });
	});

	it('the creator leaving passes the start to the longest waiting player; the last one closes the game', async () => {
		const [a, b] = [user('a'), user('b')];
		const input = createInput(a, { seatsWanted: 5 });
		const stub = room(input.gameId);
		await stub.create(input);
		await stub.join(b);
		await stub.leave(a);
		expect((await viewOf(stub, b)).creatorId).toBe(b.id);
		await stub.leave(b);
		const v = await viewOf(stub, null);
		expect(v.status).toBe('finished');
		expect(v.seats).toEqual([]);
	});

	it('an unknown game is 404 and leaves no storage behind', async () => {
		const stub = room(uid('nothing'));
		expect(await stub.view(null)).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
		expect(await stub.join(user())).toMatchObject({ ok: false, status: 404 });
		const tables = await runInDurableObject(stub, (_i, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type='table' AND name='meta'").toArray());
		expect(tables).toEqual([]);
	});
});

describe('moves', () => {
	it('a seat\'s newest move is kept in the meta row, so "since your last move" reads the log by its key alone (issues 16, 17)', async () => {
		const { stub, users } = await startedGame();
		await play(stub, users, 12);
		const got = await runInDurableObject(stub, (i: GameRoom, state) => {
			const sql = state.storage.sql;
			const newest = sql.exec<{ seat: number; v: number }>('SELECT seat, MAX(version) AS v FROM moves GROUP BY seat').toArray();
			const plan = sql
				.exec<{ detail: string }>('EXPLAIN QUERY PLAN SELECT version, log FROM moves WHERE version <= ? AND version > ? ORDER BY version DESC LIMIT ?', 99, 3, 41)
				.toArray()
				.map((r: { detail: string }) => r.detail)
				.join(' | ');
			const indexes = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'moves'").toArray().map((r: { name: string }) => r.name);
			// Issue 33: the newest meta is in the newest move's row (head), not rewritten in the meta row.
			const meta = i.store.head().meta;
			const version = meta.version;
			const seats = [0, 1, 2];
			// The same answer as the log's own lookup, for every seat.
			const kept = seats.map((seat) => i.store.logSince(seat, version, 40, meta.lastMoves![seat] ?? 0));
			const looked = seats.map((seat) => i.store.logSince(seat, version, 40));
			return { newest, lastMoves: meta.lastMoves, plan, indexes, kept, looked };
		});
		expect(got.lastMoves).toEqual(Object.fromEntries(got.newest.map((r: { seat: number; v: number }) => [String(r.seat), r.v])));
		expect(got.newest.length).toBeGreaterThan(1);
		// No index to write with every move: neither (seat, version) nor, since issue 33, the move id's.
		expect(got.indexes).toEqual([]);
		expect(got.plan).toMatch(/SEARCH moves USING INTEGER PRIMARY KEY/);
		expect(got.kept).toEqual(got.looked);
		expect(got.kept.some((k) => k.entries.length > 0)).toBe(true);
	});

	it('a room from before issue 17 (no lastMoves in its meta) gets the moves_seat index on load and still finds a seat\'s newest move', async () => {
		const { stub, users } = await startedGame();
		await play(stub, users, 6);
		const got = await runInDurableObject(stub, async (i: GameRoom, state) => {
			const sql = state.storage.sql;
			const meta = JSON.parse(sql.exec<{ data: string }>('SELECT data FROM meta WHERE id = 1').one().data);
			delete meta.lastMoves;
			sql.exec('UPDATE meta SET data = ? WHERE id = 1', JSON.stringify({ ...meta, version: i.meta!.version }));
			// Its move rows carry nothing but the move (issue 33's columns came later).
			sql.exec('UPDATE moves SET meta = NULL, timers = NULL, events = NULL, d1 = NULL');
			// A new instance on the same storage loads the room as it was stored, and moves on in it.
			const fresh = new GameRoom(state, env);
			const v = (await fresh.view(null)) as unknown as RoomView<GiantsView>;
			const u = users.find((x) => v.seats.find((s) => s.seat === v.activeSeats[0])!.userId === x.id)!;
			const mine = (await fresh.view(u)) as unknown as RoomView<GiantsView>;
			const r = await fresh.submit(u, { moveId: uid('m'), move: giants.legalMoves(mine.view!, mine.yourSeat!)[0], expectedVersion: v.version });
			return {
				ok: r.ok,
				meta: fresh.store.head().meta.lastMoves,
				plan: sql
					.exec<{ detail: string }>('EXPLAIN QUERY PLAN SELECT MAX(version) FROM moves WHERE seat = ? AND version <= ?', 0, 99)
					.toArray()
					.map((x: { detail: string }) => x.detail)
					.join(' | ')
			};
		});
		expect(got.ok).toBe(true);
		expect(got.meta).toBeUndefined();
		expect(got.plan).toContain('moves_seat');
	});

	it('(a) 50 concurrent submits: each accepted move applied exactly once, versions gapless, the rest 409/422', async () => {
		const { stub, users } = await startedGame();
		const start = (await viewOf(stub, null)).version;
		const legal = await Promise.all(users.map((u) => legalFor(stub, u)));
		const tries = Array.from({ length: 50 }, (_, i) => {
			const k = i % 3;
			const moves = legal[k];
			// Half pin the version they saw, half do not; every move was legal at the start.
			return { u: users[k], moveId: `c${i}`, move: moves[(i * 7) % moves.length], expectedVersion: i % 2 ? start : undefined };
		});
		const results = (await Promise.all(tries.map((t) => stub.submit(t.u, { moveId: t.moveId, move: t.move, expectedVersion: t.expectedVersion })))) as unknown as RoomResult<SubmitOk>[];
		const accepted = results.flatMap((r, i) => (r.ok ? [{ ...r, moveId: tries[i].moveId }] : []));
		const refused = results.filter((r) => !r.ok);
		expect(accepted.length).toBeGreaterThan(0);
		expect(accepted.length + refused.length).toBe(50);
		for (const r of refused) {
			if (r.ok) continue;
			expect([409, 422]).toContain(r.status);
			expect(r.code).toMatch(/^[A-Z_]+$/);
		}
		const versions = accepted.map((r) => r.version).sort((x, y) => x - y);
		expect(versions).toEqual(versions.map((_, i) => start + 1 + i));
		const end = await viewOf(stub, null);
		expect(end.version).toBe(start + accepted.length);
		const logged = await runInDurableObject(stub, (i: GameRoom) => i.store.moves());
		expect(logged.map((m) => m.version)).toEqual(versions);
		expect(new Set(logged.map((m) => m.moveId))).toEqual(new Set(accepted.map((a) => a.moveId)));
	});

	it('(b) idempotent resubmission; the same moveId with another payload is MOVE_ID_REUSED', async () => {
		const { stub, users } = await startedGame();
		const [m1, m2] = await legalFor(stub, users[0]);
		const first = await stub.submit(users[0], { moveId: 'same', move: m1, expectedVersion: 3 });
		expect(first).toMatchObject({ ok: true, version: 4, duplicate: false });
		const again = await stub.submit(users[0], { moveId: 'same', move: structuredClone(m1), expectedVersion: 3 });
		expect(again).toMatchObject({ ok: true, version: 4, duplicate: true });
		expect((again as unknown as { log: unknown }).log).toEqual((first as unknown as { log: unknown }).log);
		expect((await viewOf(stub, null)).version).toBe(4);
		expect(await stub.submit(users[0], { moveId: 'same', move: m2 })).toMatchObject({ ok: false, status: 409, code: 'MOVE_ID_REUSED' });
		expect(await stub.submit(users[1], { moveId: 'same', move: m1 })).toMatchObject({ ok: false, status: 409, code: 'MOVE_ID_REUSED' });
		expect((await viewOf(stub, null)).version).toBe(4);
	});

	it('(c) a stale expectedVersion is 409 STALE_VERSION with the current version', async () => {
		const { stub, users } = await startedGame();
		const [m] = await legalFor(stub, users[1]);
		const r = await stub.submit(users[1], { moveId: uid('m'), move: m, expectedVersion: 2 });
		expect(r).toMatchObject({ ok: false, status: 409, code: 'STALE_VERSION', currentVersion: 3 });
		expect((await viewOf(stub, null)).version).toBe(3);
	});

	it('engine refusals keep their code: 422 for rules, 400 BAD_MOVE for malformed moves', async () => {
		const { stub, users } = await startedGame();
		expect(await stub.submit(users[0], { moveId: uid('m'), move: { type: 'pass' } })).toMatchObject({ ok: false, status: 422, code: 'WRONG_PHASE' });
		expect(await stub.submit(users[0], { moveId: uid('m'), move: { type: 'fly' } })).toMatchObject({ ok: false, status: 400, code: 'BAD_MOVE' });
		expect(await stub.submit(users[0], { moveId: 'bad id!', move: { type: 'pass' } })).toMatchObject({ ok: false, status: 400, code: 'BAD_REQUEST' });
	});

	it('(f) a move by someone without a seat is NOT_YOUR_SEAT; a spectator gets the spectator view', async () => {
		const { stub, users } = await startedGame();
		const [m] = await legalFor(stub, users[0]);
		const stranger = user('eve');
		expect(await stub.submit(stranger, { moveId: uid('m'), move: m })).toMatchObject({ ok: false, status: 403, code: 'NOT_YOUR_SEAT' });
		// A sealed bid is in; only its owner sees it.
		expect(await stub.submit(users[0], { moveId: uid('m'), move: m })).toMatchObject({ ok: true });
		const own = await viewOf(stub, users[0]);
		expect(own.view!.mySealed).not.toBeNull();
		for (const v of [await viewOf(stub, stranger), await viewOf(stub, null)]) {
			expect(v.yourSeat).toBeNull();
			expect(v.view!.viewer).toBeNull();
			expect(v.view!.mySealed).toBeNull();
			expect(v.view!.seed).toBeNull();
		}
		const other = await viewOf(stub, users[1]);
		expect(other.view!.mySealed).toBeNull();
		const seed = await runInDurableObject(stub, (i: GameRoom) => i.meta!.seed!);
		for (const v of [own, other, await viewOf(stub, null)]) expect(JSON.stringify(v)).not.toContain(seed);
	});
});

describe('storage', () => {
	it('(d) a fresh GameRoom over the same storage equals the live state and the replay of the log; it loads from the newest snapshot and the moves after it (issue 33)', async () => {
		const { stub, users } = await startedGame({ options: { quickStart: true, immediateScoring: false } });
		await play(stub, users, 45);
		const result = await runInDurableObject(stub, async (live: GameRoom, state) => {
			const fresh = new GameRoom(state, env);
			await fresh.view(null); // loads: the newest snapshot, the moves after it
			const moves = live.store.moves();
			const m = live.meta!;
			const replayed = replay(giants, { game: 'giants', engineVersion: m.engineVersion, config: m.config!, seed: m.seed! }, moves.map((x) => ({ seat: x.seat, move: JSON.parse(x.move) })));
			const snap = live.store.latestSnapshot();
			return {
				freshEqualsLive: jsonEqual(fresh.state, live.state),
				replayEqualsLive: replayed.ok && jsonEqual(replayed.value, live.state),
				freshMeta: jsonEqual(fresh.meta, live.meta),
				broken: fresh.broken,
				snapshotVersion: snap?.version ?? null,
				tail: live.store.movesAfter(snap?.version ?? 0).length,
				version: m.version
			};
		});
		expect(result).toMatchObject({ freshEqualsLive: true, replayEqualsLive: true, freshMeta: true, broken: null });
		expect(result.snapshotVersion).not.toBeNull();
		expect(result.snapshotVersion! % 20).toBe(0);
		// What a load replays is bounded by the snapshot interval, not by the game's length.
		expect(result.tail).toBeGreaterThan(0);
		expect(result.tail).toBeLessThan(20);
		// A logged move after the snapshot that the engine refuses (the storage changed under the game)
		// makes the room refuse to serve instead of going on from a state nobody can reproduce.
		const refused = await runInDurableObject(stub, async (live: GameRoom, state) => {
			const v = live.store.latestSnapshot()!.version + 1;
			const row = state.storage.sql.exec<{ move: string }>('SELECT move FROM moves WHERE version = ?', v).one();
			state.storage.sql.exec('UPDATE moves SET move = ? WHERE version = ?', JSON.stringify({ type: 'nonsense' }), v);
			const fresh = new GameRoom(state, env);
			const answer = await fresh.view(null);
			state.storage.sql.exec('UPDATE moves SET move = ? WHERE version = ?', row.move, v);
			return { answer, broken: fresh.broken };
		});
		expect(refused.answer).toMatchObject({ ok: false, status: 503, code: 'GAME_UNAVAILABLE' });
		expect(refused.broken).toMatch(/^REPLAY_FAILED: logged move at version \d+/);
	});

	it('(e) a failed D1 write is retried by the alarm and lands once, at the right version', async () => {
		const [a, b, c] = [user('a'), user('b'), user('c')];
		const input = createInput(a);
		const stub = room(input.gameId);
		await stub.create(input);
		await runDurableObjectAlarm(stub); // waits for the flush of version 1
		expect((await d1Game(input.gameId))!.version).toBe(1);
		expect(await stub.failNextD1Writes(2)).toBe(true);
		await stub.join(b); // v2: flush fails
		await runDurableObjectAlarm(stub); // the retry fails too
		expect((await d1Game(input.gameId))!.version).toBe(1);
		expect(await d1Seats(input.gameId)).toHaveLength(1);
		await stub.join(c); // v3 (auto-start)
		await runDurableObjectAlarm(stub);
		await runDurableObjectAlarm(stub);
		const g = (await d1Game(input.gameId))!;
		expect(g.version).toBe(3);
		expect(g.status).toBe('active');
		const seats = await d1Seats(input.gameId);
		expect(seats.map((s) => s.seat)).toEqual([0, 1, 2]);
		expect(new Set(seats.map((s) => s.user_id))).toEqual(new Set([a.id, b.id, c.id]));
		expect(seats.every((s) => s.version === 3 && typeof s.colour === 'string')).toBe(true);
		const pending = await runInDurableObject(stub, (i: GameRoom) => i.store.outboxSize());
		expect(pending).toBe(0);
		// A late, older payload (a retry that lost the race) changes nothing.
		const old: D1Payload = {
			game: { id: input.gameId, game: 'giants', status: 'waiting', visibility: 'public', inviteCode: null, creatorId: a.id, options: '{}', seatsWanted: 3, timeLimit: '3d', engineVersion: 'giants@1', version: 2, activeSeats: '[]', seedCommitment: null, createdAt: 1, updatedAt: 1, startedAt: null, finishedAt: null },
			seats: [
				{ userId: a.id, seat: 0, colour: null, score: null, winner: null, joinedAt: 1 },
				{ userId: 'ghost', seat: 1, colour: null, score: null, winner: null, joinedAt: 1 }
			]
		};
		await env.DB.batch(outboxBatch(env.DB, old));
		expect((await d1Game(input.gameId))!.version).toBe(3);
		expect((await d1Game(input.gameId))!.status).toBe('active');
		expect(await d1Seats(input.gameId)).toEqual(seats);
	});
});

describe('a whole game', () => {
	it('greedy bots play to the end from their own views: finished in D1 with scores, seed revealed, reload equals live', async () => {
		const { stub, gameId, users } = await startedGame({ seatsWanted: 3, options: { quickStart: true, immediateScoring: false } });
		const rng = seedRng('bots');
		let moves = 0;
		for (; moves < 5000; moves++) {
			const v = await viewOf(stub, null);
			if (v.status !== 'active') break;
			const seat = v.activeSeats[0];
			const u = users.find((x) => x.id === v.seats.find((s) => s.seat === seat)!.userId)!;
			const own = await viewOf(stub, u);
			const move = greedyBot(own.view as unknown as Readable, seat, rng);
			const r = await stub.submit(u, { moveId: `g${moves}`, move, expectedVersion: v.version });
			if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
		}
		const end = await viewOf(stub, users[0]);
		expect(end.status).toBe('finished');
		expect(end.activeSeats).toEqual([]);
		expect(commitSeed(end.view!.seed!)).toBe(end.view!.seedCommitment);
		expect(await stub.submit(users[0], { moveId: 'late', move: { type: 'pass' } })).toMatchObject({ ok: false, status: 422, code: 'GAME_OVER' });
		await runDurableObjectAlarm(stub);
		const g = (await d1Game(gameId))!;
		expect(g).toMatchObject({ status: 'finished', version: end.version, active_seats: '[]' });
		expect(g.finished_at).not.toBeNull();
		const seats = await d1Seats(gameId);
		const out = giantsKind.outcome(end.view!)!;
		expect(seats.map((s) => [s.seat, s.score, s.winner, s.place])).toEqual(out.sheets.map((x) => [x.seat, x.total, out.places[x.seat] === 1 ? 1 : 0, out.places[x.seat]]));
		const same = await runInDurableObject(stub, async (live: GameRoom, state) => {
			const fresh = new GameRoom(state, env);
			await fresh.view(null);
			return jsonEqual(fresh.state, live.state) && fresh.broken === null;
		});
		expect(same).toBe(true);
	}, 120_000);
});
