// The postman over the real local D1 (issue 5, Tests): fan-out per channel and settings, the
// game-open rule, quiet hours, exactly-once delivery with two senders at once, a failing channel
// retried with backoff and then delivered once, stale turns skipped, daily digests batched.
// Senders here capture what they would send: the channels themselves have their own tests
// (mail, push). The in-app channel is fan-out's own (issue 17) for the event rows here — unmarked,
// as chat, invitations and rows from before issue 33 are (a room's own events have their entry
// written by the room: inbox-entry.worker.test.ts): its messages land in the inbox at fan-out; its
// digests and the Postman object run for real at the end. Issue 33: the postman's cursor kept in
// memory — a restart reads events again and nothing is stored, announced or sent twice, a turn
// stale at its first read stays stale, two postmen still deliver once.
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DIGEST_AT_MINUTES, deliverDigests, deliverDue, fanOut as fanOutAt, nextWake, retryDelay, type Senders } from '$lib/server/notify/delivery';
import { nextLocalTime } from '$lib/server/notify/time';
import { unreadCount } from '$lib/server/notify/inapp';
import { PostmanCursor } from '$lib/server/notify/cursor';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { entryMessage } from '$lib/server/notify/inbox';
import { signUp } from './helpers';
import { capture, type Sent } from './senders';

const DB = env.DB;
const ORIGIN = 'https://rongo.test';
let clockBase = Date.parse('2031-03-10T12:00:00Z'); // a Tuesday, far from other tests' rows

let gameN = 0;
/** A D1 game with the user at seat 0, awaited (or not), as a GameRoom's outbox would leave it. */
async function game(userId: string, awaited = true): Promise<string> {
	const id = `pm${(gameN++).toString().padStart(14, '0')}`;
	await DB.batch([
		// Awaited since long before any event (delivery.ts isAwaited: a turn is news in the wait it tells of).
		DB.prepare(
			`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at)
			 VALUES (?1, 'giants', 'active', 'public', ?2, '{}', 3, '3d', 'giants@1', 5, ?3, ?4, 0, 0)`
		).bind(id, userId, awaited ? '[0]' : '[1]', awaited ? '[[0,null]]' : '[null,[0,null]]'),
		DB.prepare(`INSERT INTO seats (game_id, user_id, seat, version, joined_at) VALUES (?1, ?2, 0, 5, 0)`).bind(id, userId)
	]);
	return id;
}

let eventN = 0;
async function event(userId: string, gameId: string, o: { kind?: string; gameOpen?: boolean; at?: number } = {}) {
	const id = `${gameId}:${5 + eventN++}:${o.kind ?? 'turn'}:0`;
	const data = { gameId, version: 5, seat: 0, round: 2, phase: 'place', names: ['me', 'ben', 'caro'], since: [], deadline: null };
	await DB.prepare(INSERT_EVENT_SQL)
		.bind(id, userId, gameId, o.kind ?? 'turn', 5, o.gameOpen ? 1 : 0, JSON.stringify(data), o.at ?? clockBase)
		.run();
	return id;
}

/** The postman's cursor back to just before `eventId`, as a second postman that read it too sees it. */
async function rewind(eventId: string) {
	await DB.prepare('UPDATE postman_cursor SET seq = (SELECT seq - 1 FROM notification_events WHERE id = ?1) WHERE id = 1').bind(eventId).run();
}

async function rows(eventId: string) {
	return (
		await DB.prepare('SELECT channel, status, attempts, next_attempt_at FROM notifications WHERE event_id = ?1 ORDER BY channel')
			.bind(eventId)
			.all<{ channel: string; status: string; attempts: number; next_attempt_at: number }>()
	).results;
}

const fanOut = (db: typeof DB, now: number) => fanOutAt(db, now, ORIGIN);

/** The event's in-app message, if fan-out put one into the inbox. */
async function inboxed(eventId: string) {
	return (
		await DB.prepare('SELECT id, user_id, game_id, kind, data, created_at FROM inbox WHERE id = ?1')
			.bind(`${eventId}:inapp`)
			.all<{ id: string; user_id: string; game_id: string | null; kind: string; data: string; created_at: number }>()
	).results;
}

