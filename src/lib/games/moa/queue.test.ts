// Plan ahead in Moa (issue 32; queue.ts): a queued defence (M-6.4, M-6.5) is played when the seat is
// asked and the answer is legal then, refused or not due otherwise, offered as an option, planned as
// the heuristic would answer, and judged from the seat's view alone (M-0.2).
import { describe, expect, it } from 'vitest';
import { cloneJson, seedRng } from '$lib/engine';
import { moa } from './index';
import { moaKind } from './kind';
import { moaQueue as q, planView, turnOf } from './queue';
import { bestOf } from './bots';
import { legalMoves } from './legal';
import { MAMMAL_CARDS, MAMMAL_KINDS, mammal } from './rules';
import { arrange, atTurn, birds, giveKarakia, hand, mammals, mammalTop, nextRound, pay, play, put } from './test-helpers';
import type { MoaMove, MoaState } from './types';

const eagles = birds('haasts_eagle', 2); // 3 combat each
const kea = birds('kea', 1); // 2 combat
const decline: MoaMove = { type: 'decline' };
const defend2: MoaMove = { type: 'defend', pay: pay(eagles) };
const defend1: MoaMove = { type: 'defend', pay: pay(eagles.slice(0, 1)) };

/**
 * Step A of the next round draws a weasel (combat 5) into region 1, where seat 0 has 3 birds and seat 1
 * has 2: seat 0 is asked first, seat 1 next (M-6.4). Seat 1 holds two eagles, seat 0 a kea and a pūkeko.
 */
function invaded(f: (s: MoaState) => void = () => {}): MoaState {
	const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
		mammalTop(x, mammals('weasel', 1));
		put(x, 1, 0, 3);
		put(x, 1, 1, 2);
		hand(x, 0, [...kea, ...birds('pukeko', 1)]); // 2 cards: not declined automatically (M-0.4)
		hand(x, 1, eagles);
		f(x);
	});
	const r = play(s, seat, { type: 'pass' }).state;
	expect(r.phase).toMatchObject({ kind: 'defend', seat: 0, region: 1, order: [1] });
	return r;
}

describe('Moa plan ahead: a queued defence', () => {
	it('M-6.4, M-6.5: queued while another seat is asked, not due until the seat is asked, then played as its own move', () => {
		const s = invaded();
		const c = q.check(moa.view(s, 1), 1, defend2);
		expect(c.ok).toBe(true);
		expect(q.due(moa.view(s, 1), 1, defend2)).toBeNull(); // M-6.4: seat 0 is asked first
		const asked = play(s, 0, decline).state;
		expect(asked.phase).toMatchObject({ kind: 'defend', seat: 1 });
		const due = q.due(moa.view(asked, 1), 1, defend2);
		expect(due).toEqual(defend2);
		const r = play(asked, 1, due!);
		expect(r.log).toContainEqual(expect.objectContaining({ type: 'defended', seat: 1, region: 1 }));
		expect(r.state.regions[0].stronghold).toBe(true); // M-6.6
	});

	it('M-6.5, M-8.2: a payment below the real attacker is not due (the next alternative, else the player is woken); apply refuses it too', () => {
		const asked = play(invaded(), 0, decline).state;
		expect(q.check(moa.view(asked, 1), 1, defend1).ok).toBe(true); // 3 combat could beat a rat
		expect(q.due(moa.view(asked, 1), 1, defend1)).toBeNull(); // a weasel needs 5
		const r = moaKind.apply(asked, 1, defend1);
		expect(r.ok ? null : r.code).toBe('TOO_FEW_SYMBOLS');
		expect(q.due(moa.view(asked, 1), 1, decline)).toEqual(decline);
	});

	it('M-0.5, M-7.1: a queued defence is not due in the seat’s own turn (the queue is dropped, the player woken)', () => {
		const s = arrange(3, (x) => {
			atTurn(x, 1);
			hand(x, 1, eagles);
		});
		expect(q.check(moa.view(s, 1), 1, defend2).ok).toBe(true);
		expect(q.due(moa.view(s, 1), 1, defend2)).toBeNull();
		expect(q.due(moa.view(s, 1), 1, decline)).toBeNull();
		expect(moaKind.apply(s, 1, decline).ok).toBe(false);
	});

	it('M-8.1: cards spent since the defence was queued make it not due', () => {
		const asked = play(invaded(), 0, decline).state;
		const spent = cloneJson(asked);
		spent.secret.hands[1] = [];
		spent.handSize[1] = 0;
		spent.birdDiscard.push(...eagles);
		expect(q.due(moa.view(spent, 1), 1, defend2)).toBeNull();
	});
});

