import { describe, expect, it } from 'vitest';
import { carryInfo, giants, type GiantsState, type HexContent, type StartPosition } from './index';
import { atTransport, play, put, refused } from './test-helpers';

/** One hex's content for 3 seats: [workers, medicine men, chiefs] per seat, plus logs. */
function hex(per: Array<[number, number, number]>, logs = 0): HexContent {
	return { workers: per.map((x) => x[0]), medicineMen: per.map((x) => x[1]), chiefs: per.map((x) => x[2]), logs };
}
const none: [number, number, number] = [0, 0, 0];

describe('G-5.2 what carries a statue (mover: seat 0, own pieces only)', () => {
	const cases: Array<[string, HexContent, number, boolean]> = [
		['size 1: one worker', hex([[1, 0, 0], none, none]), 1, true],
		['size 1: the medicine man counts as a worker', hex([[0, 1, 0], none, none]), 1, true],
		['size 1: nothing', hex([none, none, none]), 1, false],
		['size 2: two figures', hex([[1, 1, 0], none, none]), 2, true],
		['size 2: one figure and one log', hex([[1, 0, 0], none, none], 1), 2, true],
		['size 2: one figure alone is not enough', hex([[1, 0, 0], none, none]), 2, false],
		['size 2: the chief alone', hex([[0, 0, 1], none, none]), 2, true],
		['size 3: three figures', hex([[2, 1, 0], none, none]), 3, true],
		['size 3: one figure and two logs', hex([[1, 0, 0], none, none], 2), 3, true],
		['size 3: two figures and one log', hex([[2, 0, 0], none, none], 1), 3, true],
		['size 3: two figures alone are not enough', hex([[2, 0, 0], none, none]), 3, false],
		['size 3: the chief alone (counts 3)', hex([[0, 0, 1], none, none]), 3, true]
	];
	it.each(cases)('G-5.2: %s', (_, hc, size, carries) => {
		expect(carryInfo(hc, 0, size)).toMatchObject({ canCarry: carries, own: carries });
	});

	it('G-5.2: a log counts only beside a figure used on that hex', () => {
		// Logs with no own figure: the mover needs at least one (foreign) figure to use them.
		expect(carryInfo(hex([none, none, none], 2), 0, 1).canCarry).toBe(false);
		const withForeign = carryInfo(hex([none, [1, 0, 0], none], 2), 0, 3);
		expect(withForeign).toMatchObject({ canCarry: true, own: false, deficit: 1, minCost: 1 });
		expect(carryInfo(hex([none, none, none], 2), 0, 3).deficit).toBe(1);
	});

	it('G-5.2: a hex nobody placed anything on carries nothing', () => {
		expect(carryInfo(undefined, 0, 1).canCarry).toBe(false);
	});
});

describe('G-5.3 borrowing (carry table)', () => {
	it('G-5.3: own figures and logs first; foreign only for the deficit', () => {
		expect(carryInfo(hex([[1, 0, 0], [3, 0, 0], none]), 0, 1)).toMatchObject({ own: true, minCost: 0 });
		expect(carryInfo(hex([[1, 0, 0], [3, 0, 0], none]), 0, 3)).toMatchObject({ own: false, deficit: 2, minCost: 2 });
	});

	it('G-5.3: a foreign chief completes any carry and costs the size', () => {
		expect(carryInfo(hex([none, none, [0, 0, 1]]), 0, 3)).toMatchObject({ canCarry: true, foreignChiefs: [2], minCost: 3 });
		expect(carryInfo(hex([none, none, [0, 0, 1]]), 0, 2).minCost).toBe(2);
	});

	it('G-5.3: not enough foreign figures and no chief: no carry', () => {
		expect(carryInfo(hex([[1, 0, 0], [0, 1, 0], none]), 0, 3).canCarry).toBe(false);
	});
});

/** Seat 0 carries a moai of `size` (marked by seat 0, on the moai quarry H28) into H27 and beyond. */
function scene(size: 1 | 2 | 3, placements: Record<number, ReturnType<typeof put>[]>, position: StartPosition = {}): GiantsState {
	const rich = { behind: { workers: 4, logs: 2 } };
	return atTransport(3, { players: [rich, rich, rich], statues: [{ kind: 'moai', size, hex: 'H28', marker: 0 }], ...position }, placements);
}
const move = (path: string[], extra: Record<string, unknown> = {}) => ({ type: 'move', statue: 'm1', path, ...extra });

function applied(s: GiantsState, seat: number, m: unknown) {
	const r = giants.apply(s, seat, m);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
}

describe('G-5.2 movement through apply', () => {
	it('G-5.2: the starting hex needs no carriers; every other hex must carry', () => {
		const s = scene(1, { 0: [put('worker', 'H27')] });
		expect(refused(s, 0, move(['H26'])).code).toBe('NOT_ADJACENT');
		expect(refused(s, 0, move(['H34'])).code).toBe('CANNOT_CARRY');
		const t = play(s, 0, move(['H27']));
		expect(t.statues[0].loc).toEqual({ kind: 'hex', hex: 'H27' });
	});

	it('G-5.2: no hex twice in one movement, the starting hex included', () => {
		const s = scene(1, { 0: [put('worker', 'H27'), put('worker', 'H26'), put('worker', 'H33')] });
		expect(refused(s, 0, move(['H27', 'H28'])).code).toBe('HEX_TWICE');
		expect(refused(s, 0, move(['H27', 'H26', 'H27'])).code).toBe('HEX_TWICE');
		expect(play(s, 0, move(['H27', 'H26', 'H33'])).statues[0].loc).toEqual({ kind: 'hex', hex: 'H33' });
	});

	it('G-5.2: a log counts only beside a figure used on that hex (through apply)', () => {
		// Seat 0's medicine man leaves 2 logs on H27 and seat 0 has 1 worker there: size 3 carries.
		const s = scene(3, { 0: [put('medicineMan', 'H27', 2)] });
		expect(play(s, 0, move(['H27'])).statues[0].loc).toEqual({ kind: 'hex', hex: 'H27' });
	});

	it('G-5.2: the chief counts 3, even after using its action', () => {
		const s = scene(3, { 0: [{ type: 'action', figure: 'chief', hex: 'H34' } as never] }, { players: [{ behind: { workers: 4 }, rongo: 2 }] });
		expect(s.ahus.A22.pedestal).toBe(0); // the chief reserved A22
		const t = applied(s, 0, move(['H34'], { erect: 'A22' }));
		expect(t.state.ahus.A22.moai).toBe('m1');
		expect(t.log[0]).toMatchObject({ type: 'move', lent: [] });
	});
});

