// GET /api/games/:id/export (issue 6; v2 since issue 11): refused while the game runs (the seed is secret until the
// end, G-0.3); once over, anyone may fetch it, and replaying it with the engine gives exactly the
// final state the room holds (its spectator view) and the recorded scores.
import { describe, expect, it } from 'vitest';
import { jsonEqual, replay, seedRng, type GameExportV2 } from '$lib/engine';
import { kindOf } from '$lib/games';
import { giants, type GiantsConfig, type GiantsMove, type GiantsState, type GiantsView } from '$lib/games/giants';
import { greedyBot } from '$lib/games/giants/bots';
import type { RoomView } from '$lib/protocol/room';
import { call, signUp } from './room-helpers';
import { scores as giantsScores } from '$lib/games/giants/score';

describe('game export', () => {
	it('409 while running; once over, it replays to the room’s final state', async () => {
		const users = await Promise.all(['expa', 'expb', 'expc'].map((n) => signUp(n)));
		// Round 25 with no auction: one placement and transport phase, then the round limit (G-6.4).
		const r = await call(users[0], 'POST', '/api/dev/scenario', {
			usernames: users.map((u) => u.username),
			seed: 'export-test',
			config: { startPlayer: 1, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 25 } }
		});
		expect(r.status).toBe(201);
		const id = r.json.id as string;
		const running = await call(null, 'GET', `/api/games/${id}/export`);
		expect(running.status).toBe(409);
		expect(running.json.code).toBe('NOT_FINISHED');
		expect(JSON.stringify(running.json)).not.toContain('export-test');

		const rng = seedRng('export-bots');
		for (let i = 0; i < 500; i++) {
			const v = (await call(users[0], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			if (v.status === 'finished') break;
			const seat = v.activeSeats[0];
			const mine = (await call(users[seat], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			const move = greedyBot(mine.view!, seat, rng);
			const m = await call(users[seat], 'POST', `/api/games/${id}/moves`, { moveId: `bot-${i}`, move, expectedVersion: mine.version });
			expect(m.status).toBe(200);
		}
		const spectator = (await call(null, 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
		expect(spectator.status).toBe('finished');

		const res = await call(null, 'GET', `/api/games/${id}/export`);
		expect(res.status).toBe(200);
		// Export v2 (issue 11): the kind, its engine config and the moves — replayed by the one replay.
		const e = res.json as GameExportV2<GiantsConfig, GiantsMove>;
		expect(e).toMatchObject({ format: 'rongo-game-export', formatVersion: 2, kind: 'giants', id, seed: 'export-test', config: { players: 3, startPlayer: 1 } });
		expect(e.players.map((p) => p.username)).toEqual(users.map((u) => u.username));
		expect(e.moves.length).toBeGreaterThan(3);
		const rep = replay(kindOf(e.kind)!, { game: e.kind, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves);
		expect(rep.ok, rep.ok ? '' : rep.code).toBe(true);
		if (!rep.ok) return;
		const state = rep.value as GiantsState;
		// The replayed state, seen as a spectator, is the room's final view.
		expect(jsonEqual(giants.view(state, null), spectator.view as GiantsView)).toBe(true);
		expect(e.result.scores).toEqual(giantsScores(state).map((s) => s.total));
		expect(e.result).toMatchObject({ reason: 'round-limit', rounds: 25 });
	});

	it('404 for an unknown game', async () => {
		expect((await call(null, 'GET', '/api/games/aaaaaaaaaaaaaaaa/export')).status).toBe(404);
	});
});
