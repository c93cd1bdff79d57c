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

describe('why Confirm waits (issue 30)', () => {
	const carveView = { phase: { kind: 'carve' } } as never;
	const placeView = { phase: { kind: 'place' } } as never;
	it('a carve: no size yet, then a sculptor value short of the size (G-3.3), then a legal one', () => {
		const legal = [{ type: 'carve', size: 2, workers: 1, medicineMan: true, chief: false }] as never;
		const d = new Draft(() => ({ view: carveView, seat: 0, legal }));
		expect(d.why).toEqual({ kind: 'carve-size' });
		d.carve.size = 2;
		expect(d.why).toEqual({ kind: 'carve-value', value: 0, size: 2 });
		d.carve.workers = 1;
		d.carve.medicineMan = true;
		expect(d.why).toBeNull();
		expect(d.move).toMatchObject({ type: 'carve', size: 2 });
	});
	it('a placement: the figure, then the hex, each in turn', () => {
		const d = new Draft(() => ({ view: placeView, seat: 0, legal: [] }));
		expect(d.why).toEqual({ kind: 'place-figure' });
		d.place.figure = 'worker';
		expect(d.why).toEqual({ kind: 'place-hex' });
	});
});