describe('G-5.3 borrowing through apply', () => {
	it('G-5.3: own figures first: foreign figures beside enough own ones earn nothing', () => {
		const s = scene(1, { 0: [put('worker', 'H27')], 1: [put('worker', 'H27')] });
		const r = applied(s, 0, move(['H27']));
		expect(r.log[0]).toMatchObject({ lent: [] });
		expect(r.state.players[1].score).toBe(0);
		expect(refused(s, 0, move(['H27'], { borrow: { H27: { figures: [1] } } })).code).toBe('BORROW_NOT_NEEDED');
	});

	it('G-5.3: each foreign worker used earns its owner 1 point at once', () => {
		const s = scene(3, { 0: [put('worker', 'H27')], 1: [put('worker', 'H27')], 2: [put('worker', 'H27')] });
		const r = applied(s, 0, move(['H27']));
		expect(r.log[0]).toMatchObject({ lent: [
			{ hex: 'H27', seat: 1, figure: 'worker', count: 1, points: 1 },
			{ hex: 'H27', seat: 2, figure: 'worker', count: 1, points: 1 }
		] });
		expect(r.state.players.map((p) => [p.lent, p.score])).toEqual([[0, 0], [1, 1], [1, 1]]);
	});

	it('G-5.3: the mover chooses whose figures complete the carry, with none to spare', () => {
		const s = scene(2, { 0: [put('worker', 'H27')], 1: [put('worker', 'H27')], 2: [put('worker', 'H27')] });
		expect(applied(s, 0, move(['H27'])).state.players.map((p) => p.score)).toEqual([0, 1, 0]); // default: clockwise
		expect(applied(s, 0, move(['H27'], { borrow: { H27: { figures: [2] } } })).state.players.map((p) => p.score)).toEqual([0, 0, 1]);
		expect(refused(s, 0, move(['H27'], { borrow: { H27: { figures: [1, 2] } } })).code).toBe('CARRIERS_NOT_MINIMAL');
		expect(refused(s, 0, move(['H27'], { borrow: { H27: { figures: [0] } } })).code).toBe('NO_SUCH_CARRIER');
		expect(refused(s, 0, move(['H27'], { borrow: { H27: { chief: 1 } } })).code).toBe('NO_SUCH_CARRIER');
		expect(refused(s, 0, move(['H27'], { borrow: { H26: { figures: [1] } } })).code).toBe('BORROW_NOT_ON_PATH');
	});

	it('G-5.3: a foreign chief earns its owner the size', () => {
		const s = scene(3, { 1: [put('chief', 'H27')] });
		const r = applied(s, 0, move(['H27']));
		expect(r.log[0]).toMatchObject({ lent: [{ seat: 1, figure: 'chief', count: 1, points: 3 }] });
		expect(r.state.players[1]).toMatchObject({ lent: 3, score: 3 });
	});

	it('G-5.3: a foreign chief carrying a headdress earns 1', () => {
		const s = scene(1, { 1: [put('chief', 'H14')] }, { statues: [{ kind: 'headdress', hex: 'H13', marker: 0 }] });
		expect(applied(s, 0, { type: 'move', statue: 'h1', path: ['H14'] }).state.players[1].score).toBe(1);
	});

	it('G-5.3: workers or a chief: the cheaper workers by default, the chief if the mover says so', () => {
		const s = scene(2, { 0: [put('worker', 'H27')], 1: [put('chief', 'H27')], 2: [put('worker', 'H27')] });
		expect(applied(s, 0, move(['H27'])).state.players.map((p) => p.score)).toEqual([0, 0, 1]);
		expect(applied(s, 0, move(['H27'], { borrow: { H27: { chief: 1 } } })).state.players.map((p) => p.score)).toEqual([0, 2, 0]);
	});

	it('G-5.3: own logs earn nothing, and whoever placed a log earns nothing', () => {
		// Seat 1's worker brought 2 logs to H27; seat 0's own worker and those logs carry size 3.
		const s = scene(3, { 0: [put('worker', 'H27')], 1: [put('worker', 'H27', 2)] });
		const r = applied(s, 0, move(['H27']));
		expect(r.log[0]).toMatchObject({ lent: [] });
		expect(r.state.players[1].score).toBe(0);
	});

	it('G-5.3: the same pieces earn on every transport', () => {
		const s = scene(1, { 1: [put('worker', 'H27')] }, { statues: [{ kind: 'moai', size: 1, hex: 'H28', marker: 0 }, { kind: 'moai', size: 1, hex: 'H28', marker: 0 }] });
		let t = play(s, 0, move(['H27']));
		t = play(t, 0, { type: 'move', statue: 'm2', path: ['H27'] });
		expect(t.players[1]).toMatchObject({ lent: 2, score: 2 });
	});
});
