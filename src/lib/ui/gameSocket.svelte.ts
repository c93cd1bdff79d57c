/**
 * Live updates of one game over GET /api/games/:id/socket (docs/api.md). Every server message
 * carries the game version (conventions §11, as lila's ui/lib/src/socket.ts): an event at or
 * below the version we hold is a duplicate and dropped; one that skips a version means we missed
 * something, so we ask for the whole state again (`resync`) instead of guessing. A dropped
 * connection is reopened with exponential backoff and jitter, and the server's first message on
 * a new connection is the full state.
 */
import { SESSION_ENDED } from '$lib/protocol/socket';
import { overSocketLimit, type ClientMessage, type LogBatch, type RoomView, type ServerMessage, type SubmitInput } from '$lib/protocol/room';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/** What sending a move answers, whichever way it went (the socket, or POST /moves). */
export type MoveAnswer =
	| { ok: true; version: number; duplicate: boolean }
	| { ok: false; status: number; code: string; message: string; currentVersion?: number };

/**
 * How long a move sent over the socket may wait for its answer before it goes again over HTTP (with
 * the same moveId: the room applies it at most once). Normally the answer takes milliseconds; a
 * socket that looks open but is not (a phone that changed networks) never answers.
 */
export const ACK_TIMEOUT_MS = 4_000;

/**
 * Presence (issue 12): the page tells the room whether someone is looking at it — visible and used
 * (pointer, key, scroll, focus) within PRESENCE_IDLE_MS — on every change and every
 * PRESENCE_EVERY_MS while it lasts. Only then does the room hold back a "your turn" notification
 * (server/room/game-sockets.ts LOOKING_MS, a little longer than the heartbeat).
 */
export const PRESENCE_IDLE_MS = 120_000;
export const PRESENCE_EVERY_MS = 45_000;
/**
 * At most one `seen` report per this many ms (issue 30), the latest version: a burst of moves (bots,
 * a round's end) must not spend the socket's frame budget (server/room/game-sockets.ts ROOM_BUDGET,
 * 1 a second).
 */
export const SEEN_EVERY_MS = 3_000;

/** One public log entry of the game's kind (its UI knows the shape). */
export interface LogLine<Entry = unknown> {
	version: number;
	entry: Entry;
	key: string;
}

/** Newest first, as the page shows them, from the batches of GET /api/games/:id/log (oldest first). */
export function logLines<Entry = unknown>(batches: LogBatch<Entry>[]): LogLine<Entry>[] {
	const out: LogLine<Entry>[] = [];
	for (const b of batches) b.log.forEach((entry, i) => out.push({ version: b.version, entry, key: `${b.version}-${i}` }));
	return out.reverse();
}

export class GameSocket {
	/**
	 * Raw, not deeply reactive (issue 30, event → re-render): every message replaces the room and the
	 * log whole and nothing writes into them, so a deep proxy would only be built again and read
	 * through on every event. Assign a new object or array to change them.
	 */
	room = $state.raw<RoomView>() as RoomView;
	status = $state<LiveStatus>('connecting');
	/** Newest first. Raw like the room: a new array per event. */
	log = $state.raw<LogLine[]>([]);

	private ws: WebSocket | null = null;
	private attempts = 0;
	private timer: ReturnType<typeof setTimeout> | null = null;
	private closed = false;
	private lastUsed = Date.now();
	/** The last presence sent on this connection (null: none yet) and when. */
	private sent: boolean | null = null;
	private sentAt = 0;
	/** Only a page that watches presence (a signed-in player's, watchPresence) reports it. */
	private watching = false;
	/**
	 * Table talk (issue 15, ui/chat): hears the chat's own messages, and every full state (a new
	 * connection), after which it fetches what it missed by the chat's sequence.
	 */
	chatListener: ((msg: ServerMessage) => void) | null = null;
	/** Moves sent over this socket awaiting their answer, by moveId (null: no answer came; try HTTP). */
	private pending = new Map<string, (a: MoveAnswer | null) => void>();

	constructor(
		private readonly url: string,
		initial: RoomView,
		initialLog: LogLine[] = [],
		/** Fetches the whole log again: after a reconnect the events in between are not replayed. */
		private readonly reloadLog: (() => Promise<LogLine[] | null>) | null = null,
		/**
		 * The session that opened the socket ended (signed out here or elsewhere, revoked): the server
		 * closed it (SESSION_ENDED) and the page must load again as whoever the visitor is now.
		 */
		private readonly onSessionEnded: (() => void) | null = null
	) {
		this.room = initial;
		this.log = initialLog;
	}

