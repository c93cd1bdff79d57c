// Plan ahead (issue 32, queue.ts): the sacrifice (R-5.7 a), the moai choice and the substitute
// card queued while waiting, played when due, refused or left undue when not legal, judged
// from the seat's own view only. tests/kinds/queue.test.ts runs the shared contract on
// states of random play; these are the rules' cases.
import { describe, expect, it } from 'vitest';
import { cloneJson, seedRng } from '$lib/engine';
import { heuristicBot, simpleBot } from './bots';
import { rapanui } from './index';
import { rapanuiKind } from './kind';
import { plan } from './plan';
import { check, due, options } from './queue';
import { arrange, holding, must } from './test-helpers';
import type { RapaNuiMove, RapaNuiState, Seat } from './types';

const rng = () => seedRng('queue-test');
const view = (s: RapaNuiState, seat: Seat) => rapanui.view(s, seat);
const accepted = (s: RapaNuiState, seat: Seat, move: RapaNuiMove) => rapanui.apply(s, seat, move).ok;

/** Seat 0 to play in step 2 with a moai in hand and the wood for it; the others hold these offerings. */
function beforeMoai(players: number, f?: (s: RapaNuiState) => void): RapaNuiState {
	return arrange(players, (x) => {
		x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
		x.wood[0] = 9;
		x.phase = { kind: 'turn', step: 2 };
		holding(x, 1, { sweet_potato: 1, grain: 1 });
		if (players > 2) holding(x, 2, { fish: 2, paper_mulberry: 1 });
		f?.(x);
	});
}

const built = (s: RapaNuiState) => must(s, 0, { type: 'play', card: 'moai', count: 1 }).state;

describe('R-5.7 a: a sacrifice planned while waiting', () => {
	it('is offered for every kind held while a seat playing first holds a moai, and passes check', () => {
		const s = beforeMoai(3);
		const v = view(s, 2);
		const sacrifices = options(v, 2).filter((m) => m.type === 'sacrifice');
		expect(sacrifices).toEqual([
			{ type: 'sacrifice', kind: 'fish' },
			{ type: 'sacrifice', kind: 'paper_mulberry' }
		]);
		for (const m of sacrifices) expect(check(v, 2, m).ok).toBe(true);
	});

	it('is played when its round reaches the seat, and not before', () => {
		const round = built(beforeMoai(3));
		const fish = { type: 'sacrifice', kind: 'fish' } as const;
		expect(due(view(round, 2), 2, fish)).toBeNull(); // seat 1 lays first (R-5.7 a: from the builder's left)
		const mine = must(round, 1, { type: 'sacrifice', kind: 'grain' }).state;
		expect(due(view(mine, 2), 2, fish)).toEqual(fish);
		expect(accepted(mine, 2, fish)).toBe(true);
	});

	it('is not due when the seat no longer holds the kind, nor for another decision; the engine refuses it too', () => {
		const mine = must(built(beforeMoai(3)), 1, { type: 'sacrifice', kind: 'grain' }).state;
		const grain = { type: 'sacrifice', kind: 'grain' } as const;
		expect(due(view(mine, 2), 2, grain)).toBeNull();
		expect(rapanui.apply(mine, 2, grain)).toMatchObject({ ok: false, code: 'NO_SUCH_OFFERING' });
		expect(due(view(mine, 2), 2, { type: 'moai', choice: 'fame' })).toBeNull();
		expect(due(view(mine, 2), 2, { type: 'substitute', kind: null })).toBeNull();
	});

	it('check: a kind not held is accepted while its pile may still bring one (R-7.6), refused once it is empty', () => {
		const s = beforeMoai(3, (x) => (x.supply.grain = 0));
		expect(check(view(s, 2), 2, { type: 'sacrifice', kind: 'sweet_potato' }).ok).toBe(true);
		expect(check(view(s, 2), 2, { type: 'sacrifice', kind: 'grain' })).toMatchObject({ ok: false, code: 'NO_SUCH_OFFERING' });
	});

	it('R-0.4: nothing to plan when the sacrifice would be automatic (the ledger shows one kind), or nobody can build before the seat', () => {
		const single = beforeMoai(3, (x) => holding(x, 2, { fish: 2 }));
		expect(options(view(single, 2), 2).some((m) => m.type === 'sacrifice')).toBe(false);
		const noMoai = beforeMoai(3, (x) => (x.hands[0] = ['priest-1', 'fish-1', 'grain-1']));
		expect(options(view(noMoai, 2), 2).some((m) => m.type === 'sacrifice')).toBe(false);
		// Seat 1 holds the moai: its turn comes before seat 2's (R-3.1), so a round may ask seat 2…
		const later = beforeMoai(3, (x) => {
			x.hands[0] = ['priest-1', 'fish-1', 'grain-1'];
			x.hands[1] = ['moai-2', 'fish-2', 'grain-2'];
		});
		expect(options(view(later, 2), 2).some((m) => m.type === 'sacrifice')).toBe(true);
		// …but not for seat 1 itself, whose own turn comes first.
		expect(options(view(later, 1), 1).some((m) => m.type === 'sacrifice')).toBe(false);
	});
});

