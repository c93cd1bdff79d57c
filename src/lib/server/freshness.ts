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
import { GAME_ID } from './games';

export const WRITES_COOKIE = 'rongo_writes';
/** Longer than the coalesced flush and its first retry; after that D1 has it anyway. */
const KEPT_S = 60;
/** The newest games written from this browser that are remembered. */
const KEPT = 8;

type Write = { id: string; version: number };

export function parseWrites(raw: string | undefined): Write[] {
	if (!raw || raw.length > 1000) return [];
	const out: Write[] = [];
	for (const part of raw.split('~')) {
		const dot = part.lastIndexOf('.');
		const id = part.slice(0, dot);
		const version = Number(part.slice(dot + 1));
		if (dot > 0 && GAME_ID.test(id) && Number.isSafeInteger(version) && version > 0 && !out.some((w) => w.id === id)) out.push({ id, version });
	}
	return out.slice(0, KEPT);
}

/** After an acknowledged change of a game by this browser: remember it (newest first). */
export function rememberWrite(event: Pick<RequestEvent, 'cookies'>, id: string, version: number): void {
	const kept = parseWrites(event.cookies.get(WRITES_COOKIE)).filter((w) => w.id !== id);
	const value = [{ id, version }, ...kept]
		.slice(0, KEPT)
		.map((w) => `${w.id}.${w.version}`)
		.join('~');
	event.cookies.set(WRITES_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: KEPT_S });
}

/**
 * Before a list is read from D1: the games this browser changed lately whose D1 row is older than
 * the change write it now. A room that cannot (D1 down) leaves the list as D1 has it.
 */
export async function freshen(event: Pick<RequestEvent, 'cookies'>, env: Env): Promise<void> {
	const writes = parseWrites(event.cookies.get(WRITES_COOKIE));
	if (writes.length === 0) return;
	const rows = (
		await env.DB.prepare(`SELECT id, version FROM games WHERE id IN (${writes.map((_, i) => `?${i + 1}`).join(', ')})`)
			.bind(...writes.map((w) => w.id))
			.all<{ id: string; version: number }>()
	).results;
	const behind = writes.filter((w) => (rows.find((r) => r.id === w.id)?.version ?? 0) < w.version);
	await Promise.allSettled(behind.map((w) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(w.id)).flush()));
}
