/**
 * The floor of bench:peers: what a move costs at the least under this runtime.
 * - `GET /ping`: the bare Worker no-op ("ok").
 * - `POST /write?room=NAME`: the bare Durable Object storage write — one SQLite INSERT of the body
 *   in a transaction, then the answer (which the output gate holds until the write is committed).
 * - `GET /socket?room=NAME` (WebSocket): the floor of a socket move — the DO holds hibernating
 *   sockets; a message is written to storage like /write, then sent to every OTHER socket.
 * No session, no parsing, no rules: only the platform.
 */
import { DurableObject } from 'cloudflare:workers';

interface Env {
	FLOOR: DurableObjectNamespace<Floor>;
}

export class Floor extends DurableObject<Env> {
	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS moves (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
	}

	write(body: string): void {
		this.ctx.storage.transactionSync(() => this.ctx.storage.sql.exec('INSERT INTO moves (body) VALUES (?)', body));
	}

	async fetch(): Promise<Response> {
		const { 0: client, 1: server } = new WebSocketPair();
		this.ctx.acceptWebSocket(server);
		return new Response(null, { status: 101, webSocket: client });
	}

	webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
		const body = typeof message === 'string' ? message : new TextDecoder().decode(message);
		this.write(body);
		for (const other of this.ctx.getWebSockets()) if (other !== ws) other.send(body);
	}

	webSocketClose(ws: WebSocket, code: number): void {
		try {
			ws.close(code);
		} catch {
			/* already closed, or a code that cannot be sent back (1005, 1006) */
		}
	}
}

export default {
	async fetch(request: Request, env: Env): Promise<Response> {
		const url = new URL(request.url);
		const room = () => env.FLOOR.get(env.FLOOR.idFromName(url.searchParams.get('room') ?? 'floor'));
		if (url.pathname === '/ping') return new Response('ok');
		if (url.pathname === '/write' && request.method === 'POST') {
			await room().write(await request.text());
			return new Response('ok');
		}
		if (url.pathname === '/socket' && request.headers.get('upgrade') === 'websocket') return room().fetch(request);
		return new Response('not found', { status: 404 });
	}
} satisfies ExportedHandler<Env>;
