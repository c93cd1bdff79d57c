/**
 * The gate every frame of a hibernating WebSocket passes before a Durable Object does anything with
 * it (issue 28) — game rooms (room/game-sockets.ts) and the user's hub (notify/UserHub.ts) alike.
 *
 * 1. **Ended sockets refuse everything.** Closing a socket does not stop its frames: a client that
 *    never answers the close frame keeps its connection in CLOSING, and workerd keeps passing its
 *    frames to `webSocketMessage` (and `getWebSockets()` keeps listing it). So a socket is *ended*
 *    in its attachment — the only state that survives hibernation — and its identity is dropped
 *    from it in the same step; from then on the gate refuses every frame before it is read, and
 *    broadcasts skip the socket. Whatever the client does, an ended socket acts as nobody.
 * 2. **A budget per socket**: a token bucket sized from what the pages really send (below). A socket
 *    that exceeds it is ended with 1008 (policy violation, RFC 6455 §7.4.1), spectator or player:
 *    one flooding socket cost the players of its game seconds per request before.
 *
 * The buckets live in memory only: a hibernated object has had no frames for a while, and a full
 * bucket after waking is what such a socket would have by then anyway.
 */
import type { WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { OVER_BUDGET } from '$lib/protocol/socket';

export interface Budget {
	/** Frames a socket may send at once. */
	burst: number;
	/** Frames per second it earns back, up to `burst`. */
	perSecond: number;
}

/** What an ended socket's attachment holds: the close code, and no identity at all. */
export interface Ended {
	ended: number;
}

type Bucket = { tokens: number; at: number };

export function isEnded(att: unknown): att is Ended {
	return typeof att === 'object' && att !== null && typeof (att as Ended).ended === 'number';
}

/**
 * Ends a socket: its attachment becomes `{ended: code}` (who opened it, with which session, is
 * forgotten), then the close frame goes out. Safe to call on a socket already closed or ended.
 */
export function endSocket(ws: CfWebSocket, code: number, reason: string): void {
	try {
		ws.serializeAttachment({ ended: code } satisfies Ended);
	} catch {
		/* a socket already gone keeps no attachment to forget */
	}
	try {
		ws.close(code, reason);
	} catch {
		/* already closed */
	}
}

export class SocketGate {
	private readonly buckets = new WeakMap<CfWebSocket, Bucket | 'ended'>();

	constructor(
		private readonly budget: Budget,
		/** Names the sockets in the log line of an ended one ("game room", "inbox"). */
		private readonly label: string,
		private readonly clock: () => number = Date.now
	) {}

	/**
	 * The socket's attachment if this frame may be handled; null if the socket is ended (nothing is
	 * done, nothing answered) or has just exceeded its budget (ended now, with 1008).
	 */
	admit<A>(ws: CfWebSocket): A | null {
		if (this.buckets.get(ws) === 'ended') return null;
		const att = ws.deserializeAttachment() as A | null;
		if (isEnded(att)) {
			this.buckets.set(ws, 'ended');
			return null;
		}
		const now = this.clock();
		let b = this.buckets.get(ws) as Bucket | undefined;
		if (!b) this.buckets.set(ws, (b = { tokens: this.budget.burst, at: now }));
		b.tokens = Math.min(this.budget.burst, b.tokens + ((now - b.at) * this.budget.perSecond) / 1000);
		b.at = Math.max(b.at, now);
		if (b.tokens < 1) {
			// For the operators (and the e2e tests, which require that no page of theirs ever gets here).
			console.warn(`socket over budget: a ${this.label} socket was ended with ${OVER_BUDGET}`);
			this.end(ws, OVER_BUDGET, 'too many messages');
			return null;
		}
		b.tokens -= 1;
		return att ?? ({} as A);
	}

	/** Gives the frame's token back: it did work the game bounds by itself (an accepted move). */
	refund(ws: CfWebSocket): void {
		const b = this.buckets.get(ws);
		if (b && b !== 'ended') b.tokens = Math.min(this.budget.burst, b.tokens + 1);
	}

	/** Ends the socket (see `endSocket`) and remembers it here, so its later frames cost nothing. */
	end(ws: CfWebSocket, code: number, reason: string): void {
		this.buckets.set(ws, 'ended');
		endSocket(ws, code, reason);
	}

	/** Whether a socket is ended, by this gate or by anyone who wrote its attachment. */
	ended(ws: CfWebSocket, att: unknown = ws.deserializeAttachment()): boolean {
		if (this.buckets.get(ws) === 'ended') return true;
		if (!isEnded(att)) return false;
		this.buckets.set(ws, 'ended');
		return true;
	}
}