describe('Moa plan ahead: check', () => {
	const s = invaded();
	const view = moa.view(s, 1);
	const code = (m: unknown) => {
		const c = q.check(view, 1, m);
		return c.ok ? 'ok' : c.code;
	};

	it('issue 32: only a defence may be queued; the step-B action and the free tile uses may not', () => {
		expect(code(decline)).toBe('ok');
		expect(code(defend2)).toBe('ok');
		expect(code({ type: 'pass' })).toBe('NOT_QUEUEABLE');
		expect(code({ type: 'place', region: 1, birds: 1, pay: pay(eagles) })).toBe('NOT_QUEUEABLE');
		expect(code({ type: 'drawCard', tile: 'K01' })).toBe('NOT_QUEUEABLE');
		expect(code({ type: 'neutral', region: 1, what: 'bird' })).toBe('NOT_QUEUEABLE');
	});

	it('refuses a malformed defence with a code, never throws', () => {
		expect(code({ type: 'decline', extra: 1 })).toBe('BAD_MOVE');
		expect(code({ type: 'defend', pay: { cards: eagles } })).toBe('BAD_MOVE');
		expect(code({ type: 'defend', pay: { cards: ['x'.repeat(9)], tiles: [] } })).toBe('BAD_MOVE');
		expect(code({ type: 'defend', pay: { cards: 'B01', tiles: [] } })).toBe('BAD_MOVE');
		expect(code(Object.create(null))).toBe('BAD_MOVE');
	});

	it('M-8.1, M-6.5: the cards must be in the seat’s hand and reach the weakest attacker’s combat', () => {
		expect(code({ type: 'defend', pay: pay(kea) })).toBe('NOT_YOUR_CARDS'); // seat 0's card
		expect(code({ type: 'defend', pay: pay([eagles[0], eagles[0]]) })).toBe('BAD_PAYMENT');
		const weak = moa.view(invaded((x) => hand(x, 1, kea)), 1);
		const c = q.check(weak, 1, { type: 'defend', pay: pay(kea) });
		expect(c.ok ? 'ok' : c.code).toBe('TOO_FEW_SYMBOLS'); // 2 combat beats no mammal (M-1.3)
	});

	it('M-8.4: a fresh double-combat tile cannot be queued (it is not usable before the seat’s next turn)', () => {
		const fresh = moa.view(invaded((x) => giveKarakia(x, 1, 'K06', true)), 1);
		const c = q.check(fresh, 1, { type: 'defend', pay: pay(eagles.slice(0, 1), ['K06']) });
		expect(c.ok ? 'ok' : c.code).toBe('NOT_YOUR_TILE');
		const usable = moa.view(invaded((x) => giveKarakia(x, 1, 'K06')), 1);
		expect(q.check(usable, 1, { type: 'defend', pay: pay(eagles.slice(0, 1), ['K06']) }).ok).toBe(true);
	});
});

