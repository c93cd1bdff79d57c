/**
 * Plan ahead (issue 32), the part the game page runs: which moves a waiting seat may queue now, and
 * whose turn it is. No valibot and no bot here, so the page's bundle stays small; the rest of the
 * contract (check, due, plan) is queue.ts.
 *
 * Queueable: the turns of phases 3 and 4, where Giants wakes players most — single actions around
 * the table until everybody has passed (G-3):
 * - phase 3: G-4.1 place, G-4.2/G-4.3 an action, G-4.4 rongo, G-4.5 pass — already while the others
 *   carve (G-3.3, G-3.4), when what the seat will place is fixed (`placing`);
 * - phase 4: G-5.2–G-5.6 a transport (move, then erect, crown or mark), G-5.6 marking in place, and
 *   the pass;
 * - the carving (G-3.3, G-3.4), once the bids are revealed: a seat waiting for a carving turn of its
 *   own may plan its choice (a size and the bid sculptors for it, or a decline), with alternatives
 *   for the sizes the others may take first (queue.ts; the page plans placements only, not carving).
 * A pass is the same move in all three phases, so a queued pass names the phase it is planned for
 * (`{ type: 'pass', phase }`, `plannedFor`): a pass planned for phase 3 and left in the queue (the
 * seat passed for automatically, G-0.4) never passes a phase 4, nor declines a moai (G-3.3).
 * Their legality depends on public things alone (G-0.1: the display, the revealed bids, the board,
 * the screens, the supply, the statues; these decisions read no sealed decision and no die), so a
 * seat's view tells exactly whether a queued move is legal when its turn comes (engine/kind.ts
 * `Queueing`). Not queueable: the bid (G-3.1) and the end-of-round choice (G-6.0), sealed decisions
 * of everybody at once, asked once per round: nothing to gain by queueing them.
 */
import { newCtx } from './context';
import { canTransportAnything } from './handling';
import { legalMoves } from './legal';
import { act, canPlaceAnything, place, takeRongo } from './placement';
import { canCarve } from './sculptors';
import type { GiantsMove, GiantsState, Readable, Seat } from './types';

/** The move types a seat may queue in phase 3 (G-4.1–G-4.5) and in phase 4 (G-5.2–G-5.6). */
export const QUEUEABLE: Readonly<Record<'place' | 'transport', readonly GiantsMove['type'][]>> = {
	place: ['place', 'action', 'rongo', 'pass'],
	transport: ['move', 'mark', 'pass']
};

/** The decisions a queued move may be planned for: the carving (G-3.3), phase 3 (G-4), phase 4 (G-5). */
export type PlanPhase = 'carve' | 'place' | 'transport';

/**
 * The decision a queued move is planned for: a carving choice the carving (G-3.3); a placement, an
 * action or a rongo half phase 3 (G-4.1–G-4.4); a transport or a marking phase 4 (G-5.2–G-5.6); a
 * pass the phase it names (a queued pass always names one, queue.ts `check`); null for anything else.
 */
export function plannedFor(m: unknown): PlanPhase | null {
	const x = m as GiantsMove | null;
	switch (x?.type) {
		case 'carve':
			return 'carve';
		case 'place':
		case 'action':
		case 'rongo':
			return 'place';
		case 'move':
		case 'mark':
			return 'transport';
		case 'pass':
			return x.phase ?? null;
		default:
			return null;
	}
}

/**
 * Whether a carving turn of `seat` may still come in this carving (G-3.3, G-3.4, G-3.6): the seats
 * carve, the seat did not decline an extra pick, and a displayed moai is within the value of its bid
 * figures not yet assigned (both only shrink while the seats carve: once not, never again).
 */
export function mayCarve(s: Readable, seat: Seat): boolean {
	const ph = s.phase;
	if (ph.kind !== 'carve' || !Number.isInteger(seat) || seat < 0 || seat >= s.players.length) return false;
	return !ph.out[seat] && canCarve(s, ph, seat);
}

/**
 * While the seats carve (G-3.3, G-3.4), phase 3 comes next and what a seat can place then is fixed
 * already: its bid lies in front of the screen (G-3.5), and carving changes nothing behind the
 * screens or on the board. So a seat may plan its placements then, on the view as phase 3 will
 * begin — everybody placing, no chief's action used yet (G-4.3), the seat on turn. Other phases: as they are.
 */
export function placing(s: Readable, seat: Seat): Readable {
	if (s.phase.kind !== 'carve') return s;
	return { ...s, players: s.players.map((p) => ({ ...p, passed: false, chiefActionUsed: false })), phase: { kind: 'place', turn: seat } };
}

/**
 * Whether `type` may be queued by `seat` for phase 3 or 4 in the phase of `s` (the page's composer).
 * Not a bare pass while the seats carve: a pass is also how a carver declines (G-3.3); queue.ts takes
 * a pass then in its tagged form (`{ type: 'pass', phase: 'place' }`), and carving choices apart.
 */
export function queueable(s: Readable, seat: Seat, type: unknown): boolean {
	if (s.phase.kind === 'carve' && type === 'pass') return false;
	const k = placing(s, seat).phase.kind;
	return (k === 'place' || k === 'transport') && (QUEUEABLE[k] as readonly unknown[]).includes(type);
}