	get version() {
		return this.room.version;
	}

	connect() {
		this.closed = false;
		this.status = 'connecting';
		let ws: WebSocket;
		try {
			ws = new WebSocket(this.url);
		} catch {
			this.retry();
			return;
		}
		this.ws = ws;
		ws.onopen = () => {
			this.status = 'open';
			this.sent = null;
			if (this.watching) this.presence(false);
		};
		ws.onmessage = (e) => this.receive(e.data);
		ws.onclose = (e) => {
			if (this.ws !== ws) return;
			this.ws = null;
			this.abandonPending();
			if (e.code === SESSION_ENDED && this.onSessionEnded) {
				this.status = 'closed';
				this.onSessionEnded();
				return;
			}
			if (!this.closed) this.retry();
		};
		// An error is always followed by close, which does the retry.
		ws.onerror = () => {};
	}

	close() {
		this.flushSeen(); // a version shown just before leaving is still reported
		this.closed = true;
		if (this.timer) clearTimeout(this.timer);
		this.ws?.close(1000);
		this.ws = null;
		this.abandonPending();
	}

	/**
	 * Sends a move (issue 16): over this socket when it is open — no new request, no session lookup,
	 * straight to the room — else, or when no answer comes within ACK_TIMEOUT_MS or the socket drops
	 * first, through `http` (POST /moves) with the same moveId, so the move is applied at most once
	 * and a lost answer is found again (`duplicate`).
	 */
	async submit(move: unknown, expectedVersion: number, http: (body: SubmitInput) => Promise<MoveAnswer>, moveId: string = crypto.randomUUID(), more?: unknown[]): Promise<MoveAnswer> {
		const body: SubmitInput = { moveId, move, ...(more?.length ? { more } : {}), expectedVersion };
		const text = JSON.stringify({ type: 'move', ...body } satisfies ClientMessage);
		const ws = this.ws;
		if (ws?.readyState === WebSocket.OPEN && !overSocketLimit(text)) {
			const answer = await new Promise<MoveAnswer | null>((resolve) => {
				const timer = setTimeout(() => done(null), ACK_TIMEOUT_MS);
				const done = (a: MoveAnswer | null) => {
					clearTimeout(timer);
					this.pending.delete(moveId);
					resolve(a);
				};
				this.pending.set(moveId, done);
				try {
					ws.send(text);
				} catch {
					done(null);
				}
			});
			if (answer) return answer;
		}
		return http(body);
	}

	/** The socket is gone: every move still awaiting its answer goes over HTTP instead. */
	private abandonPending() {
		for (const done of [...this.pending.values()]) done(null);
	}

	/** After joining or leaving: the server binds a socket to a seat when it opens, so reopen it. */
	reopen(room: RoomView) {
		if (room.version >= this.version) this.room = room;
		if (this.timer) clearTimeout(this.timer);
		const old = this.ws;
		this.ws = null;
		old?.close(1000);
		this.attempts = 0;
		this.connect();
	}

	/** Asks for the whole state again (e.g. the viewer's own plan changed by itself meanwhile). */
	resync() {
		if (this.ws?.readyState === WebSocket.OPEN) this.send({ type: 'resync' });
	}

	/** After an HTTP answer with a newer version than ours: make sure the socket catches up. */
	expect(version: number) {
		if (version > this.version && this.ws?.readyState === WebSocket.OPEN) {
			// The event normally arrives first; if it does not within a second, resync.
			setTimeout(() => {
				if (version > this.version) this.send({ type: 'resync' });
			}, 1000);
		}
	}

	/**
	 * The page was used (`used`), or only time passed or visibility changed: sends the presence if it
	 * changed or its heartbeat is due.
	 */
	presence(used = true, now = Date.now()) {
		if (used) this.lastUsed = now;
		const looking = document.visibilityState === 'visible' && now - this.lastUsed < PRESENCE_IDLE_MS;
		if (looking === this.sent && (!looking || now - this.sentAt < PRESENCE_EVERY_MS)) return;
		if (this.ws?.readyState !== WebSocket.OPEN) return;
		this.send({ type: 'presence', looking });
		this.sent = looking;
		this.sentAt = now;
	}

