// Issue 32 (engine/kind.ts `Queueing`, docs/api.md "Plan ahead"): a seat's plan-ahead queue, through
// the real Worker, D1 and Durable Objects with the test-only Take-away kind (any move may be queued;
// a take of more stones than are left is not legal then). A queued move is played as the seat's own
// move the moment its turn comes, with no "your turn" for it; one that is not legal then drops the
// whole queue and wakes the seat; the queue is private, survives a new instance of the room, and a
// retried change is answered without adding back steps that were played meanwhile.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RoomView } from '$lib/protocol/room';
import { GameRoom } from '$lib/server/room/GameRoom';
import type { TakeawayView } from '../games/takeaway/kind';
import { kindOf } from '$lib/games';
import { call, room, signUp, takeawayGame } from './room-helpers';

type View = RoomView<TakeawayView>;
type Queue = { steps: unknown[][]; rev: number };

async function started(stones = 12) {
	const { id, mover, waiter, waiterSeat } = await takeawayGame(['qa', 'qb'], stones);
	return { id, mover, waiter, waiterSeat };
}

const get = async (u: Parameters<typeof call>[0], id: string) => (await call(u, 'GET', `/api/games/${id}`)).json as View;
const take = (n: number) => ({ type: 'take', n });

/** The turn events the room wrote for a seat (still in the room, or already in D1). */
async function turnEvents(id: string, seat: number): Promise<string[]> {
	await room(id).flush();
	// Issue 33: for these players (the in-app channel alone) a turn reaches D1 as the room's in-app
	// entry and no event row (notify/room-entry.ts); both are read.
	const rows = await env.DB.prepare(
		"SELECT substr(id, 1, length(id) - 6) AS id FROM inbox WHERE game_id = ?1 AND kind = 'turn' UNION SELECT id FROM notification_events WHERE game_id = ?1 AND kind = 'turn'"
	)
		.bind(id)
		.all<{ id: string }>();
	return rows.results.map((r) => r.id).filter((e) => e.endsWith(`:turn:${seat}`));
}

