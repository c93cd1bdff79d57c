/**
 * A hibernating WebSocket accepted by a Durable Object — a game room's or a hub's alike: the server
 * end accepted with its attachment (the only state that survives hibernation, ./gate.ts), and the
 * 101 answer that hands the client end to the browser.
 */
import type {
	DurableObjectState,
	Response as CfResponse,
	WebSocket as CfWebSocket,
	WebSocketPair as CfWebSocketPair
} from '@cloudflare/workers-types';

export function acceptSocket(ctx: DurableObjectState, attachment: unknown): { socket: CfWebSocket; response: CfResponse } {
	const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
	const [client, server] = Object.values(new Pair()) as [CfWebSocket, CfWebSocket];
	ctx.acceptWebSocket(server);
	server.serializeAttachment(attachment);
	return { socket: server, response: new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse };
}
