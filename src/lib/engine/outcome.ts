/**
 * What the platform derives from what a kind says (issue 29: one truth per fact). A kind says how a
 * game starts (`start`), who is awaited (`activeSeats`) and how it ended (`outcome`); whether it is
 * over, its result (win, shared win or draw), the winners, the totals and the start's bare state
 * follow from those, here, for every kind alike.
 */
import type { Outcome } from './kind';
import { fail, ok, type Result, type ScoreSheet, type Seat } from './types';

/** Structural: any kind, erased or typed, as far as these helpers read it. */
type Ends<S> = { outcome(state: S): Outcome | null };

/** The game is over exactly when the kind names its outcome. */
export function isOver<S>(kind: Ends<S>, state: S): boolean {
	return kind.outcome(state) !== null;
}

/** The seats awaited now: none once the game is over, whatever the kind's state still says. */
export function awaited<S>(kind: Ends<S> & { activeSeats(state: S): Seat[] }, state: S): Seat[] {
	return isOver(kind, state) ? [] : kind.activeSeats(state);
}

/** The bare initial state (the start without its log). */
export function startState<C, S>(kind: { start(config: C, seed: string): Result<{ state: S }> }, config: C, seed: string): Result<S> {
	const r = kind.start(config, seed);
	return r.ok ? ok(r.value.state) : r;
}

/** The final score sheets, or null while the game runs. */
export function scoreSheets<S>(kind: Ends<S>, state: S): ScoreSheet[] | null {
	return kind.outcome(state)?.sheets ?? null;
}

/** How a game ended for the people in it: one winner, a victory shared by several, or a draw. */
export type ResultKind = 'win' | 'shared' | 'draw';

/**
 * A finished game's result as every place that shows one uses it (end screens, archive, profiles,
 * notifications, ratings, export): the kind of result, the winners (none in a draw), every seat's
 * place and total.
 */
export interface GameResult {
	reason: string;
	rounds: number | null;
	result: ResultKind;
	/** The seats in first place; empty for a draw. */
	winners: Seat[];
	/** By seat: 1 is first, shared places share their number. */
	places: number[];
	/** By seat. */
	scores: number[];
}

export function resultOf(o: Outcome): GameResult {
	const winners = o.draw ? [] : o.places.flatMap((p, seat) => (p === 1 ? [seat] : []));
	return {
		reason: o.reason,
		rounds: o.rounds,
		result: o.draw ? 'draw' : winners.length === 1 ? 'win' : 'shared',
		winners,
		places: [...o.places],
		scores: o.sheets.map((s) => s.total)
	};
}

/**
 * What an outcome must be to mean anything (the contract test and the fuzzers check every kind's):
 * a sheet and a place for every seat, in seat order; places that count ties as the rules do (a
 * place is 1 + the number of seats strictly ahead); a first place; a draw only when all share it.
 */
export function checkOutcome(o: Outcome, players: number): Result<true> {
	if (o.sheets.length !== players || o.places.length !== players) return fail('OUTCOME', `${players} seats, but ${o.sheets.length} sheets and ${o.places.length} places`);
	if (o.sheets.some((s, i) => s.seat !== i)) return fail('OUTCOME', 'the sheets are not in seat order');
	if (o.sheets.some((s) => s.total !== s.items.reduce((t, i) => t + i.points, 0))) return fail('OUTCOME', 'a total is not the sum of its items');
	for (const [seat, p] of o.places.entries()) {
		const ahead = o.places.filter((q) => q < p).length;
		if (!Number.isInteger(p) || p !== 1 + ahead) return fail('OUTCOME', `seat ${seat}'s place ${p} does not count the ${ahead} seats ahead`);
	}
	if (o.draw && o.places.some((p) => p !== 1)) return fail('OUTCOME', 'a draw in which not everyone is first');
	return ok(true);
}


/**
 * Places from each seat's keys, compared in order, higher first (e.g. `[total]`, or `[total,
 * tie-breaker]`): 1 + the number of seats strictly ahead, so seats with equal keys share a place.
 */
export function placesBy(keys: readonly (readonly number[])[]): number[] {
	const ahead = (a: readonly number[], b: readonly number[]) => {
		const i = a.findIndex((x, k) => x !== b[k]);
		return i >= 0 && a[i] > b[i];
	};
	return keys.map((k) => 1 + keys.filter((o) => ahead(o, k)).length);
}