	/**
	 * Issue 30: the page showed `version` while visible — its moves were seen live, so the next visit's
	 * "since your last visit" leaves them out. Only a page that watches presence (a player's) says so.
	 */
	seen(version: number, now = Date.now()) {
		if (!this.watching || document.visibilityState !== 'visible') return;
		this.seenPending = Math.max(this.seenPending ?? 0, version);
		if (this.seenTimer) return;
		this.seenTimer = setTimeout(() => this.flushSeen(), Math.max(0, this.seenAt + SEEN_EVERY_MS - now));
	}

	private seenPending: number | null = null;
	private seenTimer: ReturnType<typeof setTimeout> | null = null;
	private seenAt = 0;
	private flushSeen() {
		if (this.seenTimer) clearTimeout(this.seenTimer);
		this.seenTimer = null;
		if (this.seenPending === null) return;
		this.send({ type: 'seen', version: this.seenPending });
		this.seenPending = null;
		this.seenAt = Date.now();
	}

	/** Watches the page for use and visibility, with the heartbeat; answers the cleanup. */
	watchPresence(): () => void {
		this.watching = true;
		this.presence(true);
		const used = () => this.presence(true);
		const seen = () => this.presence(document.visibilityState === 'visible');
		const events = ['pointerdown', 'keydown', 'scroll', 'focus'] as const;
		for (const e of events) addEventListener(e, used, { passive: true, capture: true });
		document.addEventListener('visibilitychange', seen);
		const beat = setInterval(() => this.presence(false), PRESENCE_EVERY_MS / 3);
		return () => {
			this.watching = false;
			for (const e of events) removeEventListener(e, used, { capture: true });
			document.removeEventListener('visibilitychange', seen);
			clearInterval(beat);
		};
	}

	/** The user's mutes changed: the room reads them again for this socket. */
	mutesChanged() {
		this.send({ type: 'mutes' });
	}

	private retry() {
		this.status = 'closed';
		// 0.5 s, 1 s, 2 s … capped at 30 s; jitter so that many clients do not return at once.
		const delay = Math.min(30_000, 500 * 2 ** this.attempts) * (0.5 + Math.random() / 2);
		this.attempts++;
		this.timer = setTimeout(() => this.connect(), delay);
	}

	private send(msg: ClientMessage) {
		if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
	}

	private receive(data: unknown) {
		let msg: ServerMessage;
		try {
			msg = JSON.parse(String(data));
		} catch {
			return;
		}
		if (msg.type === 'ack' || msg.type === 'refused') {
			// A refusal that could not name its move (too large to read) answers the oldest one waiting.
			const done = msg.moveId !== null ? this.pending.get(msg.moveId) : this.pending.values().next().value;
			if (msg.type === 'ack') done?.({ ok: true, version: msg.version, duplicate: msg.duplicate });
			else done?.({ ok: false, status: msg.status, code: msg.code, message: msg.message, currentVersion: msg.currentVersion });
			return;
		}
		if (msg.type === 'chat' || msg.type === 'chat-deleted') {
			this.chatListener?.(msg);
			return;
		}
		if (msg.type === 'state') {
			this.chatListener?.(msg);
			this.attempts = 0;
			this.status = 'open';
			const missed = msg.version > this.version;
			if (msg.version >= this.version) this.room = strip(msg);
			if (missed && this.reloadLog) {
				const at = msg.version;
				void this.reloadLog().then((lines) => {
					if (lines && this.version === at) this.log = lines;
				});
			}
			return;
		}
		if (msg.type !== 'event') return;
		if (msg.version <= this.version) return; // a duplicate or an old event
		// The game page measures from here to its re-render (bench/ui.ts: 'rongo:render').
		performance.mark('rongo:event');
		if (msg.version > this.version + 1) {
			// A gap: we missed at least one version. Take nothing from this event; resync.
			this.send({ type: 'resync' });
			return;
		}
		const lines = msg.log.map((entry, i) => ({ version: msg.version, entry, key: `${msg.version}-${i}` }));
		this.log = [...lines.reverse(), ...this.log];
		this.room = strip(msg);
	}
}

function strip(msg: ServerMessage & { type: 'state' | 'event' }): RoomView {
	const { type: _type, ...rest } = msg as ServerMessage & { type: 'state' | 'event'; log?: unknown };
	delete (rest as { log?: unknown }).log;
	return rest as RoomView;
}
