/**
 * Reading the engine's legal moves for the move composer. The UI knows no rules (conventions §3):
 * which figures, hexes, log counts, sizes and sculptors are offered comes from `legalMoves`, and a
 * draft is complete only when it equals one of them (transports come from `transportStep`).
 */
import type { Figure, GiantsMove } from '$lib/games/giants/surface';

type Place = Extract<GiantsMove, { type: 'place' }>;
type Action = Extract<GiantsMove, { type: 'action' }>;

/** A move in canonical form: optional fields filled, lists sorted — so equal moves compare equal. */
export function canonical(m: GiantsMove): string {
	switch (m.type) {
		case 'bid':
			return JSON.stringify([m.type, m.markers, m.workers, !!m.medicineMan, !!m.chief]);
		case 'carve':
			return JSON.stringify([m.type, m.size, m.workers, !!m.medicineMan, !!m.chief]);
		case 'place':
			return JSON.stringify([m.type, m.figure, m.hex, m.logs ?? 0]);
		case 'action':
			return JSON.stringify([m.type, m.figure, m.hex, m.logs ?? 0, m.ahu ?? null]);
		case 'choose':
			return JSON.stringify([m.type, [...m.mark].sort(), [...m.release].sort()]);
		default:
			return JSON.stringify(m);
	}
}

/** The legal moves as a lookup by canonical form. */
export function legalSet(legal: readonly GiantsMove[]): Set<string> {
	return new Set(legal.map(canonical));
}

const placeLike = (m: GiantsMove): m is Place | Action => m.type === 'place' || m.type === 'action';

/** Figures that can be placed at all (G-4.1–4.3), in a stable order. */
export function placeableFigures(legal: readonly GiantsMove[]): Figure[] {
	const has = new Set(legal.filter(placeLike).map((m) => m.figure));
	return (['worker', 'medicineMan', 'chief'] as const).filter((f) => has.has(f));
}

/** Hexes where `figure` can go, by plain placement or with its action. */
export function hexesFor(legal: readonly GiantsMove[], figure: Figure): Set<string> {
	return new Set(legal.filter(placeLike).filter((m) => m.figure === figure).map((m) => m.hex));
}

export interface HexChoices {
	/** Log counts for a plain placement, or null if none is possible here. */
	place: number[] | null;
	/** The special action: log counts and, for a reservation, the ahus to choose from. */
	action: { logs: number[]; ahus: string[] } | null;
}

export function choicesAt(legal: readonly GiantsMove[], figure: Figure, hex: string): HexChoices {
	const here = legal.filter(placeLike).filter((m) => m.figure === figure && m.hex === hex);
	const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
	const places = here.filter((m): m is Place => m.type === 'place');
	const actions = here.filter((m): m is Action => m.type === 'action');
	return {
		place: places.length ? uniq(places.map((m) => m.logs ?? 0)) : null,
		action: actions.length
			? { logs: uniq(actions.map((m) => m.logs ?? 0)), ahus: [...new Set(actions.flatMap((m) => (m.ahu ? [m.ahu] : [])))].sort() }
			: null
	};
}

/** The range of values a numeric field takes across the legal moves of one type. */
export function maxOf(legal: readonly GiantsMove[], type: 'bid' | 'carve', field: 'markers' | 'workers'): number {
	let max = 0;
	for (const m of legal) if (m.type === type && field in m) max = Math.max(max, (m as unknown as Record<string, number>)[field] ?? 0);
	return max;
}

/** Whether any legal move of `type` sets the boolean `field`. */
export function anyWith(legal: readonly GiantsMove[], type: 'bid' | 'carve', field: 'medicineMan' | 'chief'): boolean {
	return legal.some((m) => m.type === type && !!(m as Record<string, unknown>)[field]);
}

/** Sizes the seat can carve now (G-3.3). */
export function carveSizes(legal: readonly GiantsMove[]): number[] {
	return [...new Set(legal.flatMap((m) => (m.type === 'carve' ? [m.size] : [])))].sort();
}

/** Statues the end-of-round choice may mark / release (G-6.0). */
export function choiceStatues(legal: readonly GiantsMove[]): { mark: string[]; release: string[] } {
	const mark = new Set<string>();
	const release = new Set<string>();
	for (const m of legal) {
		if (m.type !== 'choose') continue;
		m.mark.forEach((x) => mark.add(x));
		m.release.forEach((x) => release.add(x));
	}
	return { mark: [...mark].sort(), release: [...release].sort() };
}

/** Plan ahead (issue 32), "Plan this move": the move as a new step at the end of the queue. */
export function planAdd(queue: readonly unknown[][], move: GiantsMove): unknown[][] {
	return [...queue, [move]];
}

/**
 * "…or else this": the move as one more alternative of the last step, tried when those before it
 * are not possible then (a first step of an empty queue). An alternative already there is not
 * added twice.
 */
export function planOr(queue: readonly unknown[][], move: GiantsMove): unknown[][] {
	const last = queue.at(-1);
	if (!last) return [[move]];
	const k = canonical(move);
	if (last.some((x) => canonical(x as GiantsMove) === k)) return [...queue];
	return [...queue.slice(0, -1), [...last, move]];
}
