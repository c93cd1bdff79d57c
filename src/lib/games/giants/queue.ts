/**
 * Plan ahead (issue 32; engine/kind.ts `Queueing`): a waiting seat queues its next moves of phase 3
 * or 4 ("a worker on H20; if that is not possible, on H17"). Which moves and why: queueOptions.ts.
 *
 * Everything here reads the seat's own view only. Phases 3 and 4 hold no secret (G-0.1, G-0.2: bids
 * are revealed by then and no die is rolled), so the view tells a move's legality exactly:
 * `due(view)` gives a move exactly when `apply(state)` accepts it (tests/kinds/queue.test.ts).
 */
import * as v from 'valibot';
import { fail, ok, type Queueing, type Result, type RngState } from '$lib/engine';
import { AHU, HEX, HEXES } from './board';
import { heuristicBot } from './heuristic';
import { giants } from './index';
import { legalMoves } from './legal';
import { actionAt, reservableAhus } from './placement';
import { mayPlan, placing, planKey, queueOptions, queueable } from './queueOptions';
import { MoveSchema } from './schema';
import type { Figure, GiantsMove, GiantsState, GiantsView, Readable, Seat } from './types';

type Place = Extract<GiantsMove, { type: 'place' }>;
type Action = Extract<GiantsMove, { type: 'action' }>;

const no = (message: string) => fail('NOT_QUEUEABLE', message);

const key = planKey;

/** A fresh copy with every optional field written out (a frozen legal move is never handed on). */
function copy(m: GiantsMove): GiantsMove {
	switch (m.type) {
		case 'place':
			return { type: 'place', figure: m.figure, hex: m.hex, logs: m.logs ?? 0 };
		case 'action':
			return { type: 'action', figure: m.figure, hex: m.hex, logs: m.logs ?? 0, ...(m.ahu !== undefined ? { ahu: m.ahu } : {}) };
		case 'move':
		case 'mark':
			return JSON.parse(JSON.stringify(m)) as GiantsMove;
		default:
			return { type: m.type } as GiantsMove;
	}
}

/**
 * What the seat could still have behind its screen when a queued move comes up, its own earlier
 * moves of this phase 3 included: the medicine man's and the chief's actions may bring a worker
 * (village) or a tribe marker (sorcerer's hut) from the bag, logs (forest), and a marker buys a
 * rongo half (G-4.2–G-4.4). Nothing else of the seat's grows in phase 3; figures, pedestals and the
 * chief's action once used never come back in it (G-4.3, G-6.0).
 */
function reach(s: Readable, seat: Seat) {
	const p = s.players[seat];
	const actors = (p.behind.medicineMan ? 1 : 0) + (p.behind.chief && !p.chiefActionUsed ? 1 : 0);
	const markers = p.behind.markers + Math.min(actors, p.bag.markers);
	const forest = HEXES.some((h) => h.type === 'forest' && !s.forestsCut.includes(h.id)) && s.supply.logs > 0;
	return {
		workers: p.behind.workers + Math.min(actors, p.bag.workers),
		markers,
		logs: actors > 0 && forest ? Infinity : p.behind.logs,
		rongo: p.front.rongo + markers
	};
}

function hasFigure(s: Readable, seat: Seat, figure: Figure, workers: number): boolean {
	const b = s.players[seat].behind;
	return figure === 'worker' ? workers > 0 : figure === 'medicineMan' ? b.medicineMan : b.chief;
}

/**
 * `Queueing.check`: a move of a seat still taking turns in phase 3 (G-4.1–G-4.5, also while the
 * others carve) or 4 (G-5.2–G-5.6), that could be legal when its turn comes — its own earlier queued
 * moves may bring what it lacks now. The engine's own codes for what can never become legal again in
 * this phase (a cut forest, a taken ahu, a figure already placed, G-4.2/G-4.3; a statue erected or
 * marked by another, G-5.4/G-5.6), NOT_QUEUEABLE for the rest.
 */
