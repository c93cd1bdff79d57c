import { describe, expect, it } from 'vitest';
import { giants, type GiantsState } from './index';
import { atPlacement, drive, play, put, refused } from './test-helpers';

const place = (figure: string, hex: string, logs?: number) => ({ type: 'place', figure, hex, ...(logs !== undefined ? { logs } : {}) });
const action = (figure: string, hex: string, extra: Record<string, unknown> = {}) => ({ type: 'action', figure, hex, ...extra });

function applied(s: GiantsState, seat: number, move: unknown) {
	const r = giants.apply(s, seat, move);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
}

describe('G-4.1 place', () => {
	it('G-4.1: a worker goes from behind the screen onto any hex, with 0–2 logs', () => {
		let s = atPlacement(3, { players: [{ behind: { workers: 3, logs: 3 } }] });
		s = play(s, 0, place('worker', 'H14', 2));
		expect(s.board.H14).toEqual({ workers: [1, 0, 0], medicineMen: [0, 0, 0], chiefs: [0, 0, 0], logs: 2 });
		expect(s.players[0].behind).toMatchObject({ workers: 2, logs: 1 });
		expect(refused(s, 0, place('worker', 'H14', 3)).code).toBe('BAD_MOVE');
	});

	it('G-4.1: the medicine man may carry logs; only logs from behind the screen', () => {
		let s = atPlacement(3, { players: [{ behind: { logs: 1 } }] });
		expect(refused(s, 0, place('medicineMan', 'H05', 2)).code).toBe('NOT_ENOUGH_LOGS');
		s = play(s, 0, place('medicineMan', 'H05', 1));
		expect(s.board.H05.medicineMen[0]).toBe(1);
		expect(s.board.H05.logs).toBe(1);
		expect(s.players[0].behind).toMatchObject({ medicineMan: false, logs: 0 });
	});

	it('G-4.1: logs never go with the chief', () => {
		const s = atPlacement(3, { players: [{ behind: { logs: 2 } }] });
		expect(refused(s, 0, place('chief', 'H05', 1)).code).toBe('LOGS_WITH_CHIEF');
		expect(refused(s, 0, action('chief', 'H02', { logs: 1 })).code).toBe('LOGS_WITH_CHIEF');
		const chiefMoves = giants.legalMoves(s, 0).filter((m) => 'figure' in m && m.figure === 'chief');
		expect(chiefMoves.length).toBeGreaterThan(0);
		expect(chiefMoves.every((m) => !('logs' in m) || m.logs === 0)).toBe(true);
	});

	it('G-4.1: a placement on a special hex takes no action', () => {
		let s = atPlacement(3);
		s = play(s, 0, place('medicineMan', 'H02')); // the village
		expect(s.players[0].behind.workers).toBe(1);
		expect(s.players[0].bag.workers).toBe(5);
	});

	it('G-4.1: only figures behind the screen, only existing hexes', () => {
		const s = atPlacement(3, { players: [{ behind: { workers: 0 } }] });
		expect(refused(s, 0, place('worker', 'H01')).code).toBe('NOT_BEHIND_SCREEN');
		expect(refused(s, 0, place('chief', 'H99')).code).toBe('NO_SUCH_HEX');
	});

	it('G-4.6: figures of any players share a hex', () => {
		const s = drive(atPlacement(3), { 0: [put('worker', 'H14')], 1: [put('chief', 'H14')], 2: [put('medicineMan', 'H14')] }, false);
		expect(s.board.H14).toEqual({ workers: [1, 0, 0], medicineMen: [0, 0, 1], chiefs: [0, 1, 0], logs: 0 });
	});
});

