// Plan ahead (issue 32): Giants' queue (queue.ts, queueOptions.ts). The shared contract test
// (tests/kinds/queue.test.ts) checks due ⇔ apply on random play; these are the rules' cases.
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine';
import { giants, type GiantsMove, type GiantsState } from './index';
import { HEX } from './board';
import { giantsKind } from './kind';
import { giantsQueue as q } from './queue';
import { queueOptions, turnOf } from './queueOptions';
import { atPlacement, carvedBy0, dice, faces, play, put, start } from './test-helpers';

const view = (s: GiantsState, seat: number) => giants.view(s, seat);
const action = (figure: 'medicineMan' | 'chief', hex: string, extra: Partial<Extract<GiantsMove, { type: 'action' }>> = {}): GiantsMove => ({
	type: 'action',
	figure,
	hex,
	...extra
});

function checked(s: GiantsState, seat: number, move: unknown): GiantsMove {
	const c = q.check(view(s, seat), seat, move);
	if (!c.ok) throw new Error(`${c.code}: ${c.message}`);
	return c.value;
}

function refusal(s: GiantsState, seat: number, move: unknown): string {
	const c = q.check(view(s, seat), seat, move);
	return c.ok ? 'accepted' : c.code;
}

describe('Giants: a queued phase-3 move is played when due', () => {
	it('G-4.1: a placement queued by a waiting seat is due on its turn, not before, and apply accepts it', () => {
		let s = atPlacement(3); // seat 0 to place
		const queued = checked(s, 1, put('worker', 'H14'));
		expect(q.due(view(s, 1), 1, queued)).toBeNull(); // seat 0's turn: nothing of seat 1 is due
		s = play(s, 0, put('worker', 'H20'));
		const due = q.due(view(s, 1), 1, queued);
		expect(due).toEqual({ type: 'place', figure: 'worker', hex: 'H14', logs: 0 });
		expect(giants.apply(s, 1, due).ok).toBe(true);
	});

	it('G-4.2: a forest action queued, then the forest cut by another seat: not due, and no longer queueable', () => {
		let s = atPlacement(3);
		const queued = checked(s, 1, action('medicineMan', 'H10'));
		s = play(s, 0, action('medicineMan', 'H10')); // seat 0 cuts it first
		expect(q.due(view(s, 1), 1, queued)).toBeNull();
		expect(giants.apply(s, 1, queued).ok).toBe(false);
		expect(refusal(s, 1, queued)).toBe('NO_ACTION_HERE');
		// A plain placement there stays possible (G-4.1).
		expect(q.due(view(s, 1), 1, checked(s, 1, put('medicineMan', 'H10')))).not.toBeNull();
	});

	it('G-4.2: a reservation names its ahu; taken by another seat first, it is not due', () => {
		let s = atPlacement(3);
		// H01 touches two free ahus: the queue must say which (the other may be gone by then).
		expect(refusal(s, 1, action('medicineMan', 'H01'))).toBe('CHOOSE_AHU');
		const queued = checked(s, 1, action('medicineMan', 'H01', { ahu: 'A02' }));
		// H03 touches one: the queue writes it down.
		expect(checked(s, 1, action('medicineMan', 'H03'))).toMatchObject({ ahu: 'A03' });
		s = play(s, 0, action('medicineMan', 'H01', { ahu: 'A02' }));
		expect(q.due(view(s, 1), 1, queued)).toBeNull();
		expect(refusal(s, 1, queued)).toBe('AHU_NOT_FREE');
	});

	it('G-4.4: a queued rongo half is due while the supply holds one and the seat a marker', () => {
		let s = atPlacement(3);
		const queued = checked(s, 1, { type: 'rongo' });
		s = play(s, 0, { type: 'rongo' });
		expect(q.due(view(s, 1), 1, queued)).toEqual({ type: 'rongo' });
		// Seat 0 holds every half and no chief to pay two back with (G-4.3): the supply stays empty.
		const empty = play(atPlacement(3, { players: [{ rongo: 30, behind: { chief: false } }] }), 0, { type: 'pass' });
		expect(q.due(view(empty, 1), 1, { type: 'rongo' })).toBeNull();
		expect(refusal(empty, 1, { type: 'rongo' })).toBe('NO_RONGO_LEFT');
	});

	it('G-4.5: a queued pass is always due on the seat’s phase-3 turn', () => {
		const s = play(atPlacement(3), 0, { type: 'pass' });
		expect(q.due(view(s, 1), 1, checked(s, 1, { type: 'pass' }))).toEqual({ type: 'pass' });
	});
});

