/**
 * Real decisions per seat (issue 28, ratings): a seat's own move — a player's, or their standing
 * answer (cause 'player') — that its kind does not call `passive` (engine/kind.ts: a pass, a bid of
 * nothing, the neutral's placement…). Timeouts and the bot's moves for a dropped seat are nobody's
 * decision. ratings.ts `ratable` rates a game only if every seat made at least one.
 */
import type { Kind } from '$lib/engine';
import type { Cause, Timers } from './clock';
import type { Meta, MoveRow } from './storage';

export function isDecision(kind: Kind, move: unknown, cause: Cause): boolean {
	return cause === 'player' && !kind.passive?.(move);
}

/** `decisions` with one more for `seat` if this move is a decision (a new object), else the same one. */
export function countDecision(decisions: Record<string, number> | undefined, seat: number, decided: boolean): Record<string, number> | undefined {
	return decided ? { ...decisions, [seat]: (decisions?.[seat] ?? 0) + 1 } : decisions;
}

/**
 * Why a stored move was made, from its id: the room's own moves carry `timeout:` and `bot:` ids
 * (autoplay.ts), standing answers `standing:` — a player's own (cause 'player'). A client's moveId
 * cannot contain ':' (GameRoom MOVE_ID), so no player can pass their move off as either.
 */
export function causeOfMoveId(moveId: string): Cause {
	return moveId.startsWith('timeout:') ? 'timeout' : moveId.startsWith('bot:') ? 'bot' : 'player';
}

/** The counts of a room started before they were kept: from its log (the moves after the start). */
export function decisionsFromLog(kind: Kind, moves: readonly Pick<MoveRow, 'seat' | 'moveId' | 'move'>[]): Record<string, number> {
	let out: Record<string, number> = {};
	for (const m of moves) out = countDecision(out, m.seat, isDecision(kind, JSON.parse(m.move), causeOfMoveId(m.moveId)))!;
	return out;
}

/**
 * A room from before rated/casual and the decision counts (issue 28) gets them when it loads, the
 * same way migration 0011 set `games.rated` in D1 (the room is the writer, D1 its copy):
 * - finished: rated if it was a normal end by the rules of then (ratings moved: started, and no seat
 *   played by the bot at the end); its decisions stay unknown, so no later flush rates it afresh;
 * - waiting or running: public rated, private casual (the rule for private games now); a running
 *   game's decisions are counted from its log.
 */
export function upgradeMeta(kind: Kind, meta: Meta, moves: readonly MoveRow[], timers: Timers): Meta {
	let m = meta;
	if (m.rated === undefined)
		m = { ...m, rated: m.status === 'finished' ? m.startedAt !== null && !timers.seats.some((t) => t.dropped) : m.visibility === 'public' };
	if (m.decisions === undefined && m.status === 'active') m = { ...m, decisions: decisionsFromLog(kind, moves) };
	return m;
}
