/**
 * Exploring a finished game (issue 34): from any step of its history, any seat's legal moves are
 * tried with the kind's own engine in the browser, and the line so made can be shared as a link and
 * played on as a new game. After the end every secret is revealed (G-0.3, R-8.2, M-0.2), so the whole
 * state is public and the explorer may hold it.
 *
 * A line is the step of the finished game it leaves the main line at, the explored moves, and where
 * chance comes from in it (`Chance`): the game's revealed seed continued — what the generator would
 * have drawn next, which on the main line is what happened — or fresh draws from a seed of the
 * explorer's, through the kind's position format (`PositionFormat.write(state, { fresh: true })`,
 * engine/kind.ts), so that what nobody had seen (the order of face-down piles, later dice) is drawn
 * anew. Pure and shared (conventions §1): the explore page and the server's play-on check the same
 * line with the same code.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import * as v from 'valibot';
import type { Kind } from './kind';
import { fail, ok, type Result, type Seat } from './types';

/** One explored move: who and what, exactly as the kind's `apply` takes it. */
export interface LineMove {
	seat: Seat;
	move: unknown;
}

/** Longer lines are refused: a link must fit in an address bar and a play-on request in 64 KiB. */
export const LINE_MAX_MOVES = 300;
/**
 * Characters of an encoded line: Cloudflare refuses URLs over 16 KB, and the rest of the address
 * needs room. A Giants move takes ~70 characters (its transports name their paths), so about 170 of
 * them fit; a Rapa Nui or Moa move ~50–70 (bench/explore.ts). A longer line is explored and played on
 * alike, but has no link (the page says so).
 */
export const LINE_MAX_CHARS = 12_000;

/** A seed of the explorer's own (fresh draws): what a link may carry. */
export const SEED = /^[A-Za-z0-9_-]{1,64}$/;

const Encoded = v.array(v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15)), v.unknown()]));

/** The moves as a URL-safe string (base64url of `[[seat, move], …]`); '' for no moves. */
export function encodeLine(moves: readonly LineMove[]): string {
	if (!moves.length) return '';
	return encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(moves.map((m) => [m.seat, m.move]))));
}

/**
 * Reads a link's line. A missing or empty one is no moves; anything malformed is `BAD_LINE` with what
 * is wrong (the moves themselves are checked by `playLine`, which names the refused one).
 */
export function decodeLine(raw: string | null | undefined): Result<LineMove[]> {
	if (!raw) return ok([]);
	if (raw.length > LINE_MAX_CHARS) return fail('BAD_LINE', `the line is longer than ${LINE_MAX_CHARS} characters`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64urlIgnorePadding(raw)));
	} catch {
		return fail('BAD_LINE', 'the line is not readable (damaged or cut off)');
	}
	const r = v.safeParse(Encoded, parsed);
	if (!r.success) return fail('BAD_LINE', 'the line is not a list of moves by seat');
	if (r.output.length > LINE_MAX_MOVES) return fail('BAD_LINE', `a line has at most ${LINE_MAX_MOVES} moves`);
	return ok(r.output.map(([seat, move]) => ({ seat, move })));
}

/** Where chance comes from in an explored line. */
export type Chance = { fresh: false } | { fresh: true; seed: string };

/** What of the finished game a fresh start needs: its options and how many seats it had. */
export interface ExploredGame {
	options: unknown;
	players: number;
}

/**
 * The state an explored line starts from: the finished game's state at the step itself (its seed
 * continued), or the same position started anew from the explorer's seed (`fresh`): written with
 * `write(state, { fresh: true })`, read by the kind's `config` and begun by its `start`, which may
 * log automatic steps. `NO_POSITION` for a kind without a position format (only its seed can
 * continue); the kind's own code for a position it refuses.
 */
export function branchStart(kind: Kind, game: ExploredGame, state: unknown, chance: Chance): Result<{ state: unknown; log: unknown[] }> {
	if (!chance.fresh) return ok({ state, log: [] });
	if (!kind.position) return fail('NO_POSITION', `${kind.id} has no position format: its explored lines continue the game's seed`);
	if (!SEED.test(chance.seed)) return fail('BAD_SEED', 'a seed is 1 to 64 letters, digits, _ or -');
	const options = v.safeParse(kind.options, game.options ?? {});
	if (!options.success) return fail('BAD_OPTIONS', "the game's options are not its kind's");
	const config = kind.config(options.output, game.players, kind.position.write(state, { fresh: true }));
	if (!config.ok) return config;
	const started = kind.start(config.value, chance.seed);
	if (!started.ok) return started;
	return ok({ state: started.value.state, log: started.value.log });
}

/** One move of a line, played: the state after it and the public log entries it produced. */
export interface PlayedMove extends LineMove {
	state: unknown;
	log: unknown[];
}

/** A line played: every move that was legal, and the first that was not (its index, 0-based). */
export interface PlayedLine {
	moves: PlayedMove[];
	error: { index: number; seat: Seat; code: string; message: string } | null;
}

/** Plays `moves` from `start` with the kind's `apply`; the first refusal stops it (the engine's code and message). */
export function playLine(kind: Kind, start: unknown, moves: readonly LineMove[]): PlayedLine {
	const played: PlayedMove[] = [];
	let state = start;
	for (const [index, m] of moves.entries()) {
		const r = kind.apply(state, m.seat, m.move);
		if (!r.ok) return { moves: played, error: { index, seat: m.seat, code: r.code, message: r.message } };
		state = r.value.state;
		played.push({ seat: m.seat, move: m.move, state, log: r.value.log });
	}
	return { moves: played, error: null };
}

/** 16 random bytes as hex: a fresh seed for an exploration (the browser's crypto; never the game's). */
export function freshSeed(): string {
	return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
