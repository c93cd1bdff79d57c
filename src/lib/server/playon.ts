/**
 * "Play on from here" (issue 34), the part without a room: the position a new game starts at — a
 * finished game's export replayed to a step of its history, then the explored line played on it as
 * the explorer played it (engine/explore.ts: `branchStart`, `playLine`, the same code) — written in
 * the kind's position format. Pure and game-agnostic: every rule is the kind's (its `apply` judges
 * the line, its `outcome` says whether the game is over, its `position.write` writes the position),
 * so `POST /api/games/:id/playon` names no kind.
 */
import { branchStart, isOver, LINE_MAX_MOVES, playLine, replay, type Chance, type GameExportV2, type Kind, type LineMove } from '$lib/engine';

export interface PlayOnRefusal {
	ok: false;
	status: number;
	code: string;
	message: string;
	/** BAD_LINE: which move of the line (0-based) the kind refused, with its own code and message. */
	index?: number;
	refusal?: { code: string; message: string };
}

export type PlayOnPosition = { ok: true; state: unknown; extra: Record<string, unknown> } | PlayOnRefusal;

const no = (status: number, code: string, message: string, more: Partial<PlayOnRefusal> = {}): PlayOnRefusal => ({ ok: false, status, code, message, ...more });

/**
 * The position after `step` moves of the finished game `exported` (0: its start) and then `line`,
 * from where chance came in the exploration (`chance`: the game's seed continued, or the explorer's
 * fresh draws), written with `{ fresh: true }`: what only a seed decided and nobody has seen (the
 * generator, the order of face-down piles) is left out, so the new game's own seed draws it anew — a
 * player who studied the finished game's history must not know the new game's next draws.
 */
export function positionAt(kind: Kind, exported: GameExportV2, step: number, line: readonly LineMove[], chance: Chance = { fresh: false }): PlayOnPosition {
	const format = kind.position;
	if (!format) return no(409, 'NO_POSITION', `${kind.id} has no position format: a game of it cannot start from a position`);
	if (!Number.isSafeInteger(step) || step < 0 || step > exported.moves.length)
		return no(400, 'BAD_STEP', `step must be 0 to ${exported.moves.length} (the moves of that game)`);
	if (line.length > LINE_MAX_MOVES) return no(400, 'BAD_REQUEST', `line: at most ${LINE_MAX_MOVES} moves`);
	const setup = { game: exported.kind, engineVersion: exported.engineVersion, config: exported.config, seed: exported.seed };
	const r = replay(kind, setup, exported.moves.slice(0, step));
	// A game of an older engine version is not reinterpreted (conventions §8): it cannot be played on.
	if (!r.ok) return no(409, r.code === 'ENGINE_VERSION' ? 'ENGINE_VERSION' : 'NOT_REPLAYABLE', r.message);
	const start = branchStart(kind, { options: exported.options, players: exported.players.length }, r.value, chance);
	if (!start.ok) return no(400, start.code, start.message);
	let played: ReturnType<typeof playLine>;
	try {
		played = playLine(kind, start.value.state, line);
	} catch {
		// An exception is a bug of the kind (conventions §4) — which move threw is not known here — but a
		// hostile line is no reason for a 500.
		return no(400, 'BAD_LINE', 'a move of the line could not be read', { refusal: { code: 'BAD_MOVE', message: 'a move of the line could not be read' } });
	}
	if (played.error) {
		const { index, code, message } = played.error;
		return no(400, 'BAD_LINE', `line move ${index + 1}: ${message}`, { index, refusal: { code, message } });
	}
	const state = played.moves.at(-1)?.state ?? start.value.state;
	if (isOver(kind, state)) return no(409, 'GAME_OVER', 'the game is over at that position: there is nothing to play on');
	return { ok: true, state, extra: format.write(state, { fresh: true }) };
}
