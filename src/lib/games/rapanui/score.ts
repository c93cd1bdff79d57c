/**
 * Final scoring and standings (R-8.3 … ). On a running game it scores what the reader can know:
 * offering cards count only where the reader knows the collection and every stone card's kind.
 */
import type { ScoreItem, ScoreSheet } from '$lib/engine';
import { END_FAME_PER_MOAI, KINDS, WOOD_PER_FAME, displayCount, offeringValues } from './rules';
import type { Readable, Seat } from './types';

/** One seat's final fame, item by item. */
export function scoreItems(s: Readable, seat: Seat): ScoreItem[] {
	const moai = displayCount(s, seat, 'moai');
	const items: ScoreItem[] = [
		{ kind: 'fame', points: s.fame[seat] },
		{ kind: 'moai', points: END_FAME_PER_MOAI * moai, detail: { count: moai } },
		{ kind: 'wood', points: Math.floor(s.wood[seat] / WOOD_PER_FAME), detail: { count: s.wood[seat] } }
	];
	const values = offeringValues(s);
	const own = s.secret.collections[seat];
	if (values && own)
		for (const kind of KINDS) items.push({ kind: 'offering', points: own[kind] * values[kind], detail: { kind, count: own[kind], value: values[kind] } });
	return items;
}

/** fame, then moai in the display, then wood held at the end; equal on all three share the place. */
function key(s: Readable, seat: Seat, total: number): [number, number, number] {
	return [total, displayCount(s, seat, 'moai'), s.wood[seat]];
}

/** ranks 1, 1, 3 … (a shared place skips the next). */
export function standings(s: Readable): { seat: Seat; rank: number; total: number }[] {
	const totals = s.wood.map((_, seat) => scoreItems(s, seat).reduce((a, i) => a + i.points, 0));
	const keys = totals.map((t, seat) => key(s, seat, t));
	const better = (a: number[], b: number[]) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
	return totals.map((total, seat) => ({ seat, total, rank: 1 + keys.filter((k) => better(k, keys[seat])).length }));
}

export function scores(s: Readable): ScoreSheet[] {
	return standings(s).map(({ seat, total }) => ({ seat, total, items: scoreItems(s, seat) }));
}