describe('Giants: placements planned while the others carve (G-3.3–G-3.5)', () => {
	// Round 2: one size-1 moai on display; seat 0 bids its chief, seats 1 and 2 bid nothing. Seat 0 carves.
	const nothing = { type: 'bid', markers: 0, workers: 0 };
	const carving = () => {
		const s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		return play(play(play(s, 0, { ...nothing, chief: true }), 1, nothing), 2, nothing);
	};

	it('G-3.5: what a seat will place is fixed once the bids are revealed: it may queue its placements, due in phase 3', () => {
		let s = carving();
		expect(s.phase).toMatchObject({ kind: 'carve', turn: 0 });
		const o = q.options(view(s, 1), 1);
		expect(o.some((m) => m.type === 'place' && m.figure === 'worker')).toBe(true);
		// A pass only as a pass of phase 3 (G-4.5): while carving, a bare pass would decline a moai (G-3.3).
		expect(o.filter((m) => m.type === 'pass')).toEqual([{ type: 'pass', phase: 'place' }]);
		// Seat 1 bid nothing: no carving turn of its own is to come, so its pass is one of phase 3.
		expect(checked(s, 1, { type: 'pass' })).toEqual({ type: 'pass', phase: 'place' });
		expect(refusal(s, 1, { type: 'pass', phase: 'carve' })).toBe('NOT_QUEUEABLE');
		expect(q.due(view(s, 1), 1, { type: 'pass', phase: 'place' })).toBeNull();
		const queued = checked(s, 1, put('worker', 'H14'));
		expect(q.due(view(s, 1), 1, queued)).toBeNull(); // nothing of phase 3 is due while seat 0 carves
		s = play(s, 0, { type: 'carve', size: 1, workers: 0, chief: true });
		expect(s.phase).toMatchObject({ kind: 'place', turn: 0 });
		s = play(s, 0, put('worker', 'H20'));
		expect(q.due(view(s, 1), 1, queued)).toEqual(put('worker', 'H14'));
		// A carving choice of the seat's own (G-3.4) does not drop its planned placements: they wait for phase 3.
		expect(q.answers!(view(carving(), 0), 0, put('worker', 'H14'))).toBe(false);
		expect(q.answers!(view(carving(), 0), 0, { type: 'pass', phase: 'place' })).toBe(false);
		expect(q.answers!(view(carving(), 0), 0, { type: 'pass', phase: 'carve' })).toBe(true); // a planned decline (G-3.3)
		// A placement left over from a phase 3 that ended for the seat drops the queue at its next decision.
		const bidding = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		expect(q.answers!(view(bidding, 1), 1, put('worker', 'H14'))).toBe(true);
		// The seat that carves plans nothing while its carving awaits it; its bid chief is not behind its screen (G-3.5).
		expect(q.plan(view(carving(), 0), 0, seedRng('c'))).toEqual([]);
		expect(refusal(carving(), 0, put('chief', 'H14'))).toBe('NOT_BEHIND_SCREEN');
	});

	it('plan: the bot’s placements for the coming phase 3, each checked', () => {
		const s = carving();
		const steps = q.plan(view(s, 2), 2, seedRng('c'));
		expect(steps.length).toBeGreaterThan(0);
		for (const step of steps) for (const m of step) expect(q.check(view(s, 2), 2, m).ok).toBe(true);
		// Phase-3 moves only (seat 2 bid nothing: no carving of its own), a pass tagged as phase 3's (G-4.5).
		expect(steps.flat().every((m) => ['place', 'action', 'rongo'].includes(m.type) || (m.type === 'pass' && m.phase === 'place'))).toBe(true);
	});
});

