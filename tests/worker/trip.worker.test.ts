// Tell once per trip (issue 32) over the real local D1: the grace time before email, push and
// webhooks; one message for all of a user's pending turns on a channel (every game, also those
// not yet due), the others marked merged; stale turns skipped (moved, no longer awaited, looked);
// grace 0 at once; two postmen racing still one message; quiet hours still hold; reminders are not
// merged. In-app stays immediate. Senders capture what they would send (the channels have their
// own tests). The settings API's grace time is called through its route module.
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deliverDue, fanOut as fanOutAt, nextWake, type Senders } from '$lib/server/notify/delivery';
import { GET as settingsGet, PUT as settingsPut } from '../../src/routes/api/me/settings/+server';
import { mails, signUp } from './helpers';
import { capture, type Sent } from './senders';

const DB = env.DB;
const ORIGIN = 'https://rongo.test';
const MIN = 60_000;
let clockBase = Date.parse('2033-05-10T12:00:00Z'); // far from other files' rows

let gameN = 0;
/** A D1 game with the user at seat 0 (awaited since `since`, or since long before any event), names me, ben, caro. */
async function game(userId: string, o: { kind?: string; since?: number } = {}): Promise<string> {
	const id = `tr${(gameN++).toString().padStart(14, '0')}`;
	await DB.batch([
		DB.prepare(
			`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at)
			 VALUES (?1, ?2, 'active', 'public', ?3, '{}', 3, '3d', 'x@1', 5, '[0]', ?4, 0, 0)`
		).bind(id, o.kind ?? 'giants', userId, JSON.stringify([[o.since ?? 0, null]])),
		DB.prepare(`INSERT INTO seats (game_id, user_id, seat, version, joined_at) VALUES (?1, ?2, 0, 5, 0)`).bind(id, userId)
	]);
	return id;
}

let versionN = 10;
async function event(userId: string, gameId: string, at: number, o: { kind?: string; game?: string; names?: string[] } = {}) {
	const version = versionN++;
	const kind = o.kind ?? 'turn';
	const id = `${gameId}:${version}:${kind}:0`;
	const data = { gameId, kind: o.game ?? 'giants', version, seat: 0, round: 2, phase: 'place', names: o.names ?? ['me', 'ben', 'caro'], since: [], deadline: null, hoursLeft: 4 };
	await DB.prepare(INSERT_EVENT_SQL)
		.bind(id, userId, gameId, kind, version, 0, JSON.stringify(data), at)
		.run();
	return id;
}

/** An away user with every loud channel set up (a verified address, a browser, a webhook). */
async function away(name: string, o: { grace?: number; tz?: string; quiet?: [number, number] } = {}) {
	const u = await signUp(name);
	await DB.batch([
		DB.prepare('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0)').bind(`ps-${u.id}`, u.id, `https://push.example/${u.id}`, 'p', 'a'),
		DB.prepare(
			'UPDATE users SET email = ?1, email_verified_at = 1, webhook_url = ?2, time_zone = ?3, quiet_start = ?4, quiet_end = ?5, grace_minutes = ?6 WHERE id = ?7'
		).bind(`${u.username}@example.com`, 'https://hooks.example/x', o.tz ?? 'UTC', o.quiet?.[0] ?? 0, o.quiet?.[1] ?? 0, o.grace ?? 10, u.id)
	]);
	return u;
}

async function statuses(eventId: string) {
	return Object.fromEntries(
		(await DB.prepare('SELECT channel, status, merged_into FROM notifications WHERE event_id = ?1').bind(eventId).all<{ channel: string; status: string; merged_into: string | null }>()).results.map(
			(r) => [r.channel, r.merged_into ? `${r.status}:${r.merged_into}` : r.status]
		)
	);
}

const fanOut = (now: number) => fanOutAt(DB, now, ORIGIN);
const mine = (sent: Sent[], userId: string) => sent.filter((s) => s.to.id === userId);
const perChannel = (sent: Sent[]) => sent.map((s) => s.channel).sort();

/** Each test at its own day, so rows of one are never due in another. */
function day(): number {
	clockBase += 3 * 86_400_000;
	return clockBase;
}

