/**
 * A WebSocket client at the level of its frames (RFC 6455), on a plain TCP connection: what a
 * hostile client can do and a browser's WebSocket cannot. It ignores the server's close frame — it
 * never answers it and keeps sending — and it sends as fast as it is told, without waiting for
 * anything (issue 28: bench:flood and the tests of ended and flooding sockets). Text frames only.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';

export class RawWebSocket {
	/** The code of the first close frame the server sent (null: none yet). */
	closeCode: number | null = null;
	/** When that close frame arrived (performance.now()). */
	closedAt: number | null = null;
	/** Text frames received. */
	readonly texts: string[] = [];
	/** Frames sent. */
	sent = 0;
	/** The TCP connection ended (by the server or by `destroy`). */
	gone = false;
	private buffer = Buffer.alloc(0);

	private constructor(private readonly socket: net.Socket) {
		socket.on('data', (d) => this.read(d));
		socket.on('close', () => (this.gone = true));
		socket.on('error', () => (this.gone = true));
	}

	/** Opens `url` (ws://host:port/path) with these headers (cookie, origin); rejects unless 101. */
	static connect(url: string, headers: Record<string, string> = {}): Promise<RawWebSocket> {
		const u = new URL(url);
		const port = Number(u.port || 80);
		return new Promise((resolve, reject) => {
			const socket = net.connect(port, u.hostname);
			socket.setNoDelay(true);
			let head = Buffer.alloc(0);
			const onData = (d: Buffer) => {
				head = Buffer.concat([head, d]);
				const end = head.indexOf('\r\n\r\n');
				if (end < 0) return;
				socket.off('data', onData);
				const status = head.subarray(0, end).toString().split('\r\n')[0];
				if (!/^HTTP\/1\.1 101 /.test(status)) {
					socket.destroy();
					return reject(new Error(`upgrade refused: ${status}`));
				}
				const ws = new RawWebSocket(socket);
				const rest = head.subarray(end + 4);
				if (rest.length) ws.read(rest);
				resolve(ws);
			};
			socket.on('data', onData);
			socket.once('error', reject);
			socket.once('connect', () => {
				const lines = [
					`GET ${u.pathname}${u.search} HTTP/1.1`,
					`Host: ${u.host}`,
					'Upgrade: websocket',
					'Connection: Upgrade',
					`Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
					'Sec-WebSocket-Version: 13',
					...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)
				];
				socket.write(lines.join('\r\n') + '\r\n\r\n');
			});
		});
	}

	/** Sends one text frame (masked, as a client must); false when the connection is gone. */
	send(text: string): boolean {
		if (this.gone) return false;
		const payload = Buffer.from(text);
		const n = payload.length;
		const header = n < 126 ? Buffer.from([0x81, 0x80 | n]) : n < 65536 ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255]) : null;
		if (!header) throw new Error('frames over 64 KiB are not needed here');
		const mask = randomBytes(4);
		for (let i = 0; i < n; i++) payload[i] ^= mask[i & 3];
		this.socket.write(Buffer.concat([header, mask, payload]));
		this.sent++;
		return true;
	}

	/** Waits until the server's close frame has come, or `ms` passed; answers its code or null. */
	async closedWithin(ms: number): Promise<number | null> {
		const until = Date.now() + ms;
		while (this.closeCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
		return this.closeCode;
	}

	/** Ends the TCP connection without a close frame. */
	destroy(): void {
		this.socket.destroy();
		this.gone = true;
	}

	private read(d: Buffer) {
		this.buffer = Buffer.concat([this.buffer, d]);
		for (;;) {
			const b = this.buffer;
			if (b.length < 2) return;
			const opcode = b[0] & 0x0f;
			let len = b[1] & 0x7f;
			let at = 2;
			if (len === 126) {
				if (b.length < 4) return;
				len = b.readUInt16BE(2);
				at = 4;
			} else if (len === 127) {
				if (b.length < 10) return;
				len = Number(b.readBigUInt64BE(2));
				at = 10;
			}
			if (b.length < at + len) return; // server frames are not masked
			const payload = b.subarray(at, at + len);
			this.buffer = b.subarray(at + len);
			if (opcode === 1) this.texts.push(payload.toString());
			else if (opcode === 8 && this.closeCode === null) {
				this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
				this.closedAt = performance.now();
			}
			// Ping, pong and continuation frames: not needed by what this client is for.
		}
	}
}