describe('Giants: the carving planned once the bids are revealed (G-3.3, G-3.4)', () => {
	// Round 2: a size-2 and a size-1 moai on display. Seat 0 bids its chief (worth 3), seat 1 its
	// worker and medicine man (worth 2), seat 2 nothing; no markers bid: order 0, 1, 2 (G-3.2). Seat 0 carves first.
	const nothing = { type: 'bid', markers: 0, workers: 0 };
	const carving = () => {
		const s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [2, 1, 0]), position: { round: 2 } });
		return play(play(play(s, 0, { ...nothing, chief: true }), 1, { ...nothing, workers: 1, medicineMan: true }), 2, nothing);
	};
	const carve = (size: 1 | 2 | 3, workers: number, medicineMan = false, chief = false): GiantsMove => ({ type: 'carve', size, workers, medicineMan, chief });

	it('G-3.3: a queued carving choice is played on the seat’s carving turn; its fallback when the others took the size first', () => {
		let s = carving();
		expect(s.phase).toMatchObject({ kind: 'carve', turn: 0 });
		const step = [checked(s, 1, carve(2, 1, true)), checked(s, 1, carve(1, 1)), checked(s, 1, { type: 'pass' })];
		expect(step[2]).toEqual({ type: 'pass', phase: 'carve' }); // a decline: seat 1 may still carve
		expect(step.map((m) => q.due(view(s, 1), 1, m))).toEqual([null, null, null]); // seat 0's turn
		s = play(s, 0, carve(2, 0, false, true)); // seat 0 takes the size 2 first
		expect(s.phase).toMatchObject({ kind: 'carve', turn: 1 });
		expect(q.answers!(view(s, 1), 1, step[0])).toBe(true);
		const due = step.map((m) => q.due(view(s, 1), 1, m));
		expect(due).toEqual([null, carve(1, 1), { type: 'pass' }]);
		expect(giants.apply(s, 1, step[0]).ok).toBe(false); // the engine agrees: no size 2 left
		expect(giants.apply(s, 1, due[1]).ok).toBe(true);
	});

	it('G-3.3: what can never be carved in this carving is refused with the engine’s code', () => {
		const s = carving();
		expect(refusal(s, 1, carve(3, 1, true))).toBe('TOO_FEW_SCULPTORS'); // and no size 3 on display either
		expect(refusal(play(s, 0, carve(2, 0, false, true)), 1, carve(2, 1, true))).toBe('NOT_ON_DISPLAY'); // taken: never back in this carving
		expect(refusal(s, 1, carve(1, 0, false, true))).toBe('NOT_IN_BID'); // the chief stayed behind the screen
		expect(refusal(s, 1, carve(2, 1))).toBe('TOO_FEW_SCULPTORS');
		// Seat 2 bid nothing: no carving turn is to come (G-3.6), nothing of the carving to plan.
		expect(refusal(s, 2, carve(1, 1))).toBe('NOT_QUEUEABLE');
		expect(refusal(s, 2, { type: 'pass', phase: 'carve' })).toBe('NOT_QUEUEABLE');
		expect(q.options(view(s, 2), 2).some((m) => m.type === 'carve')).toBe(false);
		// Before the reveal the carving cannot be planned (G-3.1: the bids are sealed).
		const bidding = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [2, 1, 0]), position: { round: 2 } });
		expect(refusal(bidding, 1, carve(1, 1))).toBe('NOT_QUEUEABLE');
	});

	it('waiting: placements wait through the seat’s carving turn; a planned decline answers it; a carving step left over drops the queue', () => {
		let s = play(carving(), 0, carve(2, 0, false, true));
		expect(q.answers!(view(s, 1), 1, put('worker', 'H14'))).toBe(false); // G-3.5: for phase 3
		expect(q.answers!(view(s, 1), 1, { type: 'pass', phase: 'place' })).toBe(false);
		expect(q.answers!(view(s, 1), 1, { type: 'pass', phase: 'carve' })).toBe(true);
		expect(q.due(view(s, 1), 1, { type: 'pass', phase: 'place' })).toBeNull(); // never a decline (G-3.3)
		s = play(s, 1, { type: 'pass' }); // declines the first pick …
		expect(s.phase).toMatchObject({ kind: 'carve', turn: 1 }); // … and may take one in the extra picks (G-3.4)
		expect(q.answers!(view(s, 1), 1, { type: 'pass', phase: 'carve' })).toBe(true);
		s = play(s, 1, { type: 'pass' }); // declines again: out (G-3.4); phase 3
		expect(s.phase).toMatchObject({ kind: 'place', turn: 0 });
		s = play(s, 0, { type: 'pass' });
		// A carving step still queued in phase 3 answers (and is not due): the queue is dropped, the seat woken.
		expect(q.answers!(view(s, 1), 1, carve(1, 1))).toBe(true);
		expect(q.due(view(s, 1), 1, carve(1, 1))).toBeNull();
		expect(q.due(view(s, 1), 1, { type: 'pass', phase: 'carve' })).toBeNull();
		expect(q.due(view(s, 1), 1, { type: 'pass', phase: 'transport' })).toBeNull();
		expect(q.due(view(s, 1), 1, { type: 'pass', phase: 'place' })).toEqual({ type: 'pass' });
	});

	it('options: the seat’s carving choices as if its turn came now, a decline, then its phase-3 moves; each passes check', () => {
		const s = carving();
		const o = q.options(view(s, 1), 1);
		expect(o).toContainEqual(carve(2, 1, true));
		expect(o).toContainEqual(carve(1, 1));
		expect(o).toContainEqual({ type: 'pass', phase: 'carve' });
		expect(o).toContainEqual({ type: 'pass', phase: 'place' });
		expect(o.some((m) => m.type === 'place')).toBe(true);
		for (const m of o) expect(q.check(view(s, 1), 1, m).ok).toBe(true);
	});

	it('plan: the bot’s carving choice with fallbacks for the sizes others may take first, a decline last, then its placements', () => {
		const s = carving();
		const steps = q.plan(view(s, 1), 1, seedRng('carve'));
		const [carving1, ...rest] = steps;
		expect(carving1.at(-1)).toEqual({ type: 'pass', phase: 'carve' });
		// Every size seat 1 can carve is covered: whatever seat 0 takes, one alternative is due (G-3.3).
		const sizes = new Set(carving1.flatMap((m) => (m.type === 'carve' ? [m.size] : [])));
		if (carving1.length > 1) expect(sizes.size).toBe(2);
		for (const m of steps.flat()) expect(q.check(view(s, 1), 1, m).ok).toBe(true);
		expect(rest.flat().every((m) => m.type !== 'carve')).toBe(true);
		for (const taken of [carve(2, 0, false, true), carve(1, 0, false, true)]) {
			const t = play(s, 0, taken);
			expect(carving1.map((m) => q.due(view(t, 1), 1, m)).some((m) => m !== null)).toBe(true);
		}
	});

	it('plan: no carving step when the seat’s carving turn may not come (others may take every moai it could carve first)', () => {
		// Seat 0 (chief) and seat 1 (worker + medicine man) could both take the one size-1 moai: seat 1 may be skipped (G-3.6).
		let s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		s = play(play(play(s, 0, { ...nothing, chief: true }), 1, { ...nothing, workers: 1, medicineMan: true }), 2, nothing);
		expect(q.check(view(s, 1), 1, carve(1, 1)).ok).toBe(true); // a person may still plan it
		expect(q.plan(view(s, 1), 1, seedRng('carve')).flat().some((m) => plannedForCarve(m))).toBe(false);
	});
});

