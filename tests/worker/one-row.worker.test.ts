// Issue 33 (docs/api.md "Consistency"): a move is one row in the room — it carries the meta, the
// clocks and the events it caused, and there is no move-id index — and everything that held before
// still holds: a reloaded room equals the live one, a retry is found however late it comes, D1 gets
// every move's events once, also when the room restarts between its commit and its write to D1.
// Real workerd, real Durable Object storage, the local D1; the test-only Take-away kind.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '$lib/engine';
import type { RoomView } from '$lib/protocol/room';
import { GameRoom } from '$lib/server/room/GameRoom';
import type { TakeawayView } from '../games/takeaway/kind';
import { call, room, takeawayGame } from './room-helpers';

type View = RoomView<TakeawayView>;
const take = (n: number) => ({ type: 'take', n });

async function started(stones = 30) {
	const { id, bySeat } = await takeawayGame(['oa', 'ob'], stones);
	return { id, bySeat };
}

/** One move by whoever is awaited; answers the HTTP status and the version it was played on. */
async function step(id: string, bySeat: Awaited<ReturnType<typeof started>>['bySeat'], moveId: string) {
	const v = (await call(bySeat[0], 'GET', `/api/games/${id}`)).json as View;
	const mover = bySeat[v.activeSeats[0]];
	const r = await call(mover, 'POST', `/api/games/${id}/moves`, { moveId, move: take(1), expectedVersion: v.version });
	return { status: r.status, json: r.json, from: v.version, mover };
}

/**
 * The game's events as D1 holds them. These players have the in-app channel alone, so since issue 33
 * an event reaches D1 as its in-app entry, written by the room (notify/room-entry.ts), and as no
 * event row: the entries, by event id and version, and any event rows besides (none expected).
 */
const d1Events = async (id: string) => {
	const [entries, rows] = await env.DB.batch([
		env.DB.prepare("SELECT substr(id, 1, length(id) - 6) AS id, json_extract(data, '$.event.version') AS version FROM inbox WHERE game_id = ? ORDER BY version, id").bind(id),
		env.DB.prepare('SELECT id, version FROM notification_events WHERE game_id = ? ORDER BY version, id').bind(id)
	]);
	return [...(entries.results as { id: string; version: number }[]), ...(rows.results as { id: string; version: number }[])];
};
const d1Version = async (id: string) => (await env.DB.prepare('SELECT version FROM games WHERE id = ?').bind(id).first<{ version: number }>())!.version;

