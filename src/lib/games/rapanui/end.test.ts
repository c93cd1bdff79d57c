// R-8 the end and final scoring; what views show and hide.
import { describe, expect, it } from 'vitest';
import { playOut } from '$lib/engine';
import { rapanui } from './index';
import { rapanuiKind } from './kind';
import { offeringTotal, valuesOf } from './rules';
import { scores, standings } from './score';
import { arrange, holding, must, offerings, SEED } from './test-helpers';
import type { RapaNuiState } from './types';

const WC = (c: string) => `start-${c}-woodcutter`;

/** A finished 2-player game arranged for scoring. */
function finished(f: (s: RapaNuiState) => void): RapaNuiState {
	return arrange(2, (s) => {
		s.phase = { kind: 'over', reason: 'refill' };
		s.secret.pile = [];
		s.pileLeft = 0;
		f(s);
	});
}

describe('R-8 end and final scoring', () => {
	it('R-8.2: at the end the face-down sacrifices, collections and the seed are revealed', () => {
		const out = playOut(rapanuiKind, { config: { players: 3 }, seed: 'reveal-all' });
		const v = rapanui.view(out.state, null);
		expect(v.secret.seed).toBe('reveal-all');
		expect(v.secret.collections.every(Boolean)).toBe(true);
		expect(v.stone.every((c) => c.kind !== null)).toBe(true);
		const reveal = out.log.at(-1)!.log.at(-1) as { type: string; faceDown: unknown[] };
		expect(reveal.type).toBe('reveal');
		expect(reveal.faceDown).toHaveLength(out.state.faceDowns.reduce((a, b) => a + b, 0));
	});

	it('R-8.3: fame + 4 per moai + 1 per full 5 wood + offerings by value; hand cards count nothing; wood is not spent', () => {
		const s = finished((x) => {
			x.fame = [7, 2];
			x.wood = [14, 4];
			x.displays[0] = [WC('yellow_green'), 'moai-1', 'moai-2'];
			x.hands[0] = ['moai-3', 'priest-1', 'priest-2'];
			x.stone = [{ seat: 1, round: 1, faceUp: true, fromSupply: false, kind: 'fish' }];
			holding(x, 0, { fish: 2, grain: 1 });
			holding(x, 1, {});
		});
		const [a] = scores(s);
		expect(a.items).toEqual([
			{ kind: 'fame', points: 7 },
			{ kind: 'moai', points: 8, detail: { count: 2 } },
			{ kind: 'wood', points: 2, detail: { count: 14 } },
			{ kind: 'offering', points: 6, detail: { kind: 'fish', count: 2, value: 3 } },
			{ kind: 'offering', points: 0, detail: { kind: 'paper_mulberry', count: 0, value: 2 } },
			{ kind: 'offering', points: 0, detail: { kind: 'sweet_potato', count: 0, value: 2 } },
			{ kind: 'offering', points: 2, detail: { kind: 'grain', count: 1, value: 2 } }
		]);
		expect(a.total).toBe(7 + 8 + 2 + 6 + 2);
		expect(s.wood[0]).toBe(14);
	});

	it('R-8.4: 3 minus the number of distinct greater counts; count 0 takes part (every row of the table)', () => {
		const rows: [number[], number[]][] = [
			[[5, 3, 2, 1], [3, 2, 1, 0]],
			[[4, 4, 2, 1], [3, 3, 2, 1]],
			[[5, 3, 3, 1], [3, 2, 2, 1]],
			[[5, 4, 2, 2], [3, 2, 1, 1]],
			[[4, 4, 4, 1], [3, 3, 3, 2]],
			[[4, 2, 2, 2], [3, 2, 2, 2]],
			[[4, 4, 1, 1], [3, 3, 2, 2]],
			[[3, 3, 3, 3], [3, 3, 3, 3]],
			[[6, 0, 0, 0], [3, 2, 2, 2]]
		];
		for (const [c, want] of rows) {
			const v = valuesOf({ fish: c[0], paper_mulberry: c[1], sweet_potato: c[2], grain: c[3] });
			expect([v.fish, v.paper_mulberry, v.sweet_potato, v.grain]).toEqual(want);
		}
	});

	it('R-8.5: an empty stone makes every offering card worth 0', () => {
		expect(valuesOf(offerings())).toEqual(offerings());
		const s = finished((x) => holding(x, 0, { fish: 5 }));
		expect(scores(s)[0].items.filter((i) => i.kind === 'offering').every((i) => i.points === 0)).toBe(true);
	});

	it('R-8.6 (rulebook): the stone holds 4 grain, 4 paper mulberry, 2 fish, 1 sweet potato: Sandra 16, Stefan 15', () => {
		const stone = (kind: 'fish' | 'paper_mulberry' | 'sweet_potato' | 'grain', n: number) => Array.from({ length: n }, () => ({ seat: 0, round: 1, faceUp: true, fromSupply: true, kind }));
		const s = finished((x) => {
			x.stone = [...stone('grain', 4), ...stone('paper_mulberry', 4), ...stone('fish', 2), ...stone('sweet_potato', 1)];
			holding(x, 0, { grain: 2, paper_mulberry: 1, fish: 3, sweet_potato: 1 });
			holding(x, 1, { grain: 0, paper_mulberry: 1, fish: 5, sweet_potato: 2 });
		});
		const offer = (seat: number) => scores(s)[seat].items.filter((i) => i.kind === 'offering').reduce((a, i) => a + i.points, 0);
		expect([offer(0), offer(1)]).toEqual([16, 15]);
	});

	it('R-8.7: most fame wins; ties go to more moai, then more wood held; still tied share the place (1, 1, 3)', () => {
		const tie = (wood: number[], moai: string[][]) =>
			standings(
				arrange(3, (x) => {
					x.phase = { kind: 'over', reason: 'refill' };
					x.wood = wood;
					x.fame = wood.map((w) => 10 - Math.floor(w / 5));
					moai.forEach((m, i) => (x.displays[i] = [x.displays[i][0], ...m]));
					x.fame = x.fame.map((f, i) => f - 4 * moai[i].length);
				})
			).map((r) => r.rank);
		expect(tie([4, 9, 4], [[], [], []])).toEqual([2, 1, 2]); // same fame, more wood
		expect(tie([4, 4, 4], [['moai-1'], [], []])).toEqual([1, 2, 2]); // same fame, more moai
		expect(tie([4, 4, 3], [[], [], []])).toEqual([1, 1, 3]);
		const s = finished((x) => {
			x.fame = [5, 5];
			x.wood = [3, 3];
		});
		expect(rapanuiKind.outcome(s)?.places).toEqual([1, 1]);
	});
});

