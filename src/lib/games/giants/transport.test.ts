import { describe, expect, it } from 'vitest';
import { giants, type GiantsMove, type GiantsState, type StartPosition } from './index';
import { atTransport, carvedBy0, play, put, refused, statue } from './test-helpers';

const rich = { behind: { workers: 4, logs: 2 } };
/** Round 2: seat 0 carves a moai of `size` with its chief (it lies in front of the screen), then phase 3 is played. */
function carved(size: 1 | 2 | 3, placements: Record<number, GiantsMove[]>, position: StartPosition = {}, immediateScoring = false): GiantsState {
	return carvedBy0(size, placements, { players: [rich, rich, rich], ...position }, { immediateScoring });
}

/** Statues given by the position, then phase 3 played; seat 0 starts. */
function board(statues: StartPosition['statues'], placements: Record<number, GiantsMove[]>, position: StartPosition = {}): GiantsState {
	return atTransport(3, { players: [rich, rich, rich], statues, ...position }, placements);
}

const move = (id: string, path: string[], extra: Record<string, unknown> = {}) => ({ type: 'move', statue: id, path, ...extra });

describe('G-5.1 which statues a player may handle', () => {
	it('G-5.1: a statue in front of the screen starts at the moai quarry', () => {
		const s = carved(1, { 0: [put('worker', 'H27')] });
		expect(statue(s, 'm1').loc).toEqual({ kind: 'front', seat: 0 });
		const r = giants.apply(s, 0, move('m1', ['H27']));
		expect(r.ok && r.value.log[0]).toMatchObject({ type: 'move', from: 'H28', path: ['H27'] });
	});

	it('G-5.1: the player’s own unmarked statue moved earlier this phase may move again', () => {
		let s = carved(1, { 0: [put('worker', 'H27'), put('worker', 'H33')] });
		s = play(s, 0, move('m1', ['H27']));
		expect(statue(s, 'm1')).toMatchObject({ marker: null, owner: 0 });
		s = play(s, 0, move('m1', ['H33']));
		expect(statue(s, 'm1').loc).toEqual({ kind: 'hex', hex: 'H33' });
	});

	it('G-5.1: another player’s unmarked statue may not be handled (NOT_YOURS)', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H27', owner: 1, abandoned: false }, { kind: 'moai', size: 1, hex: 'H28', marker: 0 }], { 0: [put('worker', 'H27')] });
		expect(refused(s, 0, move('m1', ['H26'])).code).toBe('NOT_YOURS');
		expect(refused(s, 0, { type: 'mark', statue: 'm1' }).code).toBe('NOT_YOURS');
		expect(refused(s, 0, move('m9', ['H26'])).code).toBe('NO_SUCH_STATUE');
	});

	it('G-0.4: a seat with nothing to handle passes phase 4 automatically', () => {
		const s = carved(1, { 0: [put('worker', 'H27'), put('worker', 'H33')] });
		const r = giants.apply(s, 0, move('m1', ['H27']));
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log).toContainEqual({ type: 'pass', seat: 1, phase: 'transport', auto: true });
		expect(r.value.log).toContainEqual({ type: 'pass', seat: 2, phase: 'transport', auto: true });
		expect(giants.activeSeats(r.value.state)).toEqual([0]);
	});

	it('G-5.4: an erected moai never moves again (STATUE_FIXED)', () => {
		const s = board([{ kind: 'moai', size: 1, ahu: 'A22', owner: 0 }, { kind: 'moai', size: 1, hex: 'H28', marker: 0 }], { 0: [put('worker', 'H34')] });
		expect(refused(s, 0, move('m1', ['H33'])).code).toBe('STATUE_FIXED');
		expect(refused(s, 0, { type: 'mark', statue: 'm1' }).code).toBe('STATUE_FIXED');
	});
});