describe('plan ahead (engine/kind.ts Queueing)', () => {
	it('queued off-turn: private, no version; played at once when the turn comes, with no "your turn" for it', async () => {
		const { id, mover, waiter, waiterSeat } = await started();
		const before = await get(waiter, id);
		expect(before.queue).toEqual({ steps: [], rev: 0 });
		const set = await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [[take(2)], [take(3)]], rev: 0 });
		expect(set.status).toBe(200);
		expect(set.json).toEqual({ queue: { steps: [[take(2)], [take(3)]], rev: 1 }, version: before.version });
		// Nobody else learns of it: the other seat sees its own (empty) queue, a spectator none.
		const other = await get(mover, id);
		expect(other.version).toBe(before.version);
		expect(other.queue).toEqual({ steps: [], rev: 0 });
		expect((await get(null, id)).queue).toBeUndefined();
		// The mover takes 1: the waiter's first step (take 2) is played at once, as its own move.
		const moved = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'q1', move: take(1), expectedVersion: before.version });
		expect(moved.status).toBe(200);
		const after = await get(waiter, id);
		expect(after.version).toBe(before.version + 2);
		expect(after.view!.stones).toBe(12 - 1 - 2);
		expect(after.queue).toEqual({ steps: [[take(3)]], rev: 2 });
		const log = (await call(mover, 'GET', `/api/games/${id}/log`)).json as { entries: { log: { type: string; seat: number; n: number }[] }[] };
		expect(log.entries.at(-1)!.log[0]).toEqual({ type: 'take', seat: waiterSeat, n: 2, left: 9 });
		// The move is the seat's own, by its queue; the waiter was never told it was their turn.
		const moves = await runInDurableObject(room(id), (i: GameRoom) => i.store.moves());
		expect(moves.at(-1)).toMatchObject({ seat: waiterSeat, moveId: `queue:${before.version + 1}:${waiterSeat}` });
		expect(await turnEvents(id, waiterSeat)).toEqual([]);
		// Next turn: the second step plays too (9 − 1 − 3 = 5), and the queue is empty.
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'q2', move: take(1) });
		const later = await get(waiter, id);
		expect([later.view!.stones, later.queue]).toEqual([5, { steps: [], rev: 3 }]);
		expect(await turnEvents(id, waiterSeat)).toEqual([]);
		// With the queue empty, the next turn wakes the waiter as always.
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'q3', move: take(1) });
		expect((await turnEvents(id, waiterSeat)).length).toBe(1);
	});

	it('a step that is not legal when it comes up drops the whole queue and wakes the seat; alternatives are tried in order', async () => {
		const { id, mover, waiter, waiterSeat } = await started(6);
		// "Take 3, or else 1": the mover takes 2, 4 are left, and the first alternative is legal.
		await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [[take(3), take(1)]], rev: 0 });
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'a1', move: take(2) });
		let v = await get(waiter, id);
		expect([v.view!.stones, v.queue!.steps]).toEqual([1, []]);
		// "Take 3, then take 1" with 1 stone left: the mover passes, and the first step cannot be played.
		const q = v.queue!;
		await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [[take(3)], [take(1)]], rev: q.rev });
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'a2', move: { type: 'pass' } });
		v = await get(waiter, id);
		// Not played (only 1 stone left): the queue is gone — the second step too — and the seat is awaited and told.
		expect(v.activeSeats).toEqual([waiterSeat]);
		expect(v.view!.stones).toBe(1);
		expect(v.queue).toEqual({ steps: [], rev: q.rev + 2 });
		expect((await turnEvents(id, waiterSeat)).length).toBe(1);
	});

	it('kept in storage: a new instance of the room has it and plays it', async () => {
		const { id, mover, waiter } = await started();
		await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [[take(2)]], rev: 0 });
		const u = await get(waiter, id);
		const fresh = await runInDurableObject(room(id), (_i: GameRoom, state) => new GameRoom(state, env).view({ id: u.seats[u.yourSeat!].userId, username: 'x' }));
		expect(fresh.ok && (fresh as unknown as View).queue).toEqual({ steps: [[take(2)]], rev: 1 });
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'r1', move: take(1) });
		expect((await get(waiter, id)).view!.stones).toBe(9);
	});

	it('a retried change is answered as done; a late retry after the queue moved on adds nothing back', async () => {
		const { id, mover, waiter } = await started();
		const body = { steps: [[take(2)]], rev: 0 };
		const a = await call(waiter, 'PUT', `/api/games/${id}/queue`, body);
		const again = await call(waiter, 'PUT', `/api/games/${id}/queue`, body);
		expect([a.status, again.status]).toEqual([200, 200]);
		expect(again.json).toEqual(a.json);
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'i1', move: take(1) });
		const late = await call(waiter, 'PUT', `/api/games/${id}/queue`, body);
		expect([late.status, late.json.code]).toEqual([409, 'QUEUE_CHANGED']);
		expect(late.json.queue).toEqual({ steps: [], rev: 2 });
		expect((await get(waiter, id)).queue).toEqual({ steps: [], rev: 2 });
	});

	it('the end of the game clears every queue', async () => {
		const { id, mover, waiter } = await started(4);
		await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [[take(1)], [take(1)]], rev: 0 });
		// 4 stones: the mover takes 1, the waiter's first step takes 1, the mover takes the last 2 and wins.
		await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'e1', move: take(1) });
		expect((await get(waiter, id)).queue!.steps).toEqual([[take(1)]]);
		const r = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'e2', move: take(2) });
		expect(r.status).toBe(200);
		const v = await get(waiter, id);
		expect(v.status).toBe('finished');
		expect(v.queue).toEqual({ steps: [], rev: 3 });
		const q = await call(waiter, 'PUT', `/api/games/${id}/queue`, { steps: [], rev: v.queue!.rev });
		expect([q.status, q.json.code]).toEqual([409, 'GAME_OVER']);
	});

	it('bad input is refused with a stable code and changes nothing', async () => {
		const { id, waiter } = await started();
		const stranger = await signUp('qx');
		const cases: [unknown, boolean, number, string][] = [
			[{ steps: [[{ type: 'take', n: 7 }]], rev: 0 }, false, 422, 'BAD_TAKE'],
			[{ steps: [[{ type: 'jump' }]], rev: 0 }, false, 422, 'NOT_QUEUEABLE'],
			[{ steps: [[]], rev: 0 }, false, 400, 'BAD_REQUEST'],
			[{ steps: Array.from({ length: 25 }, () => [take(1)]), rev: 0 }, false, 400, 'BAD_REQUEST'],
			[{ steps: [[take(1), take(1), take(1), take(1), take(1)]], rev: 0 }, false, 400, 'BAD_REQUEST'],
			[{ steps: [[take(1)]] }, false, 400, 'BAD_REQUEST'],
			[{ steps: [[take(1)]], rev: -1 }, false, 400, 'BAD_REQUEST'],
			[{ steps: [[take(1)]], rev: 5 }, false, 409, 'QUEUE_CHANGED'],
			[{ steps: 'x', rev: 0 }, false, 400, 'BAD_REQUEST'],
			[{ steps: [[take(1)]], rev: 0 }, true, 403, 'NOT_YOUR_SEAT']
		];
		for (const [body, asStranger, status, code] of cases) {
			const r = await call(asStranger ? stranger : waiter, 'PUT', `/api/games/${id}/queue`, body);
			expect([r.status, r.json.code], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
		}
		expect((await call(null, 'PUT', `/api/games/${id}/queue`, { steps: [], rev: 0 })).status).toBe(401);
		expect((await get(waiter, id)).queue).toEqual({ steps: [], rev: 0 });
	});

	it('before the start there is nothing to plan', async () => {
		const a = await signUp('nq1');
		const created = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2 });
		const r = await call(a, 'PUT', `/api/games/${created.json.id as string}/queue`, { steps: [], rev: 0 });
		expect([r.status, r.json.code]).toEqual([409, 'NOT_STARTED']);
	});
});

