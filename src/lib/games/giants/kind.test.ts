import { describe, expect, it } from 'vitest';
import { playOut } from '$lib/engine';
import { giantsKind } from './kind';
import type { GiantsMove } from './types';

const at = (kind: string) => ({ phase: { kind } }) as never;

describe('Giants as a kind (engine/kind.ts)', () => {
	it('the automatic move of each phase when a clock runs out (G-3.1, G-3.3, G-4.5, G-6.0)', () => {
		expect(giantsKind.timeoutMove(at('bid'), 0)).toEqual({ move: { type: 'bid', markers: 0, workers: 0 }, auto: 'bid' });
		expect(giantsKind.timeoutMove(at('carve'), 0)!.auto).toBe('decline');
		expect(giantsKind.timeoutMove(at('transport'), 0)).toEqual({ move: { type: 'pass' }, auto: 'pass' });
		expect(giantsKind.timeoutMove(at('choice'), 0)).toEqual({ move: { type: 'choose', mark: [], release: [] }, auto: 'choose' });
		expect(giantsKind.timeoutMove(at('over'), 0)).toBeNull();
	});

	it('passive (engine/kind.ts, ratings): G-3.1 a bid of nothing, G-3.3/G-4.5 a pass, G-6.0 an empty choice', () => {
		for (const m of [
			{ type: 'pass' },
			{ type: 'bid', markers: 0, workers: 0 },
			{ type: 'bid', markers: 0, workers: 0, medicineMan: false, chief: false },
			{ type: 'choose', mark: [], release: [] }
		] as GiantsMove[])
			expect(giantsKind.passive!(m), JSON.stringify(m)).toBe(true);
		for (const m of [
			{ type: 'bid', markers: 1, workers: 0 },
			{ type: 'bid', markers: 0, workers: 2 },
			{ type: 'bid', markers: 0, workers: 0, chief: true },
			{ type: 'choose', mark: ['s1'], release: [] },
			{ type: 'choose', mark: [], release: ['s2'] },
			{ type: 'carve', size: 1, workers: 1 },
			{ type: 'rongo' },
			{ type: 'mark', statue: 's1' }
		] as GiantsMove[])
			expect(giantsKind.passive!(m), JSON.stringify(m)).toBe(false);
	});

	it('a seat that only does what a timeout would do, as its own moves, makes no real decision; the bot does', () => {
		const idle = (v: unknown, seat: number) => giantsKind.timeoutMove(v as never, seat)!.move;
		const bot = giantsKind.bots[giantsKind.defaultBot];
		const out = playOut(giantsKind, { config: { players: 3, quickStart: false, immediateScoring: false }, seed: 'farm-3', bots: [bot, idle, idle] as never });
		expect(out.over).toBe(true);
		const real = (seat: number) => out.moves.filter((x) => x.seat === seat && !giantsKind.passive!(x.move as GiantsMove)).length;
		expect(out.moves.filter((x) => x.seat === 2).length).toBeGreaterThan(5);
		expect([real(1), real(2)]).toEqual([0, 0]);
		expect(real(0)).toBeGreaterThan(0);
	});

	it('options: G-2.1 defaults both off, unknown keys refused', async () => {
		const v = await import('valibot');
		expect(v.parse(giantsKind.options, {})).toEqual({ quickStart: false, immediateScoring: false });
		expect(v.safeParse(giantsKind.options, { quickStart: true, colour: 'red' }).success).toBe(false);
	});

	it('config: the options and the seat count; a scenario extra only through the seam', () => {
		expect(giantsKind.config({ quickStart: true, immediateScoring: false }, 4)).toEqual({ ok: true, value: { players: 4, quickStart: true, immediateScoring: false } });
		expect(giantsKind.config({ quickStart: false, immediateScoring: false }, 3, { forcedDice: 'x' })).toMatchObject({ ok: false, code: 'BAD_CONFIG' });
	});

	it('start, status, colours and the outcome of a running game', () => {
		const r = giantsKind.start({ players: 3, quickStart: false, immediateScoring: false }, 'seed');
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(giantsKind.status(r.value.state)).toEqual({ round: 1, phase: 'bid' });
		expect(giantsKind.seatColour(r.value.state, 0)).toBe(r.value.state.players[0].colour);
		expect(giantsKind.outcome(r.value.state)).toBeNull();
		expect(r.value.log.some((e) => e.type === 'roll')).toBe(true);
	});
});
