/**
 * The export of a finished game (issue 6; docs/export.md): versioned JSON with everything needed
 * to replay it — the players, the options, the engine version, the seed and every move in order.
 * `scenario` is a complete scenario file (docs/giants-notation.md), so `npm run scenario` replays
 * an export as it is; `result` is what the game ended with, for checking the replay against.
 * Pure: the server builds it from the room, the browser replays it (history page, dice check).
 */
import { commitSeed, jsonEqual } from '$lib/engine';
import { giants } from './index';
import type { Colour, GiantsConfig, GiantsMove, GiantsState } from './types';

export const EXPORT_FORMAT = 'rongo-game-export';
export const EXPORT_FORMAT_VERSION = 1;

export interface ExportedMove {
	/** The game version this move made (the room's numbering: lobby changes count too). */
	version: number;
	seat: number;
	move: GiantsMove;
	/** Epoch ms when the room accepted it. */
	at: number;
}

export interface GameExport {
	format: typeof EXPORT_FORMAT;
	formatVersion: typeof EXPORT_FORMAT_VERSION;
	game: 'giants';
	id: string;
	engineVersion: string;
	players: { seat: number; username: string; colour: Colour }[];
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	/** SHA-256 of the seed, published at the start (G-0.3). */
	seedCommitment: string;
	/** Revealed once the game is over. */
	seed: string;
	/** The version of the start: move k made version startVersion + k + 1 unless clocks changed versions in between. */
	startVersion: number;
	/** A scenario file: `npm run scenario -- <export.json>` replays it. */
	scenario: {
		name: string;
		players: number;
		options: { quickStart: boolean; immediateScoring: boolean };
		seed: string;
		startPlayer?: number;
		forcedDice?: number[][];
		position?: GiantsConfig['position'];
		moves: { seat: number; move: GiantsMove }[];
	};
	moves: ExportedMove[];
	result: { reason: string; rounds: number; scores: number[]; winners: number[] };
}

/** The engine config an export's scenario describes. */
export function exportConfig(e: Pick<GameExport, 'scenario'>): GiantsConfig {
	const s = e.scenario;
	return {
		players: s.players,
		quickStart: s.options.quickStart,
		immediateScoring: s.options.immediateScoring,
		...(s.startPlayer !== undefined ? { startPlayer: s.startPlayer } : {}),
		...(s.forcedDice ? { forcedDice: s.forcedDice } : {}),
		...(s.position ? { position: s.position } : {})
	};
}

export function buildExport(x: {
	id: string;
	config: GiantsConfig;
	seed: string;
	engineVersion: string;
	players: { seat: number; username: string }[];
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	startVersion: number;
	moves: ExportedMove[];
	final: GiantsState;
}): GameExport {
	const c = x.config;
	const sheets = giants.scores(x.final);
	const over = x.final.phase.kind === 'over' ? x.final.phase.reason : 'running';
	return {
		format: EXPORT_FORMAT,
		formatVersion: EXPORT_FORMAT_VERSION,
		game: 'giants',
		id: x.id,
		engineVersion: x.engineVersion,
		players: x.players
			.slice()
			.sort((a, b) => a.seat - b.seat)
			.map((p) => ({ seat: p.seat, username: p.username, colour: x.final.players[p.seat].colour })),
		createdAt: x.createdAt,
		startedAt: x.startedAt,
		finishedAt: x.finishedAt,
		seedCommitment: x.final.seedCommitment,
		seed: x.seed,
		startVersion: x.startVersion,
		scenario: {
			name: `rongo game ${x.id}`,
			players: c.players,
			options: { quickStart: !!c.quickStart, immediateScoring: !!c.immediateScoring },
			seed: x.seed,
			...(c.startPlayer !== undefined ? { startPlayer: c.startPlayer } : {}),
			...(c.forcedDice ? { forcedDice: c.forcedDice } : {}),
			...(c.position ? { position: c.position } : {}),
			moves: x.moves.map((m) => ({ seat: m.seat, move: m.move }))
		},
		moves: x.moves,
		result: { reason: over, rounds: x.final.round, scores: sheets.map((s) => s.total), winners: sheets.filter((s) => s.winner).map((s) => s.seat) }
	};
}

export type ReplayCheck = { ok: true; state: GiantsState } | { ok: false; at: number; code: string; message: string };

/** Replays an export with the engine; refuses a wrong commitment, an illegal move or another result. */
export function replayExport(e: GameExport): ReplayCheck {
	if (e.format !== EXPORT_FORMAT || e.formatVersion !== EXPORT_FORMAT_VERSION) return { ok: false, at: -1, code: 'BAD_FORMAT', message: 'not a rongo game export v1' };
	if (e.engineVersion !== giants.engineVersion) return { ok: false, at: -1, code: 'ENGINE_VERSION', message: `needs engine ${e.engineVersion}` };
	if (commitSeed(e.seed) !== e.seedCommitment) return { ok: false, at: -1, code: 'SEED_COMMITMENT', message: 'the seed does not match its commitment' };
	const set = giants.setup(exportConfig(e), e.seed);
	if (!set.ok) return { ok: false, at: -1, code: set.code, message: set.message };
	let s = set.value;
	for (const [i, m] of e.scenario.moves.entries()) {
		const r = giants.apply(s, m.seat, m.move);
		if (!r.ok) return { ok: false, at: i, code: r.code, message: r.message };
		s = r.value.state;
	}
	const totals = giants.scores(s).map((x) => x.total);
	if (!jsonEqual(totals, e.result.scores)) return { ok: false, at: e.scenario.moves.length, code: 'RESULT', message: `replay scores ${totals} ≠ ${e.result.scores}` };
	return { ok: true, state: s };
}