function check(seen: GiantsView, seat: Seat, raw: unknown): Result<GiantsMove> {
	const parsed = v.safeParse(MoveSchema, raw);
	if (!parsed.success) return fail('BAD_MOVE', `malformed move: ${parsed.issues[0].message}`);
	const m = parsed.output as GiantsMove;
	if (!Number.isInteger(seat) || seat < 0 || seat >= seen.players.length) return fail('BAD_SEAT', 'no such seat');
	// While the others carve, phase 3's placements are judged on the view as phase 3 will begin.
	const view = placing(seen, seat) as GiantsView;
	if (view.phase.kind !== 'place' && view.phase.kind !== 'transport') return no('moves can be planned in phases 3 and 4 only, and while the others carve (G-3.3, G-4, G-5)');
	if (!queueable(seen, seat, m.type))
		return seen.phase.kind === 'carve'
			? no('while the seats carve, a pass would decline a moai (G-3.3): plan your pass once phase 3 runs')
			: view.phase.kind === 'place'
			? no('phase 3: a placement, an action, a rongo half or a pass can be planned (G-4.1–G-4.5)')
			: no('phase 4: a transport or a marking can be planned, not a pass (G-5.2–G-5.6)');
	if (!mayPlan(view, seat)) return no('G-4.5: you take no more turns in this phase');
	if (view.phase.kind === 'transport') return checkTransport(view, seat, m);
	const r = reach(view, seat);
	switch (m.type) {
		case 'pass':
			return ok({ type: 'pass' });
		case 'rongo':
			// G-4.4; a chief's action returns two halves to the supply (G-4.3), so an empty supply may fill again.
			if (r.markers === 0) return fail('NO_MARKER', 'G-4.4: no tribe marker behind your screen');
			if (view.supply.rongo === 0 && !view.players.some((p) => p.behind.chief && !p.chiefActionUsed && p.front.rongo >= 2))
				return fail('NO_RONGO_LEFT', 'G-4.4: the supply holds no rongo half');
			return ok({ type: 'rongo' });
		case 'place':
		case 'action':
			return checkPlacement(view, seat, m, r);
	}
	return no('not a phase-3 move');
}

function checkPlacement(view: GiantsView, seat: Seat, m: Place | Action, r: ReturnType<typeof reach>): Result<GiantsMove> {
	const p = view.players[seat];
	const logs = m.logs ?? 0;
	if (!HEX.has(m.hex)) return fail('NO_SUCH_HEX', `there is no hex ${m.hex}`);
	if (!hasFigure(view, seat, m.figure, r.workers)) return fail('NOT_BEHIND_SCREEN', `G-4.1: no ${m.figure} behind your screen`);
	if (m.figure === 'chief' && logs > 0) return fail('LOGS_WITH_CHIEF', 'G-4.1: logs never go with the chief');
	if (logs > r.logs) return fail('NOT_ENOUGH_LOGS', 'G-4.1: not that many logs behind your screen');
	if (m.type === 'place') return ok(copy(m));
	// G-4.2: forests stay cut and ahus stay taken for the rest of the phase, so no action here now is none later.
	const kind = actionAt(view, m.hex);
	if (kind === null) return fail('NO_ACTION_HERE', `G-4.2: ${m.hex} offers no action now`);
	if (m.figure === 'chief') {
		if (p.chiefActionUsed) return fail('CHIEF_ACTION_USED', 'G-4.3: the chief acts at most once per phase 3');
		if (r.rongo < 2) return fail('NO_RONGO_TABLET', 'G-4.3: the chief needs 2 rongo halves in front of your screen');
	}
	if (kind !== 'reserve') {
		if (m.ahu !== undefined) return fail('NOT_AN_AHU_HEX', `G-4.2: ${m.hex} reserves no ahu`);
		return ok(copy(m));
	}
	if (p.behind.pedestals === 0) return fail('NO_PEDESTAL', 'G-4.2: reserving needs a pedestal behind your screen');
	const free = reservableAhus(view, m.hex);
	if (m.ahu === undefined) {
		// The ahu is named in the queue: which one is free may change before the turn comes.
		if (free.length > 1) return fail('CHOOSE_AHU', `G-4.2: ${m.hex} touches several free ahus; choose one`);
		return ok(copy({ ...m, ahu: free[0] }));
	}
	if (!AHU.has(m.ahu)) return fail('NO_SUCH_AHU', `there is no ahu ${m.ahu}`);
	if (!free.includes(m.ahu)) return fail('AHU_NOT_FREE', `G-4.2: ${m.ahu} is not a free, unreserved ahu at ${m.hex}`);
	return ok(copy(m));
}