/** An entry's words as the inbox renders them when read (issue 33: entries hold the event's data), in English. */
const words = (r: { id: string; user_id: string; game_id: string | null; kind: string; data: string; created_at: number }) =>
	entryMessage(r, { id: r.user_id, username: 'me', email: null, locale: 'en', webhookUrl: null }, ORIGIN, r.created_at);

async function settings(
	userId: string,
	s: { email?: string | null; webhook?: string | null; tz?: string; quiet?: [number, number]; modes?: Record<string, string>; push?: boolean; grace?: number }
) {
	const stmts = [
		// A browser subscribed to Web Push unless `push: false` (no subscription: no push deliveries).
		...(s.push === false
			? []
			: [
					DB.prepare('INSERT OR IGNORE INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0)').bind(
						`ps-${userId}`,
						userId,
						`https://push.example/${userId}`,
						'p256dh',
						'auth'
					)
				]),
		// A verified address (issue 15: email goes to verified addresses only; tests/worker/account.worker.test.ts).
		// Grace 0 unless told (issue 32): these tests are about fan-out and delivery, not the grace time
		// (tests/worker/trip.worker.test.ts).
		DB.prepare('UPDATE users SET email = ?1, email_verified_at = ?7, webhook_url = ?2, time_zone = ?3, quiet_start = ?4, quiet_end = ?5, grace_minutes = ?8 WHERE id = ?6').bind(
			s.email ?? null,
			s.webhook ?? null,
			s.tz ?? 'UTC',
			s.quiet?.[0] ?? 0,
			s.quiet?.[1] ?? 0,
			userId,
			s.email ? 1 : null,
			s.grace ?? 0
		)
	];
	for (const [c, mode] of Object.entries(s.modes ?? {}))
		stmts.push(DB.prepare('INSERT OR REPLACE INTO notification_prefs (user_id, channel, mode) VALUES (?1, ?2, ?3)').bind(userId, c, mode));
	await DB.batch(stmts);
}

/** Each test works at its own hour, so rows of earlier tests are never due in a later one. */
function hour(): number {
	clockBase += 7 * 86_400_000;
	return clockBase;
}

