/**
 * Table talk (issue 15): the wire shapes of a game's chat, shared by the room, the routes and the
 * browser. Types and constants only (like room.ts). docs/chat.md describes them for API clients.
 */

/** At most this many characters (Unicode code points) per message, after trimming. */
export const CHAT_MAX = 500;
/** An author may delete their own message for this long after writing it. */
export const CHAT_DELETE_MS = 5 * 60_000;
/** At most this many messages per GET page. */
export const CHAT_PAGE = 200;
/** Private notes: at most this many characters (code points). */
export const NOTES_MAX = 10_000;

/**
 * One message. The author is a seat, never a user id or a name: the page names the seat from the
 * room's seats, so when an account is deleted and its seat's identity replaced, its chat follows.
 */
export interface ChatMessage {
	/** The game's chat sequence: 1, 2, 3 … in the order the room accepted them. */
	seq: number;
	seat: number;
	/** Plain text (never HTML); '' once deleted. */
	text: string;
	/** Epoch ms. */
	at: number;
	/** Deleted by its author: the text is gone from storage. */
	deleted?: true;
}

/** GET /api/games/:id/chat?since=<seq> */
export interface ChatPage {
	messages: ChatMessage[];
	/** The newest sequence number in this game (0: none yet). */
	latest: number;
	/** A seated caller's read mark (the last seq they have read); absent for everybody else. */
	read?: number;
	/** The caller may write (a seated player). */
	canWrite: boolean;
	/** Seats whose messages are hidden for the caller (muted players); they are left out of `messages`. */
	muted: number[];
	/** More messages follow `since` than one page holds: ask again from the last one. */
	more: boolean;
}

/** Server → client over the game's socket (in addition to room.ts ServerMessage's state and event). */
export type ChatServerMessage =
	| { type: 'chat'; message: ChatMessage }
	| { type: 'chat-deleted'; seq: number };
