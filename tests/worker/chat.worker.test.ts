// Issue 15: table talk and private notes, through the real Worker, the real GameRoom (its SQLite
// storage and sockets) and local D1. docs/chat.md has the rules these check.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../src/lib/server/room/GameRoom';
import { fanOut } from '$lib/server/notify/delivery';
import { renderEvent } from '$lib/server/notify/render';
import { signUp } from './helpers';
import { call, openSocket, room } from './room-helpers';

type U = Awaited<ReturnType<typeof signUp>>;

/** A started 3-player game of the given visibility with these players in seat order. */
async function game(players: U[], visibility: 'public' | 'private' = 'public') {
	const r = await call(players[0], 'POST', '/api/dev/scenario', {
		usernames: players.map((p) => p.username),
		seed: `chat-${Math.random()}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) },
		visibility
	});
	expect(r.status, r.text).toBe(201);
	return { id: r.json.id as string, invite: r.json.inviteCode as string | null };
}

async function table(visibility: 'public' | 'private' = 'public', email = false) {
	const players = await Promise.all(['ca', 'cb', 'cc'].map((n) => signUp(n, email ? { email: `${n}${crypto.randomUUID().slice(0, 8)}@example.com` } : {})));
	// Email goes to verified addresses only (docs/security.md "Email verification").
	if (email) await env.DB.prepare('UPDATE users SET email_verified_at = 1 WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(players.map((p) => p.id))).run();
	const g = await game(players, visibility);
	return { ...g, players, stub: room(g.id) };
}

const say = (who: U | null, id: string, text: unknown) => call(who, 'POST', `/api/games/${id}/chat`, { text });
const read = (who: U | null, id: string, q = '') => call(who, 'GET', `/api/games/${id}/chat${q}`);

describe('table talk', () => {
	it('seated players write, spectators of a public game read and may not write, signed-out visitors read', async () => {
		const { id, players } = await table();
		const [a, b] = players;
		const spectator = await signUp('cs');
		const w = await say(a, id, '  Hello table!  ');
		expect(w.status, w.text).toBe(201);
		expect(w.json.message).toMatchObject({ seq: 1, seat: 0, text: 'Hello table!' });
		expect(w.json.message).not.toHaveProperty('userId');
		expect((await say(b, id, 'hi')).json.message.seq).toBe(2);

		const seen = await read(spectator, id);
		expect(seen.status).toBe(200);
		expect(seen.json).toMatchObject({ latest: 2, canWrite: false, more: false });
		expect(seen.json).not.toHaveProperty('read');
		expect(seen.json.messages.map((x: { text: string }) => x.text)).toEqual(['Hello table!', 'hi']);
		expect((await read(null, id)).json.messages).toHaveLength(2);

		const refused = await say(spectator, id, 'psst, bid high');
		expect(refused.status).toBe(403);
		expect(refused.json.code).toBe('NOT_YOUR_SEAT');
		expect((await say(null, id, 'x')).status).toBe(401);
		expect((await read(a, id)).json.messages).toHaveLength(2);
		expect((await read(a, id)).json).toMatchObject({ canWrite: true, read: 1 });
	});

	it('a private game: outsiders see nothing and cannot write; its invite holders read', async () => {
		const { id, invite, players } = await table('private');
		const outsider = await signUp('co');
		expect((await say(players[1], id, 'secret plan')).status).toBe(201);
		for (const r of [await read(outsider, id), await read(null, id), await say(outsider, id, 'hello?')]) {
			expect(r.status).toBe(404);
			expect(r.json.code).toBe('NOT_FOUND');
			expect(r.text).not.toContain('secret plan');
		}
		const report = await call(outsider, 'POST', `/api/games/${id}/chat/1/report`, {});
		expect(report.status).toBe(404);
		const holder = await read(outsider, id, `?invite=${invite}`);
		expect(holder.status).toBe(200);
		expect(holder.json.messages[0].text).toBe('secret plan');
		expect((await read(outsider, id, `?invite=${invite}&since=0`)).json.canWrite).toBe(false);
	});

	it('refuses bad messages with stable codes and stores nothing; HTML stays text', async () => {
		const { id, players } = await table();
		const a = players[0];
		const cases: [unknown, number, string][] = [
			['x'.repeat(501), 400, 'MESSAGE_TOO_LONG'],
			['🎲'.repeat(501), 400, 'MESSAGE_TOO_LONG'],
			['   \n\t ', 400, 'EMPTY_MESSAGE'],
			['', 400, 'EMPTY_MESSAGE'],
			['ring \u0007 bell', 400, 'BAD_CHARACTERS'],
			['nul \u0000', 400, 'BAD_CHARACTERS'],
			['esc \u001b[31m', 400, 'BAD_CHARACTERS'],
			['half \ud800 pair', 400, 'BAD_CHARACTERS'],
			[42, 400, 'BAD_REQUEST'],
			[null, 400, 'BAD_REQUEST']
		];
		for (const [text, status, code] of cases) {
			const r = await say(a, id, text);
			expect(r.status, JSON.stringify(text)).toBe(status);
			expect(r.json.code).toBe(code);
		}
		const bad = await call(a, 'POST', `/api/games/${id}/chat`, '{"text": "unterminated');
		expect(bad.status).toBe(400);
		expect(bad.json.code).toBe('BAD_JSON');
		const extra = await call(a, 'POST', `/api/games/${id}/chat`, { text: 'hi', seat: 2 });
		expect(extra.status).toBe(400);
		expect((await call(a, 'POST', `/api/games/${id}/chat`, [])).status).toBe(400);
		expect((await read(a, id)).json).toMatchObject({ latest: 0, messages: [] });

		// 500 code points (1000 UTF-16 units) is fine; newlines stay; HTML is text, stored and served as written.
		expect((await say(a, id, '🎲'.repeat(500))).status).toBe(201);
		const html = '<img src=x onerror=alert(1)>\n<b>bold</b> & "quotes"';
		expect((await say(a, id, html)).status).toBe(201);
		const got = await read(null, id);
		expect(got.json.messages.map((x: { text: string }) => x.text)).toEqual(['🎲'.repeat(500), html]);
		expect(got.json.latest).toBe(2);
	});

	it('rate limit: a burst of 5, then one every 3 s (the room clock)', async () => {
		const { id, players, stub } = await table();
		const t0 = Date.UTC(2031, 0, 1);
		await stub.setClock(t0);
		for (let i = 0; i < 5; i++) expect((await say(players[0], id, `m${i}`)).status).toBe(201);
		const sixth = await say(players[0], id, 'too fast');
		expect(sixth.status).toBe(429);
		expect(sixth.json.code).toBe('RATE_LIMITED');
		// Another player has their own bucket.
		expect((await say(players[1], id, 'me too')).status).toBe(201);
		await stub.setClock(t0 + 3_000);
		expect((await say(players[0], id, 'later')).status).toBe(201);
		expect((await say(players[0], id, 'again')).status).toBe(429);
		expect((await read(null, id)).json.messages.map((x: { text: string }) => x.text)).not.toContain('too fast');
		await stub.setClock(null);
	});

	it('is delivered live to the other player and a spectator in sequence; a client that missed some fetches them by sequence', async () => {
		const { id, players } = await table();
		const [a, b] = players;
		const spectator = await signUp('cw');
		const sb = await openSocket(b, `/api/games/${id}/socket`);
		const ss = await openSocket(spectator, `/api/games/${id}/socket`);
		await sb.next(1);
		await ss.next(1);
		for (const t of ['one', 'two', 'three']) expect((await say(a, id, t)).status).toBe(201);
		for (const s of [sb, ss]) {
			const chats = (await s.next(4)).filter((x) => x.type === 'chat') as { type: 'chat'; message: { seq: number; text: string; seat: number } }[];
			expect(chats.map((x) => x.message.seq)).toEqual([1, 2, 3]);
			expect(chats.map((x) => x.message.text)).toEqual(['one', 'two', 'three']);
			expect(chats.every((x) => x.message.seat === 0)).toBe(true);
		}
		// A client that held seq 1 (say it reconnected) fetches the rest.
		const missed = await read(b, id, '?since=1');
		expect(missed.json.messages.map((x: { seq: number }) => x.seq)).toEqual([2, 3]);
		expect((await read(b, id, '?since=3')).json.messages).toEqual([]);
		expect((await read(b, id, '?since=-1')).json.code).toBe('BAD_REQUEST');
		expect((await read(b, id, '?since=abc')).status).toBe(400);
		sb.ws.close(1000);
		ss.ws.close(1000);
	});

	it('the author deletes their own message within 5 minutes (the text leaves storage); later, or someone else’s, is refused', async () => {
		const { id, players, stub } = await table();
		const [a, b] = players;
		const t0 = Date.UTC(2031, 5, 1);
		await stub.setClock(t0);
		expect((await say(a, id, 'oops, my plan')).status).toBe(201);
		expect((await say(a, id, 'keep this')).status).toBe(201);
		const sb = await openSocket(b, `/api/games/${id}/socket`);
		await sb.next(1);

		const notMine = await call(b, 'DELETE', `/api/games/${id}/chat/1`);
		expect(notMine.status).toBe(403);
		expect(notMine.json.code).toBe('NOT_YOUR_MESSAGE');
		await stub.setClock(t0 + 4 * 60_000);
		const del = await call(a, 'DELETE', `/api/games/${id}/chat/1`);
		expect(del.status, del.text).toBe(200);
		expect((await sb.next(2)).find((x) => x.type === 'chat-deleted')).toEqual({ type: 'chat-deleted', seq: 1 });
		const after = await read(b, id);
		expect(after.json.messages[0]).toMatchObject({ seq: 1, text: '', deleted: true });
		expect(after.text).not.toContain('oops');
		const stored = await runInDurableObject(stub, (i: GameRoom) =>
			(i as unknown as { ctx: { storage: { sql: { exec(q: string): { toArray(): { text: string }[] } } } } }).ctx.storage.sql.exec('SELECT text FROM chat').toArray().map((r) => r.text)
		);
		expect(stored).toEqual(['', 'keep this']);

		await stub.setClock(t0 + 5 * 60_000 + 1);
		const late = await call(a, 'DELETE', `/api/games/${id}/chat/2`);
		expect(late.status).toBe(409);
		expect(late.json.code).toBe('TOO_LATE_TO_DELETE');
		expect((await call(a, 'DELETE', `/api/games/${id}/chat/99`)).json.code).toBe('NO_SUCH_MESSAGE');
		expect((await call(a, 'DELETE', `/api/games/${id}/chat/abc`)).status).toBe(400);
		expect((await read(b, id)).json.messages[1].text).toBe('keep this');
		// The data export's view of a's chat: what they wrote and kept.
		expect((await stub.chatOf(a.id)).map((x) => x.text)).toEqual(['keep this']);
		expect(await stub.chatOf(b.id)).toEqual([]);
		sb.ws.close(1000);
		await stub.setClock(null);
	});

	it('mute hides a player’s messages for me, in lists and live, until I unmute', async () => {
		const { id, players } = await table();
		const [a, b, c] = players;
		expect((await call(c, 'PUT', `/api/me/mutes/${a.id}`)).status).toBe(200);
		expect((await call(c, 'PUT', `/api/me/mutes/${c.id}`)).json.code).toBe('CANNOT_MUTE_SELF');
		expect((await call(c, 'PUT', `/api/me/mutes/${crypto.randomUUID()}`)).status).toBe(404);
		expect((await call(c, 'GET', '/api/me/mutes')).json.mutes).toEqual([expect.objectContaining({ userId: a.id, username: a.username })]);
		const sc = await openSocket(c, `/api/games/${id}/socket`);
		await sc.next(1);
		expect((await say(a, id, 'from the muted one')).status).toBe(201);
		expect((await say(b, id, 'from b')).status).toBe(201);
		const live = (await sc.next(2)).filter((x) => x.type === 'chat') as { message: { text: string } }[];
		expect(live.map((x) => x.message.text)).toEqual(['from b']);
		const page = await read(c, id);
		expect(page.json.muted).toEqual([0]);
		expect(page.json.messages.map((x: { text: string }) => x.text)).toEqual(['from b']);
		expect((await read(b, id)).json.messages).toHaveLength(2);

		expect((await call(c, 'DELETE', `/api/me/mutes/${a.id}`)).status).toBe(200);
		sc.ws.send(JSON.stringify({ type: 'mutes' }));
		expect((await read(c, id)).json.messages).toHaveLength(2);
		expect((await say(a, id, 'heard again')).status).toBe(201);
		for (let i = 0; i < 40 && !sc.messages.some((x) => x.type === 'chat' && x.message.text === 'heard again'); i++) await sc.next(sc.messages.length + 1);
		expect(sc.messages.some((x) => x.type === 'chat' && x.message.text === 'heard again')).toBe(true);
		sc.ws.close(1000);
	});

	it('a report is stored for the operators with its context', async () => {
		const { id, players } = await table();
		const [a, b] = players;
		const spectator = await signUp('cr');
		for (const [who, t] of [[a, 'one'], [b, 'two'], [a, 'three'], [b, 'four'], [a, 'five'], [b, 'six'], [a, 'you are awful']] as const)
			expect((await say(who, id, t)).status).toBe(201);
		const r = await call(spectator, 'POST', `/api/games/${id}/chat/7/report`, {});
		expect(r.status, r.text).toBe(201);
		expect((await call(spectator, 'POST', `/api/games/${id}/chat/7/report`)).status).toBe(200);
		expect((await call(a, 'POST', `/api/games/${id}/chat/7/report`, {})).json.code).toBe('OWN_MESSAGE');
		expect((await call(b, 'POST', `/api/games/${id}/chat/70/report`, {})).json.code).toBe('NO_SUCH_MESSAGE');
		expect((await call(null, 'POST', `/api/games/${id}/chat/7/report`, {})).status).toBe(401);
		const rows = (await env.DB.prepare('SELECT * FROM chat_reports WHERE game_id = ?').bind(id).all<Record<string, unknown>>()).results;
		expect(rows).toHaveLength(1);
		const row = rows[0];
		expect(row).toMatchObject({ game_id: id, seq: 7, reporter_id: spectator.id, reported_id: a.id, text: 'you are awful' });
		expect(typeof row.created_at).toBe('number');
		const ctx = JSON.parse(row.context as string);
		expect(ctx.message).toMatchObject({ seq: 7, seat: 0, text: 'you are awful' });
		expect(ctx.before.map((x: { text: string }) => x.text)).toEqual(['two', 'three', 'four', 'five', 'six']);
	});

	it('notes are their owner’s alone: seated players keep them; spectators and outsiders cannot', async () => {
		const pub = await table();
		const priv = await table('private');
		const [a, b] = pub.players;
		const stranger = await signUp('cn');
		const put = await call(a, 'PUT', `/api/games/${pub.id}/notes`, { text: 'B bids high in round 2.\nWatch C.' });
		expect(put.status, put.text).toBe(200);
		expect((await call(a, 'GET', `/api/games/${pub.id}/notes`)).json.text).toBe('B bids high in round 2.\nWatch C.');
		expect((await call(b, 'GET', `/api/games/${pub.id}/notes`)).json).toEqual({ text: '', updatedAt: null });
		const spect = await call(stranger, 'GET', `/api/games/${pub.id}/notes`);
		expect(spect.status).toBe(403);
		expect(spect.json.code).toBe('NOT_YOUR_SEAT');
		expect((await call(stranger, 'PUT', `/api/games/${pub.id}/notes`, { text: 'mine now' })).status).toBe(403);
		expect((await call(stranger, 'GET', `/api/games/${priv.id}/notes`)).status).toBe(404);
		expect((await call(null, 'GET', `/api/games/${pub.id}/notes`)).status).toBe(401);
		expect((await call(a, 'GET', `/api/games/aaaaaaaaaaaaaaaa/notes`)).status).toBe(404);

		const long = await call(a, 'PUT', `/api/games/${pub.id}/notes`, { text: '🎲'.repeat(10_001) });
		expect(long.status).toBe(400);
		expect(long.json.code).toBe('NOTES_TOO_LONG');
		expect((await call(a, 'PUT', `/api/games/${pub.id}/notes`, { text: 'bell \u0007' })).json.code).toBe('BAD_CHARACTERS');
		expect((await call(a, 'PUT', `/api/games/${pub.id}/notes`, '{"text":')).json.code).toBe('BAD_JSON');
		expect((await call(a, 'GET', `/api/games/${pub.id}/notes`)).json.text).toBe('B bids high in round 2.\nWatch C.');
		expect((await call(a, 'PUT', `/api/games/${pub.id}/notes`, { text: '🎲'.repeat(10_000) })).status).toBe(200);
		expect((await call(a, 'PUT', `/api/games/${pub.id}/notes`, { text: '' })).json.updatedAt).toBe(null);
		expect((await call(a, 'GET', `/api/games/${pub.id}/notes`)).json.text).toBe('');
	});

	it('a chat notification: one per unread stretch, never the text, email off by default, skipped while the game is open', async () => {
		const { id, players, stub } = await table('public', true);
		const [a, b, c] = players;
		const sc = await openSocket(c, `/api/games/${id}/socket`);
		await sc.next(1);
		sc.ws.send(JSON.stringify({ type: 'presence', looking: true }));
		await new Promise((r) => setTimeout(r, 100));
		expect((await say(a, id, 'my secret strategy')).status).toBe(201);
		expect((await say(a, id, 'and another')).status).toBe(201);
		await stub.flush();
		const events = (await env.DB.prepare("SELECT * FROM notification_events WHERE game_id = ? AND kind = 'chat' ORDER BY user_id").bind(id).all<Record<string, unknown>>()).results;
		// b and c once each (the second message came while they had not read the first); never the author.
		expect(events.map((e) => e.user_id).sort()).toEqual([b.id, c.id].sort());
		for (const e of events) expect(String(e.data)).not.toContain('secret');
		expect(events.find((e) => e.user_id === c.id)!.game_open).toBe(1);
		expect(events.find((e) => e.user_id === b.id)!.game_open).toBe(0);

		// Every channel renders "a wrote at your table" — the author's name, never the text.
		const ev = events.find((e) => e.user_id === b.id)!;
		for (const locale of ['en', 'de'] as const) {
			const msg = renderEvent(
				{ id: String(ev.id), userId: b.id, gameId: id, kind: 'chat', version: Number(ev.version), gameOpen: false, data: JSON.parse(String(ev.data)), createdAt: 0 },
				{ id: b.id, username: b.username, email: null, locale, webhookUrl: null },
				'https://rongo.example',
				Date.now()
			);
			expect(msg.subject).toContain(a.username);
			expect(`${msg.subject} ${msg.text} ${msg.lines.join(' ')}`).not.toMatch(/secret|another/);
			expect(msg.url).toContain(id);
		}

		await fanOut(env.DB, Date.now(), 'https://rongo.example');
		const rows = (await env.DB.prepare('SELECT n.user_id, n.channel, n.status FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE e.game_id = ? AND e.kind = ?').bind(id, 'chat').all<{ user_id: string; channel: string; status: string }>()).results;
		const forB = rows.filter((r) => r.user_id === b.id);
		// Email is off for chat unless chosen (b has an address, and email on every turn); the rest as the
		// channel says — and no push, as b has no browser subscribed to it (no row that delivers nothing).
		// In-app goes straight into b's inbox at fan-out (issue 17); c looks at the game: nothing for c.
		expect(forB).toEqual([]);
		const chatInbox = async (userId: string) =>
			(await env.DB.prepare("SELECT id FROM inbox WHERE user_id = ?1 AND game_id = ?2 AND kind = 'chat'").bind(userId, id).all<{ id: string }>()).results.map((r) => r.id);
		expect(await chatInbox(b.id)).toEqual([`${ev.id}:inapp`]);
		expect(rows.filter((r) => r.user_id === c.id)).toEqual([]);
		expect(await chatInbox(c.id)).toEqual([]);

		// b opts in to chat by email: the next stretch reaches b's email too.
		expect((await call(b, 'GET', '/api/me/settings')).json.chatModes).toEqual({ inapp: 'turn', email: 'off', push: 'turn', webhook: 'turn' });
		const opt = await call(b, 'PUT', '/api/me/settings', { chatModes: { email: 'turn' } });
		expect(opt.json.chatModes.email, opt.text).toBe('turn');
		expect((await call(b, 'PUT', '/api/me/settings', { chatModes: { email: 'loud' } })).status).toBe(400);
		expect((await call(b, 'POST', `/api/games/${id}/chat/read`, { seq: 2 })).json.read).toBe(2);
		expect((await say(a, id, 'third')).status).toBe(201);
		await stub.flush();
		await fanOut(env.DB, Date.now(), 'https://rongo.example');
		const again = (await env.DB.prepare("SELECT n.channel FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE e.id = ?").bind(`${id}:chat3:chat:1`).all<{ channel: string }>()).results;
		expect(again.map((r) => r.channel).sort()).toEqual(['email']);
		expect(await chatInbox(b.id)).toContain(`${id}:chat3:chat:1:inapp`);
		sc.ws.close(1000);
	});

	it('unread counts: in the game’s chat (read mark) and in My games, through the room’s flush to D1', async () => {
		const { id, players, stub } = await table();
		const [a, b, c] = players;
		for (const t of ['1', '2', '3']) expect((await say(a, id, t)).status).toBe(201);
		expect((await read(b, id)).json).toMatchObject({ latest: 3, read: 0 });
		expect((await read(a, id)).json).toMatchObject({ latest: 3, read: 3 });
		expect((await call(b, 'POST', `/api/games/${id}/chat/read`, { seq: 2 })).json.read).toBe(2);
		expect((await call(b, 'POST', `/api/games/${id}/chat/read`, { seq: 1 })).json.read).toBe(2);
		expect((await call(b, 'POST', `/api/games/${id}/chat/read`, { seq: 99 })).json.read).toBe(3);
		expect((await call(b, 'POST', `/api/games/${id}/chat/read`, { seq: -1 })).status).toBe(400);
		expect((await call(await signUp('cx'), 'POST', `/api/games/${id}/chat/read`, { seq: 1 })).json.code).toBe('NOT_YOUR_SEAT');
		await stub.flush();
		const mine = async (u: U) => ((await call(u, 'GET', '/api/games/mine')).json.games as { id: string; chatUnread?: number }[]).find((g) => g.id === id)!;
		expect((await mine(c)).chatUnread).toBe(3);
		expect((await mine(b)).chatUnread).toBe(0);
		expect((await mine(a)).chatUnread).toBe(0);
		// A move rewrites the seat rows in D1; the unread counts do not care.
		const move = await call(a, 'POST', `/api/games/${id}/moves`, { moveId: 'm1', move: { type: 'bid', markers: 1, workers: 1 } });
		expect(move.status, move.text).toBe(200);
		await stub.flush();
		expect((await mine(c)).chatUnread).toBe(3);
		expect((await mine(b)).chatUnread).toBe(0);
		const rows = (await env.DB.prepare('SELECT user_id, count, read FROM chat_reads WHERE game_id = ?').bind(id).all<{ user_id: string; count: number; read: number }>()).results;
		expect(Object.fromEntries(rows.map((r) => [r.user_id, [r.count, r.read]]))).toEqual({ [a.id]: [3, 3], [b.id]: [3, 3], [c.id]: [3, 0] });
	});
});