describe('a move is one row (issue 33)', () => {
	it('the move row carries the meta, clocks and events; the meta and timers rows stay as the start left them; a fresh room equals the live one', async () => {
		const { id, bySeat } = await started();
		for (let i = 0; i < 5; i++) expect((await step(id, bySeat, `m${i}`)).status).toBe(200);
		const got = await runInDurableObject(room(id), async (live: GameRoom, state) => {
			const sql = state.storage.sql;
			const metaRow = JSON.parse(sql.exec<{ data: string }>('SELECT data FROM meta WHERE id = 1').one().data) as { version: number };
			const timersRow = sql.exec<{ version: number }>('SELECT version FROM timers WHERE id = 1').one();
			const rows = sql.exec<{ version: number; meta: string | null; timers: string | null; events: string | null; d1: number | null }>('SELECT version, meta, timers, events, d1 FROM moves ORDER BY version').toArray();
			const indexes = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'moves'").toArray();
			const outbox = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM outbox').one().n;
			const pending = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM events').one().n;
			const fresh = new GameRoom(state, env);
			await fresh.view(null);
			return {
				metaRow: metaRow.version, timersRow: timersRow.version, rows, indexes: indexes.length, outbox, pending,
				version: live.meta!.version,
				headMeta: jsonEqual(live.store.head().meta, live.meta), headTimers: jsonEqual(live.store.head().timers, live.core.timers),
				fresh: jsonEqual(fresh.state, live.state) && jsonEqual(fresh.meta, live.meta) && jsonEqual(fresh.core.timers, live.core.timers)
			};
		});
		expect(got.rows).toHaveLength(5);
		// The start's rows: moves did not rewrite them.
		expect(got.metaRow).toBe(got.version - 5);
		expect(got.timersRow).toBe(got.version - 5);
		for (const r of got.rows) {
			expect(JSON.parse(r.meta!).version).toBe(r.version);
			expect(JSON.parse(r.timers!).seats).toHaveLength(2);
			// Each move of Take-away hands the turn over: a "your turn" to the other seat, in the move's row.
			expect(JSON.parse(r.events!).map((e: { kind: string }) => e.kind)).toEqual(['turn']);
			// Each was written after D1 had the one before (a move is answered after its D1 write).
			expect(r.d1).toBe(r.version - 1);
		}
		expect(got).toMatchObject({ indexes: 0, outbox: 0, pending: 0, headMeta: true, headTimers: true, fresh: true });
		// D1 holds the newest version and every move's event once.
		expect(await d1Version(id)).toBe(got.version);
		const events = await d1Events(id);
		expect(events.filter((e) => e.version > got.version - 5)).toHaveLength(5);
	});

	it('a retry is recognised however late it comes (its expectedVersion finds its row); the same id for another move is refused', async () => {
		const { id, bySeat } = await started();
		const first = await step(id, bySeat, 'early');
		expect(first.status).toBe(200);
		for (let i = 0; i < 8; i++) expect((await step(id, bySeat, `later${i}`)).status).toBe(200);
		const before = ((await call(bySeat[0], 'GET', `/api/games/${id}`)).json as View).version;
		const again = await call(first.mover, 'POST', `/api/games/${id}/moves`, { moveId: 'early', move: take(1), expectedVersion: first.from });
		expect(again).toMatchObject({ status: 200, json: { version: first.from + 1, duplicate: true } });
		// Without expectedVersion the log is searched: still the same answer.
		const bare = await call(first.mover, 'POST', `/api/games/${id}/moves`, { moveId: 'early', move: take(1) });
		expect(bare).toMatchObject({ status: 200, json: { version: first.from + 1, duplicate: true } });
		expect(await call(first.mover, 'POST', `/api/games/${id}/moves`, { moveId: 'early', move: take(2), expectedVersion: first.from })).toMatchObject({ status: 409, json: { code: 'MOVE_ID_REUSED' } });
		// An old expectedVersion with a new id is stale, not a duplicate.
		expect(await call(first.mover, 'POST', `/api/games/${id}/moves`, { moveId: 'fresh', move: take(1), expectedVersion: first.from })).toMatchObject({ status: 409, json: { code: 'STALE_VERSION' } });
		expect(((await call(bySeat[0], 'GET', `/api/games/${id}`)).json as View).version).toBe(before);
	});

	it('a room that restarts after its commit and before its write to D1 writes the game and the moves\' events when it loads — each event once', async () => {
		const { id, bySeat } = await started();
		expect((await step(id, bySeat, 'a')).status).toBe(200);
		const stub = room(id);
		// The next move's D1 write fails (as if the room went away before it): the move is durable.
		expect(await stub.failNextD1Writes(1)).toBe(true);
		const m = await step(id, bySeat, 'b');
		expect(m.status).toBe(200);
		expect(await d1Version(id)).toBe(m.from);
		const before = await d1Events(id);
		// A new instance over the same storage (its cursor from the newest move row, its retry alarm not
		// run): loading sends what D1 may lack.
		const loaded = await runInDurableObject(stub, async (_live: GameRoom, state) => {
			// Its retry alarm is not what writes it here.
			await state.storage.deleteAlarm();
			expect(await d1Version(id)).toBe(m.from);
			const fresh = new GameRoom(state, env);
			await fresh.view(null);
			await fresh.flush();
			return fresh.meta!.version;
		});
		expect(loaded).toBe(m.from + 1);
		expect(await d1Version(id)).toBe(m.from + 1);
		const after = await d1Events(id);
		expect(after.length).toBe(before.length + 1);
		expect(after.at(-1)!.version).toBe(m.from + 1);
		// Loading again sends the newest move's events again: D1 keeps one of each.
		await runInDurableObject(stub, async (_live: GameRoom, state) => {
			const fresh = new GameRoom(state, env);
			await fresh.view(null);
			await fresh.flush();
		});
		expect(await d1Events(id)).toEqual(after);
	});
});