describe('G-4.2 medicine man actions', () => {
	it('G-4.2: village: a worker of your colour from the bag; an empty bag gives nothing', () => {
		const v = applied(atPlacement(3), 0, action('medicineMan', 'H02'));
		expect(v.state.players[0].behind.workers).toBe(2);
		expect(v.state.players[0].bag.workers).toBe(4);
		expect(v.log[0]).toMatchObject({ type: 'action', action: 'village', gained: 1 });
		const empty = applied(atPlacement(3, { players: [{ behind: { workers: 6 } }] }), 0, action('medicineMan', 'H02'));
		expect(empty.state.players[0].behind.workers).toBe(6);
		expect(empty.log[0]).toMatchObject({ action: 'village', gained: 0 });
	});

	it('G-4.2: sorcerer’s hut: a tribe marker from the bag; an empty bag gives nothing', () => {
		const v = applied(atPlacement(3), 0, action('medicineMan', 'H29'));
		expect(v.state.players[0].behind.markers).toBe(3);
		expect(v.state.players[0].bag.markers).toBe(3);
		const empty = applied(atPlacement(3, { players: [{ behind: { markers: 6 } }] }), 0, action('medicineMan', 'H29'));
		expect(empty.log[0]).toMatchObject({ action: 'hut', gained: 0 });
		expect(empty.state.players[0].behind.markers).toBe(6);
	});

	it('G-4.2: forest: the logs the tile shows, then the forest is cut for the rest of the game', () => {
		let s = applied(atPlacement(3), 0, action('medicineMan', 'H10')).state;
		expect(s.players[0].behind.logs).toBe(4);
		expect(s.supply.logs).toBe(23);
		expect(s.forestsCut).toEqual(['H10']);
		s = applied(s, 1, { type: 'rongo' }).state;
		expect(refused(s, 2, action('medicineMan', 'H10')).code).toBe('NO_ACTION_HERE');
		// A plain placement on a cut forest is still allowed.
		expect(giants.apply(s, 2, place('medicineMan', 'H10')).ok).toBe(true);
	});

	it('G-4.2: a forest cut in an earlier round offers no action', () => {
		const s = atPlacement(3, { forestsCut: ['H25'] });
		expect(refused(s, 0, action('medicineMan', 'H25')).code).toBe('NO_ACTION_HERE');
		expect(giants.legalMoves(s, 0)).not.toContainEqual(expect.objectContaining({ type: 'action', hex: 'H25' }));
	});

	it('G-4.2: forest: as many logs as the supply holds', () => {
		// 25 logs behind screens leave 2 in the supply; forest H10 shows 4.
		const s = applied(atPlacement(3, { players: [null, { behind: { logs: 25 } }] }), 0, action('medicineMan', 'H10'));
		expect(s.state.players[0].behind.logs).toBe(2);
		expect(s.state.supply.logs).toBe(0);
		expect(s.log[0]).toMatchObject({ action: 'forest', gained: 2 });
	});

	it('G-4.2: what you take is usable from your next action on (logs with the taking figure are older)', () => {
		const s = atPlacement(3);
		expect(refused(s, 0, action('medicineMan', 'H10', { logs: 1 })).code).toBe('NOT_ENOUGH_LOGS');
	});

	it('G-4.2: headdress quarry: a headdress in front of your screen', () => {
		const v = applied(atPlacement(3), 0, action('medicineMan', 'H13'));
		expect(v.state.supply.headdresses).toBe(13);
		expect(v.state.statues).toEqual([{ id: 'h1', kind: 'headdress', size: 1, loc: { kind: 'front', seat: 0 }, owner: 0, marker: null, abandoned: false }]);
	});

	it('G-4.2: reserve: a pedestal on a free ahu touching the hex; with several, you choose', () => {
		let s = atPlacement(3);
		expect(refused(s, 0, action('medicineMan', 'H01')).code).toBe('CHOOSE_AHU');
		expect(refused(s, 0, action('medicineMan', 'H01', { ahu: 'A03' })).code).toBe('AHU_NOT_FREE');
		expect(refused(s, 0, action('medicineMan', 'H02', { ahu: 'A01' })).code).toBe('NOT_AN_AHU_HEX');
		const moves = giants.legalMoves(s, 0).filter((m) => m.type === 'action' && m.hex === 'H01' && m.logs === 0);
		expect(moves.map((m) => 'ahu' in m && m.ahu)).toEqual(['A01', 'A02']);
		s = play(s, 0, action('medicineMan', 'H01', { ahu: 'A02' }));
		expect(s.ahus.A02).toEqual({ pedestal: 0, moai: null, crown: null });
		expect(s.players[0].behind.pedestals).toBe(6);
		// A hex touching one free ahu needs no choice.
		s = play(s, 1, action('medicineMan', 'H03'));
		expect(s.ahus.A03.pedestal).toBe(1);
	});

	it('G-4.2: reserve needs a pedestal behind the screen and a free, unreserved ahu', () => {
		const s = atPlacement(3, { players: [{ behind: { pedestals: 0 } }], reserved: { A01: 0, A02: 0, A03: 0, A04: 0, A05: 0, A06: 0, A07: 0 } });
		expect(refused(s, 0, action('medicineMan', 'H22')).code).toBe('NO_PEDESTAL');
		// H01 touches only reserved ahus now: no action.
		expect(refused(s, 1, { type: 'pass' }).code).toBe('NOT_YOUR_TURN');
		const t = play(s, 0, { type: 'pass' });
		expect(refused(t, 1, action('medicineMan', 'H01', { ahu: 'A01' })).code).toBe('NO_ACTION_HERE');
		expect(refused(t, 1, action('medicineMan', 'H14')).code).toBe('NO_ACTION_HERE'); // no ahu there
	});
});

