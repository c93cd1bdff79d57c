/**
 * One Durable Object per user (`idFromName(userId)`), with two jobs:
 * - the live unread badge: every open page of the user holds a hibernating WebSocket here
 *   (GET /api/me/socket); whoever writes an in-app entry — a game room's flush (issue 33), the
 *   postman for digests, invitations and chat — has the hub pass the new unread count to every
 *   socket. The inbox itself is in D1.
 * - the register of the user's sockets by session (issue 10), kept in this object's storage by
 *   ../sockets/session-register.ts: the RPCs register, unregister, endSessions and forget, and the
 *   alarm, are its.
 * Every frame of an inbox socket passes the gate (../sockets/gate.ts, issue 28): an ended socket
 * refuses everything, and a socket that sends more than the page ever does (it sends nothing) is
 * ended with 1008.
 * Exported from src/worker.ts only (imports `cloudflare:workers`).
 */
import { DurableObject } from 'cloudflare:workers';
import type { DurableObjectState, Request as CfRequest, Response as CfResponse, WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { acceptSocket } from '../sockets/accept';
import { parseSocketSession } from '../sockets/session-sockets';
import { SessionRegister } from '../sockets/session-register';
import { SocketGate, type Budget } from '../sockets/gate';
import { SESSION_HEADER, USER_HEADER } from '$lib/protocol/room';
import { unreadCount } from './inapp';

export type HubMessage =
	| { type: 'inbox'; unread: number }
	/** One of the user's games changed and D1 has it: open lists (My games) load again (issue 12). */
	| { type: 'games'; gameId: string; version: number };

type Attachment = { sessionId: string | null };

/**
 * An inbox socket's budget: the page sends nothing on it (ui/hub.svelte.ts); a client may ping
 * (answered `pong`) now and then. Anything beyond that is not a page of ours.
 */
export const HUB_BUDGET: Budget = { burst: 10, perSecond: 0.2 };

export class UserHub extends DurableObject<Env> {
	private readonly sessions: SessionRegister;
	private readonly gate = new SocketGate(HUB_BUDGET, 'inbox');

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.sessions = new SessionRegister(ctx.storage, (gameId) => this.env.GAME_ROOM.get(this.env.GAME_ROOM.idFromName(gameId)));
	}

	async fetch(request: CfRequest): Promise<CfResponse> {
		if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('expected a WebSocket', { status: 426 }) as never;
		const session = parseSocketSession(request.headers.get(SESSION_HEADER));
		if (!session || this.sessions.ended(session.id)) return new Response('session ended', { status: 401 }) as never;
		// The count as the socket opens (one D1 read): an entry written between the page's load and this
		// socket (issue 33: a room writes it and tells the hub at once) would otherwise show only at the
		// next change. The Worker's route names the user (the hub does not know its own name).
		const userId = request.headers.get(USER_HEADER);
		let unread: number | null = null;
		if (userId) unread = await unreadCount(this.env.DB, userId).catch(() => null);
		const { socket, response } = acceptSocket(this.ctx, { sessionId: session.id } satisfies Attachment);
		if (unread !== null) {
			try {
				socket.send(JSON.stringify({ type: 'inbox', unread } satisfies HubMessage));
			} catch {
				/* the page's own count stands */
			}
		}
		return response;
	}

	/** The postman: the user's unread count changed. */
	async notify(unread: number): Promise<number> {
		return this.send({ type: 'inbox', unread });
	}

	/**
	 * A game room: D1 now has this version of one of the user's games — the user's lists changed
	 * (`list`, the default: rooms from before issue 33 send two arguments), and/or the room's flush
	 * wrote an in-app entry for `unreadOf` (this hub's user: a hub does not know its own name). Then the
	 * hub counts the unread entries (one D1 read) and tells the open pages, as the postman did when it
	 * wrote the entries (issue 33: the room writes them now, notify/room-entry.ts). No open page: no read.
	 */
	async gameChanged(gameId: string, version: number, o: { list?: boolean; unreadOf?: string } = {}): Promise<number> {
		let n = o.list === false ? 0 : this.send({ type: 'games', gameId: String(gameId), version: Number(version) });
		if (typeof o.unreadOf === 'string' && this.ctx.getWebSockets().length > 0) {
			try {
				n += this.send({ type: 'inbox', unread: await unreadCount(this.env.DB, o.unreadOf) });
			} catch {
				/* the badge catches up on the next page load */
			}
		}
		return n;
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

	// ---- the register of sockets by session (../sockets/session-register.ts) ----------------------

	/** A game room accepted a socket of `sessionId`: false if that session has ended (the room closes it). */
	async register(sessionId: string, gameId: string): Promise<boolean> {
		return this.sessions.register(sessionId, gameId);
	}

	/** The room's last socket of `sessionId` closed. */
	async unregister(sessionId: string, gameId: string): Promise<void> {
		this.sessions.unregister(sessionId, gameId);
	}

	/** These sessions have ended: their inbox sockets here and their sockets in every room end. Answers how many. */
	async endSessions(sessionIds: string[]): Promise<number> {
		return this.sessions.end(sessionIds, () => this.ctx.getWebSockets());
	}

	/** The alarm: the rooms not reached yet are asked again. */
	async alarm(): Promise<void> {
		await this.sessions.retry();
	}

	/** The user's account is deleted (issue 15): the register of rooms goes. */
	async forget(): Promise<void> {
		this.sessions.forget();
	}

	// ---- inbox sockets ------------------------------------------------------------------------------

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
}