const plannedForCarve = (m: GiantsMove) => m.type === 'carve' || (m.type === 'pass' && m.phase === 'carve');

describe('Giants: what may be queued', () => {
	it('only phase-3 moves (G-4.1–G-4.5), only in phase 3', () => {
		const s = atPlacement(3);
		expect(refusal(s, 1, { type: 'mark', statue: 'm1' })).toBe('NOT_QUEUEABLE');
		expect(refusal(s, 1, { type: 'bid', markers: 0, workers: 0 })).toBe('NOT_QUEUEABLE');
		const bidding = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		expect(bidding.phase.kind).toBe('bid');
		expect(refusal(bidding, 1, put('worker', 'H14'))).toBe('NOT_QUEUEABLE');
		expect(q.options(view(bidding, 1), 1)).toEqual([]);
		expect(refusal(s, 1, { type: 'place', figure: 'worker' })).toBe('BAD_MOVE');
	});

	it('G-4.5: a seat that passed takes no more turns in this phase 3: nothing to queue', () => {
		const s = play(atPlacement(3), 0, { type: 'pass' });
		expect(refusal(s, 0, put('worker', 'H14'))).toBe('NOT_QUEUEABLE');
		expect(q.options(view(s, 0), 0)).toEqual([]);
	});

	it('G-4.1–G-4.3: what can never become legal in this phase 3 is refused with the rule’s code', () => {
		let s = atPlacement(3);
		expect(refusal(s, 1, put('chief', 'H14', 1))).toBe('LOGS_WITH_CHIEF');
		expect(refusal(s, 1, put('worker', 'H99'))).toBe('NO_SUCH_HEX');
		// No tablet now, but two markers may buy one first (G-4.4, then G-4.3): could still be legal.
		expect(refusal(s, 1, action('chief', 'H02'))).toBe('accepted');
		expect(refusal(atPlacement(3, { players: [null, { behind: { markers: 0, medicineMan: false } }] }), 1, action('chief', 'H02'))).toBe('NO_RONGO_TABLET');
		s = play(s, 0, put('worker', 'H20'));
		s = play(s, 1, put('medicineMan', 'H20'));
		s = play(s, 2, put('worker', 'H20'));
		expect(refusal(s, 1, put('medicineMan', 'H14'))).toBe('NOT_BEHIND_SCREEN'); // placed: back only in phase 5 (G-6.0)
	});

	it('G-4.2: what the seat’s own earlier moves may still bring is queueable (a worker from the village, logs from a forest)', () => {
		const s = atPlacement(3, { players: [null, { behind: { workers: 0 } }] });
		// Seat 1 has no worker now, but its medicine man may fetch one first (G-4.2 village).
		const worker = checked(s, 1, put('worker', 'H14', 2));
		let t = play(s, 0, put('worker', 'H20'));
		expect(q.due(view(t, 1), 1, worker)).toBeNull(); // not yet behind the screen
		t = play(play(play(t, 1, action('medicineMan', 'H02')), 2, { type: 'pass' }), 0, { type: 'pass' });
		expect(q.due(view(t, 1), 1, worker)).toBeNull(); // the worker, but no logs yet
		expect(q.due(view(t, 1), 1, checked(t, 1, put('worker', 'H14')))).not.toBeNull();
		// Without the medicine man and with an empty bag, no worker can come: refused.
		const none = atPlacement(3, { players: [null, { behind: { workers: 0, medicineMan: false, chief: false, markers: 1 } }] });
		expect(refusal(none, 1, put('worker', 'H14'))).toBe('NOT_BEHIND_SCREEN');
	});

	it('options: every phase-3 decision the seat could make now — each figure, each kind of action, rongo, pass', () => {
		const s = atPlacement(3);
		const o = q.options(view(s, 1), 1);
		const has = (p: Partial<Record<string, unknown>>) => o.some((m) => Object.entries(p).every(([k, x]) => (m as Record<string, unknown>)[k] === x));
		for (const figure of ['worker', 'medicineMan', 'chief']) expect(has({ type: 'place', figure })).toBe(true); // G-4.1
		expect(has({ type: 'action', figure: 'medicineMan', hex: 'H02' })).toBe(true); // G-4.2 village
		expect(has({ type: 'action', figure: 'medicineMan', hex: 'H10' })).toBe(true); // G-4.2 forest
		expect(has({ type: 'action', figure: 'medicineMan', hex: 'H01', ahu: 'A02' })).toBe(true); // G-4.2 reserve
		expect(has({ type: 'action', figure: 'chief' })).toBe(false); // G-4.3: no rongo tablet
		expect(has({ type: 'rongo' })).toBe(true); // G-4.4
		expect(has({ type: 'pass' })).toBe(true); // G-4.5
		for (const m of o) expect(q.check(view(s, 1), 1, m).ok).toBe(true);
		// For the seat whose turn it is, the options are its legal moves.
		expect(q.options(view(s, 0), 0).length).toBe(giants.legalMoves(s, 0).length);
	});
});