describe('G-5.4 erecting', () => {
	it('G-5.4: at the ahu’s hex, with an own figure there, on a pedestal from behind the screen', () => {
		const s = carved(2, { 0: [put('worker', 'H34'), put('worker', 'H34')] });
		expect(giants.legalMoves(s, 0)).toContainEqual({ type: 'move', statue: 'm1', path: ['H34'], erect: 'A22' });
		const t = play(s, 0, move('m1', ['H34'], { erect: 'A22' }));
		expect(t.ahus.A22).toEqual({ pedestal: 0, moai: 'm1', crown: null });
		expect(statue(t, 'm1').loc).toEqual({ kind: 'ahu', ahu: 'A22' });
		expect(t.players[0].behind.pedestals).toBe(6);
	});

	it('G-5.4: a reservation of the mover is used instead of a pedestal', () => {
		const s = carved(1, { 0: [{ type: 'action', figure: 'medicineMan', hex: 'H34', logs: 0 }] });
		expect(s.players[0].behind.pedestals).toBe(6);
		const t = play(s, 0, move('m1', ['H34'], { erect: 'A22' }));
		expect(t.players[0].behind.pedestals).toBe(6);
		expect(t.ahus.A22).toEqual({ pedestal: 0, moai: 'm1', crown: null });
	});

	it('G-5.4: an ahu reserved by another player is refused', () => {
		const s = carved(1, { 0: [put('worker', 'H34')], 1: [{ type: 'action', figure: 'medicineMan', hex: 'H34', logs: 0 }] });
		const f = refused(s, 0, move('m1', ['H34'], { erect: 'A22' }));
		expect(f.code).toBe('CANNOT_ERECT');
		expect(f.message).toMatch(/reserved by another/);
	});

	it('G-5.4: a figure of the mover’s colour must stand on the hex', () => {
		const s = carved(1, { 1: [put('worker', 'H34')] });
		expect(giants.apply(s, 0, move('m1', ['H34'])).ok).toBe(true);
		expect(refused(s, 0, move('m1', ['H34'], { erect: 'A22' })).code).toBe('CANNOT_ERECT');
	});

	it('G-5.4: no pedestal and no reservation: no erecting', () => {
		const reserved = { A01: 0, A02: 0, A03: 0, A04: 0, A05: 0, A06: 0, A07: 0 };
		const s = carved(1, { 0: [put('worker', 'H34')] }, { reserved });
		expect(s.players[0].behind.pedestals).toBe(0);
		expect(refused(s, 0, move('m1', ['H34'], { erect: 'A22' })).code).toBe('CANNOT_ERECT');
	});

	it('G-5.4: the ahu must touch the end hex and hold no moai', () => {
		const s = board([{ kind: 'moai', size: 1, ahu: 'A21', owner: 1 }, { kind: 'moai', size: 1, hex: 'H28', marker: 0 }], { 0: [put('worker', 'H34'), put('worker', 'H33')] });
		expect(refused(s, 0, move('m2', ['H34'], { erect: 'A21' })).code).toBe('AHU_NOT_ADJACENT');
		expect(refused(s, 0, move('m2', ['H34', 'H33'], { erect: 'A21' })).code).toBe('CANNOT_ERECT');
		expect(refused(s, 0, move('m2', ['H34'], { erect: 'A99' })).code).toBe('NO_SUCH_AHU');
	});

	it('G-5.4: a moai already on the hex is erected with a movement of zero hexes', () => {
		const s = board([{ kind: 'moai', size: 3, hex: 'H34', marker: 0 }], { 0: [put('worker', 'H34')] });
		expect(refused(s, 0, move('m1', [])).code).toBe('EMPTY_PATH');
		const t = play(s, 0, move('m1', [], { erect: 'A22' }));
		expect(t.ahus.A22.moai).toBe('m1');
	});

	it('G-5.6: the marker returns behind the screen when the moai is erected', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H34', marker: 0 }], { 0: [put('worker', 'H34')] });
		const markers = s.players[0].behind.markers;
		const t = play(s, 0, move('m1', [], { erect: 'A22' }));
		expect(statue(t, 'm1').marker).toBeNull();
		expect(t.players[0].behind.markers).toBe(markers + 1);
	});

	it('G-2.5: with immediate scoring the moai part is scored when erected', () => {
		const s = carved(2, { 0: [put('worker', 'H27'), put('worker', 'H33'), put('worker', 'H27'), put('worker', 'H33')] }, {}, true);
		const r = giants.apply(s, 0, move('m1', ['H27', 'H33'], { erect: 'A21' }));
		if (!r.ok) throw new Error(r.code);
		expect(r.value.state.players[0].score).toBe(6); // A21 moai value 3 × size 2
		expect(r.value.log[0]).toMatchObject({ points: 6 });
		const plain = play(carved(2, { 0: [put('worker', 'H27'), put('worker', 'H33'), put('worker', 'H27'), put('worker', 'H33')] }), 0, move('m1', ['H27', 'H33'], { erect: 'A21' }));
		expect(plain.players[0].score).toBe(0);
	});
});