describe('R-0.1, R-0.2 views', () => {
	function midGame(): RapaNuiState {
		const s = arrange(3, (x) => {
			x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
			x.wood[0] = 9;
			x.phase = { kind: 'turn', step: 2 };
			holding(x, 0, { fish: 1, grain: 2 });
			holding(x, 1, { sweet_potato: 1, grain: 1 });
			holding(x, 2, { fish: 2, paper_mulberry: 1 });
		});
		let t = must(s, 0, { type: 'play', card: 'moai', count: 1 }).state;
		t = must(t, 1, { type: 'sacrifice', kind: 'grain' }).state;
		t = must(t, 2, { type: 'sacrifice', kind: 'fish' }).state;
		return must(t, 0, { type: 'sacrifice', kind: 'grain' }).state; // face down
	}

	it('R-0.1: hands, displays, the face-up stone, the ledger and exact totals are public', () => {
		const s = midGame();
		const v = rapanui.view(s, 1);
		expect(v.hands).toEqual(s.hands);
		expect(v.displays).toEqual(s.displays);
		expect(v.stone.map((c) => c.kind)).toEqual(['grain', 'fish', null]);
		expect(v.stone[2]).toMatchObject({ seat: 0, round: 1, faceUp: false });
		expect(v.ledger[0]).toEqual({ fish: 1, paper_mulberry: 0, sweet_potato: 0, grain: 2 });
		expect(v.faceDowns[0]).toBe(1);
		expect(offeringTotal(v, 0)).toBe(2);
	});

	it('R-0.2: the face-down kind, the exact collection and the pile order reach only who may see them', () => {
		const s = midGame();
		for (const viewer of [1, 2, null]) {
			const v = rapanui.view(s, viewer);
			expect(v.secret.faceDown).toEqual([null]);
			expect(v.secret.collections[0]).toBeNull();
			expect(v.secret.pile).toBeNull();
			expect(v.secret.seed).toBeNull();
			expect(JSON.stringify(v)).not.toContain(SEED);
		}
		const own = rapanui.view(s, 0);
		expect(own.secret.faceDown).toEqual(['grain']);
		expect(own.secret.collections[0]).toEqual({ fish: 1, paper_mulberry: 0, sweet_potato: 0, grain: 1 });
		// The log entry of the face-down sacrifice names no kind.
		const t = arrange(3, (x) => Object.assign(x, JSON.parse(JSON.stringify(s)), { phase: { kind: 'sacrifice', round: 1, part: 'b', queue: [0] } }));
		expect(must(t, 0, { type: 'sacrifice', kind: 'fish' }).log).toEqual([{ type: 'sacrifice', seat: 0, round: 1, kind: null, faceUp: false, fromSupply: false }]);
	});
});
