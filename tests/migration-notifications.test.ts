// Issue 33, migration 0020: `notifications` rebuilt WITHOUT ROWID, keyed (user_id, channel, status,
// id), with partial indexes for the pending and the digest rows. The worker tests apply every
// migration to an empty D1, so here the migrations up to 0019 build a database in SQLite
// (node:sqlite), deliveries are written the old way — one due, one held by a sender that died, one
// sent long ago, one waiting for its digest —, 0020 runs, and then: every row is there unchanged,
// and the postman's own code (delivery.ts, over a small D1 stand-in) sends each due one exactly
// once, leaves the sent one alone, and sends the digest at its time, not at once.
import { DatabaseSync } from 'node:sqlite';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { deliverDigests, deliverDue, fanOut, nextWake, type Senders } from '$lib/server/notify/delivery';
import type { ChannelSender } from '$lib/server/notify/types';

const dir = fileURLToPath(new URL('../migrations/', import.meta.url));
const files = readdirSync(dir).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();

function apply(db: DatabaseSync, file: string) {
	for (const statement of readFileSync(dir + file, 'utf8').split('--> statement-breakpoint')) if (statement.trim()) db.exec(statement);
}

type Bind = null | number | string;

/** The part of D1's API delivery.ts uses, over node:sqlite (a batch is one transaction, as in D1). */
function d1(db: DatabaseSync): D1Database {
	const statement = (sql: string, binds: Bind[] = []) => ({
		sql,
		bind: (...b: Bind[]) => statement(sql, b),
		first: async () => db.prepare(sql).get(...binds) ?? null,
		all: async () => ({ results: db.prepare(sql).all(...binds), meta: {} }),
		run: async () => ({ results: [], meta: { changes: Number(db.prepare(sql).run(...binds).changes) } })
	});
	type Statement = ReturnType<typeof statement>;
	return {
		prepare: (sql: string) => statement(sql),
		batch: async (stmts: Statement[]) => {
			db.exec('BEGIN');
			try {
				const out = [];
				for (const s of stmts) out.push(/^\s*SELECT/i.test(s.sql) ? await s.all() : await s.run());
				db.exec('COMMIT');
				return out;
			} catch (e) {
				db.exec('ROLLBACK');
				throw e;
			}
		}
	} as unknown as D1Database;
}

function capture() {
	const sent: { channel: string; to: string; id: string }[] = [];
	const make = (channel: string): ChannelSender => ({
		async send(to, _msg, ctx) {
			sent.push({ channel, to: to.id, id: ctx.notificationId });
		}
	});
	return { sent, senders: { inapp: make('inapp'), email: make('email'), push: make('push'), webhook: make('webhook') } as Senders };
}

const T = Date.parse('2034-06-01T09:00:00Z');
const MIN = 60_000;
const DIGEST_DUE = Date.parse('2034-06-02T08:00:00Z');