describe('fan-out', () => {
	it('one delivery per wanted channel: off gives none, digest waits, no email without an address, in-app into the inbox at once', async () => {
		const now = hour();
		const u = await signUp('fan');
		await settings(u.id, { email: null, webhook: 'https://hooks.example/x', modes: { push: 'off', webhook: 'digest' } });
		const ev = await event(u.id, await game(u.id), { at: now });
		await fanOut(DB, now);
		// A digest row is due when its digest is (issue 33: the digest index finds the due ones by it).
		expect(await rows(ev)).toEqual([{ channel: 'webhook', status: 'digest', attempts: 0, next_attempt_at: nextLocalTime(now, 'UTC', DIGEST_AT_MINUTES) }]);
		const [msg] = await inboxed(ev);
		expect(msg).toMatchObject({ user_id: u.id, kind: 'turn', created_at: now });
		// The event's data, worded when read (issue 33): in the reader's language, on the request's origin.
		expect(JSON.parse(msg.data).event).toMatchObject({ seat: 0, names: ['me', 'ben', 'caro'] });
		expect(words(msg)).toMatchObject({ subject: expect.stringMatching(/your turn/i), url: expect.stringMatching(/^https:\/\/rongo\.test\/games\/pm/) });
		// Fanning the same event out again (a second postman that read it too) adds nothing.
		await rewind(ev);
		await fanOut(DB, now);
		expect(await rows(ev)).toHaveLength(1);
		expect(await inboxed(ev)).toHaveLength(1);
		expect(await unreadCount(DB, u.id)).toBe(1);
	});

	it('no per-move notification for a game the user has open; reminders still come in digest mode', async () => {
		const now = hour();
		const u = await signUp('open');
		await settings(u.id, { email: 'open@example.com', modes: { email: 'digest' } });
		const g = await game(u.id);
		const open = await event(u.id, g, { gameOpen: true, at: now });
		const reminder = await event(u.id, g, { kind: 'reminder', at: now });
		await fanOut(DB, now);
		// Nothing at all for the open game (issue 17: no row that delivers nothing), not even in the inbox.
		expect(await rows(open)).toEqual([]);
		expect(await inboxed(open)).toEqual([]);
		expect((await rows(reminder)).map((r) => `${r.channel}:${r.status}`)).toEqual(['email:pending', 'push:pending']);
		expect(await inboxed(reminder)).toHaveLength(1);
	});

	it('no push delivery for a user with no browser subscribed to Web Push (issue 17: no row that delivers nothing)', async () => {
		const now = hour();
		const u = await signUp('nopush');
		await settings(u.id, { email: 'nopush@example.com', push: false });
		const ev = await event(u.id, await game(u.id), { at: now });
		await fanOut(DB, now);
		expect((await rows(ev)).map((r) => r.channel)).toEqual(['email']);
		expect(await inboxed(ev)).toHaveLength(1);
		// Subscribed later: the next event goes out by push too.
		await settings(u.id, { email: 'nopush@example.com' });
		const next = await event(u.id, await game(u.id), { at: now });
		await fanOut(DB, now);
		expect((await rows(next)).map((r) => r.channel)).toEqual(['email', 'push']);
	});

	it('quiet hours in the user’s time zone hold loud channels until they end', async () => {
		// 22:30 in Berlin (summer time, UTC+2) with quiet hours 22:00–07:00.
		clockBase = Date.parse('2031-07-01T20:30:00Z') + gameN * 86_400_000;
		const now = clockBase;
		const u = await signUp('quiet');
		await settings(u.id, { email: 'q@example.com', tz: 'Europe/Berlin', quiet: [22 * 60, 7 * 60] });
		const ev = await event(u.id, await game(u.id), { at: now });
		await fanOut(DB, now);
		const r = Object.fromEntries((await rows(ev)).map((x) => [x.channel, x.next_attempt_at]));
		expect((await inboxed(ev)).map((x) => x.created_at)).toEqual([now]);
		const localMorning = new Date(r.email).toLocaleString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
		expect(localMorning).toBe('07:00');
		expect(r.email - now).toBe(8.5 * 3_600_000);
		expect(r.push).toBe(r.email);
	});
});