describe('plan ahead: the room plays a step while the player is away', () => {
	it('a seat still awaited after its queued step is woken — its player was not there (Giants, G-4.5: the others have passed)', async () => {
		const [a, b, c] = [await signUp('ga'), await signUp('gb'), await signUp('gc')];
		const made = await call(a, 'POST', '/api/dev/scenario', {
			usernames: [a.username, b.username, c.username],
			seed: 'queue-away',
			config: { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } }
		});
		expect(made.status).toBe(201);
		const id = made.json.id as string;
		const move = (u: typeof a, m: unknown, moveId: string) => call(u, 'POST', `/api/games/${id}/moves`, { moveId, move: m });
		// Ana places, Ben places at the table, Caro passes (G-4.5).
		const view = ((await call(b, 'GET', `/api/games/${id}`)).json as View).view as unknown;
		const g = kindOf('giants')!;
		const places = (g.queue!.options(view, 1) as { type: string; figure?: string; hex?: string }[]).filter((m) => m.type === 'place' && m.hex !== 'H16');
		expect((await move(a, { type: 'place', figure: 'worker', hex: 'H16' }, 'a1')).status).toBe(200);
		expect((await move(b, places.find((m) => m.figure === 'worker')!, 'b1')).status).toBe(200);
		expect((await move(c, { type: 'pass' }, 'c1')).status).toBe(200);
		// Ben plans his medicine man; Ana passes: it is played for him, and with Ana and Caro out, the
		// turn is Ben's again at once (he still has his chief) — news to him: he gets his "your turn".
		const mm = places.find((m) => m.figure === 'medicineMan' && m.hex !== places.find((x) => x.figure === 'worker')!.hex)!;
		expect((await call(b, 'PUT', `/api/games/${id}/queue`, { steps: [[mm]], rev: 0 })).status).toBe(200);
		expect((await move(a, { type: 'pass' }, 'a2')).status).toBe(200);
		const after = (await call(b, 'GET', `/api/games/${id}`)).json as View;
		expect(after.activeSeats).toEqual([1]);
		const moves = await runInDurableObject(room(id), (i: GameRoom) => i.store.moves());
		expect(moves.at(-1)!.moveId).toBe(`queue:${after.version - 1}:1`);
		const events = await turnEvents(id, 1);
		expect(events).toContain(`${id}:${after.version}:turn:1`);
	});
});
