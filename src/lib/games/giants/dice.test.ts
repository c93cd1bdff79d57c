import { describe, expect, it } from 'vitest';
import { giants } from './index';
import { dice, faces, start } from './test-helpers';

/** Size-3 moai lying abandoned on a plain hex use up the supply (positions conserve components). */
function size3OnBoard(count: number) {
	return Array.from({ length: count }, () => ({ kind: 'moai' as const, size: 3 as const, hex: 'H14' }));
}

describe('G-3.0 phase 1: roll for moai', () => {
	it('G-3.0.2: in the first round every 0 counts as 1 and every 3 counts as 2', () => {
		const s = start({ players: 4, forcedDice: dice(4, [0, 3, 1, 2]) });
		expect(s.dice.map((d) => [d.face, d.size])).toEqual([
			[0, 1],
			[3, 2],
			[1, 1],
			[2, 2]
		]);
		expect(s.display).toEqual([1, 1, 2, 2]);
	});

	it('G-3.0.1: from the second round a 0 is no moai and a 3 is a size-3 moai', () => {
		const s = start({ players: 3, forcedDice: dice(3, faces(3), [0, 3, 1]), position: { round: 2 } });
		expect(s.round).toBe(2);
		expect(s.dice.map((d) => d.size)).toEqual([0, 3, 1]);
		expect(s.display).toEqual([1, 3]);
		expect(s.dice[0].broken).toBe(false); // a 0 is "none", not a broken moai
	});

	it('G-3.0.3: a size with no moai left in the supply is a broken moai', () => {
		const s = start({ players: 3, forcedDice: dice(3, faces(3), [3, 3, 1]), position: { round: 2, statues: size3OnBoard(6) } });
		expect(s.dice.map((d) => d.broken)).toEqual([true, true, false]);
		expect(s.display).toEqual([1]);
		expect(s.supply.moai).toEqual([16, 12, 0]);
	});

	it('G-3.0.3: dice resolve one at a time, counting moai already displayed from this roll', () => {
		const s = start({ players: 5, forcedDice: dice(5, faces(5), [3, 1, 3, 3, 0]), position: { round: 2, statues: size3OnBoard(4) } });
		// Two size-3 moai were left: the first two 3s display them, the third 3 is broken.
		expect(s.dice.map((d) => d.broken)).toEqual([false, false, false, true, false]);
		expect(s.display).toEqual([1, 3, 3]);
		expect(s.supply.moai[2]).toBe(0);
	});

	it('G-3.0.4: the display is public and taken out of the supply', () => {
		const s = start({ players: 3, forcedDice: dice(3, [1, 2, 1]) });
		expect(s.supply.moai).toEqual([15, 11, 6]);
		for (const viewer of [0, 1, 2, null]) {
			const v = giants.view(s, viewer);
			expect(v.display).toEqual([1, 1, 2]);
			expect(v.dice).toEqual(s.dice);
		}
	});

	it('G-0.4: with nothing on display there is no auction; phase 3 begins', () => {
		const r = giants.start({ players: 3, startPlayer: 1, forcedDice: dice(3), position: { round: 2 } }, 'x');
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.value.state.phase).toEqual({ kind: 'place', turn: 1 });
		expect(r.value.log.map((e) => e.type)).toEqual(['round', 'roll', 'no-auction', 'phase']);
	});

	it('G-3.0.1: without forced dice the faces come from the die tables', () => {
		for (let i = 0; i < 20; i++) {
			const s = start({ players: 5 }, `roll-${i}`);
			for (const d of s.dice) {
				expect([0, 1, 2, 3]).toContain(d.face);
				expect([1, 2]).toContain(d.size); // first round: 0→1, 3→2
			}
		}
	});
});