describe('R-7.5: a moai choice planned while waiting', () => {
	function scoring(): RapaNuiState {
		return arrange(3, (x) => {
			x.displays[1].push('moai-2');
			x.displays[2].push('moai-3');
			x.phase = { kind: 'moai', waiting: [1, 2], choosers: [1, 2] };
		});
	}

	it('is offered to a seat with a moai in its display, and played when a scoring waits for its choice', () => {
		const before = arrange(3, (x) => x.displays[1].push('moai-2'));
		expect(options(view(before, 1), 1).filter((m) => m.type === 'moai')).toEqual([
			{ type: 'moai', choice: 'fame' },
			{ type: 'moai', choice: 'wood' }
		]);
		expect(options(view(before, 2), 2).some((m) => m.type === 'moai')).toBe(false);
		const s = scoring();
		const wood = { type: 'moai', choice: 'wood' } as const;
		expect(due(view(s, 1), 1, wood)).toEqual(wood);
		expect(accepted(s, 1, wood)).toBe(true);
	});

	it('is not due once the seat has chosen, nor in another phase; a seat without a moai cannot plan one', () => {
		const chose = must(scoring(), 1, { type: 'moai', choice: 'fame' }).state;
		expect(due(view(chose, 1), 1, { type: 'moai', choice: 'wood' })).toBeNull();
		expect(due(view(beforeMoai(3), 1), 1, { type: 'moai', choice: 'wood' })).toBeNull();
		expect(check(view(beforeMoai(3), 1), 1, { type: 'moai', choice: 'fame' })).toMatchObject({ ok: false, code: 'NOT_CHOOSING' });
	});
});

describe('R-7.7: a substitute card planned while waiting', () => {
	/** Grain is scored and its pile is empty; seat 1 is due a card, then seat 2. Fish is empty too. */
	function substitute(): RapaNuiState {
		return arrange(3, (x) => {
			x.displays[1].push('grain-1');
			x.displays[2].push('grain-2');
			x.supply.grain = 0;
			x.supply.fish = 0;
			x.phase = { kind: 'substitute', scored: 'grain', due: [{ seat: 1, bonus: false }, { seat: 2, bonus: false }] };
		});
	}

	it('is offered while the seat is due a card (or its kind runs low) for every pile with cards, and declining', () => {
		const s = substitute();
		expect(options(view(s, 2), 2).filter((m) => m.type === 'substitute')).toEqual([
			{ type: 'substitute', kind: 'paper_mulberry' },
			{ type: 'substitute', kind: 'sweet_potato' },
			{ type: 'substitute', kind: null }
		]);
		const plenty = arrange(3, (x) => x.displays[2].push('grain-2'));
		expect(options(view(plenty, 2), 2).some((m) => m.type === 'substitute')).toBe(false);
	});

	it('is played when the seat is due the card and its pile has cards; declining always can be', () => {
		const s = substitute();
		const potato = { type: 'substitute', kind: 'sweet_potato' } as const;
		expect(due(view(s, 2), 2, potato)).toBeNull(); // seat 1 first (R-7.6 order)
		expect(due(view(s, 1), 1, potato)).toEqual(potato);
		expect(accepted(s, 1, potato)).toBe(true);
		expect(due(view(s, 1), 1, { type: 'substitute', kind: null })).toEqual({ type: 'substitute', kind: null });
	});

	it('an empty pile is refused by check (piles never fill again, R-1.3) and never due', () => {
		const s = substitute();
		const fish = { type: 'substitute', kind: 'fish' } as const;
		expect(check(view(s, 2), 2, fish)).toMatchObject({ ok: false, code: 'PILE_EMPTY' });
		expect(due(view(s, 1), 1, fish)).toBeNull();
		expect(rapanui.apply(s, 1, fish)).toMatchObject({ ok: false, code: 'PILE_EMPTY' });
	});
});

