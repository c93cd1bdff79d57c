/**
 * The boardgame.io contestants of bench:peers: its Server (./bgio-server.ts) in a child process,
 * with the in-memory db or FlatFile, and its own clients (`boardgame.io/client` with the SocketIO
 * transport, WebSocket only) in this process — three seats per match, each with the credentials
 * the lobby API gave it, each seat on a WebSocket of its own. A step: the first seat the engine awaits plays the random bot's move
 * (chosen from its own view, outside the clock); the clock runs from `client.moves.play(move)`
 * to the next seat's client holding the new `_stateID`.
 *
 * Imported only after bench/peers/node_modules is installed (./install.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { seedRng, randomLegal, type Kind } from '../../src/lib/engine/index';
import { ROOT, freePort } from '../../scripts/lib/devserver';
import { seatsFor } from '../lib/rongo';
import { bgioGame } from './game';
import type { Lane, Sut } from './measure';

const STEP_TIMEOUT_MS = 20_000;

interface Running {
	url: string;
	child: ChildProcess;
	/** The tail of the server's output (for an error message). */
	output(): string;
	stop(): Promise<void>;
}

const groups = new Set<number>();
process.on('exit', () => groups.forEach((g) => kill(g, 'SIGKILL')));
function kill(group: number, signal: NodeJS.Signals) {
	try {
		process.kill(-group, signal);
	} catch {
		/* gone */
	}
}

/** Starts ./bgio-server.ts (through tsx, in its own process group) and waits for its `ready`. */
async function startServer(kind: Kind, flatfileDir: string | null): Promise<Running> {
	const port = await freePort();
	const args = ['--import', 'tsx', 'bench/peers/bgio-server.ts', '--game', kind.id, '--port', String(port)];
	if (flatfileDir) args.push('--flatfile', flatfileDir);
	const child = spawn(process.execPath, args, {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		// production: boardgame.io's per-action logging and development checks off, as deployed.
		env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: '.svelte-kit/tsconfig.json' }
	});
	groups.add(child.pid!);
	let output = '';
	const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
	await new Promise<void>((ok, fail) => {
		child.stdout!.on('data', (d) => {
			output = (output + d).slice(-20_000);
			if (/^ready$/m.test(output)) ok();
		});
		child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
		void exited.then(() => fail(new Error(`boardgame.io server exited before it was ready:\n${output}`)));
	});
	return {
		url: `http://127.0.0.1:${port}`,
		child,
		output: () => output.slice(-2000),
		async stop() {
			kill(child.pid!, 'SIGTERM');
			const timer = setTimeout(() => kill(child.pid!, 'SIGKILL'), 5000);
			await exited;
			clearTimeout(timer);
			groups.delete(child.pid!);
		}
	};
}

async function post<T>(url: string, body: unknown): Promise<T> {
	const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
	return (await res.json()) as T;
}

/** One seat's client: the newest state, when each `_stateID` arrived, waiters for one. */
class Seat {
	client: ReturnType<typeof Client>;
	stateID = -1;
	G: unknown = null;
	/** boardgame.io's own verdict (ctx.gameover, from the Game's endIf: the engine's outcome of the state). */
	over = false;
	ready: Promise<void>;
	private arrivals: { id: number; t: number }[] = [];
	private waiters: { id: number; done: (t: number) => void }[] = [];

	constructor(opts: Parameters<typeof Client>[0]) {
		this.client = Client(opts);
		this.ready = new Promise((ok) => {
			this.client.subscribe((s) => {
				const t = performance.now();
				if (!s || s._stateID <= this.stateID) return;
				this.stateID = s._stateID;
				this.G = s.G;
				this.over = !!s.ctx.gameover;
				this.arrivals.push({ id: s._stateID, t });
				if (this.arrivals.length > 16) this.arrivals.shift();
				ok();
				this.waiters = this.waiters.filter((w) => (w.id <= s._stateID ? (w.done(t), false) : true));
			});
		});
		this.client.start();
	}

	until(id: number): Promise<number> {
		if (this.stateID >= id) return Promise.resolve(this.arrivals.find((a) => a.id >= id)?.t ?? performance.now());
		return new Promise((done) => this.waiters.push({ id, done }));
	}
}

function within<T>(p: Promise<T>, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout>;
	const late = new Promise<never>((_, fail) => {
		timer = setTimeout(() => fail(new Error(`boardgame.io: ${what}: nothing within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
	});
	return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A contestant: boardgame.io's Server with its in-memory db, or FlatFile in `flatfileDir`. */
export async function startBgio(kind: Kind, flatfileDir: string | null): Promise<Sut & { stop(): Promise<void> }> {
	const server = await startServer(kind, flatfileDir);
	const seats = seatsFor(kind);
	const game = bgioGame(kind, seats);
	const bot = randomLegal(kind);
	const name = game.name!;
	return {
		pid: server.child.pid!,
		stop: server.stop,
		async open(n: number): Promise<Lane> {
			const { matchID } = await post<{ matchID: string }>(`${server.url}/games/${name}/create`, { numPlayers: seats, setupData: { seed: `bench-${n}` } });
			// Every seat joins before any client connects: a connecting client rewrites the match's
			// metadata (isConnected), and with FlatFile that read-modify-write can interleave with a
			// join's and drop the joiner's credentials — whose client is then refused in silence.
			const credentials: string[] = [];
			for (let p = 0; p < seats; p++)
				credentials.push((await post<{ playerCredentials: string }>(`${server.url}/games/${name}/${matchID}/join`, { playerID: String(p), playerName: `p${p}` })).playerCredentials);
			const clients = credentials.map(
				(c, p) =>
					new Seat({
						game,
						numPlayers: seats,
						// forceNew: a connection of its own per seat, as Rongo's seats have (socket.io-client
						// otherwise multiplexes every client of one URL over one cached connection).
						multiplayer: SocketIO({ server: server.url, socketOpts: { transports: ['websocket'], forceNew: true } }),
						matchID,
						playerID: String(p),
						credentials: c,
						debug: false
					})
			);
			try {
				await within(Promise.all(clients.map((c) => c.ready)), 'first sync');
			} catch (e) {
				clients.forEach((c) => c.client.stop());
				throw new Error(`${(e as Error).message} (lane ${n}; seats synced: ${clients.map((c) => c.stateID >= 0).join(', ')}); the server said:\n${server.output() || '(nothing)'}`);
			}
			const rng = seedRng(`bench-${n}`);
			return {
				async step() {
					const any = clients[0].G;
					// The game's end from boardgame.io's ctx: G here is the seat's view, whose outcome the engine does not judge.
					if (clients[0].over) return null;
					const seat = kind.activeSeats(any)[0];
					if (seat === undefined) return null;
					const own = clients[seat];
					await within(own.until(clients[0].stateID), 'the mover catching up');
					const move = bot(own.G, seat, rng);
					const target = own.stateID + 1;
					const observer = clients[(seat + 1) % seats];
					const t0 = performance.now();
					own.client.moves.play(move);
					const t1 = await within(observer.until(target), `state ${target} at another seat`);
					await within(Promise.all(clients.map((c) => c.until(target))), `state ${target} at every seat`);
					return t1 - t0;
				},
				close() {
					clients.forEach((c) => c.client.stop());
				}
			};
		}
	};
}
