// The inbox grouped by game (issue 32), through the route module of GET/POST /api/me/inbox over the
// real local D1: a game's entries on a page are one row (the newest entry's kind and words, the
// other players, the moves since the user looked, unread while any entry is), entries without a
// game stay single rows, paging by entries still returns every entry exactly once, and marking a
// row's ids read reads the row.
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GET, POST } from '../../src/routes/api/me/inbox/+server';
import type { InboxItem } from '$lib/server/notify/inbox';
import { signUp } from './helpers';

const DB = env.DB;

function call(handler: typeof GET, user: { id: string; username: string }, o: { query?: string; body?: unknown } = {}) {
	const url = new URL(`http://localhost/api/me/inbox${o.query ?? ''}`);
	const init = o.body === undefined ? {} : { method: 'POST', body: JSON.stringify(o.body), headers: { 'content-type': 'application/json' } };
	return handler({ platform: { env }, locals: { user }, url, request: new Request(url, init) } as never) as Promise<Response>;
}
const page = async (user: { id: string; username: string }, query = '') =>
	(await (await call(GET, user, { query })).json()) as { items: InboxItem[]; unread: number; next: string | null };

/** An event and its in-app entry, as fan-out writes them (since: the versions of the public moves). */
async function entry(userId: string, gameId: string | null, version: number, at: number, o: { kind?: string; since?: number[]; read?: boolean; game?: string } = {}) {
	const kind = o.kind ?? 'turn';
	const eventId = `${gameId ?? 'digest'}:${version}:${kind}:0`;
	const data = { gameId, kind: o.game ?? 'giants', version, seat: 0, round: 2, phase: 'place', names: ['me', 'ben', 'caro'], since: (o.since ?? []).map((v) => ({ version: v, log: [] })) };
	const msg = { subject: `${kind} ${version}`, text: `text ${version}`, url: `https://rongo.test/games/${gameId}` };
	await DB.batch([
		...(gameId
			? [
					// (A postman that fans it out later finds its inbox entry there: INSERT OR IGNORE by the same key.)
					DB.prepare(INSERT_EVENT_SQL).bind(eventId, userId, gameId, kind, version, 0, JSON.stringify(data), at)
				]
			: []),
		DB.prepare('INSERT INTO inbox (id, user_id, game_id, kind, data, created_at, read_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)').bind(
			gameId ? `${eventId}:inapp` : `digest:${version}`,
			userId,
			gameId,
			gameId ? kind : 'digest',
			JSON.stringify(msg),
			at,
			o.read ? at + 1 : null
		)
	]);
	return gameId ? `${eventId}:inapp` : `digest:${version}`;
}

describe('the inbox grouped by game (issue 32)', () => {
	it("shows a game's entries as one row with the newest kind, the other players and the moves since the user looked", async () => {
		const u = await signUp('inboxgroups');
		const me = { id: u.id, username: u.username };
		const g = 'ggroupaaaaaaaaaa';
		const h = 'ggroupbbbbbbbbbb';
		// Game g: looked at after version 8 (read), then three turns; the newest turn's moves since the
		// user's own last move are 7–14, of which 10–14 came after the oldest unread entry (version 10).
		await entry(u.id, g, 8, 1000, { read: true, since: [7, 8] });
		const a = await entry(u.id, g, 10, 2000, { since: [7, 8, 9, 10] });
		const b = await entry(u.id, g, 12, 3000, { since: [7, 8, 9, 10, 11, 12] });
		const c = await entry(u.id, g, 14, 4000, { since: [7, 8, 9, 10, 11, 12, 13, 14] });
		// Game h: over, already read. A digest: no game.
		const fin = await entry(u.id, h, 30, 2500, { kind: 'finished', read: true, game: 'moa' });
		const digest = await entry(u.id, null, 1, 3500);

		const p = await page(me);
		expect(p.next).toBeNull();
		expect(p.unread).toBe(4);
		expect(p.items.map((i) => i.id)).toEqual([c, digest, fin]);
		const row = p.items[0];
		expect(row).toMatchObject({ gameId: g, kind: 'turn', subject: 'turn 14', text: 'text 14', url: `/games/${g}`, createdAt: 4000, read: false, unread: 3 });
		expect(row.ids).toEqual([c, b, a, `${g}:8:turn:0:inapp`]);
		expect(row.label).toBe('Giants with ben, caro');
		expect(row.moves).toBe(5);
		expect(p.items[1]).toMatchObject({ gameId: null, kind: 'digest', ids: [digest], label: null, moves: null, read: false, unread: 1 });
		expect(p.items[2]).toMatchObject({ gameId: h, kind: 'finished', label: 'Moa with ben, caro', moves: null, read: true, unread: 0 });

		// Marking the row's entries read (what the row's link does) reads the row.
		expect(((await (await call(POST, me, { body: { ids: row.ids } })).json()) as { unread: number }).unread).toBe(1);
		const after = await page(me);
		expect(after.items[0]).toMatchObject({ id: c, read: true, unread: 0, moves: null });
	});

	it('the label and words follow the notification language', async () => {
		const u = await signUp('inboxde');
		await DB.prepare(`UPDATE users SET locale = 'de' WHERE id = ?1`).bind(u.id).run();
		await entry(u.id, 'ggroupdddddddddd', 5, 1000, { since: [5] });
		const [row] = (await page({ id: u.id, username: u.username })).items;
		expect(row.label).toBe('Giants mit ben, caro');
		expect(row.moves).toBe(1);
	});

	it('pages by entries, grouped within a page: every entry exactly once, a game on each page it reaches', async () => {
		const u = await signUp('inboxpages');
		const me = { id: u.id, username: u.username };
		for (let i = 0; i < 70; i++) await entry(u.id, 'ggroupeeeeeeeeee', 100 + i, 2_000_000 + i);
		for (let i = 0; i < 50; i++) await entry(u.id, 'ggroupffffffffff', 300 + i, 1_000_000 + i);
		const seen: string[] = [];
		const rows: (string | null)[][] = [];
		let next: string | null = null;
		do {
			const p = await page(me, next ? `?before=${encodeURIComponent(next)}` : '');
			seen.push(...p.items.flatMap((i) => i.ids));
			rows.push(p.items.map((i) => i.gameId));
			next = p.next;
		} while (next && rows.length < 10);
		expect(rows).toEqual([['ggroupeeeeeeeeee'], ['ggroupeeeeeeeeee', 'ggroupffffffffff'], ['ggroupffffffffff']]);
		expect(seen).toHaveLength(120);
		expect(new Set(seen).size).toBe(120);
		expect((await call(GET, me, { query: '?before=nonsense' })).status).toBe(400);
	});
});
