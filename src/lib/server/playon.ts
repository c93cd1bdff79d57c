/**
 * "Play on from here" (issue 34), the part without a room: the position a new game starts at — a
 * finished game's export replayed to a step of its history, or a kind's tutorial script replayed to
 * the start of one of its steps, then the explored line played on it as the explorer played it
 * (engine/explore.ts: `branchStart`, `playLine`, the same code) — written in the kind's position
 * format. Pure and game-agnostic: every rule is the kind's (its `apply` judges the line, its
 * `outcome` says whether the game is over, its `position.write` writes the position), so
 * `POST /api/games/:id/playon` and `POST /api/games/playon` name no kind.
 */
import { branchStart, isOver, LINE_MAX_MOVES, playLine, replay, type Chance, type ExploredGame, type GameExportV2, type Kind, type LineMove } from '$lib/engine';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';

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
	if (!kind.position) return no(409, 'NO_POSITION', `${kind.id} has no position format: a game of it cannot start from a position`);
	if (!Number.isSafeInteger(step) || step < 0 || step > exported.moves.length)
		return no(400, 'BAD_STEP', `step must be 0 to ${exported.moves.length} (the moves of that game)`);
	if (line.length > LINE_MAX_MOVES) return no(400, 'BAD_REQUEST', `line: at most ${LINE_MAX_MOVES} moves`);
	const setup = { game: exported.kind, engineVersion: exported.engineVersion, config: exported.config, seed: exported.seed };
	const r = replay(kind, setup, exported.moves.slice(0, step));
	// A game of an older engine version is not reinterpreted (conventions §8): it cannot be played on.
	if (!r.ok) return no(409, r.code === 'ENGINE_VERSION' ? 'ENGINE_VERSION' : 'NOT_REPLAYABLE', r.message);
	return positionFrom(kind, { options: exported.options, players: exported.players.length }, r.value, line, chance);
}

/**
 * The position at the start of the step `stepId` of a kind's tutorial (`replayTutorial`'s
 * `before[i]`: before the learner's move there, as the explorer at /learn/<kind>/explore shows it),
 * then `line`, written fresh as `positionAt` writes it. The script is the server's own (the kind's
 * UI registry), never the client's: the client names only the step. `step` is the step's number in
 * the script (1-based, as the learn page counts), for the new game's origin. NOT_FOUND for a step id
 * the script does not have.
 */
export function tutorialPositionAt(
	kind: Kind,
	script: TutorialScript,
	stepId: string,
	line: readonly LineMove[],
	chance: Chance = { fresh: false }
): (PlayOnPosition & { ok: true; step: number }) | PlayOnRefusal {
	if (!kind.position) return no(409, 'NO_POSITION', `${kind.id} has no position format: a game of it cannot start from a position`);
	const index = script.steps.findIndex((s) => s.id === stepId);
	if (index < 0) return no(404, 'NOT_FOUND', `the ${kind.id} tutorial has no step "${stepId}"`);
	if (line.length > LINE_MAX_MOVES) return no(400, 'BAD_REQUEST', `line: at most ${LINE_MAX_MOVES} moves`);
	// A script that no longer fits its engine fails CI (tests/kinds/tutorials.test.ts); should one be
	// deployed anyway, it is refused here like a game that does not replay, not answered with a 500.
	const r = replayTutorial(kind, script);
	if (!r.ok) return no(409, 'NOT_REPLAYABLE', r.message);
	const at = positionFrom(kind, { options: script.options, players: script.players }, r.value.before[index].state, line, chance);
	return at.ok ? { ...at, step: index + 1 } : at;
}

/**
 * A rules page's worked example (issue 34; server/examples.ts `examplePosition`: the example started
 * by the kind), then `line`, written fresh as `positionAt` writes it.
 */
export function examplePositionAt(kind: Kind, game: ExploredGame, state: unknown, line: readonly LineMove[], chance: Chance = { fresh: false }): PlayOnPosition {
	if (!kind.position) return no(409, 'NO_POSITION', `${kind.id} has no position format: a game of it cannot start from a position`);
	if (line.length > LINE_MAX_MOVES) return no(400, 'BAD_REQUEST', `line: at most ${LINE_MAX_MOVES} moves`);
	return positionFrom(kind, game, state, line, chance);
}

/**
 * The shared tail: `line` played from `state` (chance as the explorer had it), refused where the
 * kind refuses a move (BAD_LINE, with its index) or where the game is over, and written fresh.
 */
function positionFrom(kind: Kind, game: ExploredGame, state0: unknown, line: readonly LineMove[], chance: Chance): PlayOnPosition {
	const format = kind.position!;
	const start = branchStart(kind, game, state0, chance);
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