describe('check', () => {
	it("refuses the active player's own turn (R-4, R-5, R-5.7 c, R-6) as not queueable", () => {
		const v = view(beforeMoai(3), 2);
		for (const m of [{ type: 'buy', kind: 'fish' }, { type: 'play', card: 'priest', count: 1 }, { type: 'skip' }, { type: 'supply', kind: 'fish' }, { type: 'draw', column: 0 }])
			expect(check(v, 2, m)).toMatchObject({ ok: false, code: 'NOT_QUEUEABLE' });
	});

	it('refuses malformed moves and returns a fresh plain move', () => {
		const v = view(beforeMoai(3), 2);
		for (const m of [{ type: 'sacrifice', kind: 'gold' }, { type: 'sacrifice', kind: 'fish', extra: 1 }, { type: 'moai', choice: 'both' }, { type: 'substitute' }, Object.create({ type: 'moai', choice: 'fame' })])
			expect(check(v, 2, m)).toMatchObject({ ok: false, code: 'BAD_MOVE' });
		const raw = { type: 'sacrifice', kind: 'fish' };
		const c = check(v, 2, raw);
		expect(c).toEqual({ ok: true, value: raw });
		expect(c.ok && c.value).not.toBe(raw);
	});

	it('refuses everything once the game is over (R-8.1)', () => {
		const over = arrange(2, (x) => (x.phase = { kind: 'over', reason: 'refill' }));
		expect(check(view(over, 1), 1, { type: 'substitute', kind: null })).toMatchObject({ ok: false, code: 'GAME_OVER' });
		expect(options(view(over, 1), 1)).toEqual([]);
	});
});

describe('R-0.2: nothing secret decides a plan', () => {
	/**
	 * Seat 0 laid a face-down card in an earlier round (R-5.7 b); now seat 1 builds, and seat 2 is
	 * awaited. The two states differ only in what seat 2 may not know: that card's kind, seat 0's exact
	 * collection and the pile's order.
	 */
	function hidden(kind: 'fish' | 'grain'): RapaNuiState {
		return arrange(3, (x) => {
			holding(x, 0, { fish: 1, grain: 1, sweet_potato: 1 });
			x.secret.collections[0][kind]--;
			x.faceDowns[0] = 1;
			x.secret.faceDown = [kind];
			x.rounds = 1;
			x.stone = [{ seat: 0, round: 1, faceUp: false, fromSupply: false, kind: null }];
			if (kind === 'grain') x.secret.pile.reverse();
			holding(x, 2, { fish: 1, grain: 2 });
			x.active = 1;
			x.hands[1] = ['moai-2', 'fish-1', 'grain-1'];
			x.wood[1] = 9;
			x.phase = { kind: 'turn', step: 2 };
		});
	}

	it('gives the same options, checks, due moves and plans from either state', () => {
		const answers = (s: RapaNuiState) => {
			const waiting = view(s, 2);
			const round = must(s, 1, { type: 'play', card: 'moai', count: 1 }).state;
			const awaited = view(round, 2);
			const moves: unknown[] = [...['fish', 'grain', 'paper_mulberry', 'sweet_potato'].map((kind) => ({ type: 'sacrifice', kind })), { type: 'moai', choice: 'fame' }, { type: 'substitute', kind: null }];
			return {
				views: [waiting, awaited],
				options: options(waiting, 2),
				plan: plan(waiting, 2, rng()),
				check: moves.map((m) => check(waiting, 2, m)),
				due: moves.map((m) => due(awaited, 2, m as RapaNuiMove)),
				played: moves.map((m) => due(awaited, 2, m as RapaNuiMove) && accepted(round, 2, m as RapaNuiMove))
			};
		};
		const [a, b] = [answers(hidden('fish')), answers(hidden('grain'))];
		expect(hidden('fish')).not.toEqual(hidden('grain'));
		expect(a.views).toEqual(b.views);
		expect(a).toEqual(b);
		expect(a.plan.length).toBeGreaterThan(0);
		expect(a.due.filter(Boolean)).toEqual([
			{ type: 'sacrifice', kind: 'fish' },
			{ type: 'sacrifice', kind: 'grain' }
		]);
	});
});