describe('G-5.5 crowning', () => {
	const crowned = [{ kind: 'moai' as const, size: 1 as const, ahu: 'A22', owner: 1 }];

	it('G-5.5: a headdress crowns anyone’s erected moai from the ahu’s hex; its marker returns', () => {
		const s = board([...crowned, { kind: 'headdress', hex: 'H28', marker: 0 }], { 0: [put('worker', 'H34')] });
		const markers = s.players[0].behind.markers;
		const t = play(s, 0, move('h2', ['H34'], { crown: 'A22' }));
		expect(t.ahus.A22).toEqual({ pedestal: 1, moai: 'm1', crown: 'h2' });
		expect(statue(t, 'h2')).toMatchObject({ loc: { kind: 'ahu', ahu: 'A22' }, marker: null });
		expect(t.players[0].behind.markers).toBe(markers + 1);
	});

	it('G-5.5: a headdress already on the hex crowns with a movement of zero hexes', () => {
		const s = board([...crowned, { kind: 'headdress', hex: 'H34', marker: 0 }], { 0: [put('worker', 'H34')] });
		expect(play(s, 0, move('h2', [], { crown: 'A22' })).ahus.A22.crown).toBe('h2');
	});

	it('G-5.5: crowning needs an erected, uncrowned moai and an own figure on the hex', () => {
		const s = board([{ kind: 'headdress', hex: 'H34', marker: 0 }], { 0: [put('worker', 'H34'), put('worker', 'H33')] });
		expect(refused(s, 0, move('h1', [], { crown: 'A22' })).code).toBe('CANNOT_CROWN');
		const t = board([...crowned, { kind: 'headdress', hex: 'H28', marker: 0 }], { 1: [put('worker', 'H34')] });
		expect(refused(t, 0, move('h2', ['H34'], { crown: 'A22' })).code).toBe('CANNOT_CROWN');
	});

	it('G-5.4/G-5.5: only a moai is erected, only a headdress crowns', () => {
		const s = board([...crowned, { kind: 'headdress', hex: 'H34', marker: 0 }, { kind: 'moai', size: 1, hex: 'H34', marker: 0 }], { 0: [put('worker', 'H34')] });
		expect(refused(s, 0, move('h2', [], { erect: 'A22' })).code).toBe('NOT_A_MOAI');
		expect(refused(s, 0, move('m3', [], { crown: 'A22' })).code).toBe('NOT_A_HEADDRESS');
		expect(refused(s, 0, move('m3', [], { crown: 'A22', erect: 'A22' })).code).toBe('ONE_FINISH');
	});
});

describe('G-5.6 marking', () => {
	it('G-5.6: marking without moving puts a statue in front of the screen on its quarry', () => {
		const s = carved(1, {});
		const t = play(s, 0, { type: 'mark', statue: 'm1' });
		expect(statue(t, 'm1')).toMatchObject({ loc: { kind: 'hex', hex: 'H28' }, marker: 0 });
		expect(t.players[0].behind.markers).toBe(s.players[0].behind.markers - 1);
	});

	it('G-5.6: marking at the end of a movement', () => {
		const s = carved(1, { 0: [put('worker', 'H27')] });
		const t = play(s, 0, move('m1', ['H27'], { mark: true }));
		expect(statue(t, 'm1')).toMatchObject({ loc: { kind: 'hex', hex: 'H27' }, marker: 0, owner: 0 });
		expect(refused(s, 0, move('m1', [], { mark: true })).code).toBe('USE_MARK');
	});

	it('G-5.6: while marked, only the marker’s owner may move it (MARKED_BY_OTHER)', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H27', marker: 1 }, { kind: 'moai', size: 1, hex: 'H28', marker: 0 }], { 0: [put('worker', 'H27'), put('worker', 'H26')] });
		expect(refused(s, 0, move('m1', ['H26'])).code).toBe('MARKED_BY_OTHER');
		expect(refused(s, 0, { type: 'mark', statue: 'm1' }).code).toBe('MARKED_BY_OTHER');
	});

	it('G-5.6: a marker from behind the screen, not twice on one statue', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H28', marker: 0 }, { kind: 'moai', size: 1, hex: 'H27', abandoned: false, owner: 0 }], { 0: [put('worker', 'H26')] }, { players: [{ behind: { workers: 4, markers: 0 } }] });
		expect(refused(s, 0, { type: 'mark', statue: 'm1' }).code).toBe('ALREADY_MARKED');
		expect(refused(s, 0, { type: 'mark', statue: 'm2' }).code).toBe('NO_MARKER');
		expect(refused(s, 0, move('m2', ['H26'], { mark: true })).code).toBe('NO_MARKER');
	});
});

