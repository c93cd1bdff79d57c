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
