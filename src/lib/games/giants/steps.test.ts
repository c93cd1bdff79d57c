/**
 * The hex-by-hex transport builder against the judge: every legal transport can be built with it
 * step by step, and everything it offers is accepted by `apply` (G-5.2–5.6, G-5.8).
 */
import { describe, expect, it } from 'vitest';
import { below, seedRng, type RngState, startState } from '$lib/engine';
import { randomBot } from './bots';
import { giants } from './index';
import { borrowOptions, transportStep } from './steps';
import { carryInfo } from './carry';
import { HEX } from './board';
import type { Borrow, GiantsMove, GiantsState } from './types';

/** Transport positions from random games: (state, seat to move). */
function transportPositions(games: number, perGame: number): GiantsState[] {
	const out: GiantsState[] = [];
	for (let g = 0; g < games; g++) {
		const rng: RngState = seedRng(`steps-${g}`);
		let s = startState(giants, { players: 3 + (g % 3) }, `steps-${g}`);
		if (!s.ok) throw new Error(s.message);
		let state = s.value;
		let taken = 0;
		for (let i = 0; i < 3000 && state.phase.kind !== 'over' && taken < perGame; i++) {
			const seat = giants.activeSeats(state)[0];
			if (state.phase.kind === 'transport' && i % 3 === 0) {
				out.push(state);
				taken++;
			}
			const r = giants.apply(state, seat, randomBot(state, seat, rng));
			if (!r.ok) throw new Error(r.code);
			state = r.value.state;
		}
	}
	return out;
}

const POSITIONS = transportPositions(12, 8);

function turnOf(s: GiantsState): number {
	return (s.phase as { turn: number }).turn;
}

describe('transportStep (G-5.2–5.6)', () => {
	it('found transport positions to test with', () => {
		expect(POSITIONS.length).toBeGreaterThan(40);
	});

	it('can build every legal transport of legalMoves hex by hex', () => {
		let checked = 0;
		for (const s of POSITIONS) {
			const seat = turnOf(s);
			for (const mv of giants.legalMoves(s, seat)) {
				if (mv.type !== 'move') continue;
				for (let k = 0; k < mv.path.length; k++) {
					const step = transportStep(s, seat, mv.statue, mv.path.slice(0, k));
					expect(step, `${mv.statue} ${mv.path.slice(0, k)}`).not.toBeNull();
					expect(step!.next).toContain(mv.path[k]);
				}
				const last = transportStep(s, seat, mv.statue, mv.path)!;
				if (mv.erect) expect(last.erect).toContain(mv.erect);
				else if (mv.crown) expect(last.crown).toContain(mv.crown);
				else if (mv.mark) expect(last.mark).toBe(true);
				else expect(last.plain).toBe(true);
				checked++;
			}
		}
		expect(checked).toBeGreaterThan(100);
	});

	it('offers only what apply accepts: random paths, finishes and carrier choices', () => {
		const rng = seedRng('steps-walk');
		let applied = 0;
		for (const s of POSITIONS) {
			const seat = turnOf(s);
			const statues = s.statues.filter((st) => transportStep(s, seat, st.id, []) !== null);
			for (let trial = 0; trial < 6 && statues.length > 0; trial++) {
				const st = statues[below(rng, statues.length)];
				const path: string[] = [];
				let step = transportStep(s, seat, st.id, path)!;
				while (step.next.length > 0 && below(rng, 4) !== 0) {
					path.push(step.next[below(rng, step.next.length)]);
					step = transportStep(s, seat, st.id, path)!;
					expect(step).not.toBeNull();
				}
				const borrow: Record<string, Borrow> = {};
				for (const h of step.hexes) if (h.options.length) borrow[h.hex] = h.options[below(rng, h.options.length)].borrow;
				const finishes: GiantsMove[] = [];
				const base = { type: 'move' as const, statue: st.id, path, borrow };
				if (step.plain) finishes.push(base);
				if (step.mark) finishes.push(path.length ? { ...base, mark: true } : { type: 'mark', statue: st.id });
				for (const erect of step.erect) finishes.push({ ...base, erect });
				for (const crown of step.crown) finishes.push({ ...base, crown });
				for (const mv of finishes) {
					const r = giants.apply(s, seat, mv);
					expect(r.ok, `${JSON.stringify(mv)}: ${r.ok ? '' : r.code}`).toBe(true);
					if (!r.ok) continue;
					applied++;
					// The lending points promised per hex are the points paid (G-5.3).
					const moveEntry = r.value.log.find((e) => e.type === 'move');
					if (moveEntry && moveEntry.type === 'move' && mv.type === 'move') {
						const promised = step.hexes.reduce((t, h) => {
							const o = h.options.find((x) => JSON.stringify(x.borrow) === JSON.stringify(borrow[h.hex]));
							return t + (o ? o.points : 0);
						}, 0);
						expect(moveEntry.lent.reduce((t, l) => t + l.points, 0)).toBe(promised);
					}
				}
			}
		}
		expect(applied).toBeGreaterThan(100);
	});

	it('refuses a path with a hex that is not offered', () => {
		for (const s of POSITIONS.slice(0, 20)) {
			const seat = turnOf(s);
			for (const st of s.statues) {
				const step = transportStep(s, seat, st.id, []);
				if (!step) continue;
				const bad = HEX.get(step.end)!.neighbors.find((n) => !step.next.includes(n) && n !== step.from);
				if (bad) expect(transportStep(s, seat, st.id, [bad])).toBeNull();
			}
		}
	});

	it('is null for a statue the seat may not handle', () => {
		const s = POSITIONS[0];
		const other = (turnOf(s) + 1) % s.players.length;
		for (const st of s.statues.filter((x) => x.loc.kind === 'front' && x.loc.seat !== other))
			expect(transportStep(s, other, st.id, [])).toBeNull();
		expect(transportStep(s, turnOf(s), 'S999', [])).toBeNull();
	});
});

describe('borrowOptions (G-5.3)', () => {
	const hc = (workers: number[], chiefs: number[], logs = 0) => ({ workers, medicineMen: [0, 0, 0, 0], chiefs, logs });

	it('lists each minimal set of foreign figures and each foreign chief, the default first', () => {
		// Mover 0 with nothing on the hex; size 2: two foreign ones, or a chief.
		const info = carryInfo(hc([0, 1, 2, 0], [0, 0, 0, 1]), 0, 2);
		const opts = borrowOptions('H10', info, 0, 2);
		const shapes = opts.map((o) => JSON.stringify(o.borrow));
		expect(shapes).toEqual(
			expect.arrayContaining(['{"figures":[1,2]}', '{"figures":[2,2]}', '{"chief":3}'])
		);
		expect(opts).toHaveLength(3);
		expect(opts[0].borrow).toEqual({ figures: [1, 2] }); // clockwise from the mover: seat 1, then 2
		expect(opts.find((o) => 'chief' in o.borrow)!.points).toBe(2);
	});

	it('offers nothing where own figures suffice', () => {
		const info = carryInfo(hc([1, 1, 0, 0], [0, 0, 0, 0], 1), 0, 2);
		expect(info.own).toBe(true);
		expect(borrowOptions('H10', info, 0, 2)).toEqual([]);
	});
});
