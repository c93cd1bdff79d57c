/**
 * Plan ahead (issue 32; engine/kind.ts `Queueing`): a waiting seat queues its next moves of the
 * carving (G-3.3, G-3.4, once the bids are revealed), of phase 3 or of phase 4 ("a worker on H20; if
 * that is not possible, on H17"; "carve a size 3; or else a size 2; or else decline"). Which moves
 * and why: queueOptions.ts.
 *
 * A pass is queued in the form `{ type: 'pass', phase }`, the phase it is planned for ('carve': a
 * decline, G-3.3; 'place': G-4.5; 'transport': the pass of phase 4): it answers and is due in that
 * phase only, so a pass planned for one phase never passes another. `due` plays the bare
 * `{ type: 'pass' }`; `apply` also accepts the tagged form, in its own phase only (index.ts).
 *
 * Everything here reads the seat's own view only. The carving and phases 3 and 4 hold no secret
 * (G-0.1, G-0.2: the bids are revealed, no die is rolled), so the view tells a move's legality
 * exactly: `due(view)` gives a move exactly when `apply(state)` accepts it (tests/kinds/queue.test.ts).
 */
import * as v from 'valibot';
import { fail, ok, type Queueing, type Result, type RngState } from '$lib/engine';
import { AHU, HEX, HEXES } from './board';
import { heuristicBot } from './heuristic';
import { giants } from './index';
import { legalMoves } from './legal';
import { actionAt, reservableAhus } from './placement';
import { mayCarve, mayPlan, placing, planKey, plannedFor, queueOptions, queueable, type PlanPhase } from './queueOptions';
import { MoveSchema } from './schema';
import { canCarve, sculptorValue } from './sculptors';
import type { Figure, GiantsMove, GiantsState, GiantsView, Phase, Readable, Seat, Size } from './types';

type Place = Extract<GiantsMove, { type: 'place' }>;
type Action = Extract<GiantsMove, { type: 'action' }>;
type Carve = Extract<GiantsMove, { type: 'carve' }>;
type CarvePhase = Extract<Phase, { kind: 'carve' }>;

/** A pass planned for `phase` (G-3.3 decline, G-4.5, phase 4's pass). */
const pass = (phase: PlanPhase): GiantsMove => ({ type: 'pass', phase });

const no = (message: string) => fail('NOT_QUEUEABLE', message);

const key = planKey;

/** A fresh copy with every optional field written out (a frozen legal move is never handed on). */
function copy(m: GiantsMove): GiantsMove {
	switch (m.type) {
		case 'place':
			return { type: 'place', figure: m.figure, hex: m.hex, logs: m.logs ?? 0 };
		case 'action':
			return { type: 'action', figure: m.figure, hex: m.hex, logs: m.logs ?? 0, ...(m.ahu !== undefined ? { ahu: m.ahu } : {}) };
		case 'carve':
			return { type: 'carve', size: m.size, workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief };
		case 'move':
		case 'mark':
			return JSON.parse(JSON.stringify(m)) as GiantsMove;
		case 'pass':
			return m.phase ? pass(m.phase) : { type: 'pass' };
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
 * `Queueing.check`: a move of a seat that could be legal when its decision comes, judged from its view:
 * - a carving choice (G-3.3, G-3.4) once the bids are revealed, while a carving turn of the seat's may
 *   still come (`mayCarve`): a displayed size, with bid sculptors not yet assigned, worth the size;
 * - a phase-3 move (G-4.1–G-4.5) of a seat still taking turns in phase 3, also while the seats carve
 *   — its own earlier queued moves may bring what it lacks now;
 * - a phase-4 move (G-5.2–G-5.6, and its pass) of a seat still taking turns in phase 4.
 * A pass comes back tagged with the phase it is planned for (`plannedFor`): the one it names, or
 * else the seat's carving while one may still come, or else the phase that runs (phase 3 while the
 * seats carve). The engine's own codes for what can never become legal again in this phase (a cut
 * forest, a taken ahu, a figure already placed, G-4.2/G-4.3; a moai no longer on display, G-3.3; a
 * statue erected or marked by another, G-5.4/G-5.6), NOT_QUEUEABLE for the rest.
 */
