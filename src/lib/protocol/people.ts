/**
 * Deleted players (issue 15, "leave the site"). A deleted account's seats in finished games stay —
 * the games' history belongs to the other players too — but name nobody: the seat's user id becomes a
 * random tombstone (`deleted-<random>`, one per game, so two games cannot even be linked to the same
 * person) and its username this marker. The marker cannot be a real username (`~` is not allowed in
 * one), and every page renders it as "deleted player" in the reader's language (src/lib/ui/names.ts).
 * D1 lists find no users row for a tombstone id and show the marker too.
 */
export const DELETED_PLAYER = '~deleted';

/** The prefix of tombstone user ids. */
export const TOMBSTONE_PREFIX = 'deleted-';

export function isDeletedPlayer(username: string | null | undefined): boolean {
	return username === DELETED_PLAYER;
}

/**
 * Bot seats (issue 34: "play on … with bots for open seats", and a game started now with bots in its
 * open seats, GameRoom.start `{ bots: true }`). A bot seat's user id is `bot-<n>` (n = 1, 2, … in the
 * game, in the order the seats were filled): it fits the rooms' user-id pattern, so every path that
 * carries a seat's user carries it unchanged, but it can never be an account's id (those are UUIDs:
 * hex digits and dashes, no "o" or "t"), so no session, hub, inbox or rating ever names it and nobody
 * can act as a bot or reclaim its seat. The same ids in every game: a bot is nobody, there is nothing
 * to keep apart. Its username is the marker `~bot-<n>` (`~` is in no real username), which every page
 * renders as "Bot" / "Bot 2" in the reader's language (src/lib/ui/names.ts); D1 lists find no users
 * row for it and build the same marker from the id (`seatUsername`, `SEAT_NAME_SQL`).
 */
export const BOT_ID_PREFIX = 'bot-';
/** A game has at most this many bots (no kind seats more than 8). */
const BOT_ID = /^bot-([1-9][0-9]?)$/;
const BOT_NAME = /^~bot-([1-9][0-9]?)$/;

/** The user id of a game's `n`-th bot (1-based). */
export function botId(n: number): string {
	return `${BOT_ID_PREFIX}${n}`;
}

export function isBotId(userId: string | null | undefined): boolean {
	return typeof userId === 'string' && BOT_ID.test(userId);
}

/** The username marker of a bot seat (`~bot-2`), from its id. */
export function botUsername(userId: string): string {
	return `~${userId}`;
}

/** Which bot a username marker names (1, 2, …), or null for every other name. */
export function botNumber(username: string | null | undefined): number | null {
	const m = typeof username === 'string' ? BOT_NAME.exec(username) : null;
	return m ? Number(m[1]) : null;
}

/**
 * Whether a seat's user id names a person who can be told, counted or linked: not a deleted
 * player's tombstone (issue 15), not a bot (issue 34). Notifications, hubs, chat read marks and
 * ratings are only for persons.
 */
export function isPerson(userId: string | null | undefined): userId is string {
	return typeof userId === 'string' && !userId.startsWith(TOMBSTONE_PREFIX) && !isBotId(userId);
}

/** Whether a shown name stands for no account (a deleted player or a bot): shown in words, never linked to a profile. */
export function isNobodysName(username: string | null | undefined): boolean {
	return isDeletedPlayer(username) || botNumber(username) !== null;
}

/** A seat's name from a D1 row whose users row may be missing: the account's, a bot's marker, or the deleted marker. */
export function seatUsername(userId: string, username: string | null | undefined): string {
	return username ?? (isBotId(userId) ? botUsername(userId) : DELETED_PLAYER);
}

/** `seatUsername` in SQL, for lists that read seats `s` LEFT JOIN users `u`. */
export function seatNameSql(s = 's', u = 'u'): string {
	return `COALESCE(${u}.username, CASE WHEN ${s}.user_id LIKE '${BOT_ID_PREFIX}%' THEN '~' || ${s}.user_id ELSE '${DELETED_PLAYER}' END)`;
}
