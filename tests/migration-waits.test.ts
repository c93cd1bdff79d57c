// Issue 33, migration 0018: each seat's wait moves from the seat rows into the game row. The worker
// tests apply every migration to an empty D1, so the backfill would run on no rows there; here the
// migrations up to 0016 build a database in SQLite (node:sqlite), running games are written the old
// way, and after 0018 each game's `waits` is exactly what the room's flush writes for the same
// seats from then on (room/outbox.ts `waitsOf`) — so the first flush after the migration changes
// nothing but what the move changed, and "your turn" reads the same games as before.
import { DatabaseSync } from 'node:sqlite';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitsOf } from '$lib/server/room/outbox';
import { MY_GAMES_SQL } from '$lib/server/games';

const dir = fileURLToPath(new URL('../migrations/', import.meta.url));
const files = readdirSync(dir).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();

function apply(db: DatabaseSync, file: string) {
	for (const statement of readFileSync(dir + file, 'utf8').split('--> statement-breakpoint')) if (statement.trim()) db.exec(statement);
}

type Seat = { seat: number; waitingSince: number | null; deadline: number | null };

describe('migration 0018: the seats\' waits into the game row', () => {
	it('backfills every running game as the flush writes it, leaves the others at [], and drops the seat columns', () => {
		const db = new DatabaseSync(':memory:');
		const at = files.indexOf(files.find((f) => f.startsWith('0018_'))!);
		expect(at).toBeGreaterThan(0);
		for (const f of files.slice(0, at)) apply(db, f);

		const games: { id: string; status: string; seats: Seat[] }[] = [
			{ id: 'g-last-seat', status: 'active', seats: [{ seat: 0, waitingSince: null, deadline: null }, { seat: 1, waitingSince: null, deadline: null }, { seat: 2, waitingSince: 100, deadline: 200 }] },
			{ id: 'g-two-no-clock', status: 'active', seats: [{ seat: 1, waitingSince: 7, deadline: 9 }, { seat: 0, waitingSince: 5, deadline: null }] },
			{ id: 'g-nobody', status: 'active', seats: [{ seat: 0, waitingSince: null, deadline: null }] },
			// A finished game's stale wait (never read: its status is not 'active') is not carried over.
			{ id: 'g-finished', status: 'finished', seats: [{ seat: 0, waitingSince: 5, deadline: 6 }] },
			{ id: 'g-waiting', status: 'waiting', seats: [] }
		];
		for (const g of games) {
			db.prepare(
				`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, created_at, updated_at) VALUES (?, 'k', ?, 'public', 'u0', '{}', 3, '3d', 'x', 5, '[]', 0, 0)`
			).run(g.id, g.status);
			for (const s of g.seats)
				db.prepare(`INSERT INTO seats (game_id, user_id, seat, version, joined_at, waiting_since, deadline, status, updated_at) VALUES (?, ?, ?, 5, 0, ?, ?, ?, 0)`).run(
					g.id, `u${s.seat}`, s.seat, s.waitingSince, s.deadline, g.status
				);
		}

		apply(db, files[at]);

		const waits = Object.fromEntries((db.prepare('SELECT id, waits FROM games').all() as { id: string; waits: string }[]).map((r) => [r.id, r.waits]));
		const flushed = (seats: Seat[]) => waitsOf(seats.map((s) => ({ ...s, userId: `u${s.seat}`, colour: null, score: null, winner: null, joinedAt: 0 })));
		expect(waits).toEqual({
			'g-last-seat': flushed(games[0].seats),
			'g-two-no-clock': flushed(games[1].seats),
			'g-nobody': '[]',
			'g-finished': '[]',
			'g-waiting': '[]'
		});
		expect(waits['g-two-no-clock']).toBe('[[5,null],[7,9]]');
		const columns = (db.prepare('PRAGMA table_info(seats)').all() as { name: string }[]).map((c) => c.name);
		expect(columns).not.toContain('waiting_since');
		expect(columns).not.toContain('deadline');

		// "Your turn" of u1, oldest first, and of u2: read from the game rows now.
		const turn = (user: string) => (db.prepare(MY_GAMES_SQL.turn).all(user, 200) as { id: string; my_waiting_since: number; my_deadline: number | null; user_id: string }[])
			.filter((r) => r.user_id === user)
			.map((r) => [r.id, r.my_waiting_since, r.my_deadline]);
		expect(turn('u1')).toEqual([['g-two-no-clock', 7, 9]]);
		expect(turn('u0')).toEqual([['g-two-no-clock', 5, null]]);
		expect(turn('u2')).toEqual([['g-last-seat', 100, 200]]);
	});
});