describe('grace time and one message per trip (issue 32)', () => {
	it('a burst of 5 turns to an away user within the grace: ONE email, ONE push, ONE webhook; in-app at once', async () => {
		const t = day();
		const u = await away('burst');
		const g = await game(u.id);
		const events = [];
		for (let i = 0; i < 5; i++) events.push(await event(u.id, g, t + i * 30_000));
		await fanOut(t + 2 * MIN);
		// In-app is immediate: five inbox entries already.
		const inbox = await DB.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1').bind(u.id).first<{ n: number }>();
		expect(inbox?.n).toBe(5);
		const { senders, sent } = capture();
		await deliverDue(DB, t + 9 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toEqual([]);
		// The postman wakes when the first one is due.
		expect(await nextWake(DB, t + 9 * MIN, null)).toBeLessThanOrEqual(t + 10 * MIN);
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
		// The one game keeps the single turn message.
		expect(mine(sent, u.id)[0].msg.subject).toMatch(/your turn/i);
		// The first row carried the message; the other four are merged into it, per channel.
		expect(await statuses(events[0])).toEqual({ email: 'sent', push: 'sent', webhook: 'sent' });
		for (const e of events.slice(1)) expect(await statuses(e)).toEqual({ email: `merged:${events[0]}:email`, push: `merged:${events[0]}:push`, webhook: `merged:${events[0]}:webhook` });
		// Nothing more, ever.
		await deliverDue(DB, t + 2 * 60 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toHaveLength(3);
	});

	it('a user who moves within the grace gets no email at all (stale): no longer awaited, or awaited again by a move of their own', async () => {
		const t = day();
		const u = await away('mover');
		const g1 = await game(u.id, { since: t });
		const g2 = await game(u.id, { since: t });
		const e1 = await event(u.id, g1, t);
		const e2 = await event(u.id, g2, t);
		await fanOut(t);
		// g1: they moved and someone else is awaited; g2: they moved and are awaited again (a new wait).
		await DB.batch([
			DB.prepare(`UPDATE games SET active_seats = '[1]' WHERE id = ?1`).bind(g1),
			DB.prepare(`UPDATE games SET waits = ?1 WHERE id = ?2`).bind(JSON.stringify([[t + 3 * MIN, null]]), g2)
		]);
		const { senders, sent } = capture();
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toEqual([]);
		expect(await statuses(e1)).toEqual({ email: 'skipped', push: 'skipped', webhook: 'skipped' });
		expect(await statuses(e2)).toEqual({ email: 'skipped', push: 'skipped', webhook: 'skipped' });
	});

	it('someone who looked at the game within the grace (its inbox entry read) gets nothing either', async () => {
		const t = day();
		const u = await away('looker');
		const g = await game(u.id, { since: t });
		const e = await event(u.id, g, t);
		await fanOut(t);
		await DB.prepare('UPDATE inbox SET read_at = ?1 WHERE user_id = ?2 AND game_id = ?3').bind(t + MIN, u.id, g).run();
		const { senders, sent } = capture();
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toEqual([]);
		expect(await statuses(e)).toEqual({ email: 'skipped', push: 'skipped', webhook: 'skipped' });
	});

	it('grace 0 tells at once', async () => {
		const t = day();
		const u = await away('nograce', { grace: 0 });
		const e = await event(u.id, await game(u.id), t);
		await fanOut(t);
		const { senders, sent } = capture();
		await deliverDue(DB, t, senders, ORIGIN);
		expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
		expect(await statuses(e)).toEqual({ email: 'sent', push: 'sent', webhook: 'sent' });
	});

	it('two games due in one grace: one message naming both, with a turn not yet due told along', async () => {
		const t = day();
		const u = await away('twogames');
		const g1 = await game(u.id);
		const g2 = await game(u.id, { kind: 'moa' });
		const a = await event(u.id, g1, t);
		const b = await event(u.id, g2, t + 3 * MIN, { game: 'moa', names: ['me', 'ana'] });
		await fanOut(t + 3 * MIN);
		const { senders, sent } = capture();
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN); // a is due, b (due at 13 min) goes with it
		const mail = mine(sent, u.id).filter((s) => s.channel === 'email');
		expect(mail).toHaveLength(1);
		expect(mail[0].msg.subject).toBe('Your turn in 2 games');
		expect(mail[0].msg.text).toContain('Giants with ben, caro; Moa with ana');
		expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
		expect(await statuses(b)).toEqual({ email: `merged:${a}:email`, push: `merged:${a}:push`, webhook: `merged:${a}:webhook` });
		// German readers get it in German.
		const de = await away('twogamesde');
		await DB.prepare(`UPDATE users SET locale = 'de' WHERE id = ?1`).bind(de.id).run();
		const h1 = await game(de.id);
		const h2 = await game(de.id);
		await event(de.id, h1, t);
		await event(de.id, h2, t, { names: ['me', 'dora'] });
		await fanOut(t);
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		const deMail = mine(sent, de.id).find((s) => s.channel === 'email')!;
		expect(deMail.msg.subject).toBe('Du bist in 2 Partien am Zug');
		expect(deMail.msg.text).toContain('Giants mit ben, caro; Giants mit dora');
	});

	it('two postmen racing still send one message per channel', async () => {
		const t = day();
		const users = await Promise.all(['race1', 'race2'].map((n) => away(n)));
		for (const u of users) for (let i = 0; i < 3; i++) await event(u.id, await game(u.id), t + i * MIN);
		await fanOut(t + 3 * MIN);
		const { senders, sent } = capture();
		const at = t + 10 * MIN;
		await Promise.all([deliverDue(DB, at, senders, ORIGIN), deliverDue(DB, at, senders, ORIGIN), deliverDue(DB, at, senders, ORIGIN)]);
		for (const u of users) {
			expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
			expect(mine(sent, u.id)[0].msg.subject).toBe('Your turn in 3 games');
		}
		await Promise.all([deliverDue(DB, at + MIN, senders, ORIGIN), deliverDue(DB, at + 20 * MIN, senders, ORIGIN)]);
		for (const u of users) expect(mine(sent, u.id)).toHaveLength(3);
	});

	it('a failing channel retries the whole trip with backoff, and then tells it once; more than 100 rows are marked too', async () => {
		const t = day();
		const u = await away('tripretry', { grace: 0 });
		const events = [];
		// 110 games' turns: 110 rows on a channel, more than D1's 100 bound values in one statement.
		for (let i = 0; i < 110; i++) events.push(await event(u.id, await game(u.id), t));
		await fanOut(t);
		const { senders, sent } = capture({ email: 1 });
		await deliverDue(DB, t, senders, ORIGIN);
		expect(perChannel(mine(sent, u.id))).toEqual(['push', 'webhook']);
		const email = await DB.prepare(`SELECT status, attempts, next_attempt_at FROM notifications WHERE user_id = ?1 AND channel = 'email'`)
			.bind(u.id)
			.all<{ status: string; attempts: number; next_attempt_at: number }>();
		expect(new Set(email.results.map((r) => `${r.status}:${r.attempts}:${r.next_attempt_at}`))).toEqual(new Set([`pending:1:${t + 30_000}`]));
		await deliverDue(DB, t + 29_000, senders, ORIGIN);
		expect(mine(sent, u.id)).toHaveLength(2);
		await deliverDue(DB, t + 30_000, senders, ORIGIN);
		const mails = mine(sent, u.id).filter((s) => s.channel === 'email');
		expect(mails).toHaveLength(1);
		expect(mails[0].msg.subject).toBe('Your turn in 110 games');
		for (const e of [events[0], events[109]]) expect(Object.values(await statuses(e)).every((x) => x === 'sent' || x.startsWith('merged:'))).toBe(true);
		await deliverDue(DB, t + 3_600_000, senders, ORIGIN);
		expect(mine(sent, u.id)).toHaveLength(3);
	});

	it('quiet hours still hold: a turn in them waits until they end, with the grace', async () => {
		// 22:30 in Berlin (summer time, UTC+2), quiet 22:00–07:00.
		const t = Date.parse('2033-07-01T20:30:00Z');
		const u = await away('quiet', { tz: 'Europe/Berlin', quiet: [22 * 60, 7 * 60] });
		const e = await event(u.id, await game(u.id), t);
		await fanOut(t);
		const { senders, sent } = capture();
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toEqual([]);
		const morning = Date.parse('2033-07-02T05:00:00Z'); // 07:00 Berlin
		await deliverDue(DB, morning - 1, senders, ORIGIN);
		expect(mine(sent, u.id)).toEqual([]);
		await deliverDue(DB, morning, senders, ORIGIN);
		expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
		expect(await statuses(e)).toEqual({ email: 'sent', push: 'sent', webhook: 'sent' });
	});

	it('reminders are not merged with turns and keep going out at once', async () => {
		const t = day();
		const u = await away('reminded');
		const g = await game(u.id);
		const turn = await event(u.id, g, t);
		const reminder = await event(u.id, g, t, { kind: 'reminder' });
		await fanOut(t);
		const { senders, sent } = capture();
		await deliverDue(DB, t, senders, ORIGIN);
		expect(perChannel(mine(sent, u.id))).toEqual(['email', 'push', 'webhook']);
		expect(mine(sent, u.id)[0].msg.subject).toMatch(/left for your move/);
		expect(await statuses(reminder)).toEqual({ email: 'sent', push: 'sent', webhook: 'sent' });
		expect(await statuses(turn)).toEqual({ email: 'pending', push: 'pending', webhook: 'pending' });
		await deliverDue(DB, t + 10 * MIN, senders, ORIGIN);
		expect(mine(sent, u.id)).toHaveLength(6);
		expect(await statuses(turn)).toEqual({ email: 'sent', push: 'sent', webhook: 'sent' });
	});
});

describe('the Postman object with the real email channel (issue 32)', () => {
	it('a burst of 5 turns: no mail during the grace, then one in the development mailbox; its alarm is the grace', async () => {
		const t = day();
		const u = await signUp('realpostman');
		const to = `${u.username}@example.com`;
		await DB.prepare('UPDATE users SET email = ?1, email_verified_at = 1, grace_minutes = 10 WHERE id = ?2').bind(to, u.id).run();
		const g = await game(u.id);
		for (let i = 0; i < 5; i++) await event(u.id, g, t + i * 20_000);
		const postman = env.POSTMAN.get(env.POSTMAN.idFromName(`postman-trip-${t}`));
		await postman.runAt(t + 2 * MIN);
		expect(await mails(to)).toEqual([]);
		expect(await nextWake(DB, t + 2 * MIN, null)).toBeLessThanOrEqual(t + 10 * MIN);
		await postman.runAt(t + 10 * MIN);
		const got = await mails(to);
		expect(got).toHaveLength(1);
		expect(got[0].subject).toMatch(/your turn/i);
		await postman.runAt(t + 60 * MIN);
		expect(await mails(to)).toHaveLength(1);
		await postman.runAt(null);
	});
});

describe('the grace time in GET/PUT /api/me/settings', () => {
	const call = (handler: typeof settingsGet, user: { id: string; username: string }, body?: unknown) =>
		handler({
			platform: { env },
			locals: { user },
			url: new URL('http://localhost/api/me/settings'),
			request: new Request('http://localhost/api/me/settings', body === undefined ? {} : { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
		} as never) as Promise<Response>;

	it('defaults to 10 minutes, takes one of 0, 5, 10, 30, 60, and refuses anything else with BAD_GRACE', async () => {
		const u = await signUp('gracesettings');
		const me = { id: u.id, username: u.username };
		expect(((await (await call(settingsGet, me)).json()) as { graceMinutes: number }).graceMinutes).toBe(10);
		const ok = await call(settingsPut, me, { graceMinutes: 30 });
		expect(ok.status).toBe(200);
		expect(((await ok.json()) as { graceMinutes: number }).graceMinutes).toBe(30);
		for (const bad of [7, -5, '10', null, 1.5]) {
			const r = await call(settingsPut, me, { graceMinutes: bad });
			expect(r.status).toBe(400);
			expect(((await r.json()) as { code: string }).code).toBe('BAD_GRACE');
		}
		expect(((await (await call(settingsGet, me)).json()) as { graceMinutes: number }).graceMinutes).toBe(30);
		const row = await DB.prepare('SELECT grace_minutes FROM users WHERE id = ?1').bind(u.id).first<{ grace_minutes: number }>();
		expect(row?.grace_minutes).toBe(30);
	});
});
