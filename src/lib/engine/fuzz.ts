/**
 * The fuzzer's frame (issue 11: one command for every kind). `npm run fuzz -- --game <kind>` runs a
 * kind's own fuzzer when its folder has one (`src/lib/games/<kind>/fuzz.ts` exporting `fuzzGame`,
 * with the kind's invariants: conservation of its components, sealed-decision secrecy…), and this
 * contract-level fuzzer otherwise — which every kind must pass whatever its rules: random legal
 * moves from each seat's own view, purity, JSON round trips, refusal of junk without a throw, the
 * automatic move accepted, the seed in no view or log before the end, termination, replay equality
 * and an outcome that agrees with the scores.
 */
import * as v from 'valibot';
import { jsonEqual } from './clone';
import type { GameKind, Outcome } from './kind';
import { checkOutcome, isOver } from './outcome';
import { replay } from './replay';
import { below } from './rng';
import { seedRng } from './seed';
import type { Seat } from './types';

export interface FuzzGameResult {
	players: number;
	moves: number;
	/** The kind's end reason, or `cap` if the move cap stopped the game. */
	reason: string;
	checks: number;
}

export class FuzzFailure extends Error {}

/** A fuzz check: throws a FuzzFailure saying `what` when `cond` does not hold. */
export function check(cond: unknown, what: string): asserts cond {
	if (!cond) throw new FuzzFailure(what);
}

/**
 * Freezes a state deeply: any later write to it throws (ES modules are strict), so every `apply` on a
 * frozen state proves it does not mutate its input — cheaper than comparing copies.
 */
export function deepFreeze<T>(x: T): T {
	if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
		for (const v of Object.values(x)) deepFreeze(v);
		Object.freeze(x);
	}
	return x;
}

const JUNK: unknown[] = [null, 42, 'move', [], {}, { type: '' }, { type: 'no-such-move' }, { type: 'x'.repeat(40) }];

export function fuzzContract<C, S, M, V, E, O>(kind: GameKind<C, S, M, V, E, O>, index: number, seedBase: string, maxMoves = 20_000): FuzzGameResult {
	const rng = seedRng(`${seedBase}/fuzz/${kind.id}/${index}`);
	const players = kind.seats.min + (index % (kind.seats.max - kind.seats.min + 1));
	const config = kind.config(v.parse(kind.options, {}), players);
	check(config.ok, `${kind.id}: config refused for ${players} players`);
	const seed = `${seedBase}/game/${index}`;
	const start = kind.start(config.value, seed);
	check(start.ok, `${kind.id}: setup refused`);
	let s = start.value.state;
	check(!JSON.stringify(start.value.log).includes(seed), 'the seed is in the start log');
	const moves: { seat: number; move: unknown }[] = [];
	let checks = 0;
	while (!isOver(kind, s) && moves.length < maxMoves) {
		const active = kind.activeSeats(s);
		check(active.length > 0, `move ${moves.length}: nobody awaited in a running game`);
		const seat = active[below(rng, active.length)];
		const view = kind.view(s, seat);
		for (const viewer of [null, ...active]) check(!JSON.stringify(kind.view(s, viewer)).includes(seed), `move ${moves.length}: the seed is in a view`);
		const legal = kind.legalMoves(view, seat);
		check(legal.length > 0, `move ${moves.length}: seat ${seat} is awaited but has no legal move`);
		const before = JSON.stringify(s);
		for (const junk of [JUNK[below(rng, JUNK.length)]]) {
			const r = kind.apply(s, seat, junk);
			check(!r.ok && typeof r.code === 'string', `move ${moves.length}: junk ${JSON.stringify(junk)} was accepted`);
		}
		if (moves.length % 5 === 0) {
			const auto = kind.timeoutMove(s, seat);
			check(auto && kind.apply(s, seat, auto.move).ok, `move ${moves.length}: the automatic move of seat ${seat} is refused`);
		}
		const move = legal[below(rng, legal.length)];
		const r = kind.apply(s, seat, move);
		check(r.ok, `move ${moves.length}: a legal move was refused: ${r.ok ? '' : r.code}`);
		check(JSON.stringify(s) === before, `move ${moves.length}: apply changed its input`);
		const again = kind.apply(JSON.parse(before), seat, JSON.parse(JSON.stringify(move)));
		check(again.ok && jsonEqual(again.value.state, r.value.state), `move ${moves.length}: not deterministic over a JSON round trip`);
		check(!JSON.stringify(r.value.log).includes(seed), `move ${moves.length}: the seed is in the log`);
		moves.push({ seat, move });
		s = r.value.state;
		checks += 6;
	}
	const out = kind.outcome(s);
	if (out) checks += checkFinalOutcome(kind, s, players);
	const re = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed }, moves);
	check(re.ok && jsonEqual(re.value, s), 'the replay of the log differs from the live state');
	return { players, moves: moves.length, reason: out ? out.reason : 'cap', checks: checks + 3 };
}

/**
 * The end of a finished game, as every fuzzer checks it (issue 29: the outcome is the one truth
 * about the end): well formed (engine/outcome.ts `checkOutcome`), and the same whoever reads it —
 * the state, a spectator's view and every seat's view — so lists, end screens and ratings agree.
 * Answers how many checks it made.
 */
export function checkFinalOutcome<S, V>(kind: { outcome(state: S | V): Outcome | null; view(state: S, viewer: Seat | null): V }, s: S, players: number): number {
	const out = kind.outcome(s);
	check(out !== null, 'the game is over but has no outcome');
	const valid = checkOutcome(out!, players);
	check(valid.ok, valid.ok ? '' : `the outcome: ${valid.message}`);
	const viewers: (Seat | null)[] = [null, ...Array.from({ length: players }, (_, seat) => seat)];
	for (const v of viewers) check(jsonEqual(kind.outcome(kind.view(s, v)), out), `the outcome read by viewer ${v} differs`);
	return 2 + viewers.length;
}
