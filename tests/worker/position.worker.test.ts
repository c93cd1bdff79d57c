// Issue 29: a game started from a position through the test seam POST /api/dev/scenario, for every
// kind that has a position format (engine/kind.ts `PositionFormat`; Giants' full one since issue 34), through the real Worker, D1 and
// the GameRoom: the endpoint names no kind; the kind's config reads the position and refuses an
// impossible one with 400 BAD_POSITION; each seat sees only what its view shows.
import { describe, expect, it } from 'vitest';
import { call, signUp } from './room-helpers';

const positions = {
	moa: {
		ok: { colours: ['red', 'yellow', 'green'], position: { round: 1, phase: { kind: 'turn', seat: 'green' }, hands: { red: ['B01', 'B02'], yellow: ['B11'], green: ['B21', 'B22'] }, regions: { '1': { birds: { red: 3 } } } } },
		// M-1.8: 17 birds of a colour on the board.
		impossible: { position: { regions: { '1': { birds: { red: 9 } }, '2': { birds: { red: 8 } } } } }
	},
	giants: {
		// Issue 34: a full position (one with a phase), in the middle of an auction with two sealed bids in.
		ok: { position: { round: 3, phase: { kind: 'bid', bids: [{ markers: 2, workers: 1, chief: true }, { markers: 1, workers: 0, medicineMan: true }, null] }, dice: [2, 1, 1] } },
		// G-1: a colour has 6 workers.
		impossible: { position: { phase: { kind: 'place', turn: 0 }, players: [{ behind: { workers: 7 } }] } }
	},
	rapanui: {
		ok: { colours: ['yellow_green', 'light_blue', 'red'], position: { active: 'red', players: [null, null, { wood: 9 }] } },
		// a card in two places.
		impossible: { position: { box: ['moai-1'], pile: { top: ['moai-1'] } } }
	}
} as const;

describe.each(Object.entries(positions))('POST /api/dev/scenario with a position: %s', (kind, p) => {
	it('starts the game there; each seat sees its own secrets only; an impossible position is 400 BAD_POSITION', async () => {
		const players = await Promise.all(['pa', 'pb', 'pc'].map((n) => signUp(n)));
		const body = (config: unknown) => ({ kind, usernames: players.map((u) => u.username), seed: `position-${kind}-${Math.random()}`, config });
		const bad = await call(players[0], 'POST', '/api/dev/scenario', body(p.impossible));
		expect(bad.status, bad.text).toBe(400);
		expect(bad.json.code).toBe('BAD_POSITION');
		const r = await call(players[0], 'POST', '/api/dev/scenario', body({ startPlayer: 0, ...p.ok }));
		expect(r.status, r.text).toBe(201);
		const id = r.json.id as string;
		const mine = await call(players[2], 'GET', `/api/games/${id}`);
		const other = await call(players[0], 'GET', `/api/games/${id}`);
		expect(mine.json.activeSeats).toEqual([2]);
		if (kind === 'moa') {
			expect(mine.json.view.secret.hands[2]).toEqual(['B21', 'B22']);
			expect(other.json.view.secret.hands[2]).toBeNull();
			expect(other.json.view.regions[0].birds).toEqual([3, 0, 0]);
		} else if (kind === 'giants') {
			// G-0.2: who has bid is public, what only to the bidder.
			expect(other.json.view.phase).toEqual({ kind: 'bid', submitted: [true, true, false] });
			expect(other.json.view.mySealed).toEqual({ markers: 2, workers: 1, medicineMan: false, chief: true });
			expect(mine.json.view.mySealed).toBeNull();
			for (const v of [mine, other]) expect(JSON.stringify(v.json)).not.toContain('{"markers":1,"workers":0,"medicineMan":true,"chief":false}');
			expect(other.json.view.display).toEqual([1, 1, 2]);
		} else {
			expect(other.json.view.wood[2]).toBe(9);
			expect(mine.json.view.secret.pile).toBeNull();
			expect(other.json.view.secret.collections).toEqual([{ fish: 1, paper_mulberry: 1, sweet_potato: 1, grain: 1 }, null, null]);
		}
		expect(JSON.stringify(other.json.view)).not.toContain('position-');
	});
});