describe('Moa plan ahead: options and plan', () => {
	it('M-6.4: the options are the answers to the request under way (decline, each payment that beats the weasel)', () => {
		const s = invaded();
		const opts = q.options(moa.view(s, 1), 1);
		expect(opts).toContainEqual(decline);
		expect(opts).toContainEqual(defend2);
		expect(opts.every((m) => m.type === 'decline' || m.type === 'defend')).toBe(true);
		expect(planView(moa.view(s, 1), 1)?.pending).toBe(true);
	});

	it('M-6.2: with no request under way, the options answer any attacker in the first region the seat could lose', () => {
		const s = arrange(3, (x) => {
			put(x, 4, 1, 2);
			hand(x, 1, [...eagles, ...kea]);
			atTurn(x, 2); // seat 1 has acted this round
		});
		const opts = q.options(moa.view(s, 1), 1);
		expect(opts).toContainEqual(decline);
		// A rat (3) is beaten by one eagle; a dog (6) takes both.
		expect(opts).toContainEqual({ type: 'defend', pay: pay(eagles.slice(0, 1)) });
		expect(opts).toContainEqual(defend2);
		const pv = planView(moa.view(s, 1), 1);
		expect(pv).toMatchObject({ pending: false, view: { phase: { kind: 'defend', seat: 1, region: 4 } } });
	});

	it('nothing to plan for a seat with no piece a mammal could reach', () => {
		const s = arrange(3, (x) => atTurn(x, 2));
		expect(q.options(moa.view(s, 1), 1)).toEqual([]);
		expect(planView(moa.view(s, 1), 1)).toBeNull();
		expect(q.plan(moa.view(s, 1), 1, seedRng('p'))).toEqual([]);
	});

	it('plan: the heuristic’s answer to the request under way, checked; nothing for the seat asked now', () => {
		const s = invaded();
		const steps = q.plan(moa.view(s, 1), 1, seedRng('p'));
		expect(steps).toHaveLength(1);
		expect(steps[0]).toHaveLength(1);
		expect(['decline', 'defend']).toContain(steps[0][0].type);
		expect(q.check(moa.view(s, 1), 1, steps[0][0]).ok).toBe(true);
		expect(q.plan(moa.view(s, 0), 0, seedRng('p'))).toEqual([]); // seat 0 is asked now
	});

	it('plan: M-3.2 before its own turn of the round the seat plans nothing; after it, an answer that holds for every attacker', () => {
		const before = arrange(3, (x) => {
			put(x, 4, 2, 1);
			hand(x, 2, birds('pukeko', 1));
		});
		expect(q.plan(moa.view(before, 2), 2, seedRng('p'))).toEqual([]); // seat 0's turn; seat 2's is ahead
		expect(q.options(moa.view(before, 2), 2)).toEqual([]); // no invasion can come before it: nothing to offer
		expect(planView(moa.view(before, 2), 2)).toBeNull();
		const after = arrange(3, (x) => {
			put(x, 4, 1, 1);
			hand(x, 1, birds('pukeko', 1)); // no combat: no defence possible, whatever attacks
			atTurn(x, 2);
		});
		expect(q.plan(moa.view(after, 1), 1, seedRng('p'))).toEqual([[decline]]);
	});
});

