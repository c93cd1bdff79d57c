import { describe, expect, it } from 'vitest';
import { next, seedRng, isOver } from '$lib/engine';
import { giants, type GiantsState } from './index';
import { atPlacement, carvedBy0, dice, play, put, refused, snap, start } from './test-helpers';
import { giantsKind } from './kind';

/** A bid phase (round 1), a placement phase, a transport phase. */
const bidding = () => start({ players: 3, startPlayer: 0, forcedDice: dice(3, [1, 1, 2]) });
const placing = () => atPlacement(3);
const carrying = () => carvedBy0(1, { 0: [put('worker', 'H27')] });

function deep(levels: number): unknown {
	let x: unknown = 'H27';
	for (let i = 0; i < levels; i++) x = { a: x };
	return x;
}

const malformed: Array<[string, unknown]> = [
	['null', null],
	['undefined', undefined],
	['a number', 42],
	['a string', 'pass'],
	['an array', [{ type: 'pass' }]],
	['an empty object', {}],
	['an unknown type', { type: 'steal' }],
	['a type of the wrong kind', { type: 7 }],
	['an extra key', { type: 'pass', please: true }],
	['a __proto__ key', JSON.parse('{"type":"pass","__proto__":{"admin":true}}')],
	['a constructor key', { type: 'rongo', constructor: 'x' }],
	['a string count', { type: 'bid', markers: '1', workers: 0 }],
	['a fractional count', { type: 'bid', markers: 0.5, workers: 0 }],
	['a negative count', { type: 'bid', markers: -1, workers: 0 }],
	['a huge number', { type: 'bid', markers: 1e308, workers: 0 }],
	['NaN', { type: 'bid', markers: NaN, workers: 0 }],
	['Infinity', { type: 'bid', markers: 0, workers: Infinity }],
	['a huge integer', { type: 'bid', markers: Number.MAX_SAFE_INTEGER, workers: 0 }],
	['three logs', { type: 'place', figure: 'worker', hex: 'H01', logs: 3 }],
	['an unknown figure', { type: 'place', figure: 'king', hex: 'H01' }],
	['a hex id with odd characters', { type: 'place', figure: 'worker', hex: '../H01' }],
	['an overlong id', { type: 'place', figure: 'worker', hex: 'H'.repeat(5000) }],
	['a path of numbers', { type: 'move', statue: 'm1', path: [27] }],
	['a nested path', { type: 'move', statue: 'm1', path: [['H27']] }],
	['an overlong path', { type: 'move', statue: 'm1', path: Array(1000).fill('H27') }],
	['mark: false', { type: 'move', statue: 'm1', path: ['H27'], mark: false }],
	['a borrow with both forms', { type: 'move', statue: 'm1', path: ['H27'], borrow: { H27: { chief: 1, figures: [1] } } }],
	['a borrow seat out of range', { type: 'move', statue: 'm1', path: ['H27'], borrow: { H27: { chief: 9 } } }],
	['a __proto__ borrow key', { type: 'move', statue: 'm1', path: ['H27'], borrow: JSON.parse('{"__proto__":{"chief":1}}') }],
	['deep nesting', { type: 'move', statue: 'm1', path: ['H27'], borrow: deep(5000) }],
	['deep nesting at the top', deep(100_000)],
	['a choice with too many ids', { type: 'choose', mark: Array(100).fill('m1'), release: [] }]
];

describe('conventions §2/§4: malformed moves are refused as values (BAD_MOVE)', () => {
	for (const [phase, make] of [['bid', bidding], ['place', placing], ['transport', carrying]] as const) {
		it.each(malformed)(`BAD_MOVE in the ${phase} phase: %s; the input state is unchanged`, (_, move) => {
			const s = make();
			const before = snap(s);
			const seat = giants.activeSeats(s)[0];
			const r = giants.apply(s, seat, move);
			expect(r).toMatchObject({ ok: false, code: 'BAD_MOVE' });
			expect(snap(s)).toBe(before);
		});
	}

	it('apply never throws on random junk (seeded fuzz)', () => {
		const rng = seedRng('fuzz');
		const pick = <T>(xs: T[]): T => xs[next(rng) % xs.length];
		const atoms = [0, 1, -1, 2, 3, 1.5, 1e9, '', 'H27', 'm1', 'A22', true, false, null, [], {}, ['H27']];
		const keys = ['type', 'markers', 'workers', 'chief', 'medicineMan', 'size', 'figure', 'hex', 'logs', 'ahu', 'statue', 'path', 'borrow', 'erect', 'crown', 'mark', 'release'];
		const types = ['bid', 'carve', 'place', 'action', 'rongo', 'pass', 'move', 'mark', 'choose'];
		for (const s of [bidding(), placing(), carrying()]) {
			const before = snap(s);
			for (let i = 0; i < 400; i++) {
				const m: Record<string, unknown> = { type: pick(types) };
				for (let k = next(rng) % 4; k > 0; k--) m[pick(keys)] = pick(atoms);
				const r = giants.apply(s, next(rng) % 4, m);
				if (!r.ok) expect(typeof r.code).toBe('string');
			}
			expect(snap(s)).toBe(before);
		}
	});
});

