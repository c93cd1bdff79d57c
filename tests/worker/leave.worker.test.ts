// Issue 15, "leave the site": the data export holds exactly the user's own data; a deletion refused
// changes nothing; a deletion done leaves no row in D1 and no value in the rooms of their games that
// holds their id or email (every table, every column, read from sqlite_master / pragma_table_info);
// running games go on with the bot in the seat and the others told; finished games keep their
// history with "deleted player"; a failed room call is finished by the retry.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sessionIdFromToken } from '$lib/server/auth/session';
import { DELETED_PLAYER } from '$lib/protocol/people';
import { finishPendingDeletions } from '$lib/server/people/leave';
import { entryMessage } from '$lib/server/notify/inbox';
import type { GameRoom } from '$lib/server/room/GameRoom';
import type { RoomView } from '$lib/protocol/room';
import { ORIGIN, api, request, signUp, type TestUser } from './helpers';
import { room } from './room-helpers';

type Takeaway = { stones: number; turn: number; winner: number | null };

const kick = () => env.POSTMAN.get(env.POSTMAN.idFromName('postman')).kick();

async function view(who: TestUser | null, id: string): Promise<RoomView<Takeaway>> {
	const r = await api(who, 'GET', `/api/games/${id}`);
	expect(r.status).toBe(200);
	return r.body;
}

/** A started game of Take-away between a and b (a created it). */
async function takeaway(a: TestUser, b: TestUser, stones = 15): Promise<string> {
	const c = await api(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones } });
	expect(c.status).toBe(201);
	expect((await api(b, 'POST', `/api/games/${c.body.id}/join`, {})).status).toBe(200);
	return c.body.id;
}

/** Plays the game to its end through the API: each player on turn takes up to three. */
async function playOut(id: string, players: TestUser[]): Promise<void> {
	for (let i = 0; i < 40; i++) {
		const v = await view(players[0], id);
		if (v.status === 'finished') return;
		const seat = v.activeSeats[0];
		const who = players.find((p) => p.id === v.seats.find((s) => s.seat === seat)!.userId)!;
		const r = await api(who, 'POST', `/api/games/${id}/moves`, { moveId: `m${v.version}`, move: { type: 'take', n: Math.min(3, v.view!.stones) }, expectedVersion: v.version });
		expect(r.status).toBe(200);
	}
	throw new Error('the game did not end');
}

/** `session=<token>` → the session's id as D1 keeps it (SHA-256 hex). */
const sessionId = (u: TestUser) => sessionIdFromToken(u.cookie.slice('session='.length));

/** Every D1 table and column (sqlite_master, pragma_table_info): the [table, column, count] holding any of `needles`. */
async function d1Holding(needles: string[]): Promise<[string, string, number][]> {
	const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>()).results;
	expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'seats', 'games', 'inbox', 'auth_attempts', 'account_deletions']));
	const out: [string, string, number][] = [];
	for (const { name: t } of tables) {
		const cols = (await env.DB.prepare('SELECT name FROM pragma_table_info(?1)').bind(t).all<{ name: string }>()).results;
		for (const { name: c } of cols)
			for (const needle of needles) {
				const r = await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${t}" WHERE instr(lower(CAST("${c}" AS TEXT)), lower(?1)) > 0`).bind(needle).first<{ n: number }>();
				if (r!.n > 0) out.push([t, c, r!.n]);
			}
	}
	return out;
}

/** The same over a game room's own SQLite storage: every table, every column. */
async function roomHolding(id: string, needles: string[]): Promise<string[]> {
	return runInDurableObject(room(id), (_i: GameRoom, state) => {
		const sql = state.storage.sql;
		const out: string[] = [];
		const tables: { name: string }[] = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").toArray();
		if (!tables.some((t) => t.name === 'players')) out.push('(no players table: not a game room)');
		for (const { name: t } of tables)
			for (const { name: c } of sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('${t}')`).toArray())
				for (const needle of needles) {
					const n = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${t}" WHERE instr(lower(CAST("${c}" AS TEXT)), lower(?)) > 0`, needle).one().n;
					if (n > 0) out.push(`${t}.${c} holds ${needle} (${n})`);
				}
		return out;
	});
}