describe('G-4.3 chief action', () => {
	it('G-4.3: costs a rongo tablet (2 halves back to the supply) and takes the hex’s action', () => {
		const s0 = atPlacement(3, { players: [{ rongo: 3 }] });
		expect(s0.supply.rongo).toBe(27);
		const s = play(s0, 0, action('chief', 'H29'));
		expect(s.players[0].front.rongo).toBe(1);
		expect(s.supply.rongo).toBe(29);
		expect(s.players[0].behind.markers).toBe(3);
		expect(s.board.H29.chiefs[0]).toBe(1);
	});

	it('G-4.3: without two rongo halves in front of the screen, no chief action', () => {
		const s = atPlacement(3, { players: [{ rongo: 1 }] });
		expect(refused(s, 0, action('chief', 'H29')).code).toBe('NO_RONGO_TABLET');
		expect(giants.legalMoves(s, 0).filter((m) => m.type === 'action' && m.figure === 'chief')).toEqual([]);
	});

	it('G-4.3: the chief may reserve an ahu', () => {
		const s = play(atPlacement(3, { players: [{ rongo: 2 }] }), 0, action('chief', 'H34'));
		expect(s.ahus.A22.pedestal).toBe(0);
	});

	it('G-4.3: at most once per phase 3; a new phase 3 allows it again', () => {
		let s = atPlacement(3, { players: [{ rongo: 4 }] });
		s = play(s, 0, action('chief', 'H29'));
		expect(s.players[0].chiefActionUsed).toBe(true);
		s = drive(s, { 1: [{ type: 'pass' }], 2: [{ type: 'pass' }] }, false);
		expect(giants.legalMoves(s, 0).some((m) => m.type === 'action' && m.figure === 'chief')).toBe(false);
		expect(refused(s, 0, action('chief', 'H02')).code).toMatch(/CHIEF_ACTION_USED|NOT_BEHIND_SCREEN/);
		s = drive(s, {}); // seat 0 passes; phase 4 has nothing to carry: the round ends
		expect(s).toMatchObject({ round: 3, startPlayer: 1, phase: { kind: 'place', turn: 1 } });
		expect(s.players[0].chiefActionUsed).toBe(false);
		s = play(s, 1, { type: 'pass' });
		s = play(s, 2, { type: 'pass' });
		expect(giants.legalMoves(s, 0)).toContainEqual({ type: 'action', figure: 'chief', hex: 'H29', logs: 0 });
	});
});

describe('G-4.4 rongo', () => {
	it('G-4.4: a tribe marker moves in front of the screen and buys a rongo half', () => {
		const s = play(atPlacement(3), 0, { type: 'rongo' });
		expect(s.players[0].behind.markers).toBe(1);
		expect(s.players[0].front).toMatchObject({ markers: 1, rongo: 1 });
		expect(s.supply.rongo).toBe(29);
	});

	it('G-4.4: only while the supply holds a rongo half, and with a marker behind the screen', () => {
		const s = atPlacement(3, { players: [{ rongo: 10 }, { rongo: 10 }, { rongo: 10 }] });
		expect(s.supply.rongo).toBe(0);
		expect(refused(s, 0, { type: 'rongo' }).code).toBe('NO_RONGO_LEFT');
		expect(giants.legalMoves(s, 0)).not.toContainEqual({ type: 'rongo' });
		expect(refused(atPlacement(3, { players: [{ behind: { markers: 0 } }] }), 0, { type: 'rongo' }).code).toBe('NO_MARKER');
	});
});

describe('G-4.5/G-3 turns in phase 3', () => {
	it('G-3: turns go clockwise from the start player', () => {
		let s = atPlacement(4, { startPlayer: 2 });
		expect(giants.activeSeats(s)).toEqual([2]);
		s = play(s, 2, { type: 'rongo' });
		expect(giants.activeSeats(s)).toEqual([3]);
		s = play(s, 3, { type: 'rongo' });
		expect(giants.activeSeats(s)).toEqual([0]);
		expect(refused(s, 1, { type: 'rongo' }).code).toBe('NOT_YOUR_TURN');
	});

	it('G-4.5: a player who passed takes no more turns in the phase', () => {
		let s = atPlacement(3);
		s = play(s, 0, { type: 'pass' });
		s = play(s, 1, { type: 'rongo' });
		s = play(s, 2, { type: 'rongo' });
		expect(giants.activeSeats(s)).toEqual([1]);
		expect(giants.legalMoves(s, 0)).toEqual([]);
	});

	it('G-3: when all but one have passed, the last keeps taking turns until they pass', () => {
		let s = atPlacement(3, { players: [null, null, { behind: { workers: 3 } }] });
		s = play(play(s, 0, { type: 'pass' }), 1, { type: 'pass' });
		for (let i = 0; i < 3; i++) {
			expect(giants.activeSeats(s)).toEqual([2]);
			s = play(s, 2, place('worker', 'H14'));
		}
		expect(giants.activeSeats(s)).toEqual([2]);
		const v = applied(s, 2, { type: 'pass' });
		expect(v.log).toContainEqual({ type: 'phase', phase: 'transport' });
	});

	it('G-0.4: a player whose only legal action is to pass passes automatically', () => {
		const bare = { behind: { workers: 0, medicineMan: false, markers: 0 } };
		let s = atPlacement(3, { players: [null, bare] });
		const v = applied(s, 0, { type: 'rongo' });
		// Seat 1 can still place the chief: no automatic pass yet.
		expect(giants.activeSeats(v.state)).toEqual([1]);
		s = play(v.state, 1, place('chief', 'H14'));
		s = play(s, 2, { type: 'rongo' });
		const w = applied(s, 0, { type: 'rongo' });
		expect(w.log).toContainEqual({ type: 'pass', seat: 1, phase: 'place', auto: true });
		expect(giants.activeSeats(w.state)).toEqual([2]);
	});
});
