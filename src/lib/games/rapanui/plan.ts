/**
 * What a careful Rapa Nui player queues while waiting (issue 32; engine/kind.ts `Queueing.plan`; the
 * bots of `npm run bench:wakeups` plan with it): for every decision the others' turns may bring
 * before the seat's own (queue.ts `options`), the answer the default bot would give if it came up
 * now, then the other possible answers as fallbacks.
 *
 * "If it came up now": the heuristic bot (bots.ts) is asked on the seat's own view with the decision
 * put in front of it — the seat that could build first builds its moai now (R-5.6) and the round
 * reaches the seat (R-5.7 a), or a moai is scored now (R-7.5). Its lookahead samples only what the
 * seat cannot know (the pile's order, R-0.2), as it does for any decision. What happens before the
 * decision really comes (others' sacrifices in the round, a scoring's gains) is unknown now, and the
 * rules of thumb of prefer.ts order the fallbacks. Measured (3 players, 72 games against heuristic
 * bots, one seat answering its decisions in others' turns otherwise than by the heuristic bot): by the
 * rules of thumb alone it won 14 (19 %); from this plan, queued while it waited, 23 (32 %, its fair
 * share a third), every one of its 251 such decisions answered from the queue.
 *
 * The substitute card (R-7.7) takes the richest pile (prefer.ts): the heuristic bot agrees with that
 * rule in every case measured, and a scoring's empty pile cannot be put in front of it now.
 */
import { cloneJson, type RngState } from '$lib/engine';
import { heuristicBot } from './bots';
import { moaiPreference, sacrificeOrder, substituteOrder } from './prefer';
import { playsBefore, sacrificeKinds, sacrificeMayCome, substituteMayCome } from './queue';
import { MOAI_COST, awaited, displayCount, handCount, nextSeat, typeOf } from './rules';
import type { Kind, MoaiChoice, RapaNuiMove, RapaNuiView, Seat } from './types';

type Queued = Extract<RapaNuiMove, { type: 'sacrifice' | 'moai' | 'substitute' }>;

/** a, R-7.5, R-7.7: at most this many decisions are asked of a seat in one other player's turn. */
const PER_TURN = 3;

/**
 * The seat's view with its sacrifice asked now: the round under way from the seat on, or else the
 * first seat to play before it with a moai in hand builds it now (R-5.6: 7 wood, the moai into the
 * display) and its round begins from its left (R-5.7 a). Null when no round can reach the seat.
 */
function sacrificeNow(v: RapaNuiView, seat: Seat): RapaNuiView | null {
	const h = cloneJson(v);
	const p = v.phase;
	if (p.kind === 'sacrifice' && p.part === 'a' && p.queue.includes(seat)) {
		h.phase = { ...p, queue: p.queue.slice(p.queue.indexOf(seat)) };
		return h;
	}
	const builder = playsBefore(v, seat).find((x) => handCount(v, x, 'moai') > 0);
	if (builder === undefined) return null;
	const i = h.hands[builder].findIndex((id) => typeOf(id) === 'moai');
	h.displays[builder].push(...h.hands[builder].splice(i, 1));
	h.wood[builder] = Math.max(0, h.wood[builder] - MOAI_COST);
	h.active = builder;
	h.rounds++;
	const others: Seat[] = [];
	for (let x = nextSeat(v, builder); x !== builder; x = nextSeat(v, x)) others.push(x);
	h.phase = { kind: 'sacrifice', round: h.rounds, part: 'a', queue: others.slice(others.indexOf(seat)) };
	return h;
}

/** The seat's view with a moai scored now: every seat with a moai chooses, nobody has yet. */
function moaiNow(v: RapaNuiView): RapaNuiView {
	const h = cloneJson(v);
	const choosers = Array.from({ length: v.players }, (_, x) => x).filter((x) => displayCount(v, x, 'moai') > 0);
	h.phase = { kind: 'moai', waiting: [...choosers], choosers };
	h.chosen = [];
	h.secret.moai = h.secret.moai.map(() => null);
	return h;
}

/** The kinds to sacrifice, best first: the heuristic bot's answer now, then the rules of thumb. */
function sacrifices(v: RapaNuiView, seat: Seat, rng: RngState): Kind[] {
	const kinds = sacrificeOrder(v, sacrificeKinds(v, seat));
	const now = kinds.length > 1 ? sacrificeNow(v, seat) : null;
	const best = now ? heuristicBot(now, seat, rng) : null;
	const first = best?.type === 'sacrifice' && kinds.includes(best.kind) ? best.kind : kinds[0];
	return kinds.length ? [first, ...kinds.filter((k) => k !== first)] : [];
}

/** The moai choice: the heuristic bot's if a moai were scored now, else the rule of thumb. */
function moaiChoice(v: RapaNuiView, seat: Seat, rng: RngState): MoaiChoice {
	const best = heuristicBot(moaiNow(v), seat, rng);
	return best.type === 'moai' ? best.choice : moaiPreference(v, seat);
}

/**
 * One step whose alternatives answer whichever of the decisions comes first (only one can be due at a
 * time), repeated for every decision that can come before the seat's next turn, where the queue ends
 * anyway (nothing in it answers the turn). Nothing while the seat is awaited: it decides now.
 */
export function plan(v: RapaNuiView, seat: Seat, rng: RngState): Queued[][] {
	if (!Number.isInteger(seat) || seat < 0 || seat >= v.players || v.phase.kind === 'over' || awaited(v).includes(seat)) return [];
	const step: Queued[] = [];
	if (sacrificeMayCome(v, seat)) for (const kind of sacrifices(v, seat, rng)) step.push({ type: 'sacrifice', kind });
	if (displayCount(v, seat, 'moai') > 0) step.push({ type: 'moai', choice: moaiChoice(v, seat, rng) });
	if (substituteMayCome(v, seat)) for (const kind of substituteOrder(v, seat)) step.push({ type: 'substitute', kind });
	if (step.length === 0) return [];
	// The turn under way (past its play) and every turn before the seat's own may each ask it.
	const turns = playsBefore(v, seat).length + (v.phase.kind === 'turn' ? 0 : 1);
	return Array.from({ length: PER_TURN * Math.max(1, turns) }, () => step.map((m) => ({ ...m })));
}