describe('Moa plan ahead: plan answers as the heuristic would', () => {
	/** Seat 1 has acted this round; 3 birds in region 4, 1 in region 9; `cards` in hand. */
	const after = (cards: string[], round = 3) =>
		arrange(3, (x) => {
			x.round = round;
			put(x, 4, 1, 3);
			put(x, 9, 1, 1);
			hand(x, 1, cards);
			atTurn(x, 2);
		});
	/** The queued step played against `kind` attacking `region` (M-6.4: the seat asked), by legality alone. */
	const played = (s: MoaState, step: MoaMove[], region: number, card: string) => {
		const asked = cloneJson(s);
		const c = MAMMAL_CARDS.find((m) => m.id === card)!;
		asked.regions[region - 1].mammal = { kind: c.kind, side: 'attack', combat: c.combat, vp: c.vp };
		asked.phase = { kind: 'defend', seat: 1, region, card, order: [] };
		return step.map((m) => q.due(moa.view(asked, 1), 1, m)).find((m) => m !== null) ?? null;
	};

	it.each([
		['one eagle and a kea', [...eagles.slice(0, 1), ...kea]],
		['two eagles', eagles],
		['a pūkeko', birds('pukeko', 1)],
		['eagles, kea and a tūī', [...eagles, ...kea, ...birds('tui', 1)]]
	])('M-6.4, M-6.5: with %s, the planned step gives every attacker in every region the heuristic’s kind of answer', (_what, cards) => {
		const s = after(cards);
		const steps = q.plan(moa.view(s, 1), 1, seedRng('h'));
		for (const step of steps) for (const m of step) expect(q.check(moa.view(s, 1), 1, m).ok).toBe(true);
		if (!steps.length) return; // it depends on where or what attacks: nothing planned
		for (const region of [4, 9])
			for (const k of MAMMAL_KINDS) {
				const card = MAMMAL_CARDS.find((m) => m.kind === k.id)!.id;
				const asked = cloneJson(s);
				asked.regions[region - 1].mammal = { kind: k.id, side: 'attack', combat: k.combat, vp: mammal(card).vp };
				asked.phase = { kind: 'defend', seat: 1, region, card, order: [] };
				const bot = bestOf(moa.view(asked, 1), 1, legalMoves(moa.view(asked, 1), 1).filter((m) => m.type === 'defend' || m.type === 'decline'), seedRng('h2'));
				expect(played(s, steps[0], region, card)?.type, `${k.id} in region ${region}`).toBe(bot.type);
			}
	});

	it('M-3.1, M-4.1: after round 7 the next defence comes with a new hand: nothing is planned', () => {
		expect(q.plan(moa.view(after(birds('pukeko', 1), 7), 1), 1, seedRng('p'))).toEqual([]);
		expect(q.plan(moa.view(after(birds('pukeko', 1), 6), 1), 1, seedRng('p'))).toEqual([[decline], [decline]]); // one per region it could lose
	});

	it('M-6.4, M-6.8: a decline of the request under way is planned only if every other request would be declined too', () => {
		const s = invaded((x) => hand(x, 1, birds('pukeko', 2))); // no combat: nothing to defend with
		expect(q.plan(moa.view(s, 1), 1, seedRng('p'))).toEqual([[decline]]);
	});
});

describe('Moa plan ahead: secrets (M-0.2)', () => {
	it('other hands and the draw pile differ: the same view, the same answers, and apply agrees', () => {
		const a = play(invaded(), 0, decline).state;
		const b = cloneJson(a);
		// Seat 2's hand and the top of the draw pile swapped: secret to seat 1.
		const x = b.secret;
		const h = x.hands[2];
		x.hands[2] = x.birdPile.slice(0, h.length);
		x.birdPile = [...h, ...x.birdPile.slice(h.length)];
		expect(moa.view(b, 1)).toEqual(moa.view(a, 1));
		for (const m of [decline, defend1, defend2]) {
			const due = q.due(moa.view(b, 1), 1, m);
			expect(due).toEqual(q.due(moa.view(a, 1), 1, m));
			expect(moaKind.apply(a, 1, m).ok).toBe(due !== null);
			expect(moaKind.apply(b, 1, m).ok).toBe(due !== null);
		}
		expect(q.options(moa.view(b, 1), 1)).toEqual(q.options(moa.view(a, 1), 1));
		expect(q.plan(moa.view(b, 1), 1, seedRng('s'))).toEqual(q.plan(moa.view(a, 1), 1, seedRng('s')));
	});
});

describe('Moa turnOf (issue 32)', () => {
	it('M-7.1: the step-B turn is its seat’s; M-3.2, M-6.4: a defence in step A is nobody’s turn', () => {
		const t = arrange(3, (x) => atTurn(x, 2));
		expect(turnOf(t)).toBe(2);
		expect(moaKind.turnOf!(moa.view(t, 0))).toBe(2);
		expect(turnOf(invaded())).toBeNull();
	});
});
