/**
 * The one play-to-the-end loop (issue 11): a game of any kind played by bots, each seat from its own
 * view, reproducible from the seeds — for tests, fixtures, benchmarks, the fuzzer and the demo data.
 */
import type { Bot, GameKind, LogBatch } from './kind';
import { isOver } from './outcome';
import { below, type RngState } from './rng';
import { seedRng } from './seed';
import type { Seat } from './types';

export interface PlayOutOptions<Config = unknown, View = unknown, Move = unknown, State = unknown> {
	/** The engine config (the kind's `config(options, players)`). */
	config: Config;
	seed: string;
	/** A bot per seat, or one for all; default: the kind's default bot. */
	bots?: Bot<View, Move> | readonly Bot<View, Move>[];
	/** The bots' randomness; default: from the seed. */
	rng?: RngState;
	/** Stop after this many moves even if the game runs on (default 100,000). */
	maxMoves?: number;
	/**
	 * What a bot sees: its seat's view (default: what a player could know), or the whole state — only
	 * for measuring the engine alone (bench:engine), never where a seat could hide anything from it.
	 */
	sees?: 'view' | 'state';
	/** Among several awaited seats (a sealed decision): the first (default) or a random one. */
	pick?: 'first' | 'random';
	/** After each move; return false to stop. */
	onMove?(step: { seat: Seat; move: Move; state: State; log: readonly unknown[]; index: number }): boolean | void;
}

export interface PlayedOut<State = unknown, Move = unknown> {
	state: State;
	moves: { seat: Seat; move: Move }[];
	/** The start's entries (version 0), then each move's (version k for move k). */
	log: LogBatch[];
	over: boolean;
}

export function playOut<C, S, M, V, E, O>(kind: GameKind<C, S, M, V, E, O>, o: PlayOutOptions<C, V, M, S>): PlayedOut<S, M> {
	const start = kind.start(o.config, o.seed);
	if (!start.ok) throw new Error(`${kind.id}: setup refused: ${start.code}: ${start.message}`);
	let state = start.value.state;
	const log: LogBatch[] = [{ version: 0, log: start.value.log }];
	const moves: { seat: Seat; move: M }[] = [];
	const rng = o.rng ?? seedRng(`${o.seed}/playout`);
	const botFor = (seat: Seat): Bot<V, M> =>
		typeof o.bots === 'function' ? o.bots : (o.bots?.[seat] ?? kind.bots[kind.defaultBot]);
	const max = o.maxMoves ?? 100_000;
	while (!isOver(kind, state) && moves.length < max) {
		const active = kind.activeSeats(state);
		if (active.length === 0) throw new Error(`${kind.id}: nobody is awaited in a running game`);
		const seat = o.pick === 'random' ? active[below(rng, active.length)] : active[0];
		// bench:engine's 'state' lets a bot read the whole state as if it were its view (measuring only).
		const move = botFor(seat)(o.sees === 'state' ? (state as unknown as V) : kind.view(state, seat), seat, rng);
		const r = kind.apply(state, seat, move);
		if (!r.ok) throw new Error(`${kind.id}: a bot's move was refused: ${r.code}: ${r.message}`);
		state = r.value.state;
		moves.push({ seat, move });
		log.push({ version: moves.length, log: r.value.log });
		if (o.onMove?.({ seat, move, state, log: r.value.log, index: moves.length - 1 }) === false) break;
	}
	return { state, moves, log, over: isOver(kind, state) };
}

/** A bot that picks uniformly among the legal moves (any kind). */
export function randomLegal<C, S, M, V, E, O>(kind: GameKind<C, S, M, V, E, O>): Bot<V, M> {
	return (view, seat, rng) => {
		const legal = kind.legalMoves(view, seat);
		return legal[below(rng, legal.length)];
	};
}