describe('migration 0020: notifications WITHOUT ROWID, keyed by user', () => {
	it('keeps every row, and the postman still sends each due one exactly once and the digest at its time', async () => {
		const db = new DatabaseSync(':memory:');
		const at = files.indexOf(files.find((f) => f.startsWith('0020_'))!);
		expect(at).toBeGreaterThan(0);
		for (const f of files.slice(0, at)) apply(db, f);

		// A user with a verified address (each turn at once) and a webhook (a daily digest), nothing else; a game where they are awaited.
		db.exec(`INSERT INTO users (id, username, username_key, email, email_verified_at, password_hash, created_at, webhook_url, grace_minutes)
			VALUES ('u1', 'Ann', 'ann', 'ann@example.com', 1, 'x', 0, 'https://hooks.example/x', 0)`);
		db.exec(`INSERT INTO notification_prefs (user_id, channel, mode) VALUES ('u1', 'inapp', 'off'), ('u1', 'push', 'off'), ('u1', 'webhook', 'digest')`);
		db.prepare(
			`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at)
			 VALUES ('g1', 'giants', 'active', 'public', 'u1', '{}', 3, '3d', 'x@1', 7, '[0]', ?, 0, 0)`
		).run(JSON.stringify([[T - 10 * MIN, null]]));
		db.exec(`INSERT INTO seats (game_id, user_id, seat, version, joined_at) VALUES ('g1', 'u1', 0, 7, 0)`);
		const data = (version: number) => JSON.stringify({ gameId: 'g1', kind: 'giants', version, seat: 0, round: 2, phase: 'place', names: ['Ann', 'Ben'], since: [], deadline: null, hoursLeft: 4 });
		const events: [string, string, number, number][] = [
			['g1:3:turn:0', 'turn', 3, T - 60 * MIN],
			['g1:5:turn:0', 'turn', 5, T - 10 * MIN],
			['g1:6:reminder:0', 'reminder', 6, T - 5 * MIN]
		];
		events.forEach(([id, kind, version, createdAt], i) =>
			db.prepare(`INSERT INTO notification_events (seq, id, user_id, game_id, kind, version, game_open, data, created_at) VALUES (?, ?, 'u1', 'g1', ?, ?, 0, ?, ?)`).run(i + 1, id, kind, version, data(version), createdAt)
		);
		db.exec(`INSERT OR REPLACE INTO postman_cursor (id, seq) VALUES (1, ${events.length})`);
		const insert = db.prepare(
			`INSERT INTO notifications (id, event_id, user_id, channel, status, attempts, next_attempt_at, claim, claimed_until, last_error, created_at, sent_at, merged_into)
			 VALUES (?, ?, 'u1', ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`
		);
		// Everything fan-out gave these events, the old way: an email sent an hour ago; one due now; a
		// reminder's email sent and its webhook held by a sender that died (the claim expires in 2
		// minutes); two turns waiting for the webhook's digest (dated by fan-out, as before 0020).
		insert.run('g1:3:turn:0:email', 'g1:3:turn:0', 'email', 'sent', 0, T - 60 * MIN, null, null, null, T - 60 * MIN, T - 59 * MIN);
		insert.run('g1:3:turn:0:webhook', 'g1:3:turn:0', 'webhook', 'digest', 0, T - 60 * MIN, null, null, null, T - 60 * MIN, null);
		insert.run('g1:5:turn:0:email', 'g1:5:turn:0', 'email', 'pending', 0, T - 10 * MIN, null, null, null, T - 10 * MIN, null);
		insert.run('g1:5:turn:0:webhook', 'g1:5:turn:0', 'webhook', 'digest', 0, T - 10 * MIN, null, null, null, T - 10 * MIN, null);
		insert.run('g1:6:reminder:0:email', 'g1:6:reminder:0', 'email', 'sent', 0, T - 5 * MIN, null, null, null, T - 5 * MIN, T - 5 * MIN);
		insert.run('g1:6:reminder:0:webhook', 'g1:6:reminder:0', 'webhook', 'pending', 1, T - 4 * MIN, 'dead', T + 2 * MIN, 'Error: down', T - 5 * MIN, null);
		const all = () => db.prepare('SELECT * FROM notifications ORDER BY id').all();
		const before = all();

		apply(db, files[at]);

		expect(all()).toEqual(before);
		const table = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'notifications'`).get() as { sql: string };
		expect(table.sql).toMatch(/PRIMARY KEY\(`user_id`, `channel`, `status`, `id`\)\s*\) WITHOUT ROWID/);
		const indexes = (db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notifications'`).all() as { name: string; sql: string | null }[]).map((i) => i.name).sort();
		// The key is the table itself (no autoindex); no index on status or user.
		expect(indexes).toEqual(['notifications_digest_idx', 'notifications_pending_idx']);

		const D = d1(db);
		const { sent, senders } = capture();
		// The due turn goes out once; the dead sender's reminder waits for its claim; the digest waits for 08:00.
		expect(await deliverDue(D, T, senders, 'https://rongo.test')).toBe(1);
		expect(sent).toEqual([{ channel: 'email', to: 'u1', id: 'g1:5:turn:0:email' }]);
		expect(await deliverDigests(D, T, senders, 'https://rongo.test')).toBe(DIGEST_DUE);
		expect(await nextWake(D, T, null)).toBe(T + 2 * MIN);
		// Every event read again (a postman with its cursor lost): not one delivery more, in any status.
		db.exec('DELETE FROM postman_cursor');
		await fanOut(D, T + MIN, 'https://rongo.test');
		expect((db.prepare('SELECT COUNT(*) AS n FROM notifications').get() as { n: number }).n).toBe(6);
		expect(await deliverDue(D, T + MIN, senders, 'https://rongo.test')).toBe(0);
		expect(await deliverDue(D, T + 3 * MIN, senders, 'https://rongo.test')).toBe(1);
		expect(sent.map((s) => s.id)).toEqual(['g1:5:turn:0:email', 'g1:6:reminder:0:webhook']);
		// The digest: not before its time on the user's clock, then once, with both turns.
		expect(await nextWake(D, T + 3 * MIN, null)).toBe(DIGEST_DUE);
		await deliverDigests(D, DIGEST_DUE - 1, senders, 'https://rongo.test');
		expect(sent).toHaveLength(2);
		await deliverDigests(D, DIGEST_DUE, senders, 'https://rongo.test');
		await deliverDigests(D, DIGEST_DUE + MIN, senders, 'https://rongo.test');
		expect(sent.map((s) => s.channel)).toEqual(['email', 'webhook', 'webhook']);
		const status = (db.prepare('SELECT id, status FROM notifications ORDER BY id').all() as { id: string; status: string }[]).map((r) => `${r.id} ${r.status}`);
		expect(status).toEqual([
			'g1:3:turn:0:email sent',
			'g1:3:turn:0:webhook sent',
			'g1:5:turn:0:email sent',
			'g1:5:turn:0:webhook sent',
			'g1:6:reminder:0:email sent',
			'g1:6:reminder:0:webhook sent'
		]);
		expect(await nextWake(D, DIGEST_DUE + MIN, null)).toBeNull();
	});
});
