/**
 * One Durable Object per user (`idFromName(userId)`): the live unread badge. Every open page of the
 * user holds a hibernating WebSocket here (GET /api/me/socket); the postman's in-app channel tells
 * the hub the new unread count and the hub passes it to every socket. It stores nothing: the inbox
 * itself is in D1, and a page gets the count from its load and from here only as news.
 * Exported from src/worker.ts only (imports `cloudflare:workers`).
 */
import { DurableObject } from 'cloudflare:workers';
import type { Request as CfRequest, Response as CfResponse, WebSocket as CfWebSocket, WebSocketPair as CfWebSocketPair } from '@cloudflare/workers-types';

export type HubMessage = { type: 'inbox'; unread: number };

export class UserHub extends DurableObject<Env> {
	async fetch(request: CfRequest): Promise<CfResponse> {
		if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('expected a WebSocket', { status: 426 }) as never;
		const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
		const [client, server] = Object.values(new Pair()) as [CfWebSocket, CfWebSocket];
		this.ctx.acceptWebSocket(server);
		return new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse;
	}

	/** The postman: the user's unread count changed. */
	async notify(unread: number): Promise<number> {
		const text = JSON.stringify({ type: 'inbox', unread } satisfies HubMessage);
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
}
