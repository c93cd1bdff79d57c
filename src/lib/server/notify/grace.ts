/**
 * Tell once per trip (issue 32), pure: which of a user's pending "your turn" deliveries on one
 * loud channel (email, push, webhook) go out together now, and which wait. The postman
 * (delivery.ts deliverDue) applies it to the rows it claimed; bench/wakeups.ts applies it to
 * simulated games to count the messages per channel. No I/O, no clock: `now` is an argument.
 *
 * The rule:
 * - a "your turn" becomes due `grace` after its event (`turnDueAt`; quiet hours may move it later);
 * - a stale one (the recipient is no longer awaited in that game, has moved since, or has seen it in
 *   the inbox) is never sent: it is skipped;
 * - when at least one current delivery is due, ALL current ones are sent in one message — also
 *   those not yet due, of every game: one trip back to the site answers them all;
 * - otherwise every current one waits (nothing is due yet).
 * So a burst of quick turns within the grace becomes one message, and someone who comes back
 * within the grace gets none.
 */

/** The grace times a user may choose, in minutes (the settings' choices). */
export const GRACE_CHOICES = [0, 5, 10, 30, 60] as const;
export type GraceMinutes = (typeof GRACE_CHOICES)[number];
/** The default: long enough for a quick round of single actions (Giants' phase 3), short for a day-long game. */
export const DEFAULT_GRACE_MINUTES: GraceMinutes = 10;

/** One pending "your turn" delivery of one user on one channel. */
export interface PendingTurn {
	/** The delivery's id (the postman's `<eventId>:<channel>`; any unique id in a simulation). */
	id: string;
	gameId: string;
	/** When its event happened (ms). */
	createdAt: number;
	/** When it becomes due (ms): `turnDueAt(createdAt, grace)`, or later (quiet hours, a retry). */
	dueAt: number;
	/** The recipient is no longer awaited in that game, has moved or has looked since: never sent. */
	stale: boolean;
}

/** What to do with a user's pending turns on a channel at `now`. Every input id is in exactly one list. */
export interface Trip {
	/** Told in one message now (empty: nothing is sent). Oldest first. */
	send: string[];
	/** Stale: marked skipped, never sent. */
	skip: string[];
	/** Current but nothing is due yet: they wait for the earliest `dueAt` (see `nextDue`). */
	wait: string[];
}

/** When a "your turn" created at `createdAt` is due on a loud channel with `graceMinutes`. */
export function turnDueAt(createdAt: number, graceMinutes: number): number {
	return createdAt + Math.max(0, graceMinutes) * 60_000;
}

/**
 * Applies the rule above to one user's pending turns on one channel at `now`, with `stale` as it
 * stands at `now`. A simulation (bench/wakeups.ts) may pass deliveries created after `now`: they do
 * not exist yet, so they wait (neither sent nor skipped). To count messages, call it at each
 * `nextDue` in turn with what is still pending: a non-empty `send` is one message.
 */
export function tripAt(pending: readonly PendingTurn[], now: number): Trip {
	const byAge = [...pending].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
	const later = byAge.filter((p) => p.createdAt > now);
	const current = byAge.filter((p) => p.createdAt <= now && !p.stale);
	const skip = byAge.filter((p) => p.createdAt <= now && p.stale).map((p) => p.id);
	const due = current.some((p) => p.dueAt <= now);
	const wait = [...(due ? [] : current), ...later].map((p) => p.id);
	return { send: due ? current.map((p) => p.id) : [], skip, wait };
}

/** When the earliest current delivery becomes due (null: none waits). */
export function nextDue(pending: readonly PendingTurn[]): number | null {
	const times = pending.filter((p) => !p.stale).map((p) => p.dueAt);
	return times.length ? Math.min(...times) : null;
}
