/**
 * The room's writer to D1: the newest outbox row and the pending notification events, one batch at a
 * time (outbox.ts says why this can neither duplicate nor roll back anything). A failed write is
 * retried from the room's alarm with backoff; events leave the room's storage only once D1 has them.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import type { D1Payload } from '$lib/protocol/room';
import { backoffMs, chatStatements } from './outbox';
import type { ChatMarks } from './chat';
import { TOMBSTONE_PREFIX } from '$lib/protocol/people';
import { flushBatch } from '$lib/server/people/ratings';
import type { RoomStore } from './storage';

/** Notification events written per D1 batch. */
const EVENTS_PER_FLUSH = 50;

/** The Postman Durable Object's RPC (reached only if bound). */
type PostmanNs = { get(id: unknown): { kick(): Promise<void> }; idFromName(name: string): unknown };

export interface FlusherHost {
	readonly ctx: DurableObjectState;
	readonly env: Env;
	readonly store: RoomStore;
	gameId(): string | undefined;
	now(): number;
	armAlarm(at: number): Promise<void>;
	/** Table talk's D1 figures (chat.ts); absent in rooms without it. */
	chat?: { dirty(): boolean; marks(): ChatMarks | null; flushed(changed: number): void };
}

export class Flusher {
	private flushing: Promise<void> | null = null;
	private again = false;
	/** When a failed flush is retried (room time), for re-arming the alarm after it ran. */
	retryAt: number | null = null;

	constructor(private readonly room: FlusherHost) {}

	/** Anything waiting for D1? */
	pending(): boolean {
		return this.room.store.outboxSize() > 0 || this.room.store.eventsSize() > 0 || !!this.room.chat?.dirty();
	}

	/** Flushes serially: one D1 batch at a time; changes during a flush trigger one more round. Never rejects. */
	flush(): Promise<void> {
		if (this.flushing) {
			this.again = true;
			return this.flushing;
		}
		this.flushing = (async () => {
			do {
				this.again = false;
				if (!(await this.once())) break;
			} while (this.again);
		})().finally(() => {
			this.flushing = null;
		});
		return this.flushing;
	}

	/** One batch; false (and a retry alarm with backoff) on failure. */
	private async once(): Promise<boolean> {
		const { store, env, ctx } = this.room;
		const row = store.newestOutbox();
		const events = store.pendingEvents(EVENTS_PER_FLUSH);
		const chatDirty = !!this.room.chat?.dirty();
		if (!row && events.length === 0 && !chatDirty) return true;
		const chat = chatDirty ? (this.room.chat?.marks() ?? null) : null;
		const gameId = this.room.gameId();
		try {
			const seam = store.counter('failD1');
			if (seam > 0) {
				store.setCounter('failD1', seam - 1);
				throw new Error('test seam: D1 write refused');
			}
			const payload = row ? (JSON.parse(row.payload) as D1Payload) : null;
			// The game's rows, events and chat marks, and for a normal end its ratings (issue 15, people/ratings.ts).
			await flushBatch(env.DB, payload, events, this.room.now(), gameId ? chatStatements(env.DB, gameId, chat) : []);
			ctx.storage.transactionSync(() => {
				if (row) store.clearOutbox(row.version);
				if (chat) this.room.chat!.flushed(chat.changed);
				store.deleteEvents(events.map((e) => e.id));
				store.setCounter('flushFailures', 0);
			});
			this.retryAt = null;
			if (payload) this.tellHubs(payload);
			if (events.length) {
				if (store.eventsSize() > 0) this.again = true;
				this.kickPostman();
			}
			return true;
		} catch (e) {
			const failures = store.counter('flushFailures') + 1;
			store.setCounter('flushFailures', failures);
			const delay = backoffMs(failures);
			console.error(`GameRoom ${this.room.gameId()}: D1 write of version ${row?.version ?? '(events)'} failed (${failures}x), retry in ${delay} ms: ${(e as Error).message}`);
			this.retryAt = this.room.now() + delay;
			await this.room.armAlarm(this.retryAt);
			return false;
		}
	}

	/**
	 * D1 has a new version of the game: its players' open lists load again (UserHub.gameChanged, issue
	 * 12: an open "My games" showed the live badge change but not the list). Never blocks the flush.
	 */
	private tellHubs(p: D1Payload): void {
		const hubs = this.room.env.USER_HUB;
		if (!hubs) return;
		for (const { userId } of p.seats) {
			if (userId.startsWith(TOMBSTONE_PREFIX)) continue; // a deleted player (issue 15) has no hub
			try {
				void hubs
					.get(hubs.idFromName(userId))
					.gameChanged(p.game.id, p.game.version)
					.catch(() => {});
			} catch {
				/* the list catches up on its next load */
			}
		}
	}

	/** New events are in D1: the postman fans them out now rather than at its next round. Never blocks the flush. */
	private kickPostman(): void {
		const ns = (this.room.env as unknown as { POSTMAN?: PostmanNs }).POSTMAN;
		if (!ns) return;
		try {
			void ns.get(ns.idFromName('postman')).kick().catch((e: unknown) => console.error(`postman kick failed: ${(e as Error).message}`));
		} catch (e) {
			console.error(`postman kick failed: ${(e as Error).message}`);
		}
	}
}