/** Every row of D1 that names the user, for before/after comparisons. */
async function rowsOf(u: TestUser) {
	const q = async (sql: string, ...b: unknown[]) => (await env.DB.prepare(sql).bind(...b).all()).results;
	return {
		user: await q('SELECT * FROM users WHERE id = ?1', u.id),
		sessions: await q('SELECT * FROM sessions WHERE user_id = ?1 ORDER BY id', u.id),
		devices: await q('SELECT * FROM known_devices WHERE user_id = ?1 ORDER BY id', u.id),
		seats: await q('SELECT * FROM seats WHERE user_id = ?1 ORDER BY game_id', u.id),
		inbox: await q('SELECT * FROM inbox WHERE user_id = ?1 ORDER BY id', u.id),
		prefs: await q('SELECT * FROM notification_prefs WHERE user_id = ?1 ORDER BY channel', u.id),
		deletions: await q('SELECT * FROM account_deletions WHERE user_id = ?1', u.id)
	};
}

const del = (u: TestUser, body: unknown) => api(u, 'POST', '/api/me/delete', body);

describe('download my data (GET /api/me/data)', () => {
	it('is a JSON attachment with exactly the user’s own data', async () => {
		const a = await signUp('exa', { email: `exa-${crypto.randomUUID()}@example.org` });
		const b = await signUp('exb', { email: `exb-${crypto.randomUUID()}@example.org` });
		const id = await takeaway(a, b, 5);
		await playOut(id, [a, b]);
		await room(id).flush();
		await kick();
		await env.DB.prepare("INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'email', 'digest')").bind(a.id).run();

		expect((await request('GET', '/api/me/data')).status).toBe(401);
		const res = await request('GET', '/api/me/data', { cookie: a.cookie, headers: { 'user-agent': 'LeaveTest/1' } });
		expect(res.status).toBe(200);
		expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="rongo-exa_[^"]*\.json"$/);
		expect(res.headers.get('cache-control')).toContain('no-store');
		const text = await res.text();
		const data = JSON.parse(text);
		expect(data.profile).toMatchObject({ id: a.id, username: a.username, email: a.email, locale: 'en', timeZone: 'UTC', webhookUrl: null });
		expect(data.notificationPrefs).toEqual([{ channel: 'email', mode: 'digest' }]);
		expect(data.sessions).toHaveLength(1);
		expect(data.sessions[0]).toMatchObject({ current: true });
		expect(Object.keys(data.sessions[0]).sort()).toEqual(['browser', 'city', 'country', 'createdAt', 'current', 'expiresAt']);
		expect(data.passkeys).toEqual([]);
		expect(data.games).toHaveLength(1);
		const g = data.games[0];
		expect(g).toMatchObject({ id, kind: 'takeaway', status: 'finished', visibility: 'public', url: `http://localhost/games/${id}` });
		expect(typeof g.winner).toBe('boolean');
		expect(g.room.seat).toBe(g.seat);
		expect(g.room.moves.length).toBeGreaterThan(0);
		expect(data.inbox.some((i: { kind: string; gameId: string }) => i.kind === 'finished' && i.gameId === id)).toBe(true);
		// Nothing of anybody else: not b's id, email or session, and no session id (token hash) at all.
		for (const secret of [b.id, b.email!, sessionId(b), sessionId(a)]) expect(text).not.toContain(secret);
		// b's export has b's game row and not a's email.
		const theirs = await api(b, 'GET', '/api/me/data');
		expect(theirs.body.profile.email).toBe(b.email);
		expect(JSON.stringify(theirs.body)).not.toContain(a.email!);
	});
});