describe('Giants: phase 4, transports queued (G-5.2–G-5.6)', () => {
	const rich = { behind: { workers: 4, logs: 2 } };
	// Round 2: seat 1's marked moai m1 lies on H20 and seat 1 put a worker there; seat 0 carved a
	// size-1 moai (m2, in front of its screen) and put workers on H27 and H33. Seat 0 moves first.
	const at = () =>
		carvedBy0(
			1,
			{ 0: [put('worker', 'H27'), put('worker', 'H33')], 1: [put('worker', 'H20')] },
			{ players: [rich, rich, rich], statues: [{ kind: 'moai', size: 1, hex: 'H20', owner: 1, marker: 1 }] }
		);
	const mv = (path: string[], extra: Record<string, unknown> = {}): GiantsMove => ({ type: 'move', statue: 'm2', path, ...extra }) as GiantsMove;

	it('G-5.1, G-5.2: a second leg of the seat’s own statue is queueable before the first is played, and due once it is', () => {
		let s = at();
		expect(s.phase).toMatchObject({ kind: 'transport', turn: 0 });
		const first = checked(s, 0, mv(['H27']));
		const second = checked(s, 0, mv(['H33'])); // from the quarry H28, H33 is no neighbour: not yet
		expect(q.due(view(s, 0), 0, second)).toBeNull();
		expect(q.due(view(s, 0), 0, first)).toEqual(mv(['H27']));
		s = play(s, 0, first);
		expect(q.due(view(s, 0), 0, second)).toBeNull(); // seat 1's turn
		s = play(s, 1, { type: 'pass' }); // seat 2 has nothing to move: passed for (G-0.4)
		const due = q.due(view(s, 0), 0, second);
		expect(due).toEqual(mv(['H33']));
		expect(giants.apply(s, 0, due).ok).toBe(true);
	});

	it('G-5.1, G-5.4, G-5.6: what stays illegal for the rest of the phase is refused with the engine’s code', () => {
		const s = at();
		expect(refusal(s, 1, mv(['H27']))).toBe('NOT_YOURS'); // seat 0’s statue
		expect(refusal(s, 0, { type: 'move', statue: 'm1', path: ['H19'] })).toBe('MARKED_BY_OTHER');
		expect(refusal(s, 0, { type: 'move', statue: 'm9', path: ['H27'] })).toBe('NO_SUCH_STATUE');
		expect(refusal(s, 0, mv(['H27'], { crown: 'A22' }))).toBe('NOT_A_HEADDRESS');
	});

	it('G-4.5, G-0.4: a pass of phase 4 may be queued, tagged; a pass planned for phase 3 and left in the queue never passes a phase 4', () => {
		const s = at();
		expect(checked(s, 1, { type: 'pass' })).toEqual({ type: 'pass', phase: 'transport' });
		expect(refusal(s, 1, { type: 'pass', phase: 'place' })).toBe('NOT_QUEUEABLE');
		expect(q.due(view(s, 0), 0, { type: 'pass', phase: 'place' })).toBeNull();
		expect(q.due(view(s, 0), 0, { type: 'pass', phase: 'carve' })).toBeNull();
		expect(q.due(view(s, 0), 0, { type: 'pass', phase: 'transport' })).toEqual({ type: 'pass' });
		expect(q.options(view(s, 1), 1).filter((m) => m.type === 'pass')).toEqual([{ type: 'pass' }]); // bare, as the page sends it: check tags it
		// The engine too: a pass that names another phase is refused (index.ts).
		expect(giants.apply(s, 0, { type: 'pass', phase: 'place' })).toMatchObject({ ok: false, code: 'WRONG_PHASE' });
		expect(giants.apply(s, 0, { type: 'pass', phase: 'transport' }).ok).toBe(true);
		// Nor a placement: a phase-3 move is never due in phase 4.
		expect(q.due(view(s, 0), 0, put('worker', 'H14'))).toBeNull();
	});

	it('plan: the bot’s transports of the seat’s own statues, each checked, a pass only as phase 4’s', () => {
		const s = play(at(), 0, mv(['H27'])); // seat 1 on turn, seat 0 waits
		const steps = q.plan(view(s, 0), 0, seedRng('t'));
		expect(steps.length).toBeGreaterThan(0);
		for (const step of steps)
			for (const m of step) {
				expect(m.type === 'move' || m.type === 'mark' || (m.type === 'pass' && m.phase === 'transport')).toBe(true);
				expect(q.check(view(s, 0), 0, m).ok).toBe(true);
			}
	});
});

