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
import { gameLabel } from './render';
import type { NotifyEvent } from './types';

export interface InboxItem {
	/** The newest entry's id. */
	id: string;
	gameId: string | null;
	/** The newest entry's kind ('turn', 'finished', …, 'digest'). */
	kind: string;
	/** The newest entry's words (in the recipient's notification language). */
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
 * One page of a user's inbox, grouped. `before`: the (created_at, id) of the last entry of the page
 * before. Returns the rows, newest first, and the cursor of the next page (null on the last).
 */
export async function inboxPage(db: Env['DB'], userId: string, before: { at: number; id: string } | null): Promise<{ items: InboxItem[]; next: string | null }> {
	// Keyset paging on the (user_id, created_at) index; the id breaks ties of one millisecond.
	const rows = (
		await (before
			? db
					.prepare(
						'SELECT id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 AND (created_at < ?2 OR (created_at = ?2 AND id < ?3)) ORDER BY created_at DESC, id DESC LIMIT ?4'
					)
					.bind(userId, before.at, before.id, INBOX_PAGE + 1)
			: db.prepare('SELECT id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2').bind(userId, INBOX_PAGE + 1)
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
	// What the words need from the events: the newest entry's (its label), the newest unread turn's
	// (its moves since) and the versions of the unread ones. Two reads for the whole page.
	const wanted = new Set<string>();
	const unreadIds: string[] = [];
	for (const g of groups.values()) {
		if (g[0].game_id === null) continue;
		const newest = eventIdOf(g[0].id);
		if (newest) wanted.add(newest);
		const turn = g.find((r) => r.read_at === null && r.kind === 'turn');
		const turnId = turn && eventIdOf(turn.id);
		if (turnId) wanted.add(turnId);
		for (const r of g) if (r.read_at === null && eventIdOf(r.id)) unreadIds.push(eventIdOf(r.id)!);
	}
	const inList = (ids: string[], from: number) => ids.map((_, i) => `?${i + from}`).join(', ');
	const [locale, events, versions] = await db.batch([
		db.prepare('SELECT locale FROM users WHERE id = ?1').bind(userId),
		db.prepare(`SELECT id, user_id, game_id, kind, version, data, created_at FROM notification_events WHERE id IN (${inList([...wanted], 1) || 'NULL'})`).bind(...wanted),
		db.prepare(`SELECT id, version FROM notification_events WHERE id IN (${inList(unreadIds, 1) || 'NULL'})`).bind(...unreadIds)
	]);
	const lang = (locale.results[0] as { locale?: string } | undefined)?.locale === 'de' ? 'de' : 'en';
	const eventOf = new Map(
		(events.results as { id: string; user_id: string; game_id: string; kind: string; version: number; data: string; created_at: number }[]).map((e) => [
			e.id,
			{ id: e.id, userId: e.user_id, gameId: e.game_id, kind: e.kind, version: e.version, gameOpen: false, data: JSON.parse(e.data), createdAt: e.created_at } as NotifyEvent
		])
	);
	const versionOf = new Map((versions.results as { id: string; version: number }[]).map((v) => [v.id, v.version]));

	return {
		next,
		items: [...groups.values()].map((g) => {
			const newest = g[0];
			const d = JSON.parse(newest.data) as { subject: string; text: string; url: string };
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
