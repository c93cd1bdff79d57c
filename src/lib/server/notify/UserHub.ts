/**
 * One Durable Object per user (`idFromName(userId)`), with two jobs:
 * - the live unread badge: every open page of the user holds a hibernating WebSocket here
 *   (GET /api/me/socket); the postman's in-app channel tells the hub the new unread count and the
 *   hub passes it to every socket. The inbox itself is in D1.
 * - the register of the user's sockets by session (issue 10): which game rooms hold a socket of
 *   which of the user's sessions, so that ending a session closes all of them at once
 *   (src/lib/server/auth/sockets.ts). Ended sessions are remembered for a day, so a socket whose
 *   upgrade was already under way when its session ended is closed as soon as its room registers it.
 *   A room that cannot be reached is asked again by the alarm, with backoff (issue 28): until it
 *   hears, its sockets of the ended session would still hear the seat's view.
 * Every frame of an inbox socket passes the gate (../socket-gate.ts, issue 28): an ended socket
 * refuses everything, and a socket that sends more than the page ever does (it sends nothing) is
 * ended with 1008.
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
import { SocketGate, type Budget } from '../socket-gate';
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
/** A room not reached is asked again after 5 s, 10 s, 20 s … (about 85 min in all), then given up (logged). */
const RETRY_FIRST_MS = 5_000;
const RETRY_TRIES = 10;

/**
 * An inbox socket's budget: the page sends nothing on it (ui/hub.svelte.ts); a client may ping
 * (answered `pong`) now and then. Anything beyond that is not a page of ours.
 */
export const HUB_BUDGET: Budget = { burst: 10, perSecond: 0.2 };

export class UserHub extends DurableObject<Env> {
	private readonly sql: SqlStorage;
	private readonly gate = new SocketGate(HUB_BUDGET, 'inbox');

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.sql = ctx.storage.sql;
		this.sql.exec(
			`CREATE TABLE IF NOT EXISTS session_rooms (session_id TEXT NOT NULL, game_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (session_id, game_id));
			 CREATE TABLE IF NOT EXISTS ended_sessions (session_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
			 CREATE TABLE IF NOT EXISTS closes_due (game_id TEXT NOT NULL, session_id TEXT NOT NULL, tries INTEGER NOT NULL, due INTEGER NOT NULL, PRIMARY KEY (game_id, session_id));`
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
			if (this.gate.ended(ws)) continue;
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
		const closed = closeSessionsIn(this.ctx.getWebSockets(), ids);
		return closed + (await this.closeInRooms([...rooms].map((gameId) => ({ gameId, sessionIds: [...ids], tries: 0 }))));
	}

	/**
	 * Asks each room to end its sockets of these sessions; a room that cannot be reached is asked
	 * again by the alarm (`closes_due`). Answers how many sockets the rooms ended.
	 */
	private async closeInRooms(asks: { gameId: string; sessionIds: string[]; tries: number }[]): Promise<number> {
		const results = await Promise.allSettled(
			asks.map((a) => this.env.GAME_ROOM.get(this.env.GAME_ROOM.idFromName(a.gameId)).closeSessions(a.sessionIds))
		);
		const now = Date.now();
		let closed = 0;
		results.forEach((r, i) => {
			const a = asks[i];
			if (r.status === 'fulfilled') {
				closed += r.value;
				for (const id of a.sessionIds) this.sql.exec('DELETE FROM closes_due WHERE game_id = ? AND session_id = ?', a.gameId, id);
				return;
			}
			const tries = a.tries + 1;
			const why = (r.reason as Error)?.message;
			if (tries >= RETRY_TRIES) {
				console.error(`UserHub: gave up ending an ended session's sockets in room ${a.gameId} after ${tries} tries: ${why}`);
				for (const id of a.sessionIds) this.sql.exec('DELETE FROM closes_due WHERE game_id = ? AND session_id = ?', a.gameId, id);
				return;
			}
			console.error(`UserHub: a room did not end an ended session's sockets (try ${tries}, asked again later): ${why}`);
			const due = now + RETRY_FIRST_MS * 2 ** (tries - 1);
			for (const id of a.sessionIds)
				this.sql.exec('INSERT OR REPLACE INTO closes_due (game_id, session_id, tries, due) VALUES (?, ?, ?, ?)', a.gameId, id, tries, due);
		});
		await this.armAlarm();
		return closed;
	}

	/** The alarm: the rooms due to be asked again. */
	async alarm(): Promise<void> {
		const due = this.sql.exec<{ game_id: string; session_id: string; tries: number }>('SELECT game_id, session_id, tries FROM closes_due WHERE due <= ?', Date.now()).toArray();
		const byRoom = new Map<string, { gameId: string; sessionIds: string[]; tries: number }>();
		for (const r of due) {
			const a = byRoom.get(r.game_id) ?? { gameId: r.game_id, sessionIds: [], tries: 0 };
			a.sessionIds.push(r.session_id);
			a.tries = Math.max(a.tries, r.tries);
			byRoom.set(r.game_id, a);
		}
		await this.closeInRooms([...byRoom.values()]);
	}

	private async armAlarm(): Promise<void> {
		const next = this.sql.exec<{ due: number | null }>('SELECT min(due) AS due FROM closes_due').one().due;
		if (next === null) return;
		const current = await this.ctx.storage.getAlarm();
		if (current === null || current > next) await this.ctx.storage.setAlarm(next);
	}

	/**
	 * The user's account is deleted (issue 15): the register of rooms goes. Ended sessions stay for
	 * their day (only hashes of tokens that no longer exist), so a racing upgrade is still closed.
	 */
	async forget(): Promise<void> {
		this.sql.exec('DELETE FROM session_rooms');
	}

	async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		if (!this.gate.admit(ws)) return;
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
