/**
 * The one postman (`idFromName('postman')`): fans notification events out and delivers them
 * (delivery.ts), then sets its alarm to the next due delivery, retry or digest. A GameRoom kicks it
 * after each flush that wrote events; the Worker's cron trigger kicks it every few minutes as a
 * backstop. Runs never overlap inside this object, and the claims in delivery.ts make even two
 * postmen (or a run that is retried) send each delivery once.
 * Issue 33: it keeps fan-out's cursor in memory (cursor.ts) and writes D1's copy only when due, in
 * the batch that makes it due or on its own, and keeps its alarm no later than that while the
 * memory is ahead; a new instance (deployed, evicted) starts from D1's and reads a few events again.
 * Exported from src/worker.ts only (imports `cloudflare:workers`).
 */
import { testSeams } from '../dev';
import { DurableObject } from 'cloudflare:workers';
import { deliverDigests, deliverDue, fanOut, nextWake } from './delivery';
import { makeSenders } from './channels';
import { PostmanCursor } from './cursor';
import { announceUnread } from './inapp';

/** Look again at least this often, whatever the queue says (a cheap backstop). */
const IDLE_MS = 15 * 60_000;

export class Postman extends DurableObject<Env> {
	private running: Promise<void> | null = null;
	private again = false;
	/** Test seam: a fixed "now" (ROOM_TEST_SEAMS only). */
	private fixedNow: number | null = null;
	/** Test seam: the next n sends of a channel fail. */
	private failures: Record<string, number> = {};
	/** How far fan-out has read: in memory, D1's copy written lazily (cursor.ts). */
	private cursor = new PostmanCursor();

	private now(): number {
		return this.fixedNow ?? Date.now();
	}

	/** Deliver what is due now (the rooms and the cron trigger call this). */
	async kick(): Promise<void> {
		await this.run();
	}

	async alarm(): Promise<void> {
		await this.run();
	}

	private run(): Promise<void> {
		if (this.running) {
			this.again = true;
			return this.running;
		}
		this.running = (async () => {
			try {
				do {
					this.again = false;
					await this.once();
				} while (this.again);
			} finally {
				this.running = null;
			}
		})();
		return this.running;
	}

	private async once(): Promise<void> {
		const db = this.env.DB;
		const now = this.now();
		const origin = (this.env.ORIGIN ?? 'http://localhost:8787').replace(/\/$/, '');
		const senders = makeSenders(this.env, this.failures);
		const announce = (users: string[]) => Promise.all(users.map((u) => announceUnread(this.env, u)));
		while ((await fanOut(db, now, origin, announce, this.cursor)) > 0) {
			/* a burst of events: fan all of them out first */
		}
		// Due with no batch to ride in (a minute since the memory got ahead): on its own.
		await this.cursor.flush(db, now);
		while ((await deliverDue(db, now, senders, origin)) > 0) {
			/* more may be due */
		}
		const digest = await deliverDigests(db, now, senders, origin);
		const wake = (await nextWake(db, now, digest)) ?? now + IDLE_MS;
		if (this.fixedNow === null) {
			// While the memory is ahead of D1, wake no later than its cursor falls due: it is written within
			// a minute even if nothing else comes, not left to an instance that may be gone by then.
			const at = Math.max(Date.now() + 1000, Math.min(wake, now + IDLE_MS, this.cursor.dueAt() ?? Infinity));
			// An alarm set is a row written (issue 33): one already due no later, and not before the
			// new time's second, stays — it finds what is due when it fires.
			const set = await this.ctx.storage.getAlarm();
			if (set === null || set > at || set < Date.now()) await this.ctx.storage.setAlarm(at);
		}
	}

	// ---- test seams (ROOM_TEST_SEAMS only) ------------------------------------------------------

	/** Runs once as if it were `now` (null: the real clock again). */
	async runAt(now: number | null): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.fixedNow = now;
		if (now !== null) await this.run();
		return true;
	}

	/**
	 * A restart: the cursor in memory is forgotten (as when the object is evicted or deployed anew), or
	 * first written to D1 with `{ save: true }` (as before going idle). Answers the cursor as it was.
	 */
	async restart(o: { save?: boolean } = {}): Promise<ReturnType<PostmanCursor['state']> | false> {
		if (!testSeams(this.env)) return false;
		const was = this.cursor.state();
		if (o.save) await this.cursor.flush(this.env.DB, this.now(), true);
		this.cursor = new PostmanCursor();
		return was;
	}

	/** The cursor: in memory, and D1's as far as this object knows. */
	async cursorState(): Promise<ReturnType<PostmanCursor['state']> | false> {
		if (!testSeams(this.env)) return false;
		return this.cursor.state();
	}

	/** The next `n` sends on `channel` throw, as a failing mail server or push service would. */
	async failNext(channel: string, n: number): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.failures[channel] = n;
		return true;
	}
}
