/**
 * Export v2 (issue 11; docs/export.md): one envelope for every kind — what a finished game needs to be
 * replayed and checked anywhere: its kind and engine version, the engine config, the revealed seed
 * (with the commitment published at the start) and every move in order, plus how it ended.
 * v1 exports (Giants only, before kinds) are read through the kind's `legacyExport`.
 */
import { jsonEqual } from './clone';
import { replay } from './replay';
import { commitSeed } from './seed';
import type { GameKind, Kind } from './kind';
import { resultOf, type GameResult } from './outcome';
import type { Seat } from './types';

export const EXPORT_FORMAT = 'rongo-game-export';
export const EXPORT_FORMAT_VERSION = 2;

export interface ExportedMove<Move = unknown> {
	/** The game version this move made (the room's numbering: lobby and clock changes count too). */
	version: number;
	seat: Seat;
	move: Move;
	/** Epoch ms when the room accepted it. */
	at: number;
}

export interface GameExportV2<Config = unknown, Move = unknown> {
	format: typeof EXPORT_FORMAT;
	formatVersion: typeof EXPORT_FORMAT_VERSION;
	/** The rule set (registry id). */
	kind: string;
	/** The played game's id. */
	id: string;
	engineVersion: string;
	/** The engine config the game was set up with (the kind's `config(options, players)`). */
	config: Config;
	/** The creator's options as the kind's schema put them out. */
	options: unknown;
	/**
	 * `bot: true` marks a seat the kind's default bot played from the start (issue 34; its username is
	 * the marker `~bot-<n>`, docs/export.md); absent for a person's seat, and in files from before.
	 */
	players: { seat: Seat; username: string; colour: string | null; bot?: true }[];
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	/** SHA-256 of the seed, published at the start. */
	seedCommitment: string;
	/** Revealed once the game is over. */
	seed: string;
	/** The version of the start: the first move made a later version. */
	startVersion: number;
	moves: ExportedMove<Move>[];
	/**
	 * How it ended (engine/outcome.ts `GameResult`). `result` (win, shared or draw) and `places` were
	 * added in issue 29; a v2 file written before has only `reason`, `rounds`, `scores` and `winners`,
	 * and is still read (replayExport checks the fields it has).
	 */
	result: GameResult | Pick<GameResult, 'reason' | 'rounds' | 'scores' | 'winners'>;
}

export interface ExportInput {
	kind: Kind;
	id: string;
	config: unknown;
	options: unknown;
	seed: string;
	engineVersion: string;
	players: { seat: Seat; username: string; bot?: boolean }[];
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	startVersion: number;
	moves: ExportedMove[];
	/** The final state (the game is over). */
	final: unknown;
}

export function buildExport(x: ExportInput): GameExportV2 {
	const outcome = x.kind.outcome(x.final);
	if (!outcome) throw new Error('buildExport: the game is not over');
	const result = resultOf(outcome);
	return {
		format: EXPORT_FORMAT,
		formatVersion: EXPORT_FORMAT_VERSION,
		kind: x.kind.id,
		id: x.id,
		engineVersion: x.engineVersion,
		config: x.config,
		options: x.options,
		players: x.players
			.slice()
			.sort((a, b) => a.seat - b.seat)
			.map((p) => ({ seat: p.seat, username: p.username, colour: x.kind.seatColour(x.final, p.seat), ...(p.bot ? { bot: true as const } : {}) })),
		createdAt: x.createdAt,
		startedAt: x.startedAt,
		finishedAt: x.finishedAt,
		seedCommitment: commitSeed(x.seed),
		seed: x.seed,
		startVersion: x.startVersion,
		moves: x.moves,
		result
	};
}

export type ReplayCheck<State = unknown> = { ok: true; state: State } | { ok: false; at: number; code: string; message: string };

/**
 * Replays a v2 export with its kind through the one replay; refuses another format, kind or engine
 * version, a seed that does not match its commitment, an illegal move, or another result.
 * `at`: the move (1-based) that failed, 0 for the setup, -1 before it.
 */
export function replayExport<C, S, M, V, E, O>(kind: GameKind<C, S, M, V, E, O>, e: GameExportV2): ReplayCheck<S> {
	if (!e || e.format !== EXPORT_FORMAT || e.formatVersion !== EXPORT_FORMAT_VERSION) return { ok: false, at: -1, code: 'BAD_FORMAT', message: 'not a rongo game export v2' };
	if (e.kind !== kind.id) return { ok: false, at: -1, code: 'WRONG_KIND', message: `an export of ${e.kind}, not ${kind.id}` };
	if (e.engineVersion !== kind.engineVersion) return { ok: false, at: -1, code: 'ENGINE_VERSION', message: `needs engine ${e.engineVersion}` };
	if (commitSeed(e.seed) !== e.seedCommitment) return { ok: false, at: -1, code: 'SEED_COMMITMENT', message: 'the seed does not match its commitment' };
	const r = replay(kind, { game: kind.id, engineVersion: e.engineVersion, config: e.config as C, seed: e.seed }, e.moves);
	if (!r.ok) {
		const at = /^move (\d+):/.exec(r.message);
		return { ok: false, at: at ? Number(at[1]) : 0, code: r.code, message: r.message };
	}
	const outcome = kind.outcome(r.value);
	const out: Record<string, unknown> | null = outcome && { ...resultOf(outcome) };
	// An export from before issue 29 says less: compare what it says.
	const said = out && Object.fromEntries(Object.keys(e.result ?? {}).map((k) => [k, out[k]]));
	if (!out || !e.result || !('winners' in e.result) || !jsonEqual(said, e.result))
		return { ok: false, at: e.moves.length, code: 'RESULT', message: `the replay ends ${JSON.stringify(out)}, the export says ${JSON.stringify(e.result)}` };
	return { ok: true, state: r.value };
}