describe('delivery', () => {
	it('is exactly once per (event, user, channel), even with two senders running at once', async () => {
		const now = hour();
		const users = await Promise.all(['once1', 'once2', 'once3'].map((n) => signUp(n)));
		const events = [];
		for (const u of users) {
			await settings(u.id, { email: `${u.username}@example.com` });
			events.push(await event(u.id, await game(u.id), { at: now }));
		}
		await fanOut(DB, now);
		const { senders, sent } = capture();
		await Promise.all([deliverDue(DB, now, senders, ORIGIN), deliverDue(DB, now, senders, ORIGIN), deliverDue(DB, now, senders, ORIGIN)]);
		// (Deliveries left due by earlier tests go out too: every id still only once.)
		expect(new Set(sent.map((s) => s.id)).size).toBe(sent.length);
		const mine = new Set(users.map((u) => u.id));
		const ids = sent.filter((s) => mine.has(s.to.id)).map((s) => s.id).sort();
		expect(ids).toEqual(events.flatMap((e) => ['email', 'push'].map((c) => `${e}:${c}`)).sort());
		for (const e of events) expect((await rows(e)).every((r) => r.status === 'sent')).toBe(true);
		for (const e of events) expect(await inboxed(e)).toHaveLength(1);
		// The text speaks to its recipient, links the game, and holds nothing but public facts.
		const mail = sent.find((s) => s.channel === 'email' && s.to.id === users[0].id)!;
		expect(mail.msg.subject).toMatch(/your turn/i);
		expect(mail.msg.url).toMatch(/^https:\/\/rongo\.test\/games\/pm/);
		expect(mail.msg.text).toContain(users[0].username);
		// Running again sends nothing more.
		const before = sent.length;
		await deliverDue(DB, now + 60_000, senders, ORIGIN);
		expect(sent.filter((s) => mine.has(s.to.id))).toHaveLength(ids.length);
		expect(sent.length).toBe(before);
	});

	it('a failing channel is retried with backoff and then delivers once; the others are not held up', async () => {
		const now = hour();
		const u = await signUp('retry');
		await settings(u.id, { email: 'retry@example.com', modes: { push: 'off' } });
		const ev = await event(u.id, await game(u.id), { at: now });
		await fanOut(DB, now);
		const { senders, sent: all } = capture({ email: 2 });
		const sent = { get length() { return all.filter((x) => x.to.id === u.id).length; }, map: <T>(f: (x: Sent) => T) => all.filter((x) => x.to.id === u.id).map(f) };
		await deliverDue(DB, now, senders, ORIGIN);
		expect(sent.map((s) => s.channel)).toEqual([]);
		expect(await inboxed(ev)).toHaveLength(1); // the in-app message is not held up
		let email = (await rows(ev)).find((r) => r.channel === 'email')!;
		expect(email).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: now + retryDelay(1) });
		await deliverDue(DB, now + retryDelay(1) - 1, senders, ORIGIN); // not yet due
		expect(sent).toHaveLength(0);
		await deliverDue(DB, now + retryDelay(1), senders, ORIGIN); // fails again
		email = (await rows(ev)).find((r) => r.channel === 'email')!;
		expect(email).toMatchObject({ status: 'pending', attempts: 2 });
		const t = email.next_attempt_at;
		expect(t).toBe(now + retryDelay(1) + retryDelay(2));
		await deliverDue(DB, t, senders, ORIGIN);
		await deliverDue(DB, t + 3_600_000, senders, ORIGIN);
		expect(sent.map((s) => s.channel)).toEqual(['email']);
		expect((await rows(ev)).find((r) => r.channel === 'email')!.status).toBe('sent');
	});

	it('a "your turn" that is stale (the user has moved since) is skipped, not sent', async () => {
		const now = hour();
		const u = await signUp('stale');
		await settings(u.id, {}); // a browser subscribed to push: a push delivery (the in-app one is checked at fan-out)
		const ev = await event(u.id, await game(u.id, false), { at: now });
		await fanOut(DB, now);
		expect(await inboxed(ev)).toEqual([]);
		const { senders, sent } = capture();
		await deliverDue(DB, now, senders, ORIGIN);
		expect(sent.filter((x) => x.to.id === u.id)).toHaveLength(0);
		expect((await rows(ev)).map((r) => r.status)).toEqual(['skipped']);
	});
});

describe('daily digest', () => {
	it('batches a day’s events into one message at 08:00 local time', async () => {
		// 10:00 UTC = 11:00 in Berlin (winter): the digest is due at 08:00 Berlin the next day.
		clockBase = Date.parse('2032-01-12T10:00:00Z');
		const now = clockBase;
		const u = await signUp('digest');
		await settings(u.id, { email: 'd@example.com', tz: 'Europe/Berlin', modes: { email: 'digest', inapp: 'off', push: 'off' } });
		const events = [];
		for (let i = 0; i < 3; i++) events.push(await event(u.id, await game(u.id), { at: now + i * 60_000 }));
		await fanOut(DB, now + 180_000);
		const { senders, sent: all } = capture();
		const sent = { get length() { return all.filter((x) => x.to.id === u.id).length; }, at: (i: number) => all.filter((x) => x.to.id === u.id)[i] };
		const due = await deliverDigests(DB, now + 3_600_000, senders, ORIGIN);
		expect(sent.length).toBe(0);
		// The postman wakes for it (issue 33: nextWake finds the digest's time in the digest index).
		expect(await nextWake(DB, now + 3_600_000, due)).toBeLessThanOrEqual(Date.parse('2032-01-13T07:00:00Z'));
		await deliverDigests(DB, Date.parse('2032-01-13T07:00:00Z') - 1, senders, ORIGIN);
		expect(sent.length).toBe(0);
		await deliverDigests(DB, Date.parse('2032-01-13T07:00:00Z'), senders, ORIGIN);
		expect(sent.length).toBe(1);
		expect(sent.at(0).channel).toBe('email');
		expect(sent.at(0).msg.lines).toHaveLength(3);
		expect(sent.at(0).msg.subject).toMatch(/3/);
		for (const e of events) expect((await rows(e)).map((r) => r.status)).toEqual(['sent']);
		await deliverDigests(DB, Date.parse('2032-01-14T07:00:00Z'), senders, ORIGIN);
		expect(sent.length).toBe(1);
	});
});

