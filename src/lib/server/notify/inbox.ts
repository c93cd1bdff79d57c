/**
 * The inbox grouped by game (issue 32): a game's entries are one row — "Giants with ben, caro: your
 * turn — 6 moves since you looked" — with the newest entry's kind and text, unread while any of its
 * entries is, and the link to the game; entries without a game (digests) stay single rows.
 *
 * Paging groups within a page: a page is still the newest 50 ENTRIES before the cursor (keyset on
 * (created_at, id), unchanged), grouped by game; a game whose entries reach over a page's end has a
 * row on both pages. The cursor never skips or repeats an entry, and the newest (and unread)
 * entries are on the first page, where the grouping matters.
 */
import { gameLabel, renderEvent } from './render';
import type { EntryData } from './room-entry';
import type { EventKind, NotifyEvent, Recipient } from './types';

export interface InboxItem {
	/** The newest entry's id. */
	id: string;
	gameId: string | null;
	/** The newest entry's kind ('turn', 'finished', …, 'digest'). */
	kind: string;
	/** The newest entry's words: rendered when read, in the reader's language (issue 33; entries from before: as stored). */
	subject: string;
	text: string;
	url: string;
	createdAt: number;
	/** Every entry of the row has been read. */
	read: boolean;
	/** Issue 32: the entries of this page this row stands for (newest first); mark them read by `ids`. */
	ids: string[];
	/** Of those, how many are unread. */
	unread: number;
	/** "Giants with ben, caro" for a game (null: no game, or its event is gone). */
	label: string | null;
	/**
	 * Moves since the user looked (null: nothing unread, or no unread turn): of the newest unread
	 * turn's public moves since the user's own last move, those at or after the oldest unread entry —
	 * whatever came before it the user may have seen, since looking at a game reads its entries.
	 */
	moves: number | null;
}

/** Entries per page. */
export const INBOX_PAGE = 50;

interface Row {
	id: string;
	user_id: string;
	game_id: string | null;
	kind: string;
	data: string;
	created_at: number;
	read_at: number | null;
}

/** The event an in-app entry was made from: its id without `:inapp` (digests have none). */
const eventIdOf = (inboxId: string) => (inboxId.endsWith(':inapp') ? inboxId.slice(0, -':inapp'.length) : null);

/** Links are stored absolute; the page wants them on this site, without the locale prefix. */
function pathOf(url: string): string {
	try {
		const u = new URL(url);
		return (u.pathname + u.search).replace(/^\/de(?=\/)/, '');
	} catch {
		return '/games';
	}
}

/**
 * The event an entry holds (issue 33: the room's entries, and fan-out's since, keep the event's data
 * — room-entry.ts `entryData`), or null for an entry stored as words (before issue 33, and digests).
 */
export function entryEvent(r: { id: string; user_id: string; game_id: string | null; kind: string; data: string; created_at: number }): NotifyEvent | null {
	let d: unknown;
	try {
		d = JSON.parse(r.data);
	} catch {
		return null;
	}
	const data = (d as Partial<EntryData> | null)?.event;
	if (!data || typeof data !== 'object' || r.game_id === null) return null;
	return { id: eventIdOf(r.id) ?? r.id, userId: r.user_id, gameId: r.game_id, kind: r.kind as EventKind, version: data.version, gameOpen: false, data, createdAt: r.created_at };
}

/**
 * An entry's words for its reader: an event's rendered now, in the reader's language and on this
 * origin (an entry reads in the language the user uses now); an old entry's as stored.
 */
export function entryMessage(
	r: { id: string; user_id: string; game_id: string | null; kind: string; data: string; created_at: number },
	to: Recipient,
	origin: string,
	now: number
): { subject: string; text: string; url: string } {
	const e = entryEvent(r);
	if (e) {
		const m = renderEvent(e, to, origin, now);
		return { subject: m.subject, text: m.text, url: m.url };
	}
	try {
		const d = JSON.parse(r.data) as { subject?: unknown; text?: unknown; url?: unknown };
		return { subject: String(d.subject ?? ''), text: String(d.text ?? ''), url: String(d.url ?? '') };
	} catch {
		return { subject: '', text: '', url: '' };
	}
}

/**
 * One page of a user's inbox, grouped. `before`: the (created_at, id) of the last entry of the page
 * before. Returns the rows, newest first, and the cursor of the next page (null on the last).
 * `origin`: the request's (the entries' links are rendered on read).
 */
