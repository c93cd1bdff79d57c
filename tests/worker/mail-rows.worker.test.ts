// Issue 33, fewer D1 rows per mail (migration 0020; docs/benchmarks.md "Fewer rows per mail"), over
// the real local D1:
// - a mail costs 2 rows to insert (the row and its pending index entry), 1 to claim and 1 to finish,
//   for a single delivery and for a trip; a digest item the same; a retried fan-out writes nothing;
// - every statement the sending path runs on `notifications` — fan-out, a single delivery, a trip,
//   a failure and its retry, digests (due, early, failed), the wake-up time, the room's in-app entry,
//   account deletion — is recorded as it is issued (not copied out of the code), and its
//   EXPLAIN QUERY PLAN finds its rows by the key or a partial index: no `SCAN` of the table.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { deliverDigests, deliverDue, fanOut, nextWake } from '$lib/server/notify/delivery';
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { eventWrites } from '$lib/server/notify/room-entry';
import { beginDeletion } from '$lib/server/people/leave';
import type { NotifyEvent } from '$lib/server/notify/types';
import { signUp } from './helpers';
import { capture } from './senders';

const DB = env.DB;
const ORIGIN = 'https://rongo.test';
const MIN = 60_000;
let clockBase = Date.parse('2034-02-01T12:00:00Z'); // far from other files' rows

interface Issued {
	sql: string;
	binds: unknown[];
	/** Rows written, once the statement ran (run, all, or in a batch). */
	written: number;
}

/** `DB` that records every statement issued through it, with its binds and the rows it wrote. */
function recording() {
	const log: Issued[] = [];
	const byStmt = new WeakMap<object, Issued>();
	const count = (st: object, r: D1Result | null | undefined) => {
		const it = byStmt.get(st);
		if (it && r?.meta) it.written += r.meta.rows_written ?? 0;
	};
	const wrap = (st: D1PreparedStatement, it: Issued): D1PreparedStatement => {
		byStmt.set(st, it);
		const run = st.run.bind(st);
		const all = st.all.bind(st);
		st.run = (async () => {
			const r = await run();
			count(st, r as D1Result);
			return r;
		}) as typeof st.run;
		st.all = (async () => {
			const r = await all();
			count(st, r as D1Result);
			return r;
		}) as typeof st.all;
		return st;
	};
	const db = new Proxy(DB, {
		get(target, key) {
			if (key === 'prepare')
				return (sql: string) => {
					const st = target.prepare(sql);
					const bind = st.bind.bind(st);
					st.bind = ((...binds: unknown[]) => {
						const it: Issued = { sql, binds, written: 0 };
						log.push(it);
						return wrap(bind(...binds), it);
					}) as typeof st.bind;
					return st;
				};
			if (key === 'batch')
				return async (stmts: D1PreparedStatement[]) => {
					const rs = await target.batch(stmts);
					rs.forEach((r, i) => count(stmts[i], r));
					return rs;
				};
			const v = (target as unknown as Record<PropertyKey, unknown>)[key];
			return typeof v === 'function' ? v.bind(target) : v;
		}
	}) as D1Database;
	return { db, log };
}

/** A statement that writes `notifications` itself (not one that only looks into it). */
const writesNotifications = (sql: string) => /^\s*(INSERT(\s+OR\s+\w+)?\s+INTO|UPDATE|DELETE\s+FROM)\s+notifications\b/i.test(sql);
const notificationRows = (log: Issued[], from = 0) => log.slice(from).filter((s) => writesNotifications(s.sql)).reduce((n, s) => n + s.written, 0);

let gameN = 0;
async function game(userId: string, since: number): Promise<string> {
	const id = `mr${(gameN++).toString().padStart(14, '0')}`;
	await DB.batch([
		DB.prepare(
			`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at)
			 VALUES (?1, 'giants', 'active', 'public', ?2, '{}', 3, '3d', 'x@1', 5, '[0]', ?3, 0, 0)`
		).bind(id, userId, JSON.stringify([[since, null]])),
		DB.prepare(`INSERT INTO seats (game_id, user_id, seat, version, joined_at) VALUES (?1, ?2, 0, 5, 0)`).bind(id, userId)
	]);
	return id;
}

