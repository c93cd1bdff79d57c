// Issue 32, a whole turn in one visit (SubmitInput.more, docs/api.md "Submit a move"): several moves
// of the same seat sent together are played one after another, each its own version — all of them,
// or none when any is refused. Through the real Worker with Rapa Nui, whose turn is step 1 (buy or
// play, R-4/R-5) then step 2 (draw, R-6) by the same player.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RoomView } from '$lib/protocol/room';
import { kindOf } from '$lib/games';
import type { GameRoom } from '$lib/server/room/GameRoom';
import { call, room, signUp } from './room-helpers';

async function started() {
	const [a, b] = [await signUp('wa'), await signUp('wb')];
	const created = await call(a, 'POST', '/api/games', { kind: 'rapanui', seats: 2 });
	expect(created.status).toBe(201);
	const id = created.json.id as string;
	expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
	const v = (await call(a, 'GET', `/api/games/${id}`)).json as RoomView;
	const seat = v.activeSeats[0];
	const mover = [a, b].find((u) => u.id === v.seats[seat].userId)!;
	// Two moves of the seat in a row, found with the engine on the room's own state (the test may look).
	const kind = kindOf('rapanui')!;
	const pair = await runInDurableObject(room(id), (i: GameRoom) => {
		for (const m1 of kind.legalMoves(i.state, seat)) {
			const r = kind.apply(i.state, seat, m1);
			if (!r.ok || !kind.activeSeats(r.value.state).includes(seat)) continue;
			const m2 = kind.legalMoves(r.value.state, seat)[0];
			if (m2) return [m1, m2];
		}
		return null;
	});
	expect(pair).not.toBeNull();
	return { id, mover, version: v.version, m1: pair![0], m2: pair![1] };
}

describe('a whole turn in one visit (SubmitInput.more)', () => {
	it('two moves sent together: each its own version, the answer the last one; a retry is a duplicate', async () => {
		const { id, mover, version, m1, m2 } = await started();
		const body = { moveId: 'turn1', move: m1, more: [m2], expectedVersion: version };
		const r = await call(mover, 'POST', `/api/games/${id}/moves`, body);
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({ version: version + 2, duplicate: false });
		const moves = await runInDurableObject(room(id), (i: GameRoom) => i.store.moves());
		expect(moves.slice(-2).map((x) => [x.version, x.moveId])).toEqual([
			[version + 1, 'turn1'],
			[version + 2, 'turn1~2']
		]);
		const again = await call(mover, 'POST', `/api/games/${id}/moves`, body);
		expect(again.json).toMatchObject({ version: version + 2, duplicate: true });
	});

	it('a refused later move refuses the whole turn: nothing is played', async () => {
		const { id, mover, version, m1 } = await started();
		const r = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'turn2', move: m1, more: [{ type: 'draw', column: 9 }], expectedVersion: version });
		expect(r.status).toBe(422);
		expect(r.json.index).toBe(1);
		const v = (await call(mover, 'GET', `/api/games/${id}`)).json as RoomView;
		expect(v.version).toBe(version);
		const sizes = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId: 'turn3', move: m1, more: Array(9).fill(m1) });
		expect([sizes.status, sizes.json.code]).toEqual([400, 'BAD_REQUEST']);
	});
});
