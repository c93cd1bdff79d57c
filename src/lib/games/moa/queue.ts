/**
 * Plan ahead in Moa (issue 32; engine/kind.ts `Queueing`): which decisions a seat may queue while it
 * waits, judged from its own view only.
 *
 * Queueable: the defence (M-6.4, M-6.5) — `decline`, or `defend` with a payment. It is the decision
 * the rules put outside the seat's own turn (step A, M-3.2), so it is the one that wakes a player
 * between their turns, and its legality is told exactly by the seat's view: the phase (who is asked,
 * M-6.4), the attacker's combat on the region's tile (public, M-0.1), the seat's own hand and its
 * usable tiles (M-8.1, M-8.4). Nothing secret (M-0.2) decides it, so a queued answer is played
 * exactly when `apply` would accept it, and the room's refusal (a dropped queue) tells nothing the
 * view does not.
 *
 * Not queueable, and why:
 * - the step-B action (M-7) and its tiles (M-8.6): the seat's main decision, best taken on the board
 *   as the others leave it; a move carries no round, so a queued action could be played in a later
 *   round than the one it was meant for; and it is already one wake-up per round (own turn);
 * - `end` (M-0.5) and the neutral's placement (M-11.2): they follow the seat's own move with no other
 *   player's decision in between, so they never wake anybody;
 * - the exchange's discard (M-8.6): it follows the seat's own exchange at once;
 * - drawing a card and the exchange (M-8.6, M-8.7): free moves any time, never awaited.
 *
 * A defence move names no region (the engine's move has none): a queued answer answers the seat's
 * next defence request, wherever it is. `plan` therefore queues only answers that do not depend on
 * what is unknown: the exact request already under way (the seat is later in this invasion's order),
 * or, once the seat's own turn of the round is behind it, an answer the heuristic would give for every
 * region it could be asked about and every attacker.
 */
import { fail, ok, type Queueing, type Result, type RngState } from '$lib/engine';
import { bestOf } from './bots';
import { PAY, check, checkPayment } from './checks';
import { awaited, legalMoves } from './legal';
import { C, MAMMAL_CARDS, MAMMAL_KINDS, isErupted, paid, pieces } from './rules';
import type { CardId, MammalKind, MoaMove, MoaView, Payment, Readable, Seat } from './types';

type Answer = Extract<MoaMove, { type: 'defend' | 'decline' }>;

/** The attackers by combat, weakest first (M-1.3: every kind can attack, M-5.4, M-5.5). */
const ATTACKERS = [...MAMMAL_KINDS].sort((a, b) => a.combat - b.combat);
/** M-6.5: a defence pays at least the attacker's combat; no attacker is weaker than this. */
export const WEAKEST_ATTACK = ATTACKERS[0].combat;
const cardOf = (kind: MammalKind): CardId => MAMMAL_CARDS.find((c) => c.kind === kind)!.id;

// ---- shape (the move arrives as untrusted JSON; the same limits as the engine's schema) ------------

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const onlyKeys = (x: Record<string, unknown>, keys: string[]): boolean => Object.keys(x).every((k) => keys.includes(k)) && keys.every((k) => Object.hasOwn(x, k));
const ids = (x: unknown): x is string[] => Array.isArray(x) && x.length <= 80 && x.every((id) => typeof id === 'string' && id.length <= 8);

/** The queued move, rebuilt from its parts, or the reason it is no move that may be queued. */
function shape(raw: unknown): Result<Answer> {
	if (!isObject(raw) || typeof raw.type !== 'string') return fail('BAD_MOVE', 'not a Moa move');
	if (raw.type !== 'defend' && raw.type !== 'decline') return fail('NOT_QUEUEABLE', 'M-6.4 (issue 32): in Moa only a defence can be planned ahead');
	if (raw.type === 'decline') return onlyKeys(raw, ['type']) ? ok({ type: 'decline' }) : fail('BAD_MOVE', 'not a Moa move');
	const pay = raw.pay;
	if (!onlyKeys(raw, ['type', 'pay']) || !isObject(pay) || !onlyKeys(pay, ['cards', 'tiles']) || !ids(pay.cards) || !ids(pay.tiles)) return fail('BAD_MOVE', 'not a Moa move');
	return ok({ type: 'defend', pay: { cards: [...pay.cards], tiles: [...pay.tiles] } });
}

// ---- the decision as it would come up ---------------------------------------------------------------