let versionN = 10;
function eventOf(userId: string, gameId: string, at: number, kind = 'turn'): NotifyEvent {
	const version = versionN++;
	const data = { gameId, kind: 'giants', version, seat: 0, round: 2, phase: 'place', names: ['me', 'ben', 'caro'], since: [], deadline: null, hoursLeft: 4 };
	return { id: `${gameId}:${version}:${kind}:0`, userId, gameId, kind: kind as NotifyEvent['kind'], version, gameOpen: false, data: data as NotifyEvent['data'], createdAt: at };
}
async function event(userId: string, gameId: string, at: number, kind = 'turn') {
	const e = eventOf(userId, gameId, at, kind);
	await DB.prepare(INSERT_EVENT_SQL).bind(e.id, e.userId, e.gameId, e.kind, e.version, 0, JSON.stringify(e.data), e.createdAt).run();
	return e.id;
}

/** A user with a verified address only (no browser, no webhook), grace 0, in-app off unless asked. */
async function mailUser(name: string, o: { emailMode?: string; inapp?: string } = {}) {
	const u = await signUp(name);
	await DB.batch([
		DB.prepare('UPDATE users SET email = ?1, email_verified_at = 1, grace_minutes = 0 WHERE id = ?2').bind(`${u.username}@example.com`, u.id),
		DB.prepare(`INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'inapp', ?2)`).bind(u.id, o.inapp ?? 'off'),
		DB.prepare(`INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'email', ?2)`).bind(u.id, o.emailMode ?? 'turn')
	]);
	return u;
}

const row = (userId: string, eventId: string) =>
	DB.prepare(`SELECT status, attempts, next_attempt_at, claim FROM notifications WHERE user_id = ?1 AND id = ?2`)
		.bind(userId, `${eventId}:email`)
		.all<{ status: string; attempts: number; next_attempt_at: number; claim: string | null }>()
		.then((r) => r.results);

/** Each test at its own day, so rows of one are never due in another. */
function day(): number {
	clockBase += 3 * 86_400_000;
	return clockBase;
}

