/**
 * The postman's cursor, kept lazily (issue 33, "a lazy cursor"): how far fan-out has read
 * `notification_events` lives in the Postman's memory and reaches D1 (`postman_cursor`, row 1) only
 * when it is due — written every batch it cost ~0.84 D1 rows per move in asynchronous play, where a
 * batch is about one event.
 *
 * Why D1 may lag: exactly once rests on the ids, not on the cursor (delivery.ts, at the top). A
 * Postman that restarts (deployed, evicted, crashed) reads D1's cursor and fans out again the
 * events after it; their deliveries and inbox entries are INSERT OR IGNORE by the same ids, and a
 * "your turn" is news only if the recipient's current wait began at or before it (delivery.ts
 * `isAwaited`), so a re-read adds nothing. D1's cursor only bounds how much is read again.
 *
 * When it is due — whichever comes first:
 * - WRITE_EVERY_MS after the memory first got ahead of D1: a restart re-reads at most about a
 *   minute of events (rows read, at a thousandth of the price of rows written; the inserts they
 *   repeat write nothing), and the cursor costs at most one row a minute however busy the site;
 * - WRITE_AFTER_EVENTS events ahead: a burst re-reads at most one fan-out batch (LIMIT 200);
 * - the clock went back (a test seam's fixed time followed by the real one): write rather than wait.
 * The Postman keeps its alarm no later than `dueAt()` while the memory is ahead, so the cursor
 * reaches D1 within a minute even when no other event comes — before the Postman goes idle.
 * A due write rides in the fan-out batch that makes it due (atomic with those deliveries); a write
 * due with no batch to ride in is a statement of its own.
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

export const WRITE_EVERY_MS = 60_000;
export const WRITE_AFTER_EVENTS = 200;

/** Only ever raises D1's cursor (MAX): a postman behind another, or a late write, never lowers it. */
export function cursorWrite(db: D1Database, seq: number): D1PreparedStatement {
	return db.prepare('INSERT INTO postman_cursor (id, seq) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET seq = MAX(seq, excluded.seq)').bind(seq);
}

export class PostmanCursor {
	/** The highest seq fanned out; null until read from D1 (a new or restarted Postman). */
	private seq: number | null = null;
	/** What this postman last read from or wrote to D1. */
	private stored = 0;
	/** When the memory first got ahead of D1 (null: it is not). */
	private aheadSince: number | null = null;
	/** Events fanned out since D1's row was last written. */
	private unwritten = 0;

	/** The seq to read events after: D1's the first time, then the memory's. */
	async from(db: D1Database): Promise<number> {
		if (this.seq === null) {
			const row = await db.prepare('SELECT seq FROM postman_cursor WHERE id = 1').first<{ seq: number }>();
			this.seq = this.stored = row?.seq ?? 0;
		}
		return this.seq;
	}

	/** Would D1's row be due if `events` more were fanned out at `now`? */
	due(now: number, events = 0): boolean {
		if (this.seq === null || this.seq + events <= this.stored) return false;
		if (this.unwritten + events >= WRITE_AFTER_EVENTS) return true;
		const since = this.aheadSince ?? now;
		return now - since >= WRITE_EVERY_MS || now < since;
	}

	/** A batch fanned out `events` events up to `to` (call only after it succeeded); `written`: D1's row rode in it. */
	moved(to: number, events: number, now: number, written: boolean): void {
		this.seq = Math.max(this.seq ?? 0, to);
		if (written) this.wrote(to);
		else {
			this.unwritten += events;
			this.aheadSince ??= now;
		}
	}

	/** Writes D1's row if it is due at `now` (or whenever the memory is ahead, with `force`). */
	async flush(db: D1Database, now: number, force = false): Promise<boolean> {
		if (this.seq === null || this.seq <= this.stored || !(force || this.due(now))) return false;
		const seq = this.seq;
		await cursorWrite(db, seq).run();
		this.wrote(seq);
		return true;
	}

	/** When D1's row falls due by time (null: the memory is not ahead). */
	dueAt(): number | null {
		return this.aheadSince === null ? null : this.aheadSince + WRITE_EVERY_MS;
	}

	/** For the tests: the memory and what D1 holds as far as this postman knows. */
	state(): { seq: number | null; stored: number; unwritten: number } {
		return { seq: this.seq, stored: this.stored, unwritten: this.unwritten };
	}

	private wrote(seq: number): void {
		this.stored = Math.max(this.stored, seq);
		if (this.seq !== null && this.seq <= this.stored) {
			this.aheadSince = null;
			this.unwritten = 0;
		}
	}
}