/**
 * Whether `seat` may plan now: phase 3 or 4 runs and the seat still takes turns in it (G-3: a seat
 * that passed takes no more; G-0.4: one with nothing but a pass is passed for at once, so never asked).
 */
export function mayPlan(view: Readable, seat: Seat): boolean {
	if (!Number.isInteger(seat) || seat < 0 || seat >= view.players.length) return false;
	const s = placing(view, seat);
	if (s.players[seat].passed) return false;
	if (s.phase.kind === 'place') return canPlaceAnything(s, seat);
	if (s.phase.kind === 'transport') return canTransportAnything(s, seat);
	return false;
}

/** A queueable move in canonical form (optional fields written out), to compare moves. */
export function planKey(m: GiantsMove): string {
	switch (m.type) {
		case 'carve':
			return `carve/${m.size}/${m.workers}/${!!m.medicineMan}/${!!m.chief}`;

		case 'place':
			return `place/${m.figure}/${m.hex}/${m.logs ?? 0}`;
		case 'action':
			return `action/${m.figure}/${m.hex}/${m.logs ?? 0}/${m.ahu ?? ''}`;
		case 'move':
		case 'mark':
			return JSON.stringify(m);
		default:
			return String(m.type);
	}
}

/** The seat's queueable moves if its turn came in `s` as it is (G-4.1–G-4.5, G-5.2–G-5.6). */
function now(view: Readable, seat: Seat): GiantsMove[] {
	const s = placing(view, seat);
	const k = s.phase.kind;
	if ((k !== 'place' && k !== 'transport') || !mayPlan(s, seat)) return [];
	return legalMoves({ ...s, phase: { kind: k, turn: seat } }, seat);
}

/**
 * `s` after the seat's own move `m`, by the engine's own placement code (G-4.1–G-4.4) on a copy: what
 * lies behind its screen, the board, a cut forest, a reserved ahu, the supply. The others' moves in
 * between are not known, so they are not there.
 */
function after(s: Readable, seat: Seat, m: GiantsMove): Readable {
	const copy = {
		...s,
		players: s.players.map((p) => ({ ...p, behind: { ...p.behind }, front: { ...p.front }, bag: { ...p.bag } })),
		board: { ...s.board },
		ahus: { ...s.ahus },
		statues: [...s.statues],
		supply: { ...s.supply },
		forestsCut: [...s.forestsCut]
	};
	// The placement code reads and writes only the public part: a state without its secret serves.
	const c = newCtx(copy as unknown as GiantsState);
	if (m.type === 'place') place(c, seat, m);
	else if (m.type === 'action') act(c, seat, m);
	else if (m.type === 'rongo') takeRongo(c, seat);
	return copy;
}

/**
 * `Queueing.options`: the queueable moves of `seat` as they would be legal if its turn came now —
 * the engine's own legal moves on the view with the turn given to the seat (G-4.1–G-4.5; in phase 4
 * one canonical path per outcome, G-5.2–G-5.6, as legalMoves gives them). [] outside phases 3 and 4
 * and for a seat that passed.
 *
 * With `steps` (the seat's queue, for the page), in phase 3: as they would be legal after those
 * steps — each step's first alternative possible as things stand played in turn on the seat's own
 * side of the view (a worker placed is no longer behind the screen, a forest cut gave its logs); []
 * after a queued pass (G-4.5). Steps from the first that nothing of could be played are not counted.
 * In phase 4 the steps are not played ahead (a transport's course is the engine's transport code,
 * which the page does not load): the options are those of the view as it is.
 */
export function queueOptions(view: Readable, seat: Seat, steps: readonly (readonly unknown[])[] = []): GiantsMove[] {
	if (!Number.isInteger(seat) || seat < 0 || seat >= view.players.length) return [];
	// No pass while the seats carve (`queueable`): the page would send it bare.
	return ahead(view, seat, steps).filter((m) => queueable(view, seat, m.type));
}

function ahead(view: Readable, seat: Seat, steps: readonly (readonly unknown[])[]): GiantsMove[] {
	const s = placing(view, seat);
	if (s.phase.kind !== 'place') return now(s, seat);
	let cur = s;
	for (const step of steps) {
		// A carving step (queue.ts, G-3.3) changes nothing the seat will place (G-3.5).
		if (step.length > 0 && step.every((x) => plannedFor(x) === 'carve')) continue;
		const keys = new Set(now(cur, seat).map(planKey));
		const m = step.find((x): x is GiantsMove => typeof x === 'object' && x !== null && keys.has(planKey(x as GiantsMove)));
		if (!m) break;
		if (m.type === 'pass') return [];
		cur = after(cur, seat, m);
	}
	return now(cur, seat);
}

/**
 * `GameKind.turnOf`: the seat whose turn it is in the turn-based phases — carving in auction order
 * (G-3.6), placing and transporting clockwise (G-3) — and null in the sealed decisions of all
 * (G-3.1 bids, G-6.0 the end-of-round choice) and once the game is over.
 */
export function turnOf(s: Readable): Seat | null {
	const ph = s.phase;
	switch (ph.kind) {
		case 'carve':
		case 'place':
		case 'transport':
			return ph.turn >= 0 ? ph.turn : null;
		case 'bid':
		case 'choice':
		case 'over':
			return null;
	}
}