describe('conventions §4: rule violations are values with stable codes', () => {
	it('BAD_SEAT: a seat that does not exist', () => {
		const s = placing();
		for (const seat of [-1, 3, 1.5, NaN, 99]) {
			expect(giants.apply(s, seat, { type: 'pass' })).toMatchObject({ ok: false, code: 'BAD_SEAT' });
		}
	});

	it('WRONG_PHASE: a move of another phase', () => {
		expect(refused(bidding(), 0, { type: 'pass' }).code).toBe('WRONG_PHASE');
		expect(refused(placing(), 0, { type: 'bid', markers: 0, workers: 0 }).code).toBe('WRONG_PHASE');
		expect(refused(placing(), 0, { type: 'mark', statue: 'm1' }).code).toBe('WRONG_PHASE');
		expect(refused(carrying(), 0, { type: 'rongo' }).code).toBe('WRONG_PHASE');
		expect(refused(carrying(), 0, { type: 'choose', mark: [], release: [] }).code).toBe('WRONG_PHASE');
	});

	it('NOT_YOUR_TURN: out of turn in phases 3 and 4', () => {
		expect(refused(placing(), 1, { type: 'pass' }).code).toBe('NOT_YOUR_TURN');
		const s = play(placing(), 0, { type: 'rongo' });
		expect(refused(s, 0, { type: 'rongo' }).code).toBe('NOT_YOUR_TURN');
	});

	it('GAME_OVER: after the end nothing is accepted', () => {
		let s = atPlacement(3, { round: 25 });
		s = play(play(play(s, 0, { type: 'pass' }), 1, { type: 'pass' }), 2, { type: 'pass' });
		expect(isOver(giantsKind, s)).toBe(true);
		expect(refused(s, 0, { type: 'pass' }).code).toBe('GAME_OVER');
		expect(refused(s, 2, { type: 'choose', mark: [], release: [] }).code).toBe('GAME_OVER');
	});

	it('every refusal leaves the input untouched, and so does every accepted move', () => {
		const s = placing();
		const before = snap(s);
		refused(s, 0, { type: 'place', figure: 'worker', hex: 'H99' });
		refused(s, 0, { type: 'action', figure: 'chief', hex: 'H02' });
		play(s, 0, { type: 'place', figure: 'worker', hex: 'H01' });
		play(s, 0, { type: 'action', figure: 'medicineMan', hex: 'H10' });
		expect(snap(s)).toBe(before);
	});

	it('conventions §2: a state and a move survive a JSON round trip', () => {
		const s = carrying();
		const copy = JSON.parse(snap(s)) as GiantsState;
		const m = JSON.parse(JSON.stringify({ type: 'move', statue: 'm1', path: ['H27'] }));
		expect(snap(play(copy, 0, m))).toBe(snap(play(s, 0, m)));
	});

	it('conventions §3: every move legalMoves offers is accepted', () => {
		for (const s of [bidding(), placing(), carrying()]) {
			const seat = giants.activeSeats(s)[0];
			const moves = giants.legalMoves(s, seat);
			expect(moves.length).toBeGreaterThan(1);
			for (const m of moves) expect(giants.apply(s, seat, m).ok).toBe(true);
		}
	});
});

describe('G-0.2 views', () => {
	it('G-0.2: a view never carries the secret part of the state', () => {
		const s = play(bidding(), 0, { type: 'bid', markers: 2, workers: 1, chief: true });
		for (const viewer of [0, 1, 2, null, 7, -1]) {
			const v = giants.view(s, viewer);
			expect(v).not.toHaveProperty('secret');
			expect(JSON.stringify(v)).not.toContain('unit-test-seed');
		}
	});

	it('G-0.2: an unknown viewer is a spectator', () => {
		const s = play(bidding(), 0, { type: 'bid', markers: 2, workers: 1 });
		expect(snap(giants.view(s, 7))).toBe(snap(giants.view(s, null)));
		expect(giants.view(s, 7).viewer).toBeNull();
	});
});