/** Fans out everything pending with `cursor` (a Postman's memory); the users announced and the D1 rows the batches wrote. */
async function fanAll(cursor: PostmanCursor, now: number) {
	let written = 0;
	const counting = new Proxy(DB, {
		get: (t, k) =>
			k === 'batch'
				? async (s: D1PreparedStatement[]) => {
						const rs = await t.batch(s);
						written += rs.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
						return rs;
					}
				: (Reflect.get(t, k, t).bind?.(t) ?? Reflect.get(t, k, t))
	}) as typeof DB;
	const announced: string[] = [];
	while ((await fanOutAt(counting, now, ORIGIN, async (ids) => announced.push(...ids), cursor)) > 0);
	return { announced, written };
}

/** Everything fan-out and delivery stored for the user: delivery rows (id, status) and inbox entries. */
async function stored(userId: string) {
	const [n, i] = await DB.batch([
		DB.prepare('SELECT id, status FROM notifications WHERE user_id = ?1 ORDER BY id').bind(userId),
		DB.prepare('SELECT id FROM inbox WHERE user_id = ?1 ORDER BY id').bind(userId)
	]);
	return { notifications: n.results, inbox: i.results.map((r) => (r as { id: string }).id) };
}

const d1Cursor = async () => (await DB.prepare('SELECT seq FROM postman_cursor WHERE id = 1').first<{ seq: number }>())?.seq ?? 0;

