/**
 * How a seat's name is shown (issue 15): a deleted account's marker reads "deleted player" and a
 * bot seat's marker (issue 34, protocol/people.ts) "Bot" / "Bot 2" in the reader's language; every
 * other name as it is.
 */
import { m } from '$lib/paraglide/messages';
import { botNumber, isDeletedPlayer } from '$lib/protocol/people';

export function playerName(username: string | null | undefined): string {
	if (isDeletedPlayer(username)) return m.leave_deleted_player();
	const bot = botNumber(username);
	// The first bot is just "Bot": most bot games have one.
	if (bot !== null) return bot === 1 ? m.bot_name() : m.bot_name_n({ n: String(bot) });
	return username ?? '?';
}