describe('Giants: options after the steps already queued (the page plans the next one)', () => {
	const s = atPlacement(3); // seat 1 waits: 1 worker, the medicine man, the chief, 2 markers
	const v = view(s, 1);
	const figures = (o: GiantsMove[]) => [...new Set(o.flatMap((m) => (m.type === 'place' ? [m.figure] : [])))].sort();
	it('G-4.1: a figure queued is no longer behind the screen for the next step', () => {
		expect(figures(queueOptions(v, 1))).toEqual(['chief', 'medicineMan', 'worker']);
		expect(figures(queueOptions(v, 1, [[put('worker', 'H14')]]))).toEqual(['chief', 'medicineMan']);
		expect(figures(queueOptions(v, 1, [[put('worker', 'H14')], [put('chief', 'H16')]]))).toEqual(['medicineMan']);
	});
	it('G-4.2: what a queued action brings counts for the next step (the village’s worker, the forest’s logs)', () => {
		const o = queueOptions(v, 1, [[put('worker', 'H14')], [action('medicineMan', 'H10')]]);
		expect(o).toContainEqual({ type: 'place', figure: 'chief', hex: 'H16', logs: 0 });
		expect(figures(queueOptions(v, 1, [[put('worker', 'H14')], [action('medicineMan', 'H02')]]))).toEqual(['chief', 'worker']);
		// The forest is cut in the plan: no second forest action there (G-4.2).
		expect(queueOptions(v, 1, [[action('medicineMan', 'H10')]]).some((m) => m.type === 'action' && m.hex === 'H10')).toBe(false);
	});
	it('G-4.4: two rongo halves queued use up both markers', () => {
		expect(queueOptions(v, 1, [[{ type: 'rongo' }]]).some((m) => m.type === 'rongo')).toBe(true);
		expect(queueOptions(v, 1, [[{ type: 'rongo' }], [{ type: 'rongo' }]]).some((m) => m.type === 'rongo')).toBe(false);
	});
	it('G-4.5: nothing after a queued pass; a step that is not possible as things stand counts from its first possible alternative, or stops the count', () => {
		expect(queueOptions(v, 1, [[put('worker', 'H14')], [{ type: 'pass' }]])).toEqual([]);
		expect(figures(queueOptions(v, 1, [[put('worker', 'H99'), put('chief', 'H14')]]))).toEqual(['medicineMan', 'worker']);
		expect(figures(queueOptions(v, 1, [[put('worker', 'H99')], [put('chief', 'H14')]]))).toEqual(['chief', 'medicineMan', 'worker']);
	});
});

