import { describe, expect, it } from 'vitest';
import { giants, type GiantsState, type StartPosition } from './index';
import { dice, drive, faces, play, refused, snap, start } from './test-helpers';

/** Round 1, 3 players, start player 0, display from the given faces (first round: 0→1, 3→2). */
function auction(f: number[], position?: StartPosition, startPlayer = 0): GiantsState {
	return start({ players: 3, startPlayer, forcedDice: dice(3, f), position });
}

/** Round 2 (faces as rolled), for size-3 moai. */
function auction2(f: number[], position: StartPosition = {}): GiantsState {
	return start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), f), position: { round: 2, ...position } });
}

const bid = (markers: number, workers: number, medicineMan = false, chief = false) => ({ type: 'bid', markers, workers, medicineMan, chief });

function carvePhase(s: GiantsState) {
	if (s.phase.kind !== 'carve') throw new Error(`phase is ${s.phase.kind}`);
	return s.phase;
}

describe('G-3.1 sealed bids', () => {
	it('G-3.1: all seats bid at once; who has bid is public', () => {
		let s = auction([1, 1, 1]);
		expect(giants.activeSeats(s)).toEqual([0, 1, 2]);
		s = play(s, 1, bid(1, 0));
		expect(giants.activeSeats(s)).toEqual([0, 2]);
		expect(giants.view(s, 0).phase).toEqual({ kind: 'bid', submitted: [false, true, false] });
	});

	it('G-0.2: another seat’s view is identical whatever the bid', () => {
		const s = auction([1, 2, 1]);
		const a = giants.apply(s, 0, bid(2, 1, true, true));
		const b = giants.apply(s, 0, bid(0, 0));
		if (!a.ok || !b.ok) throw new Error('refused');
		for (const viewer of [1, 2, null]) {
			expect(snap(giants.view(a.value.state, viewer))).toBe(snap(giants.view(b.value.state, viewer)));
			expect(giants.legalMoves(giants.view(a.value.state, 1), 1)).toEqual(giants.legalMoves(giants.view(b.value.state, 1), 1));
		}
		// The public log entry tells only that a bid is in.
		expect(a.value.log).toEqual(b.value.log);
		expect(a.value.log).toEqual([{ type: 'bid-in', seat: 0, replaced: false }]);
	});

	it('G-0.2: the bidder sees their own sealed bid, nobody else does', () => {
		const s = play(auction([1, 1, 1]), 0, bid(1, 1, false, true));
		expect(giants.view(s, 0).mySealed).toEqual({ markers: 1, workers: 1, medicineMan: false, chief: true });
		expect(giants.view(s, 1).mySealed).toBeNull();
		expect(giants.view(s, null).mySealed).toBeNull();
	});

	it('G-0.2: refusals to another seat read the same whatever was bid', () => {
		const s = auction([1, 1, 1]);
		const attempts = [bid(5, 0), bid(3, 3, true, true), { type: 'carve', size: 1, workers: 1 }, { type: 'pass' }, { type: 'bid', markers: -1 }];
		const sealed = [bid(2, 1, true, true), bid(0, 0), bid(1, 0)];
		const fails = sealed.map((b) => attempts.map((m) => refused(play(s, 0, b), 2, m)));
		for (let i = 0; i < attempts.length; i++) expect(new Set(fails.map((f) => snap(f[i]))).size).toBe(1);
		// No number beyond the rule reference: nothing about the size of any bid.
		expect(fails[0][0].message.replace(/G-[\d.]+/g, '')).not.toMatch(/\d/);
	});

	it('G-3.1: a bid must lie behind the screen (NOT_BEHIND_SCREEN)', () => {
		const s = auction([1, 1, 1]);
		expect(refused(s, 0, bid(3, 0)).code).toBe('NOT_BEHIND_SCREEN');
		expect(refused(s, 0, bid(0, 2)).code).toBe('NOT_BEHIND_SCREEN');
		const noChief = auction([1, 1, 1], { players: [{ behind: { chief: false } }] });
		expect(refused(noChief, 0, bid(0, 0, false, true)).code).toBe('NOT_BEHIND_SCREEN');
	});

	it('G-3.1: a bid may be replaced until the last bid is in; the last one counts', () => {
		let s = auction([1, 1, 1]);
		s = play(s, 0, bid(2, 0));
		const r = giants.apply(s, 0, bid(0, 1));
		expect(r.ok && r.value.log).toEqual([{ type: 'bid-in', seat: 0, replaced: true }]);
		if (r.ok) s = r.value.state;
		s = play(s, 1, bid(1, 0));
		s = play(s, 2, bid(0, 0));
		expect(carvePhase(s).bids[0]).toEqual({ markers: 0, workers: 1, medicineMan: false, chief: false });
		expect(refused(s, 0, bid(1, 0)).code).toBe('WRONG_PHASE');
	});

	it('G-3.1: a player may bid nothing; with nothing behind the screen that bid is automatic', () => {
		const s = auction([1, 1, 1], { players: [null, null, { behind: { workers: 0, markers: 0, medicineMan: false, chief: false } }] });
		expect(giants.activeSeats(s)).toEqual([0, 1]);
		expect(giants.legalMoves(s, 0)).toContainEqual(bid(0, 0));
	});

	it('G-3.1: all bids are revealed at once', () => {
		let s = auction([1, 1, 1]);
		s = play(play(s, 0, bid(1, 1)), 1, bid(2, 0, true));
		const r = giants.apply(s, 2, bid(0, 0, false, true));
		if (!r.ok) throw new Error(r.code);
		const reveal = r.value.log.find((e) => e.type === 'bids');
		expect(reveal).toMatchObject({ bids: [bid(1, 1), bid(2, 0, true), bid(0, 0, false, true)].map(({ type: _, ...b }) => b) });
	});
});

