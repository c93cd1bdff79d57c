/**
 * Plan ahead (issue 32; engine/kind.ts `Queueing`): the decisions a Rapa Nui seat may queue while it
 * waits, judged from that seat's own view only.
 *
 * Queueable: exactly the decisions the rules ask of a seat in *another* player's turn, which wake it
 * for one click each —
 *  - the sacrifice (R-5.7 a): "if someone builds a moai, I give a grain; if I have none, a fish".
 *    Its legality is the seat's own collection, which its own view shows exactly, so nothing
 *    it may not know decides it. The builder's face-down card (R-5.7 b) is the same move; it
 *    comes right after the builder's own play, so a queue rarely reaches it, but a queued sacrifice
 *    answers it too when it is legal (the move is the same decision: which kind to give).
 *  - the moai choice: a one-off answer to the next moai scoring, sealed as any choice is
 *    — the standing answer's single-use sibling. Legal for every seat with a moai in its
 *    display (public).
 *  - the substitute card: the pile to take from, or declining, when a scored pile has run out.
 *    The supply piles are public, and they never grow (R-1.3: a card leaves them for a collection or
 *    the stone, never back), so an empty pile never becomes legal again.
 *
 * Not queueable, on purpose: the active player's own turn — buying, playing, the supply
 * card (R-5.7 c) and the draws. A turn is one visit anyway (the player is woken for it), its
 * draws depend on the display the others leave, and a queued first step alone would save no
 * trip: the draws still need the player. A queue that meets the seat's own turn is dropped there
 * (nothing in it is due), which is exactly when the player comes back.
 *
 * What a careful player queues (`plan`) is plan.ts: it asks the heuristic bot, and this file stays
 * light for the game page, which offers `options` (surface.ts).
 */
import { fail, ok, type Result } from '$lib/engine/types';
import { KINDS, displayCount, handCount, isKind, ledgerKinds, nextSeat, offeringTotal } from './rules';
import type { Kind, RapaNuiMove, RapaNuiView, Readable, Seat } from './types';

type Queued = Extract<RapaNuiMove, { type: 'sacrifice' | 'moai' | 'substitute' }>;

/** The move types queue.ts answers; every other Rapa Nui move is the active player's own turn. */
const QUEUEABLE = new Set(['sacrifice', 'moai', 'substitute']);
const OWN_TURN = new Set(['buy', 'play', 'skip', 'supply', 'draw']);

const isSeat = (v: Readable, seat: unknown): seat is Seat => typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < v.players;
const plain = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const exactKeys = (o: Record<string, unknown>, keys: string[]) => Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k));

/** A queueable move's shape (untrusted JSON), as a fresh plain move, or null. */
function shape(raw: Record<string, unknown>): Queued | null {
	switch (raw.type) {
		case 'sacrifice':
			return exactKeys(raw, ['type', 'kind']) && isKind(raw.kind) ? { type: 'sacrifice', kind: raw.kind } : null;
		case 'moai':
			return exactKeys(raw, ['type', 'choice']) && (raw.choice === 'fame' || raw.choice === 'wood') ? { type: 'moai', choice: raw.choice } : null;
		case 'substitute':
			return exactKeys(raw, ['type', 'kind']) && (raw.kind === null || isKind(raw.kind)) ? { type: 'substitute', kind: raw.kind } : null;
		default:
			return null;
	}
}

/** The seat's own collection (its view shows it exactly, R-0.1), or its public ledger from another view. */
const collection = (v: Readable, seat: Seat) => v.secret.collections[seat] ?? v.ledger[seat];

export function check(v: RapaNuiView, seat: Seat, raw: unknown): Result<Queued> {
	if (!plain(raw) || typeof raw.type !== 'string') return fail('BAD_MOVE', 'not a Rapa Nui move');
	if (!QUEUEABLE.has(raw.type)) {
		if (OWN_TURN.has(raw.type)) return fail('NOT_QUEUEABLE', 'only a sacrifice (R-5.7 a), a moai choice (R-7.5) or a substitute card (R-7.7) can be planned; your own turn is played when it comes');
		return fail('BAD_MOVE', 'not a Rapa Nui move');
	}
	const move = shape(raw);
	if (!move) return fail('BAD_MOVE', 'not a Rapa Nui move');
	if (!isSeat(v, seat)) return fail('NOT_SEATED', 'no such seat');
	if (v.phase.kind === 'over') return fail('GAME_OVER', 'the game is over (R-8.1)');
	switch (move.type) {
		case 'sacrifice':
			// Held now, or still to be had from its pile through a scoring before it is asked.
			if (collection(v, seat)[move.kind] === 0 && v.supply[move.kind] === 0) return fail('NO_SUCH_OFFERING', 'you have no offering card of that kind, and its pile is empty (R-5.7 a)');
			return ok(move);
		case 'moai':
			// A moai in the display chooses; one in the hand may be built first.
			if (displayCount(v, seat, 'moai') === 0 && handCount(v, seat, 'moai') === 0) return fail('NOT_CHOOSING', 'only players with a moai choose (R-7.5)');
			return ok(move);
		case 'substitute':
			if (move.kind !== null && v.supply[move.kind] === 0) return fail('PILE_EMPTY', 'that supply pile is empty, and piles never fill again (R-7.7, R-1.3)');
			return ok(move);
	}
}