describe('Giants: plan (the wake-up benchmark’s careful player)', () => {
	// Nothing to carry (the village, rongo halves, G-4.2/G-4.4), and a marked moai near the quarry to carry to an ahu (G-4.1 workers on its path).
	const positions = {
		'nothing to carry': atPlacement(3),
		'a moai to carry': atPlacement(3, { players: [null, { behind: { workers: 4, logs: 2 } }], statues: [{ kind: 'moai', size: 2, hex: 'H27', owner: 1, marker: 1 }] })
	};
	it.each(Object.entries(positions))('G-4.1–G-4.5, %s: the heuristic bot’s placements for the rest of phase 3, each checked, played in order when the others pass', (_, at) => {
		let s = at;
		const steps = q.plan(view(s, 1), 1, seedRng('plan'));
		expect(steps.length).toBeGreaterThan(1);
		for (const step of steps) for (const m of step) expect(q.check(view(s, 1), 1, m).ok).toBe(true);
		// Nobody else does anything: each step's first alternative is due in turn.
		s = play(s, 0, { type: 'pass' });
		const round = s.round;
		let played = 0;
		for (const step of steps) {
			if (s.phase.kind !== 'place' || s.phase.turn !== 1) break;
			const due = q.due(view(s, 1), 1, step[0]);
			expect(due, JSON.stringify(step[0])).not.toBeNull();
			s = play(s, 1, due);
			played++;
			if (s.phase.kind === 'place' && s.phase.turn === 2) s = play(s, 2, { type: 'pass' });
		}
		expect(played).toBe(steps.length);
		// The plan ran to the end of the seat's phase 3: it passed, or had nothing left (G-0.4), and the
		// phase (here the whole round: no dice, no auction) went on.
		expect(s.round !== round || s.phase.kind !== 'place' || s.players[1].passed).toBe(true);
	});

	it('G-4.1: with a moai to carry, the plan puts carriers on the board', () => {
		const s = positions['a moai to carry'];
		const steps = q.plan(view(s, 1), 1, seedRng('plan'));
		expect(steps.filter(([m]) => m.type === 'place').length).toBeGreaterThan(0);
	});

	it('a move others can take away (G-4.2 forest, ahu; G-4.4 rongo) gets a fallback alternative', () => {
		const s = atPlacement(3);
		for (const seed of ['a', 'b', 'c']) {
			for (const step of q.plan(view(s, 1), 1, seedRng(seed))) {
				const [first, ...alts] = step;
				const fragile = first.type === 'rongo' || (first.type === 'action' && (HEX.get(first.hex)!.type === 'forest' || first.ahu !== undefined));
				if (fragile) expect(alts.length).toBe(1);
				if (first.type === 'place' || first.type === 'pass') expect(alts).toEqual([]);
			}
		}
	});

	it('nothing while the seat is awaited (that decision is made now) or outside phase 3', () => {
		const s = atPlacement(3);
		expect(q.plan(view(s, 0), 0, seedRng('x'))).toEqual([]);
		const bidding = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		expect(q.plan(view(bidding, 1), 1, seedRng('x'))).toEqual([]);
	});
});

