/**
 * Giants' exports from before export v2 (issue 6; docs/export.md "v1"): read only. The room writes
 * v2 (src/lib/engine/export.ts) for every kind since issue 11; a v1 file — the replay fixtures,
 * exports people downloaded — is read as v2 by `legacyExport` (the kind's contract member) and
 * replayed by the one replay. `scenario` in a v1 export is a complete scenario file
 * (docs/giants-notation.md).
 */
import * as v from 'valibot';
import { EXPORT_FORMAT, fail, ok, replayExport as replayV2, type GameExportV2, type ReplayCheck as Check, type Result } from '$lib/engine';
import { giantsKind } from './kind';
import type { Colour, GiantsConfig, GiantsMove, GiantsState } from './types';

export { EXPORT_FORMAT };
export const EXPORT_FORMAT_V1 = 1;

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
	formatVersion: typeof EXPORT_FORMAT_V1;
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

/** The outer shape a v1 file must have before it is read (the moves are the engine's to judge). */
const V1 = v.looseObject({
	format: v.literal(EXPORT_FORMAT),
	formatVersion: v.literal(EXPORT_FORMAT_V1),
	game: v.literal('giants'),
	id: v.string(),
	engineVersion: v.string(),
	players: v.array(v.looseObject({ seat: v.number(), username: v.string(), colour: v.string() })),
	seedCommitment: v.string(),
	seed: v.string(),
	startVersion: v.number(),
	scenario: v.looseObject({ players: v.number(), options: v.looseObject({}), moves: v.array(v.unknown()) }),
	moves: v.array(v.looseObject({ version: v.number(), seat: v.number(), move: v.unknown(), at: v.number() })),
	result: v.looseObject({ reason: v.string(), rounds: v.number(), scores: v.array(v.number()), winners: v.array(v.number()) })
});

/** A v1 export as v2: the engine config from its scenario, the rest as it was. */
export function legacyExport(raw: unknown): Result<GameExportV2<GiantsConfig, GiantsMove>> {
	const p = v.safeParse(V1, raw);
	if (!p.success) return fail('BAD_FORMAT', 'not a rongo game export v1 of Giants');
	const e = raw as GameExport;
	return ok({
		format: EXPORT_FORMAT,
		formatVersion: 2,
		kind: 'giants',
		id: e.id,
		engineVersion: e.engineVersion,
		config: exportConfig(e),
		options: { quickStart: !!e.scenario.options.quickStart, immediateScoring: !!e.scenario.options.immediateScoring },
		players: e.players.map((x) => ({ seat: x.seat, username: x.username, colour: x.colour })),
		createdAt: e.createdAt,
		startedAt: e.startedAt,
		finishedAt: e.finishedAt,
		seedCommitment: e.seedCommitment,
		seed: e.seed,
		startVersion: e.startVersion,
		moves: e.moves,
		result: { reason: e.result.reason, rounds: e.result.rounds, scores: e.result.scores, winners: e.result.winners }
	});
}

export type ReplayCheck = Check<GiantsState>;

/** Replays a v1 export: read as v2, then the one replay; refuses a wrong commitment, an illegal move or another result. */
export function replayExport(e: GameExport): ReplayCheck {
	const up = legacyExport(e);
	if (!up.ok) return { ok: false, at: -1, code: up.code, message: up.message };
	// The scenario's moves are what `npm run scenario` replays; they must be the export's moves.
	const same = e.scenario.moves.length === e.moves.length && e.scenario.moves.every((m, i) => m.seat === e.moves[i].seat && JSON.stringify(m.move) === JSON.stringify(e.moves[i].move));
	const v2 = same ? up.value : { ...up.value, moves: e.scenario.moves.map((m, i) => ({ version: i, seat: m.seat, move: m.move, at: 0 })) };
	return replayV2(giantsKind, v2);
}