describe('G-3.2 order of choice', () => {
	const bidAll = (s: GiantsState, ...bids: ReturnType<typeof bid>[]) => bids.reduce((t, b, seat) => play(t, seat, b), s);

	it('G-3.2: most markers choose first', () => {
		const s = bidAll(auction([1, 1, 1]), bid(1, 1), bid(2, 1), bid(0, 1));
		expect(carvePhase(s).order).toEqual([1, 0, 2]);
		expect(giants.activeSeats(s)).toEqual([1]);
	});

	it('G-3.2: equal markers: most rongo halves in front of the screen first', () => {
		const s = bidAll(auction([1, 1, 1], { players: [{ rongo: 1 }, null, { rongo: 3 }] }), bid(1, 1), bid(1, 1), bid(1, 1));
		expect(carvePhase(s).order).toEqual([2, 0, 1]);
	});

	it('G-3.2: then player order from the start player', () => {
		const s = bidAll(auction([1, 1, 1], {}, 2), bid(0, 1), bid(0, 1), bid(0, 1));
		expect(carvePhase(s).order).toEqual([2, 0, 1]);
		const t = bidAll(auction([1, 1, 1], { players: [null, { rongo: 2 }, { rongo: 2 }] }, 2), bid(1, 1), bid(1, 1), bid(1, 1));
		expect(carvePhase(t).order).toEqual([2, 1, 0]);
	});
});

