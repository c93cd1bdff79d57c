// Issue 13 (Rapa Nui, generic in engine/kind.ts `Standing`): standing answers. Through the real
// Worker, D1 and Durable Objects with the test-only Take-away kind, whose standing answer "one" takes
// one stone whenever it is the seat's turn: setting one is private and no move; it answers at once
// when the decision awaits the seat, as the seat's own move, which the others see as any move.
import { describe, expect, it } from 'vitest';
import type { RoomView } from '$lib/protocol/room';
import type { TakeawayView } from '../games/takeaway/kind';
import { call, signUp } from './room-helpers';

type View = RoomView<TakeawayView>;

async function started() {
	const [a, b] = [await signUp('sa'), await signUp('sb')];
	const created = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones: 12 } });
	expect(created.status).toBe(201);
	const id = created.json.id as string;
	expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
	const v = (await call(a, 'GET', `/api/games/${id}`)).json as View;
	const bySeat = v.seats.map((s) => [a, b].find((u) => u.id === s.userId)!);
	return { id, bySeat, a, b };
}

describe('standing answers (engine/kind.ts Standing)', () => {
	it('set off-turn: private, no version; the seat’s turn is then answered at once as its own move', async () => {
		const { id, bySeat } = await started();
		const start = ((await call(bySeat[0], 'GET', `/api/games/${id}`)).json as View).activeSeats[0];
		const [first, second] = [bySeat[start], bySeat[1 - start]];
		const before = (await call(first, 'GET', `/api/games/${id}`)).json as View;
		const set = await call(second, 'PUT', `/api/games/${id}/standing`, { answer: 'one' });
		expect(set.status).toBe(200);
		expect(set.json).toEqual({ standing: 'one', version: before.version });
		// No version, and nothing tells the other seat or a spectator that an answer exists.
		const other = (await call(first, 'GET', `/api/games/${id}`)).json as View;
		expect(other.version).toBe(before.version);
		expect(other.standing).toBeNull(); // its own (none), never the other's
		expect(JSON.stringify(other)).not.toContain('"one"');
		const spectator = (await call(null, 'GET', `/api/games/${id}`)).json as View;
		expect(spectator.standing).toBeUndefined();
		expect(((await call(second, 'GET', `/api/games/${id}`)).json as View).standing).toBe('one');
		// The first seat moves; the second's turn comes and its standing answer plays at once.
		const moved = await call(first, 'POST', `/api/games/${id}/moves`, { moveId: 'm1', move: { type: 'take', n: 3 }, expectedVersion: before.version });
		expect(moved.status).toBe(200);
		const after = (await call(first, 'GET', `/api/games/${id}`)).json as View;
		expect(after.version).toBe(before.version + 2);
		expect(after.view!.stones).toBe(12 - 3 - 1);
		expect(after.activeSeats).toEqual([start]);
		const log = (await call(first, 'GET', `/api/games/${id}/log`)).json as { entries: { version: number; log: { type: string; seat: number; n: number }[] }[] };
		expect(log.entries.at(-1)!.log[0]).toMatchObject({ type: 'take', n: 1 });
	});

	it('set while the decision awaits the seat: answered at once; cleared with null', async () => {
		const { id, bySeat } = await started();
		const start = ((await call(bySeat[0], 'GET', `/api/games/${id}`)).json as View).activeSeats[0];
		const first = bySeat[start];
		const v = (await call(first, 'GET', `/api/games/${id}`)).json as View;
		const r = await call(first, 'PUT', `/api/games/${id}/standing`, { answer: 'one' });
		expect(r.json).toEqual({ standing: 'one', version: v.version + 1 });
		expect(((await call(first, 'GET', `/api/games/${id}`)).json as View).view!.stones).toBe(11);
		const cleared = await call(first, 'PUT', `/api/games/${id}/standing`, { answer: null });
		expect(cleared.json).toMatchObject({ standing: null });
	});

	it('bad input is refused with a stable code and changes nothing', async () => {
		const { id, bySeat } = await started();
		const stranger = await signUp('sx');
		const v = (await call(bySeat[1], 'GET', `/api/games/${id}`)).json as View;
		const cases: [unknown, string | null, number, string][] = [
			[{ answer: 'two' }, null, 400, 'BAD_ANSWER'],
			[{ answer: 5 }, null, 400, 'BAD_REQUEST'],
			[{ answer: 'one', extra: 1 }, null, 400, 'BAD_REQUEST'],
			[{ answer: 'one' }, 'stranger', 403, 'NOT_YOUR_SEAT']
		];
		for (const [body, who, status, code] of cases) {
			const r = await call(who === 'stranger' ? stranger : bySeat[1], 'PUT', `/api/games/${id}/standing`, body);
			expect([r.status, r.json.code]).toEqual([status, code]);
		}
		expect((await call(null, 'PUT', `/api/games/${id}/standing`, { answer: 'one' })).status).toBe(401);
		const after = (await call(bySeat[1], 'GET', `/api/games/${id}`)).json as View;
		expect([after.version, after.standing]).toEqual([v.version, null]);
	});

	it('a kind without standing answers says so', async () => {
		const [a, b, c] = [await signUp('g1'), await signUp('g2'), await signUp('g3')];
		const created = await call(a, 'POST', '/api/games', { kind: 'giants', seats: 3 });
		const id = created.json.id as string;
		for (const u of [b, c]) await call(u, 'POST', `/api/games/${id}/join`, {});
		const r = await call(a, 'PUT', `/api/games/${id}/standing`, { answer: 'fame' });
		expect([r.status, r.json.code]).toEqual([409, 'NO_STANDING_ANSWERS']);
		expect(((await call(a, 'GET', `/api/games/${id}`)).json as View).standing).toBeUndefined();
	});
});