/** The queued move if it answers the decision awaiting `seat` and is legal now (the engine's checks, on the view). */
export function due(v: RapaNuiView, seat: Seat, move: RapaNuiMove): Queued | null {
	const p = v.phase;
	switch (move.type) {
		case 'sacrifice':
			// a, b: the seat lays the next card and holds one of the kind (its own view knows its collection).
			if (p.kind !== 'sacrifice' || p.part === 'c' || p.queue[0] !== seat) return null;
			return (v.secret.collections[seat]?.[move.kind] ?? 0) > 0 ? { type: 'sacrifice', kind: move.kind } : null;
		case 'moai':
			// a moai scoring waits for this seat's sealed choice.
			return p.kind === 'moai' && p.waiting.includes(seat) ? { type: 'moai', choice: move.choice } : null;
		case 'substitute':
			// this seat is due a card of an empty pile; another pile with cards, or declining.
			if (p.kind !== 'substitute' || p.due[0]?.seat !== seat) return null;
			return move.kind === null || v.supply[move.kind] > 0 ? { type: 'substitute', kind: move.kind } : null;
		default:
			return null; // the active player's own turn is never queued
	}
}

/**
 * Whether a queued move answers the decision awaiting `seat` now, legal or not (engine/kind.ts
 * `Queueing.answers`): a sacrifice the seat's sacrifice (R-5.7 a, b), a moai choice a moai scoring
 * waiting on the seat, a substitute the seat's due card. So a plan of sacrifices
 * waits through the seat's own turn instead of being dropped there.
 */
export function answers(v: RapaNuiView, seat: Seat, move: RapaNuiMove): boolean {
	const p = v.phase;
	switch (move.type) {
		case 'sacrifice':
			return p.kind === 'sacrifice' && p.part !== 'c' && p.queue[0] === seat;
		case 'moai':
			return p.kind === 'moai' && p.waiting.includes(seat);
		case 'substitute':
			return p.kind === 'substitute' && p.due[0]?.seat === seat;
		default:
			return false;
	}
}

/**
 * The seats that may still play a card before `seat`'s own next turn: the active player while it has
 * not played yet (R-3.2 step 1 or 2), then every seat whose turn comes before `seat`'s.
 */
export function playsBefore(v: Readable, seat: Seat): Seat[] {
	const out: Seat[] = [];
	if (v.phase.kind === 'turn' && v.active !== seat) out.push(v.active);
	for (let x = nextSeat(v, v.active); x !== seat && x !== v.active; x = nextSeat(v, x)) out.push(x);
	return out;
}

/**
 * a may ask `seat` before its own turn: a round is under way with the seat still to lay, or a
 * seat playing before it holds a moai (hands are public, R-0.1; a hand changes only in its own turn).
 */
export function sacrificeMayCome(v: Readable, seat: Seat): boolean {
	const p = v.phase;
	if (p.kind === 'sacrifice' && p.part === 'a' && p.queue.slice(1).includes(seat)) return true;
	return playsBefore(v, seat).some((x) => handCount(v, x, 'moai') > 0);
}

/** a would ask the seat (R-0.4: not when it holds nothing, nor when its ledger shows a single kind): the kinds it holds. */
export function sacrificeKinds(v: Readable, seat: Seat): Kind[] {
	if (offeringTotal(v, seat) === 0 || ledgerKinds(v, seat).length < 2) return [];
	const own = collection(v, seat);
	return KINDS.filter((k) => own[k] > 0);
}

/**
 * may ask `seat`: it is due a card in the scoring under way, or it collects a kind (a
 * hunter-gatherer in its display, R-7.6) whose pile could run out in one scoring (one card per
 * player and a bonus card); and some pile has cards (with all empty nobody is asked).
 */
export function substituteMayCome(v: Readable, seat: Seat): boolean {
	if (!KINDS.some((k) => v.supply[k] > 0)) return false;
	const p = v.phase;
	if (p.kind === 'substitute' && p.due.some((d) => d.seat === seat)) return true;
	return KINDS.some((k) => displayCount(v, seat, k) > 0 && v.supply[k] <= v.players);
}

/** Each queueable move as it would be legal if its decision came up in the view as it is now. */
export function options(v: RapaNuiView, seat: Seat): Queued[] {
	if (!isSeat(v, seat) || v.phase.kind === 'over') return [];
	const out: Queued[] = [];
	if (sacrificeMayCome(v, seat)) for (const kind of sacrificeKinds(v, seat)) out.push({ type: 'sacrifice', kind });
	if (displayCount(v, seat, 'moai') > 0) out.push({ type: 'moai', choice: 'fame' }, { type: 'moai', choice: 'wood' });
	if (substituteMayCome(v, seat)) {
		for (const kind of KINDS) if (v.supply[kind] > 0) out.push({ type: 'substitute', kind });
		out.push({ type: 'substitute', kind: null });
	}
	return out;
}

