import { describe, expect, it } from 'vitest';
import { giants, type GiantsState, type StartPosition } from './index';
import { atPlacement, carvedBy0, drive, play, put, refused, snap, statue } from './test-helpers';

/**
 * Phase 5 of round 2. Seat 1's marker lies on m1 (H14, not erected); seat 0 carved m2 and left it
 * in front of its screen, so at the end of phase 4 it goes onto the moai quarry (G-5.7).
 */
function choice(position: StartPosition = {}, placements: Parameters<typeof carvedBy0>[1] = {}): GiantsState {
	const s = drive(carvedBy0(1, placements, { statues: [{ kind: 'moai', size: 1, hex: 'H14', marker: 1 }], ...position }), {});
	if (s.phase.kind !== 'choice') throw new Error(`phase is ${s.phase.kind}`);
	return s;
}
const choose = (mark: string[], release: string[] = []) => ({ type: 'choose', mark, release });

describe('G-6.0 the sealed end-of-round choice: who is asked', () => {
	it('G-6.0: players with an unmoved statue or a marker on a statue are asked, others not', () => {
		const s = choice();
		expect(s.phase).toEqual({ kind: 'choice', eligible: [true, true, false], submitted: [false, false, false] });
		expect(s.unmoved).toEqual(['m2']);
		expect(giants.activeSeats(s)).toEqual([0, 1]);
		expect(refused(s, 2, choose([])).code).toBe('NOT_ASKED');
		expect(giants.legalMoves(s, 2)).toEqual([]);
	});

	it('G-6.0: the offered choices: mark any unmoved statue, release any own marker', () => {
		const s = choice();
		expect(giants.legalMoves(s, 0)).toEqual([choose([]), choose(['m2'])]);
		expect(giants.legalMoves(s, 1)).toEqual([choose([]), choose([], ['m1'])]);
	});

	it('G-6.0: an unmoved statue without a marker behind the screen asks nothing; it is abandoned', () => {
		const s = drive(carvedBy0(1, {}, { players: [{ behind: { markers: 0 } }] }), {});
		expect(s.round).toBe(3);
		expect(statue(s, 'm1')).toMatchObject({ loc: { kind: 'hex', hex: 'H28' }, abandoned: true, owner: null, marker: null });
	});

	it('G-6.0: with nobody to ask the next round begins at once', () => {
		// drive stops at the first change of phase: had anybody been asked, it would stop at the choice.
		const s = drive(atPlacement(3, { startPlayer: 2 }), {});
		expect(s).toMatchObject({ round: 3, startPlayer: 0, phase: { kind: 'place' } });
	});
});

describe('G-6.0 choices are sealed (G-0.2)', () => {
	it('G-0.2: another seat’s view is identical whatever was chosen; the chooser sees their own', () => {
		const s = choice();
		const a = giants.apply(s, 0, choose(['m2']));
		const b = giants.apply(s, 0, choose([]));
		if (!a.ok || !b.ok) throw new Error('refused');
		for (const viewer of [1, 2, null]) expect(snap(giants.view(a.value.state, viewer))).toBe(snap(giants.view(b.value.state, viewer)));
		expect(a.value.log).toEqual([{ type: 'choice-in', seat: 0, replaced: false }]);
		expect(a.value.log).toEqual(b.value.log);
		expect(giants.view(a.value.state, 0).mySealed).toEqual({ mark: ['m2'], release: [] });
		expect(giants.view(a.value.state, 1).mySealed).toBeNull();
	});

	it('G-6.0: a choice may be replaced until the last one is in', () => {
		let s = choice();
		s = play(s, 0, choose(['m2']));
		const r = giants.apply(s, 0, choose([]));
		expect(r.ok && r.value.log).toEqual([{ type: 'choice-in', seat: 0, replaced: true }]);
		if (r.ok) s = r.value.state;
		s = play(s, 1, choose([]));
		expect(statue(s, 'm2')).toMatchObject({ marker: null, abandoned: true });
	});

	it('G-6.0: only own unmoved statues, own markers, each once', () => {
		const s = choice();
		expect(refused(s, 0, choose(['m1'])).code).toBe('NOT_MARKABLE');
		expect(refused(s, 1, choose(['m2'])).code).toBe('NOT_MARKABLE');
		expect(refused(s, 0, choose([], ['m1'])).code).toBe('NOT_YOUR_MARKER');
		expect(refused(s, 0, choose(['m2', 'm2'])).code).toBe('DUPLICATE_STATUE');
		expect(refused(s, 0, { type: 'pass' }).code).toBe('WRONG_PHASE');
	});
});

describe('G-6.0 carrying out the choices and closing the round', () => {
	it('G-6.0: marked statues keep their owner; a released marker returns and the claim lapses (G-5.8)', () => {
		let s = choice();
		const markers = s.players.map((p) => p.behind.markers);
		s = play(s, 0, choose(['m2']));
		const r = giants.apply(s, 1, choose([], ['m1']));
		if (!r.ok) throw new Error(r.code);
		const t = r.value.state;
		expect(r.value.log).toContainEqual({ type: 'choices', choices: [{ seat: 0, mark: ['m2'], release: [] }, { seat: 1, mark: [], release: ['m1'] }] });
		expect(statue(t, 'm2')).toMatchObject({ marker: 0, owner: 0, abandoned: false, loc: { kind: 'hex', hex: 'H28' } });
		expect(statue(t, 'm1')).toMatchObject({ marker: null, owner: null, abandoned: true });
		expect(r.value.log).toContainEqual({ type: 'abandoned', statues: ['m1'] });
		expect(t.players[1].behind.markers).toBe(markers[1] + 1);
		expect(t.players[0].behind.markers).toBe(markers[0] - 1);
	});

	it('G-6.0: marks use only markers that were behind the screen when phase 4 ended', () => {
		// Seat 0 has no marker behind its screen; its only marker lies on m1.
		const s = drive(carvedBy0(1, {}, { players: [{ behind: { markers: 0 } }], statues: [{ kind: 'moai', size: 1, hex: 'H14', marker: 0 }] }), {});
		expect(s.phase).toMatchObject({ kind: 'choice', eligible: [true, false, false] });
		expect(refused(s, 0, choose(['m2'], ['m1'])).code).toBe('NO_MARKER');
		expect(giants.legalMoves(s, 0)).toEqual([choose([]), choose([], ['m1'])]);
	});

	it('G-6.0: figures and front pieces go back behind the screens; rongo halves stay; the start player passes on', () => {
		let s = choice({}, { 0: [put('worker', 'H14')], 1: [{ type: 'rongo' }] });
		expect(s.players[0].front.chief).toBe(true); // bid in phase 2
		expect(s.players[1].front).toMatchObject({ markers: 1, rongo: 1 });
		s = play(play(s, 0, choose([])), 1, choose([]));
		expect(s).toMatchObject({ round: 3, startPlayer: 1 });
		expect(s.board).toEqual({});
		expect(s.players[0].behind).toMatchObject({ workers: 1, medicineMan: true, chief: true });
		expect(s.players[0].front).toEqual({ workers: 0, medicineMan: false, chief: false, markers: 0, rongo: 0 });
		expect(s.players[1].front).toEqual({ workers: 0, medicineMan: false, chief: false, markers: 0, rongo: 1 });
		expect(s.players[1].behind.markers).toBe(2);
	});
});