/** `seat`'s view as if it were asked now to defend `region` against `card` (M-6.3: its tile lies there). */
function askedView(view: MoaView, seat: Seat, region: number, card: CardId): MoaView {
	const c = MAMMAL_CARDS.find((x) => x.id === card)!;
	const regions = view.regions.map((r) => (r.id === region && !r.mammal ? { ...r, mammal: { kind: c.kind, side: 'attack' as const, combat: c.combat, vp: c.vp } } : r));
	const owe = view.owe.map((n, s) => (s === seat ? 0 : n));
	return { ...view, regions, owe, phase: { kind: 'defend', seat, region, card, order: [] } };
}

/** The defence request under way that will reach `seat` if those before it decline (M-6.4). */
function pending(view: Readable, seat: Seat): { region: number; card: CardId } | null {
	const p = view.phase;
	return p.kind === 'defend' && p.order.includes(seat) ? { region: p.region, card: p.card } : null;
}

/** Regions where `seat` could be asked to defend: its pieces there, no mammal tile, not erupted (M-6.2). */
function exposed(view: Readable, seat: Seat) {
	return view.regions.filter((r) => pieces(r, seat) > 0 && !r.mammal && !isErupted(view, r.id));
}

const answers = (v: MoaView, seat: Seat): Answer[] => legalMoves(v, seat).filter((m): m is Answer => m.type === 'defend' || m.type === 'decline');

/** The turns task still holds `seat` this round (M-7.1): its own turn comes before any new step A. */
function turnAhead(view: Readable, seat: Seat): boolean {
	return view.tasks.some((t) => t.t === 'turns' && t.seats.includes(seat));
}

/**
 * A defence could be asked of `seat` before its own next turn: the game runs, the seat's hand is in
 * the view, and we are not in step B before the seat's turn (M-3.2: invasions come in step A only, so
 * a defence queued then would meet the seat's turn first and be dropped).
 */
function canComeUp(view: MoaView, seat: Seat): boolean {
	const p = view.phase.kind;
	if (p === 'over' || !view.secret.hands[seat]) return false;
	return !((p === 'turn' || p === 'neutral') && turnAhead(view, seat));
}

/**
 * The view the composer plans on (the decision as it would come up), or null when there is nothing to
 * plan (`canComeUp`, or no piece a mammal could reach): the request under way if it will reach the
 * seat, else the first region the seat could be asked about, attacked by the weakest kind (any
 * payment that could win is offered; `due` plays it only if it beats the real attacker).
 */
export function planView(view: MoaView, seat: Seat): { view: MoaView; pending: boolean } | null {
	if (!canComeUp(view, seat)) return null;
	const now = pending(view, seat);
	if (now) return { view: askedView(view, seat, now.region, now.card), pending: true };
	const first = exposed(view, seat)[0];
	return first ? { view: askedView(view, seat, first.id, cardOf(ATTACKERS[0].id)), pending: false } : null;
}

/** Queueable moves as they would be legal if the defence came up now (every attacker when unknown). */
export function queueOptions(view: MoaView, seat: Seat): MoaMove[] {
	if (!canComeUp(view, seat)) return [];
	const now = pending(view, seat);
	const asks = now ? [now] : exposed(view, seat).slice(0, 1).flatMap((r) => ATTACKERS.map((k) => ({ region: r.id, card: cardOf(k.id) })));
	const out = new Map<string, MoaMove>();
	for (const a of asks) for (const m of answers(askedView(view, seat, a.region, a.card), seat)) out.set(JSON.stringify(m), m);
	return [...out.values()];
}

const combatOf = (pay: Payment): number => paid(pay).combat;

/** The heuristic's answer (bots.ts) to `seat` asked to defend `region` against `card`. */
function answer(view: MoaView, seat: Seat, region: number, card: CardId, rng: RngState): Answer {
	const v = askedView(view, seat, region, card);
	return bestOf(v, seat, answers(v, seat), rng) as Answer;
}

/**
 * One step that gives the heuristic's answer for every one of `regions` and every attacker, played by
 * legality alone (`due`): the payments it would defend with, weakest first (the first that beats the
 * real attacker is played), then a decline if it would decline some. Only when the answer is a
 * threshold the alternatives can express — every payment planned is too weak for every attacker it
 * would decline — else null (it depends on where or what attacks). 'decline': it declines them all.
 */