describe('G-3.3/G-3.4 carving', () => {
	it('G-3.3: a moai’s size is at most the value of the sculptors assigned to it', () => {
		let s = auction([2, 1, 1]);
		s = play(play(play(s, 0, bid(0, 1, true)), 1, bid(0, 0)), 2, bid(0, 0));
		expect(refused(s, 0, { type: 'carve', size: 2, workers: 1 }).code).toBe('TOO_FEW_SCULPTORS');
		expect(refused(s, 0, { type: 'carve', size: 1, workers: 0, chief: true }).code).toBe('NOT_IN_BID');
		expect(refused(s, 0, { type: 'carve', size: 3, workers: 1, medicineMan: true }).code).toBe('TOO_FEW_SCULPTORS');
		s = play(s, 0, { type: 'carve', size: 2, workers: 1, medicineMan: true });
		expect(s.statues).toEqual([{ id: 'm1', kind: 'moai', size: 2, loc: { kind: 'front', seat: 0 }, owner: 0, marker: null, abandoned: false }]);
	});

	it('G-3.3: only a displayed size can be taken (NOT_ON_DISPLAY)', () => {
		let s = auction2([3, 0, 0]);
		s = play(play(play(s, 0, bid(0, 1, false, true)), 1, bid(0, 0)), 2, bid(0, 0));
		expect(refused(s, 0, { type: 'carve', size: 1, workers: 1 }).code).toBe('NOT_ON_DISPLAY');
		// G-3.1: a chief is worth 3 and carves a size-3 moai alone.
		s = play(s, 0, { type: 'carve', size: 3, workers: 0, chief: true });
		expect(s.statues[0]).toMatchObject({ size: 3, owner: 0 });
	});

	it('G-3.4: a chief assigned to a moai keeps no remainder', () => {
		let s = auction([1, 1, 1]);
		s = play(play(play(s, 0, bid(1, 0, false, true)), 1, bid(0, 0)), 2, bid(0, 0));
		s = play(s, 0, { type: 'carve', size: 1, workers: 0, chief: true });
		// Two moai remain on display, but the chief's remaining 2 do not carve: the auction is over.
		expect(s.phase.kind).toBe('place');
		expect(s.statues.filter((x) => x.owner === 0)).toHaveLength(1);
	});

	it('G-3.4: unassigned bid figures take further moai once everybody had a choice', () => {
		let s = auction([1, 1, 2]);
		s = play(play(play(s, 0, bid(1, 1, true)), 1, bid(0, 0, false, true)), 2, bid(0, 0));
		s = play(s, 0, { type: 'carve', size: 1, workers: 1 });
		expect(giants.activeSeats(s)).toEqual([1]);
		s = play(s, 1, { type: 'carve', size: 2, workers: 0, chief: true });
		// Seat 0 still has the medicine man: an extra pick (pass 2).
		expect(carvePhase(s)).toMatchObject({ turn: 0, pass: 2 });
		s = play(s, 0, { type: 'carve', size: 1, workers: 0, medicineMan: true });
		expect(s.statues.filter((x) => x.owner === 0).map((x) => x.size)).toEqual([1, 1]);
		expect(s.phase.kind).toBe('place');
	});

	it('G-3.4: a player who took none in the first pass may take one now; declining then ends their picks', () => {
		let s = auction([1, 1, 1]);
		s = play(play(play(s, 0, bid(0, 1)), 1, bid(0, 1)), 2, bid(0, 0));
		s = play(s, 0, { type: 'pass' });
		s = play(s, 1, { type: 'carve', size: 1, workers: 1 });
		expect(carvePhase(s)).toMatchObject({ turn: 0, pass: 2 });
		s = play(s, 0, { type: 'pass' });
		expect(s.phase.kind).toBe('place');
	});

	it('G-3.6: a player with no possible choice is skipped automatically', () => {
		let s = auction([3, 3, 3]); // display 2, 2, 2
		s = play(play(s, 0, bid(2, 1)), 1, bid(1, 1, true));
		const r = giants.apply(s, 2, bid(0, 0, false, true));
		if (!r.ok) throw new Error(r.code);
		// Seat 0 bid value 1: no size-2 moai for it. Seat 1 (value 2) and seat 2 (chief) choose.
		expect(r.value.log).toContainEqual({ type: 'pass', seat: 0, phase: 'carve', auto: true });
		expect(giants.activeSeats(r.value.state)).toEqual([1]);
		expect(giants.legalMoves(r.value.state, 0)).toEqual([]);
	});

	it('G-3.5: moai left on display return to the supply', () => {
		let s = auction([1, 2, 2]);
		expect(s.supply.moai).toEqual([16, 10, 6]);
		s = play(play(play(s, 0, bid(0, 1)), 1, bid(0, 0)), 2, bid(0, 0));
		const r = giants.apply(s, 0, { type: 'carve', size: 1, workers: 1 });
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log).toContainEqual({ type: 'display-returned', sizes: [2, 2] });
		expect(r.value.state.supply.moai).toEqual([16, 12, 6]);
		expect(r.value.state.display).toEqual([]);
	});

	it('G-3.5: everything bid lies in front of the screen, out of use for the round', () => {
		let s = auction([1, 1, 1]);
		s = play(play(play(s, 0, bid(2, 1, true)), 1, bid(0, 0)), 2, bid(0, 0));
		expect(s.players[0].front).toMatchObject({ markers: 2, workers: 1, medicineMan: true, chief: false });
		expect(s.players[0].behind).toMatchObject({ markers: 0, workers: 0, medicineMan: false, chief: true });
		s = drive(s, { 0: [{ type: 'carve', size: 1, workers: 1 }] });
		expect(s.players[0].front).toMatchObject({ markers: 2, workers: 1, medicineMan: true });
		// Phase 3: the bid worker, medicine man and markers cannot be used.
		expect(refused(s, 0, { type: 'place', figure: 'worker', hex: 'H01' }).code).toBe('NOT_BEHIND_SCREEN');
		expect(refused(s, 0, { type: 'place', figure: 'medicineMan', hex: 'H01' }).code).toBe('NOT_BEHIND_SCREEN');
		expect(refused(s, 0, { type: 'rongo' }).code).toBe('NO_MARKER');
		expect(giants.legalMoves(s, 0).every((m) => m.type === 'pass' || ('figure' in m && m.figure === 'chief'))).toBe(true);
	});

	it('G-3.3: carving is a turn: only the seat whose turn it is may carve (NOT_YOUR_TURN)', () => {
		let s = auction([1, 1, 1]);
		s = play(play(play(s, 0, bid(1, 1)), 1, bid(0, 1)), 2, bid(0, 0));
		expect(refused(s, 1, { type: 'carve', size: 1, workers: 1 }).code).toBe('NOT_YOUR_TURN');
		expect(refused(s, 0, bid(0, 0)).code).toBe('WRONG_PHASE');
	});
});
