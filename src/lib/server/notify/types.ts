/**
 * Notifications (issue 5): the shapes every part shares. A GameRoom writes `NotifyEvent`s with the
 * version that causes them (its D1 outbox); the postman (src/lib/server/notify/delivery.ts) fans each
 * event out into one `notifications` row per channel the user wants, and delivers each row exactly
 * once with retries. Channels render their text from `EventData`, which holds public facts only:
 * the recipient's own seat, names, the phase, public log entries and deadlines — never a sealed
 * decision, the seed or anyone's email.
 */
import type { LogBatch } from '$lib/engine';
import type { Channel } from '$lib/server/db/schema';

export type { Channel };

export type EventKind =
	/** The recipient's input is now awaited (a turn, or a sealed decision to make). */
	| 'turn'
	/** 24 h or 4 h before the recipient's clock runs out (`hoursLeft`). */
	| 'reminder'
	/** The recipient's clock ran out; the room moved for them (`auto`). */
	| 'timeout'
	/** Three timeouts in a row: the bot took the seat (reclaimable). */
	| 'dropped'
	/** The game is over (`scores`, `winners`, `result`). */
	| 'finished'
	/** Another player deleted their account (issue 15): the bot plays their seat (`deletedSeat`) from now on. */
	| 'player_deleted'
	/** Issue 15: `from` invites the recipient into a private game (`invite`: its code; `rematchOf`: a rematch). */
	| 'invite'
	/** Someone wrote at the table (`author`'s seat; never the text: docs/chat.md). Issue 15. */
	| 'chat';

/**
 * About a running clock: a digest would come too late, so these go out at once unless the channel is
 * off — by the room's in-app entry (room-entry.ts) and by the postman (delivery.ts) alike.
 */
export const URGENT_KINDS: ReadonlySet<EventKind> = new Set(['reminder', 'timeout', 'dropped']);

export interface EventData {
	gameId: string;
	/**
	 * The game's kind (registry id), whose texts word `phase`, `auto` and the log entries. Events
	 * written before kinds (issue 11) have none: they were all Giants games.
	 */
	kind?: string;
	version: number;
	/** The recipient's seat. */
	seat: number;
	/** The kind's status line at this version (null round: a kind without rounds). */
	round: number | null;
	phase: string;
	/** Usernames by seat (public). */
	names: string[];
	/** Public log entries since the recipient's own last move, oldest first (capped; `more` if cut). */
	since: LogBatch[];
	more?: boolean;
	/** When the recipient's clock runs out (turn, reminder), epoch ms. */
	deadline?: number | null;
	hoursLeft?: number;
	/** What the room did for the recipient on a timeout: the kind's `timeoutMove(...).auto`. */
	auto?: string;
	scores?: number[];
	/** finished: the seats in first place (none in a draw). */
	winners?: number[];
	/** finished: one winner, a shared victory or a draw (engine/outcome.ts); events from before issue 29 have none. */
	result?: 'win' | 'shared' | 'draw';
	/** player_deleted: the seat whose player deleted their account. */
	deletedSeat?: number;
	/** invite (issue 15): who invites, the game's invite code (the recipient's link), the game it is a rematch of. */
	from?: string;
	invite?: string;
	rematchOf?: string;
	/** Chat: the seat that wrote, and its user (for the recipient's mutes at fan-out). */
	author?: number;
	authorId?: string;
}

export interface NotifyEvent {
	/** `<gameId>:<version>:<kind>:<seat>`, plus `:<hoursLeft>` for reminders. */
	id: string;
	userId: string;
	gameId: string;
	kind: EventKind;
	version: number;
	/** The recipient was looking at the game (a visible page used lately, not merely an open socket): no per-move notification. */
	gameOpen: boolean;
	data: EventData;
	createdAt: number;
}

/** The recipient as a channel sees them (their own row; never sent to anyone else). */
export interface Recipient {
	id: string;
	username: string;
	email: string | null;
	locale: 'en' | 'de';
	webhookUrl: string | null;
}

/** One message in the recipient's language. `url` is absolute (the game, or the dashboard). */
export interface Message {
	subject: string;
	text: string;
	url: string;
	/** For the turn email: the moves since the recipient's last move, one sentence each. */
	lines: string[];
	/** What `lines` are, when they are not the moves since (issue 32: a trip's games); and the link's words. */
	heading?: string;
	action?: string;
}

/** A channel delivers one message to one recipient, or throws (the postman retries with backoff). */
export interface ChannelSender {
	send(to: Recipient, msg: Message, ctx: { notificationId: string; event: NotifyEvent | null }): Promise<void>;
}