describe('a mail is 2 rows inserted, 1 claimed, 1 finished (issue 33, migration 0020)', () => {
	it('a "your turn" by email (a trip of one): 2 + 1 + 1; fanned out again, 0; nothing sent twice', async () => {
		const t = day();
		const u = await mailUser('mr-trip');
		const g = await game(u.id, t);
		const e = await event(u.id, g, t);
		const { db, log } = recording();
		await fanOut(db, t, ORIGIN);
		expect(notificationRows(log)).toBe(2);
		const fanned = log.length;
		// A second postman, or a restarted one, reads the event again: no second row, no row written.
		await DB.prepare('DELETE FROM postman_cursor').run();
		await fanOut(db, t, ORIGIN);
		expect(notificationRows(log, fanned)).toBe(0);
		const sentFrom = log.length;
		const { senders, sent } = capture();
		expect(await deliverDue(db, t, senders, ORIGIN)).toBe(1);
		expect(sent.map((s) => s.channel)).toEqual(['email']);
		// The claim (1) and the finish (1): the trip's claim, read back by the key, marked sent.
		expect(notificationRows(log, sentFrom)).toBe(2);
		expect(await row(u.id, e)).toEqual([{ status: 'sent', attempts: 0, next_attempt_at: t, claim: null }]);
		expect(await deliverDue(db, t + MIN, senders, ORIGIN)).toBe(0);
		expect(await nextWake(db, t + MIN, null)).toBeNull();
	});

	it('a reminder by email (a single delivery): 2 + 1 + 1; a failure is retried with backoff, then sent once', async () => {
		const t = day();
		const u = await mailUser('mr-single');
		const g = await game(u.id, t);
		const e = await event(u.id, g, t, 'reminder');
		const { db, log } = recording();
		await fanOut(db, t, ORIGIN);
		expect(notificationRows(log)).toBe(2);
		const failed = capture({ email: 1 });
		let from = log.length;
		expect(await deliverDue(db, t, failed.senders, ORIGIN)).toBe(0);
		// Claim 1; the retry assigns a new due time: the row and its pending index entry, 2.
		expect(notificationRows(log, from)).toBe(3);
		expect(await row(u.id, e)).toEqual([{ status: 'pending', attempts: 1, next_attempt_at: t + 30_000, claim: null }]);
		expect(await nextWake(db, t + 1, null)).toBe(t + 30_000);
		from = log.length;
		expect(await deliverDue(db, t + 30_000, failed.senders, ORIGIN)).toBe(1);
		expect(notificationRows(log, from)).toBe(2);
		expect(failed.sent).toHaveLength(1);
		expect((await row(u.id, e))[0].status).toBe('sent');
	});

	it('a digest item: 2 + 1 + 1; not read before its digest is due; a failed digest waits for its retry', async () => {
		const t = Date.parse('2034-03-01T09:00:00Z'); // after 08:00 UTC: the digest is due tomorrow at 08:00
		const u = await mailUser('mr-digest', { emailMode: 'digest' });
		const g = await game(u.id, t);
		const e = await event(u.id, g, t);
		const { db, log } = recording();
		await fanOut(db, t, ORIGIN);
		expect(notificationRows(log)).toBe(2);
		const due = Date.parse('2034-03-02T08:00:00Z');
		expect((await row(u.id, e))[0]).toMatchObject({ status: 'digest', next_attempt_at: due });
		const { senders, sent } = capture({ email: 1 });
		let from = log.length;
		expect(await deliverDigests(db, due - 1, senders, ORIGIN)).toBeNull();
		expect(notificationRows(log, from)).toBe(0);
		expect(await nextWake(db, t, null)).toBe(due);
		// Due: claimed (1), the send fails: status stays digest, the retry time is its new due (2).
		await deliverDigests(db, due, senders, ORIGIN);
		expect(sent).toHaveLength(0);
		expect((await row(u.id, e))[0]).toMatchObject({ status: 'digest', attempts: 1, next_attempt_at: due + 30_000, claim: null });
		expect(await nextWake(db, due + 1, null)).toBe(due + 30_000);
		from = log.length;
		await deliverDigests(db, due + 30_000, senders, ORIGIN);
		expect(sent).toHaveLength(1);
		expect(notificationRows(log, from)).toBe(2);
		expect((await row(u.id, e))[0].status).toBe('sent');
		expect(await nextWake(db, due + MIN, null)).toBeNull();
	});
});

