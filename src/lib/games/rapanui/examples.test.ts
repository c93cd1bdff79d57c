// The Rapa Nui rules page's worked examples (issue 34; src/lib/games/rapanui/examples.json): each
// position shows the example's situation, and the engine, played from it, does what the example says
// (R-4.4, R-6.7 example 2, R-7.8, R-8.6 in the rules' rapanui.md). tests/kinds/examples.test.ts
// checks what every kind's examples share (they start, the right seat is awaited).
import { describe, expect, it } from 'vitest';
import { startExample, type WorkedExample } from '$lib/engine/examples';
import { erase } from '$lib/engine';
import { rapanuiKind } from './kind';
import data from './examples.json';
import { buyCost, offeringValues } from './rules';
import type { RapaNuiEntry as Entry, RapaNuiMove, RapaNuiState } from './types';
import { scoreItems } from './score';

const kind = erase(rapanuiKind);
const examples = data as unknown as WorkedExample[];
const example = (id: string) => examples.find((e) => e.id === id)!;

function start(id: string): RapaNuiState {
	const r = startExample(kind, example(id));
	if (!r.ok) throw new Error(`${id}: ${r.code}: ${r.message}`);
	return r.value.state as RapaNuiState;
}

function play(s: RapaNuiState, seat: number, move: RapaNuiMove): { state: RapaNuiState; log: Entry[] } {
	const r = rapanuiKind.apply(s, seat, move);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
}

describe('Rapa Nui worked examples', () => {
	it('names the rulebook’s people, one example per rule of the page', () => {
		expect(examples.map((e) => e.rule)).toEqual(['R-4.4', 'R-6.7', 'R-7.8', 'R-8.6']);
		expect(example('buy').names[example('buy').seat]).toBe('Sandra');
		expect(example('draw').names[example('draw').seat]).toBe('Patrick');
		expect(example('end').names).toEqual(['Sandra', 'Stefan']);
	});

	it('R-4.4: Sandra, 7 wood, pays 4 for paper mulberry, 3 for grain, 5 for fish and sweet potato — or buys nothing', () => {
		const s = start('buy');
		const sandra = example('buy').seat;
		expect(s.wood[sandra]).toBe(7);
		expect(s.phase).toMatchObject({ kind: 'turn', step: 1 });
		const costs = { paper_mulberry: 4, grain: 3, fish: 5, sweet_potato: 5 } as const;
		for (const [k, cost] of Object.entries(costs) as [keyof typeof costs, number][]) {
			expect(buyCost(s, sandra, k), k).toBe(cost);
			// The engine offers every purchase (she has the wood) and takes exactly that much.
			expect(rapanuiKind.legalMoves(s, sandra)).toContainEqual({ type: 'buy', kind: k });
			const after = play(s, sandra, { type: 'buy', kind: k });
			expect(after.state.wood[sandra], k).toBe(7 - cost);
			expect(after.log).toContainEqual({ type: 'buy', seat: sandra, kind: k, cost });
		}
		// Buying nothing needs no move: her play ends step 1.
		expect(rapanuiKind.legalMoves(s, sandra).some((m) => m.type === 'play')).toBe(true);
	});

	it('R-6.7 example 2: Patrick draws the moai, then the last priest of a column; the refill’s last card, a woodcutter, is scored', () => {
		const s0 = start('draw');
		const patrick = example('draw').seat;
		expect(s0.hands[patrick]).toHaveLength(1); // he played 2 hunter-gatherers: 2 draws
		const moai = s0.columns.findIndex((c) => c.at(-1)?.startsWith('moai-'));
		const priest = s0.columns.findIndex((c) => c.length === 1 && c[0].startsWith('priest-'));
		expect(moai).toBeGreaterThanOrEqual(0);
		expect(priest).toBeGreaterThanOrEqual(0);
		const first = play(s0, patrick, { type: 'draw', column: moai });
		const second = play(first.state, patrick, { type: 'draw', column: priest });
		const draw = second.log.find((e) => e.type === 'draw');
		expect(draw).toMatchObject({ type: 'draw', refill: expect.any(Array) });
		if (draw?.type !== 'draw') throw new Error('no draw');
		expect(draw.refill).toHaveLength(4);
		expect(draw.uncovered).toBe(draw.refill!.at(-1));
		expect(draw.uncovered).toMatch(/^woodcutter-/);
		// the card the first draw uncovered does not count; the woodcutter is scored.
		expect(second.log).toContainEqual({ type: 'score', card: 'woodcutter' });
	});

	it('R-7.8: grain is scored; Patrick and Sandra, 2 grain each, take 1 grain each and no bonus', () => {
		const s0 = start('score');
		const [sandra, patrick, stefan] = [0, 1, 2];
		expect(example('score').names).toEqual(['Sandra', 'Patrick', 'Stefan']);
		const grains = (s: RapaNuiState, seat: number) => s.displays[seat].filter((c) => c.includes('grain')).length;
		expect([grains(s0, sandra), grains(s0, patrick), grains(s0, stefan)]).toEqual([2, 2, 0]);
		const column = s0.columns.findIndex((c) => c.at(-2)?.startsWith('grain-'));
		const after = play(s0, stefan, { type: 'draw', column });
		expect(after.log).toContainEqual({ type: 'score', card: 'grain' });
		const offerings = after.log.filter((e) => e.type === 'offering');
		expect(offerings).toEqual([
			{ type: 'offering', seat: sandra, kind: 'grain', bonus: false, substitute: false },
			{ type: 'offering', seat: patrick, kind: 'grain', bonus: false, substitute: false }
		]);
	});

	it('R-8.6: the last refill ends the game; values grain 3, paper mulberry 3, fish 2, sweet potato 1; Sandra’s cards 16, Stefan’s 15', () => {
		const s0 = start('end');
		const [sandra, stefan] = [0, 1];
		const column = s0.columns.findIndex((c) => c.length === 1);
		expect(s0.pileLeft).toBeLessThanOrEqual(4);
		const after = play(s0, sandra, { type: 'draw', column });
		expect(after.log).toContainEqual({ type: 'end', reason: 'refill' });
		const s = after.state;
		expect(rapanuiKind.outcome(s)).not.toBeNull();
		expect(offeringValues(s)).toEqual({ grain: 3, paper_mulberry: 3, fish: 2, sweet_potato: 1 });
		const worth = (seat: number) => {
			const c = s.secret.collections[seat]!;
			const v = offeringValues(s)!;
			return c.grain * v.grain + c.paper_mulberry * v.paper_mulberry + c.fish * v.fish + c.sweet_potato * v.sweet_potato;
		};
		expect([worth(sandra), worth(stefan)]).toEqual([16, 15]);
		// The final score counts the same, item by item.
		const offered = (seat: number) => scoreItems(s, seat).filter((i) => i.kind === 'offering').reduce((a, i) => a + i.points, 0);
		expect([offered(sandra), offered(stefan)]).toEqual([16, 15]);
	});
});
