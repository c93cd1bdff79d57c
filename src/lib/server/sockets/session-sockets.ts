/**
 * Sockets live no longer than the session that opened them (issue 10). Every game socket and
 * inbox socket carries its session id (`sessionHeader`, set by the routes); each game room registers
 * its sockets with the user's hub (`registerSocket`), whose register (./session-register.ts) knows
 * which rooms hold sockets of which of the user's sessions. When a session ends — sign-out,
 * revocation (../auth/sign-out.ts) — its row is deleted from D1 first (so no new socket can be opened
 * with it), then the hub ends the session's inbox sockets and tells each of those rooms to end its
 * sockets (`closeSessionSockets`), before the answer to the sign-out goes out. What ends a session
 * without telling the hub (expiry) is caught when a socket resyncs or outlives the expiry it was
 * opened with (room/game-sockets.ts).
 *
 * Closing is not enough (issue 28): a client that ignores the close frame keeps the connection
 * and workerd passes its frames on. So a socket of an ended session is *ended* — its identity
 * dropped from its attachment — and refuses every later frame (./gate.ts). A room the hub
 * cannot reach is asked again by the hub's alarm; and a player's socket asks D1 before a move when
 * its session was last confirmed more than five minutes ago (room/game-sockets.ts SESSION_RECHECK_MS).
 */
import type { WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { SESSION_ENDED, SESSION_HEADER, type SocketSession } from '$lib/protocol/room';
import { SESSION_ID } from '../auth/session';
import { endSocket, isEnded } from './gate';

type HubEnv = Pick<Env, 'USER_HUB'>;

/** What a socket of a Durable Object carries through hibernation, as far as sessions go. */
interface SessionAttachment {
	sessionId?: string | null;
}

/**
 * Ends a socket whose session ended (issue 28): its identity is dropped from its attachment and the
 * socket refuses every later frame (./gate.ts) — a client that ignores the close frame
 * keeps sending on the connection, and workerd passes those frames on.
 */
export function closeEnded(ws: CfWebSocket): void {
	endSocket(ws, SESSION_ENDED, 'session ended');
}

/** Ends the sockets (of a hub or a room) opened by any of these sessions; answers how many. */
export function closeSessionsIn(sockets: CfWebSocket[], sessionIds: Iterable<string>): number {
	const ids = new Set(sessionIds);
	let n = 0;
	for (const ws of sockets) {
		const att = ws.deserializeAttachment() as SessionAttachment | null;
		if (!isEnded(att) && att?.sessionId && ids.has(att.sessionId)) {
			closeEnded(ws);
			n++;
		}
	}
	return n;
}

/** The session header a route sets for a room or hub (never the client's: routes delete any copy first). */
export function sessionHeader(session: { id: string; expiresAt: number }): [string, string] {
	return [SESSION_HEADER, JSON.stringify({ id: session.id, expiresAt: session.expiresAt } satisfies SocketSession)];
}

export function parseSocketSession(raw: string | null): SocketSession | null {
	if (!raw) return null;
	try {
		const s = JSON.parse(raw) as Partial<SocketSession>;
		return typeof s?.id === 'string' && SESSION_ID.test(s.id) && Number.isSafeInteger(s.expiresAt) ? { id: s.id, expiresAt: s.expiresAt! } : null;
	} catch {
		return null;
	}
}

/** A room tells the user's hub it holds a socket of the session; false if the session has ended (or the hub cannot say). */
export async function registerSocket(env: HubEnv, userId: string, sessionId: string, gameId: string): Promise<boolean> {
	try {
		return await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).register(sessionId, gameId);
	} catch (e) {
		console.error(`GameRoom ${gameId}: could not register a socket with its hub: ${(e as Error).message}`);
		return false;
	}
}

/** The room's last socket of the session closed: the hub need not tell this room about it any more. */
export async function unregisterSocket(env: HubEnv, userId: string, sessionId: string, gameId: string): Promise<void> {
	try {
		await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).unregister(sessionId, gameId);
	} catch {
		/* the hub forgets old rows by itself */
	}
}

/**
 * Closes every socket of these (ended) sessions of the user, game and inbox. Call after their rows
 * are gone from D1. A failure is logged, not thrown: the sign-out itself has happened, and each
 * socket still re-checks its session on its next resync.
 */
export async function closeSessionSockets(env: HubEnv, userId: string, sessionIds: string[]): Promise<void> {
	if (sessionIds.length === 0 || !env.USER_HUB) return;
	try {
		await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).endSessions(sessionIds);
	} catch (e) {
		console.error(`closing the sockets of ended sessions failed: ${(e as Error).message}`);
	}
}
