/**
 * The games a browser changed lately, for read-your-writes on the D1 lists (server/freshness.ts,
 * issue 12): `<gameId>.<version>` joined by `~`, newest first. Two cookies carry it: the server's
 * own (httpOnly, set by POST /moves) and the page's, which the game page writes itself after a move
 * answered over the game's socket (issue 16) — a socket message can set no cookie. Neither is
 * trusted for more than "ask these rooms to write their row now": a forged one costs its sender a
 * slower list, nothing else.
 */
export const WRITES_COOKIE = 'rongo_writes';
export const PAGE_WRITES_COOKIE = 'rongo_page_writes';
/** Longer than the coalesced flush and its first retry; after that D1 has it anyway. */
export const WRITES_KEPT_S = 60;
/** The newest games written from this browser that are remembered (per cookie). */
export const WRITES_KEPT = 8;

const GAME_ID = /^[a-z2-7]{16}$/;

export type Write = { id: string; version: number };

export function parseWrites(raw: string | undefined | null): Write[] {
	if (!raw || raw.length > 1000) return [];
	const out: Write[] = [];
	for (const part of raw.split('~')) {
		const dot = part.lastIndexOf('.');
		const id = part.slice(0, dot);
		const version = Number(part.slice(dot + 1));
		if (dot > 0 && GAME_ID.test(id) && Number.isSafeInteger(version) && version > 0 && !out.some((w) => w.id === id)) out.push({ id, version });
	}
	return out.slice(0, WRITES_KEPT);
}

/** The cookie's value with `id` at `version` first. */
export function withWrite(raw: string | undefined | null, id: string, version: number): string {
	return [{ id, version }, ...parseWrites(raw).filter((w) => w.id !== id)]
		.slice(0, WRITES_KEPT)
		.map((w) => `${w.id}.${w.version}`)
		.join('~');
}