/**
 * Refusals of a transport that stay so for the rest of this phase 4, whatever the seat's own earlier
 * moves do: no such statue, hex or ahu; an erected moai or a crowning headdress (G-5.4, G-5.5);
 * another seat's marker (G-5.6, back only at the end of the round) or statue (G-5.1); the wrong
 * finish for the statue (G-5.4–G-5.6). Anything else (where the statue lies, a free ahu, a marker
 * behind the screen) may change with the seat's own queued moves before it, and `due` judges it.
 */
const FOR_GOOD = new Set([
	'BAD_MOVE',
	'NO_SUCH_STATUE',
	'NO_SUCH_HEX',
	'NO_SUCH_AHU',
	'STATUE_FIXED',
	'MARKED_BY_OTHER',
	'NOT_YOURS',
	'NOT_A_MOAI',
	'NOT_A_HEADDRESS',
	'ONE_FINISH',
	'BORROW_NOT_ON_PATH'
]);

/** Phase 4 (G-5.2–G-5.6): the engine's own refusal if the move, played now, could never become legal. */
function checkTransport(view: GiantsView, seat: Seat, m: GiantsMove): Result<GiantsMove> {
	const r = giants.apply(asState(view, seat), seat, m);
	if (!r.ok && FOR_GOOD.has(r.code)) return fail(r.code, r.message);
	return ok(copy(m));
}

/** The move `apply` takes on the view as it is (the seat's turn now): phase 4 reads no secret. */
function legalNow(view: GiantsView, seat: Seat, m: GiantsMove): boolean {
	return giants.apply(asState(view, seat), seat, m).ok;
}

/**
 * `Queueing.due`: the queued move when it is the seat's turn in phase 3 or 4, the move is of that
 * phase and the engine accepts it now (G-4.1–G-4.5: one of its legal moves; G-5.2–G-5.6: `apply` on
 * the view, which reads nothing a view lacks); null otherwise. A reservation without an ahu is played
 * on the one free ahu, as `apply` does (G-4.2), so both agree.
 */
function due(view: GiantsView, seat: Seat, move: GiantsMove): GiantsMove | null {
	const ph = view.phase;
	if ((ph.kind !== 'place' && ph.kind !== 'transport') || ph.turn !== seat || !queueable(view, seat, move?.type)) return null;
	if (ph.kind === 'transport') return legalNow(view, seat, move) ? copy(move) : null;
	let m = move;
	if (m.type === 'action' && m.ahu === undefined && actionAt(view, m.hex) === 'reserve') {
		const free = reservableAhus(view, m.hex);
		if (free.length !== 1) return null;
		m = { ...m, ahu: free[0] };
	}
	const k = key(m);
	return legalMoves(view, seat).some((l) => key(l) === k) ? copy(m) : null;
}

/**
 * `Queueing.answers`: placements planned while the others carve are for the coming phase 3 (G-3.5):
 * a carving choice of the seat's own that comes first (G-3.4) keeps them waiting. Any other decision
 * that meets a queued move is answered by it — a step of phase 3 or 4 still queued when the seat is
 * asked something else is left over from a phase that ended for it (passed for it, G-0.4), and drops
 * the queue rather than waiting for the next round.
 */
function answers(view: GiantsView, seat: Seat, move: GiantsMove): boolean {
	return !(view.phase.kind === 'carve' && queueable(view, seat, move?.type));
}

/** Planning looks this many turns ahead at most (a phase 3 rarely gives a seat more). */
const MAX_STEPS = 12;

/**
 * The view as the engine's state, with the turn given to the seat, for judging and simulating the
 * seat's own moves: phases 3 and 4 read no secret, so an empty secret serves (never a real one: the
 * seat does not have it). A move that ends the round would roll the next round's dice from it:
 * nothing here reads them.
 */
