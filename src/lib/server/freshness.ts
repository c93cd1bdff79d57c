/**
 * Read-your-writes for the D1 lists (issue 12: "My games" still said "Your turn" for a second after
 * the player's own move). A game's room writes its row to D1 a moment after a move (the coalesced
 * flush, room/core.ts); the room itself is always current. So the browser that moved remembers
 * which version of which game it wrote, in a short-lived cookie, and a list read by that browser
 * first asks any game whose D1 row is older than that to write it now. Only the mover waits, only
 * right after their move, and only for games really behind; everyone else reads D1 as it is, and
 * learns of the change live from their hub a moment later (room/flusher.ts tells it).
 */
import type { RequestEvent } from '@sveltejs/kit';
import { PAGE_WRITES_COOKIE, WRITES_COOKIE, WRITES_KEPT_S, parseWrites, withWrite, type Write } from '$lib/protocol/writes';

export { WRITES_COOKIE, parseWrites };

/** After an acknowledged change of a game by this browser: remember it (newest first). */
export function rememberWrite(event: Pick<RequestEvent, 'cookies'>, id: string, version: number): void {
	const value = withWrite(event.cookies.get(WRITES_COOKIE), id, version);
	event.cookies.set(WRITES_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: WRITES_KEPT_S });
}

/**
 * Before a list is read from D1: the games this browser changed lately whose D1 row is older than
 * the change write it now. A room that cannot (D1 down) leaves the list as D1 has it.
 */
export async function freshen(event: Pick<RequestEvent, 'cookies'>, env: Env): Promise<void> {
	// The server's cookie (HTTP moves) and the page's (moves answered over the socket), newest version per game.
	const writes: Write[] = [];
	for (const w of [...parseWrites(event.cookies.get(WRITES_COOKIE)), ...parseWrites(event.cookies.get(PAGE_WRITES_COOKIE))]) {
		const had = writes.find((x) => x.id === w.id);
		if (!had) writes.push(w);
		else had.version = Math.max(had.version, w.version);
	}
	if (writes.length === 0) return;
	const rows = (
		await env.DB.prepare(`SELECT id, version FROM games WHERE id IN (${writes.map((_, i) => `?${i + 1}`).join(', ')})`)
			.bind(...writes.map((w) => w.id))
			.all<{ id: string; version: number }>()
	).results;
	const behind = writes.filter((w) => (rows.find((r) => r.id === w.id)?.version ?? 0) < w.version);
	await Promise.allSettled(behind.map((w) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(w.id)).flush()));
}
