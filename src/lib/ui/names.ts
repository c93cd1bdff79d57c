/**
 * How a seat's name is shown (issue 15): a deleted account's marker reads "deleted player" in the
 * reader's language; every other name as it is.
 */
import { m } from '$lib/paraglide/messages';
import { isDeletedPlayer } from '$lib/protocol/people';

export function playerName(username: string | null | undefined): string {
	if (isDeletedPlayer(username)) return m.leave_deleted_player();
	return username ?? '?';
}