describe('plan: what a careful player queues', () => {
	it("queues the default bot's sacrifice as if the round came now, the other kinds after it, and the room plays it when it comes", () => {
		const s = beforeMoai(2, (x) => {
			holding(x, 1, { fish: 1, grain: 2, sweet_potato: 1 });
			x.stone = [{ seat: 0, round: 1, faceUp: true, fromSupply: true, kind: 'fish' }];
			x.rounds = 1;
			x.displays[1].push('moai-2');
		});
		const steps = plan(view(s, 1), 1, rng());
		expect(steps.length).toBeGreaterThanOrEqual(3); // R-5.7 a, then R-7.5 or R-7.7 twice, in seat 0's turn
		for (const step of steps) for (const m of step) expect(check(view(s, 1), 1, m).ok).toBe(true);
		const [first] = steps;
		const kinds = first.filter((m) => m.type === 'sacrifice').map((m) => (m as { kind: string }).kind);
		expect([...kinds].sort()).toEqual(['fish', 'grain', 'sweet_potato']);
		expect(first.filter((m) => m.type === 'moai')).toHaveLength(1);
		// Seat 0 builds: the round reaches seat 1 exactly as plan.ts put it in front of the bot,
		// so the first alternative due is the heuristic bot's answer there (same random stream).
		const round = built(s);
		const played = first.map((m) => due(view(round, 1), 1, m)).find((m) => m !== null);
		expect(played).toEqual(heuristicBot(view(round, 1), 1, rng()));
		expect(accepted(round, 1, played!)).toBe(true);
	});

	it('orders the fallbacks by the rules of thumb (prefer.ts): the kind the stone has least of first', () => {
		// A single kind left to choose by the bot is no choice: the order is the rules of thumb's.
		const s = beforeMoai(2, (x) => {
			holding(x, 1, { fish: 1, grain: 2, sweet_potato: 1 });
			x.stone = [
				{ seat: 0, round: 1, faceUp: true, fromSupply: true, kind: 'fish' },
				{ seat: 0, round: 1, faceUp: true, fromSupply: false, kind: 'grain' },
				{ seat: 0, round: 1, faceUp: true, fromSupply: false, kind: 'grain' }
			];
			x.rounds = 1;
		});
		const kinds = plan(view(s, 1), 1, rng())[0].map((m) => (m as { kind: string }).kind);
		expect(kinds.slice(1)).toEqual(['sweet_potato', 'fish', 'grain'].filter((k) => k !== kinds[0]));
	});

	it('is empty while the seat itself is awaited, and when nothing can be asked of it', () => {
		const s = beforeMoai(2);
		expect(plan(view(s, 0), 0, rng())).toEqual([]);
		const quiet = beforeMoai(2, (x) => (x.hands[0] = ['priest-1', 'fish-1', 'grain-1']));
		expect(plan(view(quiet, 1), 1, rng())).toEqual([]);
	});

	it("answers from the queue most decisions asked in other players' turns, along a whole game", () => {
		// The room's loop (engine/kind.ts Queueing), with simple bots that plan whenever they wait: a
		// decision of a seat that is not the active player's (R-5.7 a, R-7.5, R-7.7) wakes nobody when its
		// queue answers it.
		const start = rapanui.start({ players: 3, startPlayer: 0 }, 'queue-plan');
		if (!start.ok) throw new Error(start.message);
		let s = start.value.state;
		const queues: RapaNuiMove[][][] = [[], [], []];
		const r = rng();
		let outOfTurn = 0;
		let answered = 0;
		for (let i = 0; i < 1000 && s.phase.kind !== 'over'; i++) {
			const seat = rapanui.activeSeats(s)[0];
			let move: RapaNuiMove | null = null;
			if (queues[seat].length) {
				const v = view(s, seat);
				move = queues[seat][0].map((m) => due(v, seat, m)).find((m) => m !== null) ?? null;
				queues[seat] = move ? queues[seat].slice(1) : [];
			}
			if (seat !== s.active) {
				outOfTurn++;
				if (move) answered++;
			}
			move ??= simpleBot(view(s, seat), seat, r);
			s = must(s, seat, move).state;
			for (let x = 0; x < 3; x++) if (!rapanui.activeSeats(s).includes(x) && queues[x].length === 0) queues[x] = plan(view(s, x), x, r);
		}
		expect(s.phase.kind).toBe('over');
		expect(outOfTurn).toBeGreaterThan(5);
		expect(answered / outOfTurn).toBeGreaterThan(0.8);
	});
});

describe('turnOf', () => {
	it('R-3.1, R-3.2: the active player throughout its turn — its sacrifice round and scoring too; nobody once over', () => {
		const s = beforeMoai(3);
		expect(rapanuiKind.turnOf!(s)).toBe(0);
		expect(rapanuiKind.turnOf!(view(built(s), 2))).toBe(0);
		const moai = arrange(3, (x) => {
			x.active = 2;
			x.displays[1].push('moai-2');
			x.phase = { kind: 'moai', waiting: [1], choosers: [1] };
		});
		expect(rapanuiKind.turnOf!(moai)).toBe(2);
		expect(rapanuiKind.turnOf!(arrange(2, (x) => (x.phase = { kind: 'over', reason: 'refill' })))).toBeNull();
	});
});

describe('the kind', () => {
	it('wires the queue (engine/kind.ts Queueing)', () => {
		expect(rapanuiKind.queue).toBeDefined();
		const v = view(cloneJson(beforeMoai(3)), 2);
		expect(rapanuiKind.queue!.options(v, 2)).toEqual(options(v, 2));
	});
});
