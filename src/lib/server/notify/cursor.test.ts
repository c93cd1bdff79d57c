// The lazy cursor's timing (issue 33, cursor.ts) over a fake D1 that records what it is told:
// nothing written per batch, due a minute after the memory got ahead or 200 events on, written at
// once when the clock goes back, never lowered, and a new memory starts from D1's row.
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { PostmanCursor, WRITE_AFTER_EVENTS, WRITE_EVERY_MS } from './cursor';

function fakeDb(seq: number | null) {
	const writes: number[] = [];
	const db = {
		prepare: (sql: string) => ({
			first: async () => (seq === null ? null : { seq }),
			bind: (v: number) => ({
				run: async () => {
					expect(sql).toMatch(/MAX\(seq, excluded\.seq\)/);
					writes.push(v);
				}
			})
		})
	} as unknown as D1Database;
	return { db, writes };
}

describe('PostmanCursor', () => {
	it('starts from D1’s row, or 0 without one', async () => {
		expect(await new PostmanCursor().from(fakeDb(41).db)).toBe(41);
		expect(await new PostmanCursor().from(fakeDb(null).db)).toBe(0);
	});

	it('moves in memory and is due a minute after it first got ahead, not before', async () => {
		const { db, writes } = fakeDb(10);
		const c = new PostmanCursor();
		await c.from(db);
		expect(c.due(1000, 1)).toBe(false);
		c.moved(11, 1, 1000, false);
		c.moved(12, 1, 30_000, false);
		expect(await c.from(db)).toBe(12);
		expect(c.dueAt()).toBe(1000 + WRITE_EVERY_MS);
		expect(await c.flush(db, 1000 + WRITE_EVERY_MS - 1)).toBe(false);
		expect(c.due(1000 + WRITE_EVERY_MS, 1)).toBe(true);
		expect(await c.flush(db, 1000 + WRITE_EVERY_MS)).toBe(true);
		expect(writes).toEqual([12]);
		expect(c.state()).toEqual({ seq: 12, stored: 12, unwritten: 0 });
		expect(c.dueAt()).toBeNull();
		// Nothing ahead: nothing to write, however late.
		expect(await c.flush(db, 10 * WRITE_EVERY_MS)).toBe(false);
	});

	it('is due after WRITE_AFTER_EVENTS events, and a write riding in a batch clears it', async () => {
		const { db } = fakeDb(0);
		const c = new PostmanCursor();
		await c.from(db);
		c.moved(WRITE_AFTER_EVENTS - 1, WRITE_AFTER_EVENTS - 1, 5, false);
		expect(c.due(6)).toBe(false);
		expect(c.due(6, 1)).toBe(true);
		c.moved(WRITE_AFTER_EVENTS, 1, 6, true);
		expect(c.state()).toEqual({ seq: WRITE_AFTER_EVENTS, stored: WRITE_AFTER_EVENTS, unwritten: 0 });
		expect(c.dueAt()).toBeNull();
	});

	it('writes at once when the clock went back (a fixed test time, then the real one), and with force', async () => {
		const { db, writes } = fakeDb(0);
		const c = new PostmanCursor();
		await c.from(db);
		c.moved(3, 3, 2_000_000, false);
		expect(await c.flush(db, 1_000_000)).toBe(true);
		c.moved(4, 1, 1_000_001, false);
		expect(await c.flush(db, 1_000_002, true)).toBe(true);
		expect(writes).toEqual([3, 4]);
	});

	it('a new memory (a restart) starts from D1’s row again, behind the old one’s', async () => {
		const { db } = fakeDb(10);
		const c = new PostmanCursor();
		await c.from(db);
		c.moved(15, 5, 0, false);
		expect(await new PostmanCursor().from(db)).toBe(10);
	});
});
