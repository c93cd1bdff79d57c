// The "your turn" dashboard (issue 5): GET /api/games/mine lists the games awaiting me first,
// oldest waiting first, with the time left; GET /api/games/next gives the next one to play.
import { describe, expect, it } from 'vitest';
import { call, signUp } from './room-helpers';

const noAuction = { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } };

describe('your-turn dashboard', () => {
	it('orders the games awaiting me oldest first, with deadlines, and points at the next one', async () => {
		const [me, b, c] = await Promise.all(['dash', 'dashb', 'dashc'].map((n) => signUp(n)));
		const ids: string[] = [];
		for (let i = 0; i < 3; i++) {
			// Seat 0 (me) starts: the game awaits me from its start on.
			const r = await call(me, 'POST', '/api/dev/scenario', { usernames: [me.username, b.username, c.username], seed: `dash-${i}`, config: noAuction });
			expect(r.status).toBe(201);
			ids.push(r.json.id);
			await new Promise((ok) => setTimeout(ok, 20));
		}
		// A game that awaits somebody else: Ben starts.
		const other = await call(me, 'POST', '/api/dev/scenario', {
			usernames: [me.username, b.username, c.username],
			seed: 'dash-other',
			config: { ...noAuction, startPlayer: 1 }
		});
		// The index in D1 follows the rooms within a flush (lobby changes flush at once).
		let mine: { id: string; yourTurn: boolean; waitingSince: number | null; deadline: number | null }[] = [];
		for (let i = 0; i < 50; i++) {
			mine = (await call(me, 'GET', '/api/games/mine')).json.games;
			if (mine.filter((g) => g.yourTurn).length === 3 && mine.some((g) => g.id === other.json.id)) break;
			await new Promise((ok) => setTimeout(ok, 100));
		}
		const turn = mine.filter((g) => g.yourTurn);
		expect(turn.map((g) => g.id)).toEqual(ids);
		for (const g of turn) {
			expect(g.waitingSince).toBeTypeOf('number');
			expect(g.deadline! - g.waitingSince!).toBe(3 * 86_400_000); // the default: 3 days per move
		}
		expect(mine.find((g) => g.id === other.json.id)).toMatchObject({ yourTurn: false, deadline: null });
		// "Next game": from the first, the second; from one that does not await me, the oldest.
		expect((await call(me, 'GET', `/api/games/next?from=${ids[0]}`)).json).toEqual({ id: ids[1], waiting: 2 });
		expect((await call(me, 'GET', `/api/games/next?from=${other.json.id}`)).json).toEqual({ id: ids[0], waiting: 3 });
		expect((await call(null, 'GET', '/api/games/next')).status).toBe(401);
	});
});
