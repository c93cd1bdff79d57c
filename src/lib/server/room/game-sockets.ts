/**
 * The room's WebSockets (hibernation API): the upgrade, resync messages, the broadcast of every
 * change as each socket's own view, and the tie of each socket to the session that opened it
 * (issue 10: a socket lives no longer than its session; the user's hub closes it when it ends).
 * Every frame passes the gate first (../sockets/gate.ts, issue 28): an ended socket — its session
 * over, or its budget spent — refuses every frame and hears nothing more, whatever its client does.
 */
import type { DurableObjectState, Request as CfRequest, Response as CfResponse, WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import {
	SESSION_HEADER, SOCKET_MESSAGE_LIMIT, USER_HEADER, overSocketLimit,
	type RoomError, type RoomResult, type RoomUser, type RoomView, type ServerMessage, type SubmitInput, type SubmitOk
} from '$lib/protocol/room';
import { checkJsonValue } from '../http';
import { SocketMove } from '../games';
import { closeEnded, closeSessionsIn, parseSocketSession, registerSocket, unregisterSocket } from '../sockets/session-sockets';
import { sessionExpiry } from '../auth/session';
import { acceptSocket } from '../sockets/accept';
import { SocketGate, type Budget } from '../sockets/gate';
import { ID, validUser } from './lobby';
import type { Player } from './storage';

/**
 * What a socket carries through hibernation: who opened it and with which session (null for a
 * signed-out spectator), and when that session expires as far as the room knows — after that the
 * socket gets nothing more until the session is checked again (issue 10) — and when D1 last
 * confirmed the session (`checkedAt`). An ended socket's attachment is `{ended}` only (../sockets/gate.ts).
 */
type Attachment = {
	userId: string | null;
	username?: string;
	sessionId?: string | null;
	expiresAt?: number | null;
	checkedAt?: number;
	lookingAt?: number | null;
	muted?: number[];
};

/**
 * A game socket's budget (issue 28), from what the game page sends (ui/gameSocket.svelte.ts): a
 * presence report when the page is shown, hidden, used after idling, and every 45 s; a resync after
 * a gap; `mutes` when the user mutes someone; a move per Confirm. That is a few frames a minute, a
 * burst of a handful when a tab is switched back and forth; the e2e tests replay the frames their
 * pages sent through whole games against this budget (tests/e2e/budget.ts). An accepted move of a
 * seat the game was waiting for gives its token back (`SocketGate.refund`): such play is bounded by
 * the game itself, so bots that play fast over the socket are not held back. Refused moves count,
 * and so do accepted moves of a seat the game was not waiting for (a sealed bid replaced, G-3.1).
 */
export const ROOM_BUDGET: Budget = { burst: 30, perSecond: 1 };

/**
 * A seated player's socket whose session D1 confirmed longer ago than this asks D1 again before its
 * next move: a socket whose room never heard that its session ended (the hub could not reach it)
 * moves for it for at most this long. Moves are rare enough in a correspondence game that one
 * session lookup per five minutes of play costs nothing.
 */
export const SESSION_RECHECK_MS = 5 * 60_000;

/**
 * How long a "looking" report counts (room time). The page reports while it is visible and was used
 * in the last two minutes (gameSocket.svelte.ts, PRESENCE_*), every 45 s; a report older than this
 * means the tab went idle, was hidden without saying so, or the device slept (issue 12: an open but
 * unattended tab must not silence the player's phone).
 */
export const LOOKING_MS = 150_000;

export interface SocketsHost {
	readonly ctx: DurableObjectState;
	readonly env: Env;
	gameId(): string | undefined;
	players(): readonly Player[];
	/** Null when the game can be served; else the refusal. */
	loadExisting(): RoomError | null;
	checkAccess(userId: string | null, invite: string | null): RoomError | null;
	viewFor(userId: string | null): RoomView;
	/** The user is looking at the game: remember the version they have seen (the room's now, or `version`). */
	markSeen(userId: string, version?: number): void;
	/** Room time (tests set it). */
	now(): number;
	/** Seats whose chat this user muted (chat.ts), read when the socket opens. */
	mutedSeats?(userId: string | null): Promise<number[]>;
	/** A seated user's move (GameRoom.submit: the same checks, idempotency and commit as POST /moves). */
	submit?(user: RoomUser, input: SubmitInput): Promise<RoomResult<SubmitOk>>;
	/** Whether the game is waiting for this user's seat now (the kind's activeSeats). */
	awaits?(userId: string): boolean;
}

export class RoomSockets {
	private readonly gate: SocketGate;

	constructor(private readonly room: SocketsHost) {
		this.gate = new SocketGate(ROOM_BUDGET, 'game room');
	}

	/** The upgrade: a socket for the signed-in user (with their session) or a spectator. */
	async upgrade(request: CfRequest): Promise<CfResponse> {
		const bad = this.room.loadExisting();
		if (bad) return json(bad.status, { code: bad.code, message: bad.message });
		if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
			return json(426, { code: 'UPGRADE_REQUIRED', message: 'expected a WebSocket upgrade' });
		let userId: string | null = null;
		let username: string | undefined;
		const raw = request.headers.get(USER_HEADER);
		if (raw) {
			try {
				const u = JSON.parse(raw) as RoomUser;
				if (validUser(u)) {
					userId = u.id;
					username = u.username;
				}
			} catch {
				/* treated as a spectator */
			}
		}
		// A signed-in socket without its session is a spectator's: the room never keeps a user's
		// socket it could not close when the session ends.
		const session = userId === null ? null : parseSocketSession(request.headers.get(SESSION_HEADER));
		if (!session) userId = null;
		const denied = this.room.checkAccess(userId, new URL(request.url).searchParams.get('invite'));
		if (denied) return json(denied.status, { code: denied.code, message: denied.message });
		const muted = userId !== null && this.room.mutedSeats ? await this.room.mutedSeats(userId) : [];
		const { socket: server, response } = acceptSocket(this.room.ctx, {
			userId,
			...(userId !== null && username ? { username } : {}),
			sessionId: session?.id ?? null,
			expiresAt: session?.expiresAt ?? null,
			checkedAt: this.room.now(), // the route looked the session up in D1 just now
			muted
		} satisfies Attachment);
		// Registered with the user's hub before anything is sent: a session that ended meanwhile gets nothing.
		if (session && userId !== null && !(await registerSocket(this.room.env, userId, session.id, this.room.gameId()!))) closeEnded(server);
		else send(server, { type: 'state', ...this.room.viewFor(userId) });
		return response;
	}

	async message(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		// Before anything is read: an ended socket acts as nobody, and every frame costs a token.
		const att = this.gate.admit<Attachment>(ws);
		if (!att) return;
		if (typeof message === 'string' && overSocketLimit(message))
			return send(ws, { type: 'refused', moveId: null, status: 413, code: 'TOO_LARGE', message: `a message is at most ${SOCKET_MESSAGE_LIMIT} bytes` });
		let msg: { type?: unknown; looking?: unknown; moveId?: unknown; version?: unknown } | undefined;
		try {
			msg = typeof message === 'string' ? (JSON.parse(message) as typeof msg) : undefined;
		} catch {
			msg = undefined;
		}
		const type = msg && typeof msg === 'object' ? msg.type : undefined;
		const bad = this.room.loadExisting();
		if (bad) return send(ws, { type: 'error', code: bad.code, message: bad.message });
		const userId = att.userId ?? null;
		if (type === 'move') return this.move(ws, att, msg!);
		if (type === 'resync') {
			if (!(await this.sessionAlive(ws, att))) return closeEnded(ws);
			return send(ws, { type: 'state', ...this.room.viewFor(userId) });
		}
		if (type === 'presence' && typeof msg!.looking === 'boolean') {
			// Whether someone is looking at this game now: no reply; only the turn notifications read it.
			if (userId !== null) {
				ws.serializeAttachment({ ...att, lookingAt: msg!.looking ? this.room.now() : null } satisfies Attachment);
				if (msg!.looking) this.room.markSeen(userId);
			}
			return;
		}
		if (type === 'seen' && Number.isSafeInteger(msg!.version) && (msg!.version as number) >= 0) {
			// Issue 30: a move shown live on a visible page was seen; no reply, and no presence (notifications).
			if (userId !== null) this.room.markSeen(userId, msg!.version as number);
			return;
		}
		if (type === 'mutes') {
			// The user muted or unmuted someone (PUT/DELETE /api/me/mutes): read their mutes again.
			if (userId !== null && this.room.mutedSeats) {
				const muted = await this.room.mutedSeats(userId);
				// The lookup waited on D1: the socket may have ended meanwhile, and stays ended.
				if (!this.gate.ended(ws)) ws.serializeAttachment({ ...att, muted } satisfies Attachment);
			}
			return;
		}
		send(ws, { type: 'error', code: 'BAD_MESSAGE', message: 'expected {"type":"resync"}, {"type":"presence","looking":true|false}, {"type":"seen","version":n} or {"type":"move",…}' });
	}

	/**
	 * A move over the socket (issue 16): judged like the body of POST /moves (http.ts checks, then
	 * GameRoom.submit), from the user the socket was opened by — never from anything in the message.
	 * The answer (`ack` or `refused`) goes to this socket only; the event of the new version to every
	 * socket, as for any move. Like every message a Durable Object sends, the ack leaves only once the
	 * move's storage transaction is durable (the output gate): an acknowledged move survives a crash.
	 */
	private async move(ws: CfWebSocket, att: Attachment, msg: { moveId?: unknown }): Promise<void> {
		// A moveId as the room takes it (games.ts MoveBody), to name a refusal of a malformed move.
		const moveId = typeof msg.moveId === 'string' && ID.test(msg.moveId) ? msg.moveId : null;
		const refuse = (e: { status: number; code: string; message: string; currentVersion?: number }) =>
			send(ws, { type: 'refused', moveId, status: e.status, code: e.code, message: e.message, ...(e.currentVersion === undefined ? {} : { currentVersion: e.currentVersion }) });
		const checked = checkJsonValue(msg, SocketMove);
		if (!checked.ok) return refuse(checked);
		const userId = att.userId ?? null;
		if (userId === null || !this.room.submit) return refuse({ status: 401, code: 'UNAUTHENTICATED', message: 'sign in first' });
		// The session's expiry as the socket knew it has passed, or D1 confirmed it long ago: ask D1.
		const stale = (att.expiresAt && att.expiresAt <= Date.now()) || !att.checkedAt || this.room.now() - att.checkedAt > SESSION_RECHECK_MS;
		if (stale && !(await this.sessionAlive(ws, att))) return closeEnded(ws);
		// The lookup waited on D1: had the session ended meanwhile, its hub has ended this socket.
		if (this.gate.ended(ws)) return;
		const { type: _type, ...input } = checked.value;
		// Sockets opened before usernames were kept in the attachment: the seat's name (only its validity matters).
		const username = att.username ?? this.room.players().find((p) => p.userId === userId)?.username ?? '?';
		const awaited = this.room.awaits?.(userId) ?? false;
		const r = await this.room.submit({ id: userId, username }, input);
		if (!r.ok) return refuse(r);
		// Play the game was waiting for is bounded by the game: its token comes back. Not so a move of
		// a seat nobody waits for (G-3.1 lets a sealed bid be replaced at will): it counts.
		if (!r.duplicate && awaited) this.gate.refund(ws);
		send(ws, { type: 'ack', moveId: input.moveId, version: r.version, duplicate: r.duplicate });
	}

	async close(ws: CfWebSocket, code: number, reason: string): Promise<void> {
		try {
			ws.close(code, reason);
		} catch {
			/* already closed */
		}
		// The session's last socket here: the hub need not tell this room about it any more. (An ended
		// socket names no session: its hub has forgotten it already, or its row ages out there.)
		const att = ws.deserializeAttachment() as Attachment | null;
		const gameId = this.room.gameId();
		if (!att?.sessionId || !att.userId || !gameId) return;
		const others = this.room.ctx.getWebSockets().some((w) => w !== ws && (w.deserializeAttachment() as Attachment | null)?.sessionId === att.sessionId);
		if (others) return;
		await unregisterSocket(this.room.env, att.userId, att.sessionId, gameId);
	}

	/** Every socket gets its own seat's view (spectators the spectator view) with the new version. */
	broadcast(log: readonly unknown[]): void {
		const sockets = this.room.ctx.getWebSockets();
		if (sockets.length === 0) return;
		const cache = new Map<string, string>();
		const now = Date.now();
		const players = this.room.players();
		for (const ws of sockets) {
			const att = ws.deserializeAttachment() as Attachment | null;
			if (this.gate.ended(ws, att)) continue;
			// Past the expiry the socket was opened with (sessions are renewed while used): nothing more
			// until the session is confirmed; the client reconnects, and the upgrade checks the cookie.
			if (att?.expiresAt && att.expiresAt <= now) {
				closeEnded(ws);
				continue;
			}
			const userId = att?.userId ?? null;
			const seat = userId === null ? undefined : players.find((p) => p.userId === userId)?.seat;
			const key = seat === undefined ? 'spectator' : String(seat);
			let text = cache.get(key);
			if (text === undefined) {
				text = JSON.stringify({ type: 'event', log: [...log], ...this.room.viewFor(seat === undefined ? null : userId) } satisfies ServerMessage);
				cache.set(key, text);
			}
			try {
				ws.send(text);
			} catch {
				/* a closing socket; its client resyncs on reconnect */
			}
		}
	}

	/**
	 * One user's own view again (a change that is no version: their plan-ahead queue set or dropped),
	 * to that user's sockets only — nothing another seat may not see reaches anyone else.
	 */
	sendState(userId: string): void {
		const now = Date.now();
		let text: string | null = null;
		for (const ws of this.room.ctx.getWebSockets()) {
			const att = ws.deserializeAttachment() as Attachment | null;
			if (this.gate.ended(ws, att) || att?.userId !== userId) continue;
			if (att.expiresAt && att.expiresAt <= now) {
				closeEnded(ws);
				continue;
			}
			text ??= JSON.stringify({ type: 'state', ...this.room.viewFor(userId) } satisfies ServerMessage);
			try {
				ws.send(text);
			} catch {
				/* a closing socket; its client resyncs on reconnect */
			}
		}
	}

	/** Table talk (chat.ts): to every socket, but not to those whose user muted `authorSeat`. */
	sendChat(msg: object, authorSeat: number | null): void {
		const text = JSON.stringify(msg);
		const now = Date.now();
		for (const ws of this.room.ctx.getWebSockets()) {
			const att = ws.deserializeAttachment() as Attachment | null;
			if (this.gate.ended(ws, att)) continue;
			if (att?.expiresAt && att.expiresAt <= now) {
				closeEnded(ws);
				continue;
			}
			if (authorSeat !== null && att?.muted?.includes(authorSeat)) continue;
			try {
				ws.send(text);
			} catch {
				/* closing; its client fetches what it missed on reconnect */
			}
		}
	}

	/**
	 * Users looking at the game now: a socket of theirs reported a visible, recently used page within
	 * LOOKING_MS. A connected socket alone is not enough (issue 12): a tab left open on a desktop must
	 * not keep the player's turn notifications from their phone.
	 */
	lookingUsers(): Set<string> {
		const now = this.room.now();
		const out = new Set<string>();
		for (const ws of this.room.ctx.getWebSockets()) {
			const att = ws.deserializeAttachment() as Attachment | null;
			if (att?.userId && att.lookingAt != null && now - att.lookingAt < LOOKING_MS && att.lookingAt <= now) out.add(att.userId);
		}
		return out;
	}

	/** The user's hub: these sessions ended. Closes their sockets here; answers how many. */
	closeSessions(sessionIds: string[]): number {
		return closeSessionsIn(this.room.ctx.getWebSockets(), Array.isArray(sessionIds) ? sessionIds : []);
	}

	/**
	 * Is the socket's session still alive? Asked of D1 on every resync (and when the expiry the socket
	 * knew has passed); a live session's new expiry is kept. Spectator sockets have none to check.
	 */
	private async sessionAlive(ws: CfWebSocket, att: Attachment): Promise<boolean> {
		if (!att.sessionId || !att.userId) return true;
		let expiresAt: number | null;
		try {
			expiresAt = await sessionExpiry(this.room.env.DB, att.sessionId, att.userId);
		} catch {
			expiresAt = null; // cannot tell: the client reconnects, and the upgrade checks the cookie
		}
		if (expiresAt === null || this.gate.ended(ws)) return false;
		ws.serializeAttachment({ ...att, expiresAt, checkedAt: this.room.now() } satisfies Attachment);
		return true;
	}
}

export function json(status: number, body: unknown): CfResponse {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) as unknown as CfResponse;
}

function send(ws: CfWebSocket, msg: ServerMessage): void {
	try {
		ws.send(JSON.stringify(msg));
	} catch {
		/* closing */
	}
}