describe('G-5.7–5.9 end of phase 4', () => {
	it('G-5.7: unmoved statues go onto their quarry; their owner may mark them in phase 5', () => {
		const r = giants.apply(carved(1, {}), 0, { type: 'pass' });
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log).toContainEqual({ type: 'unmoved', statues: [{ statue: 'm1', hex: 'H28' }] });
		expect(statue(r.value.state, 'm1').loc).toEqual({ kind: 'hex', hex: 'H28' });
		expect(r.value.state.phase).toEqual({ kind: 'choice', eligible: [true, false, false], submitted: [false, false, false] });
	});

	it('G-5.7: an unmoved headdress goes onto the headdress quarry', () => {
		// Seat 0's medicine man takes a headdress in phase 3; nobody moves it in phase 4.
		const s = atTransport(3, {}, { 0: [{ type: 'action', figure: 'medicineMan', hex: 'H13', logs: 0 }] });
		expect(statue(s, 'h1').loc).toEqual({ kind: 'front', seat: 0 });
		const r = giants.apply(s, 0, { type: 'pass' });
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log).toContainEqual({ type: 'unmoved', statues: [{ statue: 'h1', hex: 'H13' }] });
		expect(r.value.state.unmoved).toEqual(['h1']);
	});

	it('G-5.8: an abandoned statue may be handled by anybody, but must end erected, crowning or marked', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H27' }, { kind: 'moai', size: 1, hex: 'H20', marker: 1 }], { 0: [put('worker', 'H26')], 1: [put('worker', 'H26')] });
		expect(statue(s, 'm1')).toMatchObject({ abandoned: true, owner: null });
		expect(refused(s, 0, move('m1', ['H26'])).code).toBe('ABANDONED_MUST_FINISH');
		expect(giants.legalMoves(s, 0)).not.toContainEqual(move('m1', ['H26']));
		const t = play(s, 0, move('m1', ['H26'], { mark: true }));
		expect(statue(t, 'm1')).toMatchObject({ abandoned: false, owner: 0, marker: 0 });
		// Or marks an abandoned statue in place.
		const u = play(board([{ kind: 'moai', size: 1, hex: 'H27' }], {}), 0, { type: 'mark', statue: 'm1' });
		expect(statue(u, 'm1')).toMatchObject({ abandoned: false, marker: 0, loc: { kind: 'hex', hex: 'H27' } });
	});

	it('G-5.9: every log on the board leaves the game; logs behind the screens are kept', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H28', marker: 0 }], { 0: [put('worker', 'H27', 2)], 1: [put('medicineMan', 'H14', 1)] });
		expect(s.players.map((p) => p.behind.logs)).toEqual([0, 1, 2]);
		const r = giants.apply(s, 0, { type: 'pass' });
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log).toContainEqual({ type: 'logs-out', count: 3 });
		expect(r.value.state.logsOut).toBe(3);
		expect(r.value.state.supply.logs).toBe(s.supply.logs);
		expect(r.value.state.players.map((p) => p.behind.logs)).toEqual([0, 1, 2]);
	});

	it('G-3: phase 4 turns: one statue per turn, clockwise', () => {
		const s = board([{ kind: 'moai', size: 1, hex: 'H28', marker: 0 }, { kind: 'moai', size: 1, hex: 'H28', marker: 1 }], { 0: [put('worker', 'H27')], 1: [put('worker', 'H34')] });
		expect(giants.activeSeats(s)).toEqual([0]);
		const t = play(s, 0, move('m1', ['H27']));
		expect(giants.activeSeats(t)).toEqual([1]);
		expect(refused(t, 0, move('m1', ['H26'])).code).toBe('NOT_YOUR_TURN');
	});
});
