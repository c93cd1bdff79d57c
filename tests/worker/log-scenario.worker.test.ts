// GET /api/games/:id/log (the whole public log, for the game page) and the scenario test seam
// POST /api/dev/scenario (present only with ROOM_TEST_SEAMS=1, as in this pool).
import { describe, expect, it } from 'vitest';
import { giants, type GiantsEntry } from '$lib/games/giants';
import type { RoomView } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { call, signUp } from './room-helpers';

describe('the game log over HTTP', () => {
	it('returns the start entries and every move, oldest first, with versions that match the game', async () => {
		const users = await Promise.all(['lga', 'lgb', 'lgc'].map((n) => signUp(n)));
		const c = await call(users[0], 'POST', '/api/games', { game: 'giants', seats: 3 });
		for (const u of users.slice(1)) expect((await call(u, 'POST', `/api/games/${c.json.id}/join`)).status).toBe(200);
		const before = (await call(null, 'GET', `/api/games/${c.json.id}/log`)).json as { entries: { version: number; log: GiantsEntry[] }[] };
		expect(before.entries).toHaveLength(1);
		expect(before.entries[0].log.map((e) => e.type)).toEqual(expect.arrayContaining(['round', 'roll']));
		// Two bids: both appear, after the start, with their versions.
		const versions: number[] = [];
		for (const u of users.slice(0, 2)) {
			const v = (await call(u, 'GET', `/api/games/${c.json.id}`)).json as RoomView<GiantsView>;
			const r = await call(u, 'POST', `/api/games/${c.json.id}/moves`, {
				moveId: crypto.randomUUID(),
				move: { type: 'bid', markers: 1, workers: 0 },
				expectedVersion: v.version
			});
			expect(r.status).toBe(200);
			versions.push(r.json.version);
		}
		const after = (await call(users[2], 'GET', `/api/games/${c.json.id}/log`)).json as { entries: { version: number; log: GiantsEntry[] }[] };
		expect(after.entries.map((e) => e.version)).toEqual([before.entries[0].version, ...versions]);
		expect(after.entries.slice(1).map((e) => e.log[0].type)).toEqual(['bid-in', 'bid-in']);
		// Sealed bids stay sealed: nothing in the log says what was bid.
		expect(JSON.stringify(after)).not.toMatch(/"markers"/);
	});

	it('404 for an unknown game', async () => {
		expect((await call(null, 'GET', '/api/games/aaaaaaaaaaaaaaaa/log')).status).toBe(404);
	});
});

describe('POST /api/dev/scenario (test seam)', () => {
	it('starts a game from a position with the seats in the order given', async () => {
		const users = await Promise.all(['sca', 'scb', 'scc'].map((n) => signUp(n)));
		const r = await call(users[1], 'POST', '/api/dev/scenario', {
			usernames: users.map((u) => u.username),
			seed: 'scenario-seam',
			config: { startPlayer: 2, position: { round: 24, players: [{ rongo: 3 }, null, null] } }
		});
		expect(r.status).toBe(201);
		const v = (await call(users[0], 'GET', `/api/games/${r.json.id}`)).json as RoomView<GiantsView>;
		expect(v.status).toBe('active');
		expect(v.seats.map((s) => s.userId)).toEqual(users.map((u) => u.id));
		expect(v.yourSeat).toBe(0);
		expect(v.view!.round).toBe(24);
		expect(v.view!.startPlayer).toBe(2);
		expect(v.view!.players[0].front.rongo).toBe(3);
		// The log endpoint recomputes the same start entries.
		const log = (await call(null, 'GET', `/api/games/${r.json.id}/log`)).json as { entries: { log: GiantsEntry[] }[] };
		expect(log.entries[0].log[0]).toEqual({ type: 'round', round: 24, startPlayer: 2 });
		expect(giants.engineVersion).toBe(v.view!.engineVersion);
	});

	it('refuses unknown users and signed-out callers', async () => {
		const u = await signUp('scd');
		expect((await call(u, 'POST', '/api/dev/scenario', { usernames: [u.username, 'nobody_x1', 'nobody_x2'], seed: 's', config: {} })).status).toBe(400);
		expect((await call(null, 'POST', '/api/dev/scenario', { usernames: ['a', 'b', 'c'], seed: 's', config: {} })).status).toBe(401);
	});
});
