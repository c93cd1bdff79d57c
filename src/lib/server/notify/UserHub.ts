/**
 * One Durable Object per user (`idFromName(userId)`), with two jobs:
 * - the live unread badge: every open page of the user holds a hibernating WebSocket here
 *   (GET /api/me/socket); the postman's in-app channel tells the hub the new unread count and the
 *   hub passes it to every socket. The inbox itself is in D1.
 * - the register of the user's sockets by session (issue 10): which game rooms hold a socket of
 *   which of the user's sessions, so that ending a session closes all of them at once
 *   (src/lib/server/auth/sockets.ts). Ended sessions are remembered for a day, so a socket whose
 *   upgrade was already under way when its session ended is closed as soon as its room registers it.
 * Exported from src/worker.ts only (imports `cloudflare:workers`).
 */
import { DurableObject } from 'cloudflare:workers';
import type {
	DurableObjectState,
	Request as CfRequest,
	Response as CfResponse,
	SqlStorage,
	WebSocket as CfWebSocket,
	WebSocketPair as CfWebSocketPair
} from '@cloudflare/workers-types';
import { closeSessionsIn, parseSocketSession } from '../auth/sockets';
import { SESSION_HEADER } from '$lib/protocol/room';

export type HubMessage =
	| { type: 'inbox'; unread: number }
	/** One of the user's games changed and D1 has it: open lists (My games) load again (issue 12). */
	| { type: 'games'; gameId: string; version: number };

type Attachment = { sessionId: string | null };

const DAY = 86_400_000;
/** How long an ended session is remembered: far longer than any upgrade can be under way. */
const ENDED_KEPT_MS = DAY;
/** A register row older than this (its socket long gone without saying so) is forgotten. */
const ROOM_KEPT_MS = 90 * DAY;

export class UserHub extends DurableObject<Env> {
	private readonly sql: SqlStorage;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.sql = ctx.storage.sql;
		this.sql.exec(
			`CREATE TABLE IF NOT EXISTS session_rooms (session_id TEXT NOT NULL, game_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (session_id, game_id));
			 CREATE TABLE IF NOT EXISTS ended_sessions (session_id TEXT PRIMARY KEY, at INTEGER NOT NULL);`
		);
	}

	async fetch(request: CfRequest): Promise<CfResponse> {
		if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('expected a WebSocket', { status: 426 }) as never;
		const session = parseSocketSession(request.headers.get(SESSION_HEADER));
		if (!session || this.ended(session.id)) return new Response('session ended', { status: 401 }) as never;
		const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
		const [client, server] = Object.values(new Pair()) as [CfWebSocket, CfWebSocket];
		this.ctx.acceptWebSocket(server);
		server.serializeAttachment({ sessionId: session.id } satisfies Attachment);
		return new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse;
	}

	/** The postman: the user's unread count changed. */
	async notify(unread: number): Promise<number> {
		return this.send({ type: 'inbox', unread });
	}

	/** A game room: D1 now has this version of one of the user's games. */
	async gameChanged(gameId: string, version: number): Promise<number> {
		return this.send({ type: 'games', gameId: String(gameId), version: Number(version) });
	}

	private send(msg: HubMessage): number {
		const text = JSON.stringify(msg);
		let n = 0;
		for (const ws of this.ctx.getWebSockets()) {
			try {
				ws.send(text);
				n++;
			} catch {
				/* closing */
			}
		}
		return n;
	}

	/** A game room accepted a socket of `sessionId`: false if that session has ended (the room closes it). */
	async register(sessionId: string, gameId: string): Promise<boolean> {
		const now = Date.now();
		this.sql.exec('DELETE FROM ended_sessions WHERE at < ?', now - ENDED_KEPT_MS);
		if (this.ended(sessionId)) return false;
		this.sql.exec('DELETE FROM session_rooms WHERE at < ?', now - ROOM_KEPT_MS);
		this.sql.exec('INSERT OR REPLACE INTO session_rooms (session_id, game_id, at) VALUES (?, ?, ?)', sessionId, gameId, now);
		return true;
	}

	/** The room's last socket of `sessionId` closed. */
	async unregister(sessionId: string, gameId: string): Promise<void> {
		this.sql.exec('DELETE FROM session_rooms WHERE session_id = ? AND game_id = ?', sessionId, gameId);
	}

	/**
	 * These sessions have ended: close their inbox sockets here and their sockets in every room that
	 * registered one; remember them as ended. Answers how many sockets were closed.
	 */
	async endSessions(sessionIds: string[]): Promise<number> {
		const ids = new Set(sessionIds.filter((id) => typeof id === 'string'));
		const now = Date.now();
		const rooms = new Set<string>();
		for (const id of ids) {
			this.sql.exec('INSERT OR REPLACE INTO ended_sessions (session_id, at) VALUES (?, ?)', id, now);
			for (const r of this.sql.exec<{ game_id: string }>('SELECT game_id FROM session_rooms WHERE session_id = ?', id)) rooms.add(r.game_id);
			this.sql.exec('DELETE FROM session_rooms WHERE session_id = ?', id);
		}
		let closed = closeSessionsIn(this.ctx.getWebSockets(), ids);
		const list = [...ids];
		const results = await Promise.allSettled(
			[...rooms].map((gameId) => this.env.GAME_ROOM.get(this.env.GAME_ROOM.idFromName(gameId)).closeSessions(list))
		);
		for (const r of results) {
			if (r.status === 'fulfilled') closed += r.value;
			else console.error(`UserHub: a room did not close an ended session's sockets: ${(r.reason as Error)?.message}`);
		}
		return closed;
	}

	/**
	 * The user's account is deleted (issue 15): the register of rooms goes. Ended sessions stay for
	 * their day (only hashes of tokens that no longer exist), so a racing upgrade is still closed.
	 */
	async forget(): Promise<void> {
		this.sql.exec('DELETE FROM session_rooms');
	}

	async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		if (message === 'ping') ws.send('pong');
	}

	async webSocketClose(ws: CfWebSocket, code: number): Promise<void> {
		try {
			ws.close(code === 1005 ? 1000 : code, 'bye');
		} catch {
			/* already closed */
		}
	}

	private ended(sessionId: string): boolean {
		return this.sql.exec('SELECT 1 FROM ended_sessions WHERE session_id = ?', sessionId).toArray().length > 0;
	}
}