describe('Giants: a queue reads no secret (G-0.2)', () => {
	it('states that differ only in what the seat may not know (the seed, the dice to come, sealed decisions) give the same answers', () => {
		const a = play(atPlacement(3), 0, put('worker', 'H20'));
		const b: GiantsState = { ...a, secret: { seed: 'another seed', rng: [1, 2, 3, 4], sealed: [{ markers: 2, workers: 1, medicineMan: false, chief: false }, null, null], forcedDice: [[3, 3, 3]] } };
		const [va, vb] = [view(a, 2), view(b, 2)];
		expect(JSON.stringify(vb)).toBe(JSON.stringify(va));
		for (const move of [put('worker', 'H14'), action('medicineMan', 'H10'), { type: 'rongo' }, { type: 'pass' }]) {
			expect(q.check(vb, 2, move)).toEqual(q.check(va, 2, move));
			const c = q.check(va, 2, move);
			if (c.ok) expect(q.due(vb, 2, c.value)).toEqual(q.due(va, 2, c.value));
		}
		expect(q.options(vb, 2)).toEqual(q.options(va, 2));
		expect(q.plan(vb, 1, seedRng('s'))).toEqual(q.plan(va, 1, seedRng('s')));
		// Seat 1 is on turn: the same holds for what is due now.
		const worker = checked(a, 1, put('worker', 'H14'));
		expect(q.due(view(b, 1), 1, worker)).toEqual(q.due(view(a, 1), 1, worker));
		expect(q.due(view(a, 1), 1, worker)).not.toBeNull();
	});

	it('G-3.3: a planned carving reads the revealed bids and the display only, never the seed or the dice to come', () => {
		const nothing = { type: 'bid', markers: 0, workers: 0 };
		let a = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [2, 1, 0]), position: { round: 2 } });
		a = play(play(play(a, 0, { ...nothing, chief: true }), 1, { ...nothing, workers: 1, medicineMan: true }), 2, nothing);
		const b: GiantsState = { ...a, secret: { seed: 'another seed', rng: [5, 6, 7, 8], sealed: [null, null, null], forcedDice: [[3, 3, 3], [3, 3, 3]] } };
		for (const seat of [1, 2]) {
			const [va, vb] = [view(a, seat), view(b, seat)];
			expect(JSON.stringify(vb)).toBe(JSON.stringify(va));
			for (const move of [{ type: 'carve', size: 2, workers: 1, medicineMan: true }, { type: 'carve', size: 1, workers: 1 }, { type: 'pass' }, put('worker', 'H14')])
				expect(q.check(vb, seat, move)).toEqual(q.check(va, seat, move));
			expect(q.options(vb, seat)).toEqual(q.options(va, seat));
			expect(q.plan(vb, seat, seedRng('s'))).toEqual(q.plan(va, seat, seedRng('s')));
		}
	});
});

describe('Giants: turnOf', () => {
	it('G-3: the seat on turn in phases 3 and 4 and in carving (G-3.6); nobody in the sealed decisions (G-3.1, G-6.0)', () => {
		const s = atPlacement(3);
		expect(giantsKind.turnOf!(s)).toBe(0);
		expect(turnOf(view(play(s, 0, { type: 'pass' }), 2))).toBe(1);
		const bidding = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		expect(turnOf(bidding)).toBeNull();
	});
});