describe('no statement on the sending path scans notifications (issue 33)', () => {
	it("every statement issued on notifications finds its rows by the key or a partial index", async () => {
		const t = Date.parse('2034-04-01T09:00:00Z');
		const { db, log } = recording();
		// The first two mails fail (a trip's and a single delivery's retry paths), then a digest once.
		const { senders } = capture({ email: 2 });
		const digests = capture({ email: 1 }).senders;
		// Turns and a reminder by email, in-app digests and at once, email digests; a failure first.
		const a = await mailUser('mr-plan-a', { inapp: 'digest' });
		const b = await mailUser('mr-plan-b', { emailMode: 'digest', inapp: 'turn' });
		for (const u of [a, b]) {
			const g = await game(u.id, t);
			await event(u.id, g, t);
			await event(u.id, g, t + 1000, 'reminder');
		}
		// A turn that is stale by the time it is due (a's wait in that game began after it): skipped by the trip.
		await event(a.id, await game(a.id, t + 500), t);
		await fanOut(db, t + 1000, ORIGIN);
		await deliverDue(db, t + 1000, senders, ORIGIN);
		await deliverDue(db, t + 40_000, senders, ORIGIN);
		await nextWake(db, t + 40_000, null);
		// A digest not yet due by the user's clock (a row from before 0020 holds its fan-out time).
		await DB.prepare(`UPDATE notifications SET next_attempt_at = ?2 WHERE user_id = ?1 AND channel = 'email' AND status = 'digest'`).bind(b.id, t).run();
		await deliverDigests(db, t + 1000, digests, ORIGIN);
		await deliverDigests(db, Date.parse('2034-04-02T08:00:00Z'), digests, ORIGIN);
		await deliverDigests(db, Date.parse('2034-04-02T09:00:00Z'), digests, ORIGIN);
		// The room's own entries and event rows, and fan-out's in-app entries (events from before 0019).
		const g = await game(b.id, t);
		const roomEvents = [eventOf(b.id, g, t + 2000), eventOf(b.id, g, t + 3000, 'reminder')];
		await db.batch(eventWrites(db, roomEvents, () => true).statements);
		await event(a.id, g, t + 4000, 'timeout');
		await fanOut(db, t + 5000, ORIGIN);
		// Account deletion: every row of the user.
		const leaveEnv = new Proxy(env, { get: (target, key) => (key === 'DB' ? db : (target as unknown as Record<PropertyKey, unknown>)[key]) }) as unknown as Env;
		await beginDeletion(leaveEnv, a.id);

		const touching = [...new Map(log.filter((s) => /\bnotifications\b/.test(s.sql)).map((s) => [s.sql, s])).values()];
		// Each kind of statement was issued (so none of them escapes this test by not running).
		for (const kind of [
			/^\s*INSERT OR IGNORE INTO notifications .* 'inapp', 'digest'/s,
			/^\s*INSERT OR IGNORE INTO notifications \(/,
			/UPDATE notifications SET claim = \?1, claimed_until = \?2 WHERE user_id = \?3 AND channel = \?4 AND status = 'pending' AND id/,
			/UPDATE notifications SET claim = \?1, claimed_until = \?2 WHERE user_id = \?3 AND channel = \?4 AND status = 'pending'\s+AND \(claimed_until/,
			/WHERE n\.user_id = \?2 AND n\.channel = \?3 AND n\.status = 'pending' AND n\.claim = \?1/,
			/status = 'sent', sent_at = \?4/,
			/SET status = 'skipped', claim = NULL/,
			/attempts = \?6, next_attempt_at = \?7/,
			/status = 'digest' AND n\.next_attempt_at <= \?1/,
			/SET next_attempt_at = \?3 WHERE user_id = \?1 AND channel = \?2 AND status = 'digest'/,
			/n\.status = 'digest' AND n\.claim = \?1/,
			/SET status = \?4, attempts = \?5, next_attempt_at = \?6/,
			/UNION ALL SELECT MIN\(next_attempt_at\)/,
			/^INSERT OR IGNORE INTO inbox .*FROM users WHERE id = \?2/s,
			/^INSERT OR IGNORE INTO inbox .*SELECT \?1, \?2, \?3, \?4, \?5, \?6 WHERE NOT EXISTS \(SELECT 1 FROM notifications/s,
			/^DELETE FROM notifications WHERE user_id = \?1/
		])
			expect(touching.some((s) => kind.test(s.sql)), String(kind)).toBe(true);

		const scans: string[] = [];
		for (const s of touching) {
			const plan = (await DB.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).bind(...s.binds).all<{ detail: string }>()).results.map((r) => r.detail);
			// `n` is notifications' alias in delivery.ts (and notification_prefs' in room-entry.ts, found by its key).
			const onNotifications = plan.filter((d) => /^(SCAN|SEARCH) (notifications|n)\b/.test(d));
			expect(onNotifications.length, s.sql).toBeGreaterThan(0);
			for (const d of onNotifications) if (!/^SEARCH /.test(d)) scans.push(`${d}  ←  ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
			for (const d of onNotifications.filter((d) => /^SEARCH notifications\b/.test(d)))
				expect(d, s.sql).toMatch(/USING (PRIMARY KEY|(COVERING )?INDEX notifications_(pending|digest)_idx) \(/);
		}
		expect(scans).toEqual([]);
	});
});