function check(seen: GiantsView, seat: Seat, raw: unknown): Result<GiantsMove> {
	const parsed = v.safeParse(MoveSchema, raw);
	if (!parsed.success) return fail('BAD_MOVE', `malformed move: ${parsed.issues[0].message}`);
	const m = parsed.output as GiantsMove;
	if (!Number.isInteger(seat) || seat < 0 || seat >= seen.players.length) return fail('BAD_SEAT', 'no such seat');
	if (m.type === 'pass') return checkPass(seen, seat, m.phase ?? (seen.phase.kind === 'carve' && mayCarve(seen, seat) ? 'carve' : placing(seen, seat).phase.kind));
	if (m.type === 'carve') return checkCarve(seen, seat, m);
	// While the others carve, phase 3's placements are judged on the view as phase 3 will begin.
	const view = placing(seen, seat) as GiantsView;
	if (view.phase.kind !== 'place' && view.phase.kind !== 'transport') return no('moves can be planned in the carving and in phases 3 and 4 only (G-3.3, G-4, G-5)');
	if (!queueable(seen, seat, m.type))
		return view.phase.kind === 'place'
			? no('phase 3: a placement, an action, a rongo half or a pass can be planned (G-4.1–G-4.5)')
			: no('phase 4: a transport, a marking or a pass can be planned (G-5.2–G-5.6)');
	if (!mayPlan(view, seat)) return no('G-4.5: you take no more turns in this phase');
	if (view.phase.kind === 'transport') return checkTransport(view, seat, m);
	const r = reach(view, seat);
	switch (m.type) {
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

/** A pass planned for `phase`: a decline while a carving turn may still come (G-3.3), else a pass of phase 3 or 4 (G-4.5). */
function checkPass(seen: GiantsView, seat: Seat, phase: string): Result<GiantsMove> {
	if (phase === 'carve') {
		if (!mayCarve(seen, seat)) return no('G-3.3, G-3.4: no carving choice of yours is to come');
		return ok(pass('carve'));
	}
	const view = placing(seen, seat);
	if ((phase !== 'place' && phase !== 'transport') || view.phase.kind !== phase)
		return no('a pass can be planned for the carving (a decline, G-3.3), for phase 3 while it or the carving runs (G-4.5), or for phase 4 while it runs');
	if (!mayPlan(view, seat)) return no('G-4.5: you take no more turns in this phase');
	return ok(pass(phase));
}

/**
 * A carving choice (G-3.3, G-3.4), from the revealed bids: what the display and the seat's bid
 * figures not yet assigned allow. Both only shrink while the seats carve, so what is refused here
 * never becomes possible in this carving.
 */
function checkCarve(seen: GiantsView, seat: Seat, m: Carve): Result<GiantsMove> {
	if (seen.phase.kind !== 'carve') return no('G-3.3: a carving choice can be planned once the bids are revealed, until your carving is done');
	if (!mayCarve(seen, seat)) return no('G-3.3, G-3.4: no carving choice of yours is to come');
	const left = seen.phase.left[seat];
	if (m.workers > left.workers || (m.medicineMan && !left.medicineMan) || (m.chief && !left.chief))
		return fail('NOT_IN_BID', 'G-3.3: assign only bid figures not yet assigned to a moai');
	if (sculptorValue({ workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief }) < m.size)
		return fail('TOO_FEW_SCULPTORS', `G-3.3: a size-${m.size} moai needs sculptors worth ${m.size}`);
	if (!seen.display.includes(m.size)) return fail('NOT_ON_DISPLAY', `G-3.3: no size-${m.size} moai is on display`);
	return ok(copy(m));
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
 * `Queueing.due`: the queued move when the decision it is planned for (`plannedFor`) awaits the seat
 * and the engine accepts it now — the carving (G-3.3, G-3.4: one of its legal moves), phase 3
 * (G-4.1–G-4.5: one of its legal moves), phase 4 (G-5.2–G-5.6: `apply` on the view, which reads
 * nothing a view lacks); a pass as the bare `{ type: 'pass' }`; null otherwise. A reservation without
 * an ahu is played on the one free ahu, as `apply` does (G-4.2), so both agree.
 */
function due(view: GiantsView, seat: Seat, move: GiantsMove): GiantsMove | null {
	const ph = view.phase;
	if (ph.kind !== 'carve' && ph.kind !== 'place' && ph.kind !== 'transport') return null;
	if (ph.turn !== seat || plannedFor(move) !== ph.kind) return null;
	if (move.type === 'pass') return { type: 'pass' };
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
 * `Queueing.answers`: while the seats carve, a seat's carving turn is answered by a planned carving
 * choice (or decline) only; placements planned for the coming phase 3 (G-3.5) wait through it. Any
 * other decision that meets a queued move is answered by it — a step still queued when the seat is
 * asked something else is left over from a decision that never came (a carving turn skipped, G-3.6;
 * a phase that ended for the seat, G-0.4), and drops the queue rather than waiting for the next round.
 */
function answers(view: GiantsView, seat: Seat, move: GiantsMove): boolean {
	if (view.phase.kind === 'carve') return plannedFor(move) === 'carve';
	return true;
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
 * Whether `seat` is sure to get a carving turn (G-3.3, G-3.4, G-3.6) whatever the others choose
 * before it: each other seat that may still carve takes one moai at most before the seat's next
 * turn, and more displayed moai than that are within the seat's sculptors. From the view only.
 */
function sureToCarve(view: Readable, seat: Seat): boolean {
	const ph = view.phase as CarvePhase;
	if (!mayCarve(view, seat)) return false;
	const value = sculptorValue(ph.left[seat]);
	const others = view.players.filter((_, s) => s !== seat && !ph.out[s] && canCarve(view, ph, s)).length;
	return view.display.filter((size) => size <= value).length > others;
}

/**
 * The carving step of a plan (G-3.3, G-3.4): the heuristic bot's choice as if the seat's turn came
 * now; then, in case the others take every moai of that size first, its choice without them, and so
 * on; a decline last (always legal on the seat's turn). Only when the seat is sure to be asked
 * (`sureToCarve`): a step for a turn that never comes would be left over and drop the queue.
 */
function carveStep(view: GiantsView, seat: Seat, rng: RngState): GiantsMove[] | null {
	if (view.phase.kind !== 'carve' || !sureToCarve(view, seat)) return null;
	const ph = { ...view.phase, turn: seat };
	const value = sculptorValue(ph.left[seat]);
	const step: GiantsMove[] = [];
	let display = [...view.display];
	while (display.some((size) => size <= value)) {
		const m = heuristicBot({ ...view, display, phase: ph }, seat, rng);
		if (m.type !== 'carve') break;
		step.push(copy(m));
		display = display.filter((size) => size !== m.size);
	}
	step.push(pass('carve'));
	return step;
}

/** The view with the seat's moai of `size` carved (in front of its screen, G-3.5), for planning its placements. */
function withCarved(view: GiantsView, seat: Seat, size: Size): GiantsView {
	const id = `planned${view.nextStatue}`;
	return { ...view, statues: [...view.statues, { id, kind: 'moai', size, loc: { kind: 'front', seat }, owner: seat, marker: null, abandoned: false }] };
}

/**
 * `Queueing.plan`: what a careful player queues while waiting — the heuristic bot's moves, as if the
 * others did nothing meanwhile, its own moves played in turn on the view:
 * - while the seats carve, the seat's coming carving turn (`carveStep`, G-3.3), when it is sure to come;
 * - phase 3 (G-4.1–G-4.5), from the others' carving on (queueOptions.ts `placing`; with the moai the
 *   carving step means to carve in front of the screen): a move the others can make illegal (a
 *   forest, an ahu, the last rongo half) gets the bot's choice without it as its fallback; it stops
 *   at the bot's pass (queued as a pass of phase 3) or when the seat has nothing left (G-0.4 passes
 *   for it);
 * - phase 4 (G-5.2–G-5.6): the bot's transports of the seat's own statues, which only the seat moves
 *   (G-5.1, G-5.6), and its pass (queued as a pass of phase 4); it stops before an abandoned statue,
 *   which anybody may take first (G-5.8).
 * If no alternative of a step is possible when it comes up, the queue is dropped and the player is
 * woken. [] while the seat is awaited: that decision is made now, not planned.
 */
function plan(seen: GiantsView, seat: Seat, rng: RngState): GiantsMove[][] {
	if (seen.phase.kind !== 'bid' && seen.phase.kind !== 'choice' && seen.phase.kind !== 'over' && seen.phase.turn === seat) return [];
	const steps: GiantsMove[][] = [];
	const carving = carveStep(seen, seat, rng);
	if (carving) steps.push(carving);
	const first = carving?.[0];
	const view = placing(first?.type === 'carve' ? withCarved(seen, seat, first.size) : seen, seat);
	const ph = view.phase;
	if ((ph.kind !== 'place' && ph.kind !== 'transport') || !mayPlan(view, seat)) return steps;
	const kind = ph.kind;
	let s = asState(view, seat);
	for (let i = 0; i < MAX_STEPS && mayPlan(s, seat); i++) {
		const first = heuristicBot(s, seat, rng);
		if (first.type === 'pass') {
			steps.push([pass(kind)]);
			break;
		}
		if (kind === 'transport' && s.statues.find((st) => 'statue' in first && st.id === first.statue)?.abandoned) break;
		const step = [copy(first)];
		const blocked = without(s, seat, first);
		if (blocked) {
			const alt = heuristicBot(blocked, seat, rng);
			if (key(alt) !== key(first)) step.push(alt.type === 'pass' ? pass(kind) : copy(alt));
		}
		steps.push(step);
		const r = giants.apply(s, seat, first);
		if (!r.ok || r.value.state.phase.kind !== kind || r.value.state.round !== s.round) break;
		s = { ...r.value.state, phase: { kind, turn: seat } };
	}
	return steps;
}

/**
 * `Queueing.options`: what the seat could queue if its decision came now — in phase 3 or 4, that
 * phase's moves (queueOptions.ts; a pass as the page sends it, bare: `check` tags it with the phase
 * that runs); while the seats carve, its carving choices (G-3.3, G-3.4, a decline tagged 'carve')
 * when a carving turn may still come, and its phase-3 moves (a pass tagged 'place': bare, it would
 * be a decline).
 */
function options(view: GiantsView, seat: Seat): GiantsMove[] {
	const tag = (k: PlanPhase) => (m: GiantsMove) => (m.type === 'pass' ? pass(k) : copy(m));
	const ph = view.phase;
	if (ph.kind !== 'carve') return ph.kind === 'place' || ph.kind === 'transport' ? queueOptions(view, seat).map(copy) : [];
	const carving = mayCarve(view, seat) ? legalMoves({ ...view, phase: { ...ph, turn: seat } }, seat).map(tag('carve')) : [];
	const placements = queueOptions(view, seat).map(tag('place'));
	return [...carving, ...placements, ...(mayPlan(placing(view, seat), seat) ? [pass('place')] : [])];
}

export const giantsQueue: Queueing<GiantsView, GiantsMove> = {
	check,
	due,
	answers,
	options,
	plan
};
