import { describe, expect, it } from 'vitest';
import type { TransportStep } from '$lib/games/giants';
import { Draft } from './draft.svelte';

const step = (o: Partial<TransportStep>) => ({ erect: [], crown: [], mark: false, plain: false, ...o }) as unknown as TransportStep;

describe('the transport composer never picks an ending for the player (issue 12)', () => {
	const d = new Draft(() => ({ view: null, seat: null, legal: [] }));
	it('chooses only when the step allows exactly one ending', () => {
		expect(d.defaultFinish(step({ erect: ['A22'] }))).toEqual({ kind: 'erect', ahu: 'A22' });
		expect(d.defaultFinish(step({ plain: true }))).toEqual({ kind: 'plain' });
		expect(d.defaultFinish(null)).toBeNull();
	});
	it('leaves the choice to the player when several endings exist: two ahu, or erecting or just moving', () => {
		expect(d.defaultFinish(step({ erect: ['A21', 'A22'], plain: true }))).toBeNull();
		expect(d.defaultFinish(step({ erect: ['A22'], plain: true }))).toBeNull();
		expect(d.defaultFinish(step({ crown: ['A16'], mark: true }))).toBeNull();
	});
});

describe('changing a sealed decision starts from it (issue 12)', () => {
	it('a bid, and an end-of-round choice', () => {
		const d = new Draft(() => ({ view: null, seat: null, legal: [] }));
		d.editFrom({ markers: 2, workers: 1, medicineMan: false, chief: true });
		expect(d.bid).toEqual({ markers: 2, workers: 1, medicineMan: false, chief: true });
		d.editFrom({ mark: ['m3'], release: ['h4'] });
		expect(d.choice).toEqual({ mark: ['m3'], release: ['h4'] });
		expect(d.bid).toEqual({ markers: 0, workers: 0, medicineMan: false, chief: false });
	});
});