export async function inboxPage(
	db: Env['DB'],
	userId: string,
	before: { at: number; id: string } | null,
	origin = 'http://localhost',
	now = Date.now()
): Promise<{ items: InboxItem[]; next: string | null }> {
	// Keyset paging on the (user_id, created_at) index; the id breaks ties of one millisecond.
	const rows = (
		await (before
			? db
					.prepare(
						'SELECT id, user_id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 AND (created_at < ?2 OR (created_at = ?2 AND id < ?3)) ORDER BY created_at DESC, id DESC LIMIT ?4'
					)
					.bind(userId, before.at, before.id, INBOX_PAGE + 1)
			: db.prepare('SELECT id, user_id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2').bind(userId, INBOX_PAGE + 1)
		).all<Row>()
	).results;
	const more = rows.length > INBOX_PAGE;
	const page = rows.slice(0, INBOX_PAGE);
	const last = page.at(-1);
	const next = more && last ? `${last.created_at}.${last.id}` : null;

	const groups = new Map<string, Row[]>();
	for (const r of page) {
		const key = r.game_id === null ? `entry:${r.id}` : `game:${r.game_id}`;
		groups.set(key, [...(groups.get(key) ?? []), r]);
	}
	// The events the entries hold (issue 33); for entries from before, what the words need from the
	// event rows: the newest entry's (its label), the newest unread turn's (its moves since) and the
	// versions of the unread ones. At most two reads for the whole page.
	const held = new Map(page.map((r) => [r.id, entryEvent(r)]));
	const wanted = new Set<string>();
	const unreadIds: string[] = [];
	const old = (r: Row) => (held.get(r.id) ? null : eventIdOf(r.id));
	for (const g of groups.values()) {
		if (g[0].game_id === null) continue;
		const newest = old(g[0]);
		if (newest) wanted.add(newest);
		const turn = g.find((r) => r.read_at === null && r.kind === 'turn');
		const turnId = turn && old(turn);
		if (turnId) wanted.add(turnId);
		for (const r of g) if (r.read_at === null && old(r)) unreadIds.push(old(r)!);
	}
	const inList = (ids: string[], from: number) => ids.map((_, i) => `?${i + from}`).join(', ');
	const [user, events, versions] = await db.batch([
		db.prepare('SELECT username, locale FROM users WHERE id = ?1').bind(userId),
		db.prepare(`SELECT id, user_id, game_id, kind, version, data, created_at FROM notification_events WHERE id IN (${inList([...wanted], 1) || 'NULL'})`).bind(...wanted),
		db.prepare(`SELECT id, version FROM notification_events WHERE id IN (${inList(unreadIds, 1) || 'NULL'})`).bind(...unreadIds)
	]);
	const u = user.results[0] as { username?: string; locale?: string } | undefined;
	const lang = u?.locale === 'de' ? 'de' : 'en';
	const to: Recipient = { id: userId, username: u?.username ?? '', email: null, locale: lang, webhookUrl: null };
	const eventOf = new Map(
		(events.results as { id: string; user_id: string; game_id: string; kind: string; version: number; data: string; created_at: number }[]).map((e) => [
			e.id,
			{ id: e.id, userId: e.user_id, gameId: e.game_id, kind: e.kind, version: e.version, gameOpen: false, data: JSON.parse(e.data), createdAt: e.created_at } as NotifyEvent
		])
	);
	for (const [id, e] of held) if (e) eventOf.set(eventIdOf(id) ?? id, e);
	const versionOf = new Map((versions.results as { id: string; version: number }[]).map((v) => [v.id, v.version]));
	for (const e of held.values()) if (e) versionOf.set(e.id, e.version);

	return {
		next,
		items: [...groups.values()].map((g) => {
			const newest = g[0];
			const d = entryMessage(newest, to, origin, now);
			const unread = g.filter((r) => r.read_at === null);
			const labelEvent = eventOf.get(eventIdOf(newest.id) ?? '');
			let moves: number | null = null;
			const turn = unread.find((r) => r.kind === 'turn');
			const turnEvent = turn && eventOf.get(eventIdOf(turn.id) ?? '');
			if (turnEvent) {
				const oldest = Math.min(...unread.map((r) => versionOf.get(eventIdOf(r.id) ?? '') ?? turnEvent.version));
				moves = (turnEvent.data.since ?? []).filter((b) => b.version >= oldest).length;
			}
			return {
				id: newest.id,
				gameId: newest.game_id,
				kind: newest.kind,
				subject: d.subject,
				text: d.text,
				url: pathOf(d.url),
				createdAt: newest.created_at,
				read: unread.length === 0,
				ids: g.map((r) => r.id),
				unread: unread.length,
				label: newest.game_id !== null && labelEvent ? gameLabel(labelEvent, lang) : null,
				moves
			};
		})
	};
}