describe('delete my account (POST /api/me/delete)', () => {
	it('refuses a wrong password, a wrong username and a bad body, and changes nothing', async () => {
		const a = await signUp('dra', { email: `dra-${crypto.randomUUID()}@example.org` });
		const b = await signUp('drb');
		const id = await takeaway(a, b);
		// The turn notification lands first, so the snapshot does not race the postman.
		await room(id).flush();
		await kick();
		const before = await rowsOf(a);
		expect(before.user).toHaveLength(1);
		expect((await del(a, { password: 'not the password', username: a.username })).body).toMatchObject({ code: 'WRONG_PASSWORD' });
		expect((await del(a, { password: a.password, username: b.username })).body).toMatchObject({ code: 'USERNAME_MISMATCH' });
		expect((await del(a, { password: a.password })).status).toBe(400);
		expect((await del(a, [a.password, a.username])).status).toBe(400);
		expect((await api(null, 'POST', '/api/me/delete', { password: a.password, username: a.username })).status).toBe(401);
		// b cannot delete a: the endpoint only ever deletes the caller, and b's own password is checked.
		expect((await del(b, { password: a.password, username: a.username })).body).toMatchObject({ code: 'USERNAME_MISMATCH' });
		await room(id).flush();
		expect(await rowsOf(a)).toEqual(before);
		expect((await view(a, id)).seats.map((s) => s.userId)).toContain(a.id);
		expect((await api(a, 'GET', '/api/auth/me')).status).toBe(200);
		// The form says the same, and keeps the account too.
		const form = await request('POST', '/settings/data?/delete', { cookie: a.cookie, raw: new URLSearchParams({ password: 'wrong-wrong', username: a.username }), contentType: 'application/x-www-form-urlencoded', headers: { accept: 'text/html' } });
		expect(form.status).toBe(403);
		expect(await rowsOf(a)).toEqual(before);
		// Five refusals per 15 minutes, then 429 even with the right password.
		for (let i = 0; i < 2; i++) await del(a, { password: 'wrong again', username: a.username });
		expect((await del(a, { password: a.password, username: a.username })).body).toMatchObject({ code: 'RATE_LIMITED' });
		expect((await rowsOf(a)).user).toEqual(before.user);
	});

	it('removes every trace of the user; games go on, keep their history and show "deleted player"', async () => {
		const email = `Leave-${crypto.randomUUID()}@Example.org`;
		const a = await signUp('dla', { email });
		const [b, c, d] = [await signUp('dlb'), await signUp('dlc'), await signUp('dld')];
		// A finished game with b, a running one with c, a waiting one a created that d joined, one a waits in alone.
		const finished = await takeaway(a, b, 6);
		await playOut(finished, [a, b]);
		const running = await takeaway(c, a);
		const waiting = (await api(a, 'POST', '/api/games', { kind: 'giants', seats: 3 })).body.id as string;
		expect((await api(d, 'POST', `/api/games/${waiting}/join`, {})).status).toBe(200);
		const alone = (await api(a, 'POST', '/api/games', { kind: 'giants', seats: 3 })).body.id as string;
		// Issue 15's other traces: table talk in two games, a note, mutes and follows both ways.
		const said = `leave-chat-${crypto.randomUUID()}`;
		for (const g of [finished, running]) expect((await api(a, 'POST', `/api/games/${g}/chat`, { text: said })).status).toBe(201);
		expect((await api(a, 'PUT', `/api/games/${running}/notes`, { text: 'my plan' })).status).toBe(200);
		expect((await api(a, 'PUT', `/api/me/mutes/${c.id}`)).status).toBe(200);
		expect((await api(b, 'PUT', `/api/me/mutes/${a.id}`)).status).toBe(200);
		expect((await api(a, 'PUT', `/api/players/${b.username}/follow`)).status).toBe(200);
		expect((await api(b, 'PUT', `/api/players/${a.username}/follow`)).status).toBe(200);
		// The export carries what a wrote at each table.
		const exported = (await api(a, "GET", "/api/me/data")).body as { games: { id: string; room: { chat?: { text: string }[] } }[] };
		for (const g of [finished, running]) expect(exported.games.find((x) => x.id === g)?.room.chat?.map((x) => x.text)).toEqual([said]);
		// Traces elsewhere: prefs, a push subscription, a webhook, mails, failed sign-ins by name, inbox, a seen version.
		await env.DB.batch([
			env.DB.prepare("INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'push', 'digest')").bind(a.id),
			env.DB.prepare("INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?1, ?2, ?3, 'k', 'a', 1)").bind(crypto.randomUUID(), a.id, `https://push.example/${a.id}`),
			env.DB.prepare("UPDATE users SET webhook_url = 'https://discord.com/api/webhooks/1/leave' WHERE id = ?1").bind(a.id),
			env.DB.prepare("INSERT INTO dev_mailbox (id, to_address, subject, text, headers, created_at) VALUES (?1, ?2, 's', 't', '{}', 1)").bind(crypto.randomUUID(), email.toLowerCase())
		]);
		expect((await api(null, 'POST', '/api/auth/signin', { username: a.username, password: 'wrong password' })).status).toBe(401);
		await runInDurableObject(room(running), (i: GameRoom) => i.core.markSeen(a.id));
		for (const g of [finished, running]) await room(g).flush();
		await kick();
		expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1').bind(a.id).first<{ n: number }>())!.n).toBeGreaterThan(0);
		expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE key LIKE 'signin:user%' || ?1 || '%'").bind(a.username.toLowerCase()).first<{ n: number }>())!.n).toBe(2);
		expect((await d1Holding([a.id, email])).length).toBeGreaterThan(5);
		for (const g of [finished, running, waiting, alone]) expect((await roomHolding(g, [a.id])).length, g).toBeGreaterThan(0);
		const aSeat = (await view(c, running)).seats.find((s) => s.userId === a.id)!.seat;

		const r = await del(a, { password: a.password, username: a.username.toUpperCase() });
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ deleted: true, done: true });
		expect(r.res.headers.getSetCookie().some((x) => /^session=;/.test(x))).toBe(true);

		// Not a row, not a column of D1 holds the id or the email; the name-keyed sign-in counters are gone.
		expect(await d1Holding([a.id, email])).toEqual([]);
		expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE key LIKE '%' || ?1 || '%'").bind(a.username.toLowerCase()).first<{ n: number }>())!.n).toBe(0);
		// …nor any room of their games (the username neither: the log names seats, the players table the marker).
		for (const g of [finished, running, waiting, alone]) expect(await roomHolding(g, [a.id, email, a.username, said])).toEqual([]);

		// The running game: a's seat is the bot's at once, and it has moved if it was awaited; c was told.
		const rv = await view(c, running);
		expect(rv.seats[aSeat]).toMatchObject({ username: DELETED_PLAYER });
		expect(rv.seats[aSeat].userId).toMatch(/^deleted-[0-9a-f]{48}$/);
		expect(rv.clocks[aSeat].dropped).toBe(true);
		expect(rv.activeSeats).toEqual([1 - aSeat]);
		await room(running).flush();
		// c has the in-app channel alone: the event is c's inbox entry, written by the room's flush, and
		// no event row (issue 33, notify/room-entry.ts).
		const told = await env.DB.prepare("SELECT user_id, data FROM inbox WHERE game_id = ?1 AND kind = 'player_deleted'").bind(running).all<{ user_id: string; data: string }>();
		expect(told.results.map((e) => e.user_id)).toEqual([c.id]);
		expect(JSON.parse(told.results[0].data).event).toMatchObject({ deletedSeat: aSeat });
		// (Chat, a's message above, keeps the postman's path: its event row is there.)
		expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_events WHERE game_id = ?1 AND kind <> 'chat'").bind(running).first<{ n: number }>())!.n).toBe(0);
		await kick();
		// The inbox (issue 32) shows a game's entries as one row, worded by its newest entry — here
		// possibly c's next turn, which the bot's move for the deleted seat brings at the same time —
		// so the note is looked for among the row's entries.
		const inbox = await api(c, 'GET', '/api/me/inbox');
		const group = inbox.body.items.find((e: { gameId: string }) => e.gameId === running);
		const entry = await env.DB.prepare("SELECT id, user_id, game_id, kind, data, created_at FROM inbox WHERE user_id = ?1 AND game_id = ?2 AND kind = 'player_deleted'")
			.bind(c.id, running)
			.first<{ id: string; user_id: string; game_id: string; kind: string; data: string; created_at: number }>();
		expect(group?.ids).toContain(entry!.id);
		// Its words, as the inbox renders them when read (issue 33).
		expect(entryMessage(entry!, { id: c.id, username: c.username, email: null, locale: 'en', webhookUrl: null }, ORIGIN, Date.now()).text).toContain(`seat ${aSeat + 1} deleted their account`);
		// Nobody can reclaim the seat; c plays on against the bot.
		expect((await api(c, 'POST', `/api/games/${running}/reclaim`, {})).status).toBe(409);
		const move = await api(c, 'POST', `/api/games/${running}/moves`, { moveId: 'after', move: { type: 'take', n: 1 }, expectedVersion: rv.version });
		expect(move.status).toBe(200);
		expect((await view(c, running)).activeSeats).toEqual([1 - aSeat]);
		// c plays it out against the bot: the end is told to c alone, nothing is written for the tombstone seat.
		for (let i = 0; i < 20 && (await view(c, running)).status !== 'finished'; i++) {
			const v = await view(c, running);
			expect((await api(c, 'POST', `/api/games/${running}/moves`, { moveId: `c${i}`, move: { type: 'take', n: 1 }, expectedVersion: v.version })).status).toBe(200);
		}
		expect((await view(c, running)).status).toBe('finished');
		await room(running).flush();
		const ends = await env.DB.prepare("SELECT user_id FROM inbox WHERE game_id = ?1 AND kind = 'finished'").bind(running).all<{ user_id: string }>();
		expect(ends.results.map((e) => e.user_id)).toEqual([c.id]);
		expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_events WHERE user_id LIKE 'deleted-%'").first<{ n: number }>())!.n).toBe(0);
		expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM inbox WHERE user_id LIKE 'deleted-%'").first<{ n: number }>())!.n).toBe(0);

		// The waiting game: a left, d may start it now; the one a waited in alone is closed and names nobody.
		const wv = await view(d, waiting);
		expect(wv.seats.map((s) => s.userId)).toEqual([d.id]);
		expect(wv.creatorId).toBe(d.id);
		const av = await view(null, alone);
		expect(av.status).toBe('finished');
		expect(av.creatorId).toMatch(/^deleted-/);

		// The finished game: view, log, export, history, lists and profiles load and show "deleted player".
		const fv = await view(b, finished);
		expect(fv.seats.map((s) => s.username)).toContain(DELETED_PLAYER);
		expect((await api(b, 'GET', `/api/games/${finished}/log`)).status).toBe(200);
		const ex = await api(null, 'GET', `/api/games/${finished}/export`);
		expect(ex.status).toBe(200);
		expect(ex.body.players.map((p: { username: string }) => p.username)).toContain(DELETED_PLAYER);
		expect(JSON.stringify(ex.body)).not.toContain(a.id);
		for (const [path, text] of [
			// The site's build shows no Take-away pages (a test kind, docs/adding-a-game.md §5): its game and history pages are in tests/e2e/leave.e2e.ts with Giants.
			[`/players/${b.username}`, 'deleted player'],
			[`/de/players/${b.username}`, 'gelöschter Spieler'],
			['/games', 'deleted player'],
			['/archive', 'deleted player']
		]) {
			const page = await request('GET', path, { cookie: b.cookie });
			expect(page.status, path).toBe(200);
			const html = await page.text();
			expect(html, path).toContain(text);
			expect(html, path).not.toContain(a.username);
		}
		const mine = await api(b, 'GET', '/api/games/mine?status=finished');
		expect(JSON.stringify(mine.body)).toContain(DELETED_PLAYER);
		const archive = await api(null, 'GET', `/api/archive?player=${b.username}`);
		const row = archive.body.games.find((g: { id: string }) => g.id === finished);
		expect(row.players.map((p: { username: string }) => p.username)).toContain(DELETED_PLAYER);
		expect((await api(null, 'GET', `/api/players/${b.username}`)).status).toBe(200);
		expect((await api(null, 'GET', `/api/players/${a.username}`)).status).toBe(404);

		// The old session and the password are dead; the name is free to take again.
		expect((await api(a, 'GET', '/api/auth/me')).status).toBe(401);
		expect((await api(null, 'POST', '/api/auth/signin', { username: a.username, password: a.password })).status).toBe(401);
		const again = await request('POST', '/api/auth/signup', { body: { username: a.username, password: 'a whole new person' } });
		expect(again.status).toBe(201);
		expect(((await again.json()) as { user: { id: string } }).user.id).not.toBe(a.id);
	});

	it('a room that fails midway: the user can no longer sign in, and the retry finishes the job', async () => {
		const a = await signUp('dfa', { email: `dfa-${crypto.randomUUID()}@example.org` });
		const b = await signUp('dfb');
		const id = await takeaway(a, b, 4);
		await playOut(id, [a, b]);
		// Two: the commit's own flush and forgetUser's second try both fail; the room's alarm would retry later.
		expect(await room(id).failNextD1Writes(2)).toBe(true);
		const r = await del(a, { password: a.password, username: a.username });
		expect(r.body).toEqual({ deleted: true, done: false });
		// Half-way: the room has forgotten a, D1 not yet; nobody can act as a.
		expect(await roomHolding(id, [a.id, a.email!])).toEqual([]);
		expect((await rowsOf(a)).deletions).toHaveLength(1);
		expect((await rowsOf(a)).sessions).toEqual([]);
		expect((await api(a, 'GET', '/api/auth/me')).status).toBe(401);
		expect((await api(null, 'POST', '/api/auth/signin', { username: a.username, password: a.password })).status).toBe(401);
		// The cron's backstop (src/worker.ts scheduled) takes deletions older than a minute.
		expect(await finishPendingDeletions(env, Date.now() + 120_000, 1000)).toBeGreaterThanOrEqual(1);
		expect(await d1Holding([a.id, a.email!])).toEqual([]);
		expect((await view(b, id)).seats.map((s) => s.username)).toContain(DELETED_PLAYER);
	});
});