describe('the lazy cursor (issue 33): a restarted postman reads events again and adds nothing', () => {
	it('every channel, "turn" and "digest" modes: after a restart (memory back to D1’s cursor) nothing is stored, announced or sent twice', async () => {
		const now = hour();
		const a = await signUp('lazyturn');
		const b = await signUp('lazydigest');
		await settings(a.id, { email: 'lazyturn@example.com', webhook: 'https://hooks.example/a' });
		await settings(b.id, { email: 'lazydigest@example.com', webhook: 'https://hooks.example/b', modes: { inapp: 'digest', email: 'digest', push: 'digest', webhook: 'digest' } });
		const events: string[] = [];
		for (const u of [a, b]) {
			const g = await game(u.id);
			events.push(await event(u.id, g, { at: now }), await event(u.id, g, { kind: 'reminder', at: now }), await event(u.id, g, { kind: 'chat', at: now }));
		}
		const before = await d1Cursor();
		const first = new PostmanCursor();
		const one = await fanAll(first, now);
		expect(one.announced.sort()).toEqual([a.id, b.id].sort()); // b's urgent reminder goes to the inbox at once
		// Lazy: the memory is past the events, D1's row is not (not due yet).
		expect(first.state().seq).toBeGreaterThanOrEqual(before);
		expect(await d1Cursor()).toBe(before);
		const { senders, sent } = capture();
		await deliverDue(DB, now, senders, ORIGIN);
		const mine = () => sent.filter((x) => x.to.id === a.id || x.to.id === b.id).map((x) => x.id).sort();
		const told = mine();
		// a: turn, reminder and chat on push and webhook, the turn and reminder by email (chat email is
		// off by default); b: the reminder (urgent) on every loud channel, the rest waits for the digest.
		expect(told).toEqual(
			[
				...['email', 'push', 'webhook'].map((c) => `${events[0]}:${c}`),
				...['email', 'push', 'webhook'].map((c) => `${events[1]}:${c}`),
				...['push', 'webhook'].map((c) => `${events[2]}:${c}`),
				...['email', 'push', 'webhook'].map((c) => `${events[4]}:${c}`)
			].sort()
		);
		const was = { a: await stored(a.id), b: await stored(b.id) };
		expect(was.a.inbox).toHaveLength(3);

		// The Postman restarts before its cursor was due: a new memory, from D1's row.
		const again = new PostmanCursor();
		const two = await fanAll(again, now + 1000);
		expect(again.state().seq).toBe(first.state().seq);
		expect(two.announced.filter((id) => id === a.id || id === b.id)).toEqual([]);
		expect(two.written).toBe(0); // every insert ignored, and the cursor still not due
		expect({ a: await stored(a.id), b: await stored(b.id) }).toEqual(was);
		await deliverDue(DB, now + 2000, senders, ORIGIN);
		expect(mine()).toEqual(told);

		// The digests go out once, and a restart after them brings none back.
		const at8 = Date.parse(new Date(now + 86_400_000).toISOString().slice(0, 10) + 'T08:00:00Z');
		await deliverDigests(DB, at8, senders, ORIGIN);
		const digests = sent.filter((x) => x.to.id === b.id && x.id.startsWith('digest:')).map((x) => x.channel).sort();
		expect(digests).toEqual(['email', 'inapp', 'push', 'webhook']);
		const afterDigest = await stored(b.id);
		await fanAll(new PostmanCursor(), at8 + 1000);
		expect(await stored(b.id)).toEqual(afterDigest);
		await deliverDigests(DB, at8 + 86_400_000, senders, ORIGIN);
		await deliverDue(DB, at8 + 86_400_000, senders, ORIGIN);
		expect(sent.filter((x) => x.to.id === b.id && x.id.startsWith('digest:'))).toHaveLength(4);
	});

	it('a "your turn" stale at its first read is not delivered on a re-read, though the same seat is awaited again since', async () => {
		const now = hour();
		const u = await signUp('lazystale');
		await settings(u.id, { email: 'lazystale@example.com', webhook: 'https://hooks.example/s' });
		const g = await game(u.id);
		const old = await event(u.id, g, { at: now });
		// Before the postman reads it the player has moved: someone else is awaited.
		await DB.prepare(`UPDATE games SET active_seats = '[1]', waits = ?2 WHERE id = ?1`).bind(g, JSON.stringify([null, [now + 500, null]])).run();
		const first = new PostmanCursor();
		await fanAll(first, now + 1000);
		expect(await inboxed(old)).toEqual([]);
		// Then the seat is awaited again — a new wait, begun after the old event, with its own event.
		await DB.batch([
			DB.prepare(`UPDATE games SET active_seats = '[0]', waits = ?2 WHERE id = ?1`).bind(g, JSON.stringify([[now + 60_000, null]]))
		]);
		const current = await event(u.id, g, { at: now + 60_000 });
		// A restart: D1's cursor is still before both events, so the old one is read again.
		const again = new PostmanCursor();
		await fanAll(again, now + 61_000);
		expect(await inboxed(old)).toEqual([]);
		expect(await inboxed(current)).toHaveLength(1);
		// The loud channels: one message, for the current turn only; the old one's rows are skipped.
		const { senders, sent } = capture();
		await deliverDue(DB, now + 62_000, senders, ORIGIN);
		expect(sent.filter((x) => x.to.id === u.id).map((x) => x.id).sort()).toEqual(['email', 'push', 'webhook'].map((c) => `${current}:${c}`));
		expect((await rows(old)).map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
		// And once more after all of that: nothing new.
		await fanAll(new PostmanCursor(), now + 63_000);
		expect(await inboxed(old)).toEqual([]);
		expect(await inboxed(current)).toHaveLength(1);
	});

	it('the in-app mode changed between two reads: the event lands in the inbox or in the digest, never both', async () => {
		const now = hour();
		const u = await signUp('lazymode');
		await settings(u.id, { push: false });
		const g = await game(u.id);
		const toInbox = await event(u.id, g, { at: now });
		await fanAll(new PostmanCursor(), now);
		expect(await inboxed(toInbox)).toHaveLength(1);
		await settings(u.id, { push: false, modes: { inapp: 'digest' } });
		const toDigest = await event(u.id, g, { at: now + 1 });
		const first = new PostmanCursor();
		await fanAll(first, now + 1000);
		expect((await rows(toDigest)).map((r) => r.status)).toEqual(['digest']);
		// Both read again with the other mode: neither moves.
		await rewind(toInbox);
		await fanAll(new PostmanCursor(), now + 2000); // mode digest: the first event keeps its inbox entry only
		expect(await rows(toInbox)).toEqual([]);
		await settings(u.id, { push: false, modes: { inapp: 'turn' } });
		await rewind(toInbox);
		await fanAll(new PostmanCursor(), now + 3000); // mode turn: the second keeps its digest row only
		expect(await inboxed(toDigest)).toEqual([]);
		expect(await inboxed(toInbox)).toHaveLength(1);
	});

	it('two Postman objects at once, each with its own memory, and one restarted: one inbox entry and one row per channel', async () => {
		const now = hour();
		const u = await signUp('lazytwo');
		await settings(u.id, { email: 'lazytwo@example.com', modes: { push: 'off' } });
		const ev = await event(u.id, await game(u.id), { at: now });
		const p1 = env.POSTMAN.get(env.POSTMAN.idFromName(`postman-lazy-a-${now}`));
		const p2 = env.POSTMAN.get(env.POSTMAN.idFromName(`postman-lazy-b-${now}`));
		await Promise.all([p1.runAt(now), p2.runAt(now)]);
		expect(await inboxed(ev)).toHaveLength(1);
		expect((await rows(ev)).map((r) => `${r.channel}:${r.status}`)).toEqual(['email:sent']);
		await p1.restart();
		await Promise.all([p1.runAt(now + 1000), p2.runAt(now + 1000)]);
		expect(await inboxed(ev)).toHaveLength(1);
		expect((await rows(ev)).map((r) => `${r.channel}:${r.status}`)).toEqual(['email:sent']);
		expect(await DB.prepare("SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = 'lazytwo@example.com'").first<{ n: number }>()).toEqual({ n: 1 });
		await Promise.all([p1.runAt(null), p2.runAt(null)]);
	});
});

describe('the Postman object with the real in-app channel', () => {
	it('puts a turn into the inbox once and counts it unread; an in-app digest that fails is retried and lands once', async () => {
		const now = hour();
		const u = await signUp('inbox');
		await settings(u.id, { modes: { push: 'off' } });
		const ev = await event(u.id, await game(u.id), { at: now });
		const postman = env.POSTMAN.get(env.POSTMAN.idFromName(`postman-test-${now}`));
		await postman.runAt(now);
		const inbox = (userId: string) =>
			DB.prepare('SELECT id, user_id, game_id, kind, data, created_at FROM inbox WHERE user_id = ?1')
				.bind(userId)
				.all<{ id: string; user_id: string; game_id: string | null; kind: string; data: string; created_at: number }>();
		let items = (await inbox(u.id)).results;
		expect(items.map((i) => i.id)).toEqual([`${ev}:inapp`]);
		expect(words(items[0]).subject).toMatch(/your turn/i);
		// Fanned out a second time (a second postman that read it too): still one message.
		await rewind(ev);
		await postman.runAt(now + 1000);
		expect((await inbox(u.id)).results).toHaveLength(1);
		expect(await unreadCount(DB, u.id)).toBe(1);

		// In-app in digest mode goes through the real in-app sender at 08:00 (UTC here) the next day.
		const d = await signUp('inboxdigest');
		await settings(d.id, { modes: { push: 'off', inapp: 'digest' } });
		await event(d.id, await game(d.id), { at: now });
		await postman.runAt(now + 2000);
		expect((await inbox(d.id)).results).toHaveLength(0);
		const at8 = Date.parse(new Date(now + 86_400_000).toISOString().slice(0, 10) + 'T08:00:00Z');
		expect(await postman.failNext('inapp', 1)).toBe(true);
		await postman.runAt(at8);
		expect((await inbox(d.id)).results).toHaveLength(0);
		await postman.runAt(at8 + retryDelay(1) + 1000);
		items = (await inbox(d.id)).results;
		expect(items).toHaveLength(1);
		expect(items[0].kind).toBe('digest');
		await postman.runAt(at8 + 3_600_000);
		expect((await inbox(d.id)).results).toHaveLength(1);
		await postman.runAt(null);
	});
});
