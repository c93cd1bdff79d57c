/**
 * The floor contestants of bench:peers, on one `wrangler dev` of bench/peers/floor/ (the root's
 * pinned wrangler, fresh local state): the bare Worker no-op (`GET /ping`), the bare Durable Object
 * storage write (`POST /write`, one Durable Object per lane), and the floor of a socket move (three
 * sockets on one Durable Object per lane; a message from one, written to storage, timed to its
 * arrival at the next).
 */
import { freePort, startDevServer } from '../../scripts/lib/devserver';
import type { Lane, Sut } from './measure';

export interface FloorServer {
	noop: Sut;
	write: Sut;
	socket: Sut;
	stop(): Promise<void>;
}

const TIMEOUT_MS = 20_000;

/** A move-sized body (a bot's move as JSON is about this long). */
const body = (n: number) => JSON.stringify({ type: 'move', n, move: { type: 'place', at: [n % 7, n % 5], size: 2 } });

/** A socket that resolves waiters by the `n` of the messages it receives. */
class FloorSocket {
	ws: WebSocket;
	ready: Promise<void>;
	private got = new Map<number, number>();
	private waiters = new Map<number, (t: number) => void>();

	constructor(url: string) {
		this.ws = new WebSocket(url);
		this.ready = new Promise((ok, fail) => {
			this.ws.addEventListener('open', () => ok(), { once: true });
			this.ws.addEventListener('error', () => fail(new Error(`floor socket: cannot open ${url}`)), { once: true });
		});
		this.ws.addEventListener('message', (e) => {
			const t = performance.now();
			const { n } = JSON.parse(String(e.data)) as { n: number };
			const w = this.waiters.get(n);
			if (w) {
				this.waiters.delete(n);
				w(t);
			} else this.got.set(n, t);
		});
	}

	until(n: number): Promise<number> {
		const t = this.got.get(n);
		if (t !== undefined) {
			this.got.delete(n);
			return Promise.resolve(t);
		}
		return new Promise((ok, fail) => {
			const timer = setTimeout(() => fail(new Error(`floor socket: message ${n} not within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
			this.waiters.set(n, (at) => {
				clearTimeout(timer);
				ok(at);
			});
		});
	}
}

async function ok(res: Response) {
	await res.arrayBuffer();
	if (!res.ok) throw new Error(`floor: ${res.url}: ${res.status}`);
}

/** The floor's `wrangler dev`, with wrangler's local tracing as `npm start` has it (off unless RONGO_TRACING=1). */
export async function startFloor(stateDir: string): Promise<FloorServer> {
	const server = await startDevServer({ port: await freePort(), persistTo: stateDir, stdio: 'pipe', logLevel: 'warn', config: 'bench/peers/floor/wrangler.toml' });
	const pid = server.child.pid!;
	const { url } = server;
	const timed = async (f: () => Promise<void>) => {
		const t0 = performance.now();
		await f();
		return performance.now() - t0;
	};
	return {
		noop: {
			pid,
			async open(): Promise<Lane> {
				return { step: () => timed(async () => ok(await fetch(`${url}/ping`))), close() {} };
			}
		},
		write: {
			pid,
			async open(n): Promise<Lane> {
				let k = 0;
				return { step: () => timed(async () => ok(await fetch(`${url}/write?room=lane-${n}`, { method: 'POST', body: body(k++) }))), close() {} };
			}
		},
		socket: {
			pid,
			async open(n): Promise<Lane> {
				const seats = [0, 1, 2].map(() => new FloorSocket(`${url.replace(/^http/, 'ws')}/socket?room=lane-${n}`));
				await Promise.all(seats.map((s) => s.ready));
				let k = 0;
				return {
					async step() {
						const n = k++;
						const from = n % seats.length;
						const to = seats[(from + 1) % seats.length];
						const t0 = performance.now();
						seats[from].ws.send(body(n));
						const t1 = await to.until(n);
						// The remaining seats too, before the next message (as a move waits for every seat).
						await Promise.all(seats.filter((s, i) => i !== from && s !== to).map((s) => s.until(n)));
						return t1 - t0;
					},
					close: () => seats.forEach((s) => s.ws.close())
				};
			}
		},
		stop: server.stop
	};
}