function asState(view: Readable, seat: Seat): GiantsState {
	const { viewer: _v, mySealed: _m, seed: _s, ...pub } = view as GiantsView;
	const kind = view.phase.kind === 'transport' ? 'transport' : 'place';
	return {
		...pub,
		phase: { kind, turn: seat },
		secret: { seed: '', rng: [0, 0, 0, 0], sealed: view.players.map(() => null), forcedDice: null }
	};
}

/**
 * What the others may take away before the seat's turn comes (G-4.2: a forest cut, an ahu reserved;
 * G-4.4: the last rongo half bought): the state without it, to find a fallback; null for a move
 * nobody else can make illegal (a plain placement, the village, the hut, the headdress quarry, pass).
 */
function without(s: GiantsState, seat: Seat, m: GiantsMove): GiantsState | null {
	if (m.type === 'rongo') return { ...s, supply: { ...s.supply, rongo: 0 } };
	if (m.type !== 'action') return null;
	const kind = actionAt(s, m.hex);
	if (kind === 'forest') return { ...s, forestsCut: [...s.forestsCut, m.hex] };
	if (kind === 'reserve' && m.ahu) return { ...s, ahus: { ...s.ahus, [m.ahu]: { ...s.ahus[m.ahu], pedestal: (seat + 1) % s.players.length } } };
	return null;
}

/**
 * `Queueing.plan`: what a careful player queues while waiting — the heuristic bot's moves for the
 * rest of this phase 3 or 4, as if the others did nothing meanwhile, its own moves played in turn on
 * the view:
 * - phase 3 (G-4.1–G-4.5), from the others' carving on (queueOptions.ts `placing`): a move the others
 *   can make illegal (a forest, an ahu, the last rongo half) gets the bot's choice without it as its
 *   fallback; it stops at the bot's pass (queued too, but not while carving: a pass there declines,
 *   G-3.3) or when the seat has nothing left (G-0.4 passes for it);
 * - phase 4 (G-5.2–G-5.6): the bot's transports of the seat's own statues, which only the seat moves
 *   (G-5.1, G-5.6); it stops before the bot's pass (not queueable) and before an abandoned statue,
 *   which anybody may take first (G-5.8).
 * If no alternative of a step is possible when it comes up, the queue is dropped and the player is
 * woken. [] while the seat is awaited: that decision is made now, not planned.
 */
function plan(seen: GiantsView, seat: Seat, rng: RngState): GiantsMove[][] {
	if (seen.phase.kind !== 'bid' && seen.phase.kind !== 'choice' && seen.phase.kind !== 'over' && seen.phase.turn === seat) return [];
	const view = placing(seen, seat);
	const ph = view.phase;
	if ((ph.kind !== 'place' && ph.kind !== 'transport') || !mayPlan(view, seat)) return [];
	const kind = ph.kind;
	const steps: GiantsMove[][] = [];
	// No pass in phase 4, nor while the others carve (queueOptions.ts `queueable`).
	const passes = kind === 'place' && seen.phase.kind === 'place';
	let s = asState(view, seat);
	for (let i = 0; i < MAX_STEPS && mayPlan(s, seat); i++) {
		const first = heuristicBot(s, seat, rng);
		if (first.type === 'pass' && !passes) break;
		if (kind === 'transport' && s.statues.find((st) => 'statue' in first && st.id === first.statue)?.abandoned) break;
		const step = [copy(first)];
		const blocked = without(s, seat, first);
		if (blocked) {
			const alt = heuristicBot(blocked, seat, rng);
			if (key(alt) !== key(first) && (alt.type !== 'pass' || passes)) step.push(copy(alt));
		}
		steps.push(step);
		if (first.type === 'pass') break;
		const r = giants.apply(s, seat, first);
		if (!r.ok || r.value.state.phase.kind !== kind || r.value.state.round !== s.round) break;
		s = { ...r.value.state, phase: { kind, turn: seat } };
	}
	return steps;
}

export const giantsQueue: Queueing<GiantsView, GiantsMove> = {
	check,
	due,
	answers,
	options: (view, seat) => queueOptions(view, seat).map(copy),
	plan
};
