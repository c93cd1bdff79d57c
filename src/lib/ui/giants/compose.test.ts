/** The composer's reading of legalMoves: options come from the engine, never from rules of its own. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '$lib/games/giants';
import { atPlacement } from '$lib/games/giants/test-helpers';
import { canonical, choicesAt, hexesFor, legalSet, placeableFigures } from './compose';

describe('compose', () => {
	const s = atPlacement(3, { players: [{ behind: { workers: 2, logs: 2 }, rongo: 2 }, null, null] });
	const legal = legalMoves(s, 0);

	it('canonical forms make equal moves equal, whatever optional fields say', () => {
		expect(canonical({ type: 'place', figure: 'worker', hex: 'H01' })).toBe(canonical({ type: 'place', figure: 'worker', hex: 'H01', logs: 0 }));
		expect(canonical({ type: 'bid', markers: 1, workers: 0 })).toBe(canonical({ type: 'bid', markers: 1, workers: 0, chief: false }));
		expect(canonical({ type: 'choose', mark: ['b', 'a'], release: [] })).toBe(canonical({ type: 'choose', mark: ['a', 'b'], release: [] }));
		expect(canonical({ type: 'place', figure: 'worker', hex: 'H01', logs: 1 })).not.toBe(canonical({ type: 'place', figure: 'worker', hex: 'H01' }));
	});

	it('offers every figure, hex and log count of legalMoves and nothing else', () => {
		expect(placeableFigures(legal)).toEqual(['worker', 'medicineMan', 'chief']);
		const set = legalSet(legal);
		for (const f of placeableFigures(legal))
			for (const hex of hexesFor(legal, f)) {
				const c = choicesAt(legal, f, hex);
				for (const logs of c.place ?? []) expect(set.has(canonical({ type: 'place', figure: f, hex, logs }))).toBe(true);
				if (f !== 'worker' && c.action)
					for (const logs of c.action.logs)
						for (const ahu of c.action.ahus.length ? c.action.ahus : [undefined])
							expect(set.has(canonical({ type: 'action', figure: f as 'chief', hex, logs, ...(ahu ? { ahu } : {}) }))).toBe(true);
			}
		// G-4.1: logs never go with the chief; G-4.2: the village is an action hex for the medicine man.
		expect(choicesAt(legal, 'chief', 'H01').place).toEqual([0]);
		expect(choicesAt(legal, 'worker', 'H01').place).toEqual([0, 1, 2]);
		expect(choicesAt(legal, 'medicineMan', 'H02').action).not.toBeNull();
		expect(choicesAt(legal, 'worker', 'H02').action).toBeNull();
		// H31 touches two free ahus: the reservation offers both (G-4.2, "you choose").
		expect(choicesAt(legal, 'medicineMan', 'H31').action?.ahus).toEqual(['A18', 'A19']);
	});
});
