/**
 * Notification events (src/lib/server/notify/types.ts), pure: which events one change of a game
 * causes, and their public data. The room writes them in the same storage transaction as the change
 * and its outbox copies them to D1 `notification_events`, so an event exists exactly when its
 * change does; ids are deterministic, so writing one twice stores it once.
 *
 * Only public facts go in: names, the round and phase, public log entries, deadlines, scores —
 * never the state, a sealed decision or the seed.
 */
import type { EventData, EventKind, NotifyEvent } from '$lib/server/notify/types';
import type { GameResult, LogBatch } from '$lib/engine';
import { isPerson } from '$lib/protocol/people';

/** At most this many moves in `since` (the newest; `more` says older ones were left out). */
export const SINCE_CAP = 40;

/** What the events of one version need to know, read from the room. */
export interface EventContext {
	gameId: string;
	/** The game's kind: the renderer words the phase and log entries with its texts. */
	kind: string;
	version: number;
	now: number;
	/** The kind's status line (engine/kind.ts StatusLine). */
	round: number | null;
	phase: string;
	/** Usernames by seat. */
	names: string[];
	userOf(seat: number): string | undefined;
	/** Users looking at this game now: a visible, recently used page (game-sockets.ts lookingUsers). */
	open: ReadonlySet<string>;
	since(seat: number): { entries: LogBatch[]; more: boolean };
	deadline(seat: number): number | null;
}

export function eventId(gameId: string, version: number, kind: EventKind, seat: number, hours?: number): string {
	return `${gameId}:${version}:${kind}:${seat}${hours === undefined ? '' : `:${hours}`}`;
}

export function makeEvent(ctx: EventContext, kind: EventKind, seat: number, extra: Partial<EventData> = {}): NotifyEvent | null {
	const userId = ctx.userOf(seat);
	// A deleted player's seat (issue 15) and a bot's (issue 34) have nobody to tell: no turn, reminder,
	// timeout or end reaches them, so no inbox, mail or push is ever made for them.
	if (!isPerson(userId)) return null;
	const s = ctx.since(seat);
	const data: EventData = {
		gameId: ctx.gameId,
		kind: ctx.kind,
		version: ctx.version,
		seat,
		round: ctx.round,
		phase: ctx.phase,
		names: ctx.names,
		since: s.entries,
		...(s.more ? { more: true } : {}),
		...extra
	};
	return {
		id: eventId(ctx.gameId, ctx.version, kind, seat, extra.hoursLeft),
		userId,
		gameId: ctx.gameId,
		kind,
		version: ctx.version,
		// Only a turn is skipped for someone looking at the game; the rest they should hear of anyway.
		gameOpen: kind === 'turn' && ctx.open.has(userId),
		data,
		createdAt: ctx.now
	};
}

export interface ChangeFacts {
	/** Awaited seats before and after the change. */
	before: readonly number[];
	after: readonly number[];
	mover: number | null;
	/** Set when the room moved for a seat whose clock ran out: what it did. */
	timeout: string | null;
	/** Seats the bot plays (no turn events: nobody is there to take them). */
	dropped: ReadonlySet<number>;
	/** Seats dropped by this change. */
	droppedNow: readonly number[];
	/** How the game ended, if this change finished it (engine/outcome.ts). */
	finished: Pick<GameResult, 'scores' | 'winners' | 'result'> | null;
	/**
	 * Seats with a plan-ahead queue (issue 32): no turn event now — the queue answers at once, or is
	 * dropped and the seat woken then (autoplay.ts).
	 */
	queued?: ReadonlySet<number>;
}

/**
 * A 'turn' to each seat that became awaited (never the mover, whose own move this was), the
 * timeout and drop of the mover, and 'finished' to everybody.
 */
export function changeEvents(ctx: EventContext, f: ChangeFacts): NotifyEvent[] {
	const out: (NotifyEvent | null)[] = [];
	for (const seat of f.after)
		if (!f.before.includes(seat) && seat !== f.mover && !f.dropped.has(seat) && !f.queued?.has(seat))
			out.push(makeEvent(ctx, 'turn', seat, { deadline: ctx.deadline(seat) }));
	if (f.timeout !== null && f.mover !== null) out.push(makeEvent(ctx, 'timeout', f.mover, { auto: f.timeout }));
	for (const seat of f.droppedNow) out.push(makeEvent(ctx, 'dropped', seat));
	if (f.finished)
		for (let seat = 0; seat < ctx.names.length; seat++)
			out.push(makeEvent(ctx, 'finished', seat, { scores: f.finished.scores, winners: f.finished.winners, result: f.finished.result }));
	return out.filter((e): e is NotifyEvent => e !== null);
}