function robust(view: MoaView, seat: Seat, regions: number[], rng: RngState): 'decline' | MoaMove[] | null {
	let weakestDeclined = Infinity;
	const pays: MoaMove[] = [];
	for (const region of regions)
		for (const k of ATTACKERS) {
			const a = answer(view, seat, region, cardOf(k.id), rng);
			if (a.type === 'decline') weakestDeclined = Math.min(weakestDeclined, k.combat);
			else if (!pays.some((x) => JSON.stringify(x) === JSON.stringify(a))) pays.push(a);
		}
	if (!pays.length) return 'decline';
	const combat = (m: MoaMove) => combatOf((m as Answer & { pay: Payment }).pay);
	pays.sort((a, b) => combat(a) - combat(b));
	if (weakestDeclined === Infinity) return pays;
	// M-6.5: a payment that beats an attacker the heuristic would decline would be played against it.
	return combat(pays[pays.length - 1]) < weakestDeclined ? [...pays, { type: 'decline' }] : null;
}

const declines = (n: number): MoaMove[][] => Array.from({ length: n }, () => [{ type: 'decline' }]);

/**
 * What a careful player queues (the benchmark's bots): the heuristic's answers where they do not
 * depend on the unknown (see the head of this file). A queued answer answers the next request,
 * wherever it is, so a decline is planned only where the seat would decline every request it could
 * get before its own next turn (one step each); a defence where it would defend against anything.
 */
function plan(view: MoaView, seat: Seat, rng: RngState): MoaMove[][] {
	if (view.phase.kind === 'over' || awaited(view).includes(seat) || !view.secret.hands[seat]) return [];
	const now = pending(view, seat);
	if (now) {
		// M-6.4: the request under way reaches the seat if those before it decline. If one of them
		// defends, the queued answer meets the seat's next request of this step A (M-6.8), or is
		// dropped at its turn. A defence is played there only if it beats that attacker too (at worst
		// it spends cards where the heuristic would have declined, and takes the tile); a decline
		// costs pieces, so it is planned only if the seat would decline every other request too.
		const a = answer(view, seat, now.region, now.card, rng);
		if (a.type === 'defend') return [[a]];
		const others = exposed(view, seat).map((r) => r.id);
		const rest = others.length ? robust(view, seat, others, rng) : 'decline';
		return rest === 'decline' ? declines(1 + others.length) : [];
	}
	// Before its own turn of the round the seat is woken for that turn anyway (M-3.2: step A, then
	// the turns), and a defence queued now would be dropped there. After round 7 comes a new period
	// (M-3.1) and a new hand (M-4.1): the answer would depend on cards not dealt yet.
	if (turnAhead(view, seat) || view.round >= C.roundsPerPeriod) return [];
	const regions = exposed(view, seat).map((r) => r.id);
	if (!regions.length) return [];
	const r = robust(view, seat, regions, rng);
	if (r === 'decline') return declines(regions.length);
	return r ? [r] : [];
}

export const moaQueue: Queueing<MoaView, MoaMove> = {
	check(view, seat, raw) {
		const s = shape(raw);
		if (!s.ok) return s;
		if (view.phase.kind === 'over') return fail('GAME_OVER', 'M-10.4: the game is over');
		const move = s.value;
		if (move.type === 'decline') return ok(move);
		// M-8.1, M-8.4: the seat's own cards and tiles usable now (a fresh tile stays unusable until its
		// next turn, which comes before any later defence could use it).
		const bad = checkPayment(view, seat, move.pay, PAY.defend);
		if (bad) return bad;
		if (combatOf(move.pay) < WEAKEST_ATTACK) return fail('TOO_FEW_SYMBOLS', `M-6.5, M-8.2: a defence needs at least ${WEAKEST_ATTACK} combat (the weakest mammal)`);
		return ok(move);
	},
	due(view, seat, queued) {
		const s = shape(queued);
		if (!s.ok) return null;
		// M-6.4, M-6.5, M-8.6: asked now, no exchange discard owed, the payment beats the attacker.
		return check(view, seat, s.value) === null ? s.value : null;
	},
	/** A defence answers exactly a request to this seat to defend (M-6.4); it waits through the seat's own turn. */
	answers: (view, seat) => view.phase.kind === 'defend' && view.phase.seat === seat,
	options: queueOptions,
	plan
};

/** Whose turn it is (engine/kind.ts `turnOf`): the step-B turn and its neutral placement (M-7.1, M-11.2); step A's defences are nobody's turn (M-3.2, M-6.4). */
export function turnOf(s: Readable): Seat | null {
	const p = s.phase;
	return p.kind === 'turn' || p.kind === 'neutral' ? p.seat : null;
}
