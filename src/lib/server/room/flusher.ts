/**
 * The room's writer to D1, one batch at a time (outbox.ts says why this can neither duplicate nor
 * roll back anything): the game's rows as the room holds them now, when D1 may lack its version, and
 * the notification events D1 may lack — those of the moves after the D1 cursor (carried in the move
 * rows, issue 33) and the others' (a reminder, a lobby change: the `events` table). A failed write is
 * retried from the room's alarm with backoff; an event is sent until D1 has it (and D1 stores it
 * once, by its id), so none is lost and none is doubled. Issue 33: an event is written as its
 * in-app entry, and as an event row only if the postman may need it (notify/room-entry.ts); the
 * hubs of the users whose inbox grew are told here, and the postman is kicked only for event rows.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import type { D1Payload } from '$lib/protocol/room';
import type { NotifyEvent } from '$lib/server/notify/types';
import { backoffMs, chatStatements } from './outbox';
import { awaitedIn, eventWrites } from '$lib/server/notify/room-entry';
import type { ChatMarks } from './chat';
import { isPerson } from '$lib/protocol/people';
import { flushBatch } from '$lib/server/people/ratings';
import { advance } from '$lib/server/tournaments/tournaments';
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
	/** The game's version now, and its D1 rows as the room holds them (projection.ts d1Payload); null before a game exists. */
	head(): { version: number; payload: () => D1Payload } | null;
	/** Users whose lists changed since the last write (core.ts listNews): their hubs are told, then it is emptied. */
	listNews: Set<string>;
	/** The version up to which D1 is known to hold the game and the moves' events (core.ts d1Cursor). */
	cursor: { get(): number; set(version: number): void };
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
		const head = this.room.head();
		// No game here (an id never created): no tables, nothing owed.
		if (head === null) return false;
		return (
			this.room.store.outboxSize() > 0 ||
			this.room.store.eventsSize() > 0 ||
			!!this.room.chat?.dirty() ||
			this.room.cursor.get() < head.version
		);
	}

	private timer: ReturnType<typeof setTimeout> | null = null;

	/**
	 * A flush within `ms`, one for every change until then (a live table's moves). No alarm (issue 33: a
	 * row written per move): if the room goes away first, its players' sockets come back and the room
	 * writes the moves after its D1 cursor when it loads; a flush that fails sets its retry alarm.
	 */
	soon(ms: number): void {
		if (this.timer) return;
		this.timer = setTimeout(() => {
			this.timer = null;
			void this.flush();
		}, ms);
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

	/**
	 * A write of the caller's own, for a request answered only once D1 has its change (an away
	 * player's move, a bot's move after a standing answer or a queue change). It does not join a
	 * flush another request started: that promise belongs to the other request, and workerd cancels a
	 * request left waiting on another's I/O as hung (seen under load in the hostile tests). With one in
	 * flight it writes a batch of its own beside it — safe, as every flush is (outbox.ts: version-
	 * guarded rows, events stored once by their ids, the cursor only rising).
	 */
	async flushNow(): Promise<void> {
		if (!this.flushing) return this.flush();
		await this.once();
	}

	/** One batch; false (and a retry alarm with backoff) on failure. */
	private async once(): Promise<boolean> {
		const { store, env, ctx } = this.room;
		const head = this.room.head();
		if (head === null) return true; // no game here: no tables, nothing owed
		const cursor = this.room.cursor.get();
		const owed = store.outboxSize() > 0 || cursor < head.version;
		const tableEvents = store.pendingEvents(EVENTS_PER_FLUSH);
		const moveEvents = cursor < head.version ? store.moveEventsAfter(cursor, EVENTS_PER_FLUSH) : [];
		const chatDirty = !!this.room.chat?.dirty();
		if (!owed && tableEvents.length === 0 && moveEvents.length === 0 && !chatDirty) return true;
		const events: NotifyEvent[] = [...tableEvents, ...moveEvents.flatMap((m) => m.events)];
		// Every move up to here is covered, unless the events were cut at the limit (then one more round).
		const upTo = moveEvents.length === EVENTS_PER_FLUSH ? moveEvents.at(-1)!.version : head.version;
		const chat = chatDirty ? (this.room.chat?.marks() ?? null) : null;
		const gameId = this.room.gameId();
		const payload = owed ? head.payload() : null;
		try {
			const seam = store.counter('failD1');
			if (seam > 0) {
				store.setCounter('failD1', seam - 1);
				throw new Error('test seam: D1 write refused');
			}
			// The game's rows, the events' entries and rows (notify/room-entry.ts: a turn judged stale against
			// the state held now) and the chat marks, and for a normal end its ratings (issue 15, people/ratings.ts).
			const held = events.some((e) => e.kind === 'turn') ? (payload ?? head.payload()) : null;
			const writes = eventWrites(env.DB, events, awaitedIn(held));
			const r = await flushBatch(env.DB, payload, [...writes.statements, ...(gameId ? chatStatements(env.DB, gameId, chat) : [])], this.room.now());
			const failures = store.counter('flushFailures');
			ctx.storage.transactionSync(() => {
				if (payload) store.clearOutbox(payload.game.version);
				if (chat) this.room.chat!.flushed(chat.changed);
				if (tableEvents.length) store.deleteEvents(tableEvents.map((e) => e.id));
				// Written only after failures (issue 33: not a row per flush).
				if (failures !== 0) store.setCounter('flushFailures', 0);
			});
			if (upTo > this.room.cursor.get()) this.room.cursor.set(upTo);
			this.retryAt = null;
			// Sent again after a restart and already in D1: nothing changed, nobody to tell.
			const stored = (i: number) => (r.writes[i]?.meta?.changes ?? 0) > 0;
			const changed = r.results.some((x) => (x.meta?.changes ?? 0) > 0);
			const entries = new Set([...writes.entries].filter(([i]) => stored(i)).map(([, userId]) => userId));
			this.tellHubs(gameId ?? payload?.game.id ?? '', payload?.game.version ?? head.version, payload && changed ? this.room.listNews : new Set(), entries);
			// Only an event row the postman has not seen is worth its round (an in-app entry is done already).
			if (writes.eventRows.some(stored)) this.kickPostman();
			// Issue 35: a tournament's game has just ended in D1 — its tournament records the result and,
			// if it was the round's last, starts the next round (guarded: tournaments.ts). Never blocks the
			// flush; a nudge lost here is made good by the cron.
			if (payload && changed && payload.game.status === 'finished' && payload.game.tournamentId) this.nudgeTournament(payload.game.tournamentId);
			if (store.eventsSize() > 0 || moveEvents.length === EVENTS_PER_FLUSH) this.again = true;
			return true;
		} catch (e) {
			const failures = store.counter('flushFailures') + 1;
			store.setCounter('flushFailures', failures);
			const delay = backoffMs(failures);
			console.error(`GameRoom ${this.room.gameId()}: D1 write of version ${payload?.game.version ?? '(events)'} failed (${failures}x), retry in ${delay} ms: ${(e as Error).message}`);
			this.retryAt = this.room.now() + delay;
			await this.room.armAlarm(this.retryAt);
			return false;
		}
	}

	/**
	 * D1 has a new version of the game: the open lists of the players it changed for load again
	 * (UserHub.gameChanged, issue 12: an open "My games" showed the live badge change but not the
	 * list; issue 33: only theirs, core.ts listNews); and the players whose inbox got an entry in this
	 * flush see their unread badge change (the hub counts it: issue 33, the room writes the entry, so
	 * no postman announces it). Never blocks the flush.
	 */
	private tellHubs(gameId: string, version: number, news: Set<string>, entries: Set<string>): void {
		const hubs = this.room.env.USER_HUB;
		const users = new Set([...news, ...entries]);
		const list = new Set(news);
		news.clear();
		if (!hubs) return;
		for (const userId of users) {
			if (!isPerson(userId)) continue; // a deleted player (issue 15) or a bot (issue 34) has no hub
			try {
				void hubs
					.get(hubs.idFromName(userId))
					.gameChanged(gameId, version, { list: list.has(userId), unreadOf: entries.has(userId) ? userId : undefined })
					.catch(() => {});
			} catch {
				/* the list catches up on its next load */
			}
		}
	}

	private nudgeTournament(id: string): void {
		void advance(this.room.env, id, Date.now()).catch((e: unknown) => console.error(`tournament ${id}: advance failed: ${(e as Error).message}`));
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
