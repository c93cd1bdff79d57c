/**
 * npm run bench:people [-- --messages 300] [--chat-games 20] [--users 3] [--sizes 0,10,50]
 *                      [--exports 3] [--no-build] [--state-dir DIR]
 *
 * Issue 15's people features under `wrangler dev` on the built app (its own fresh local state,
 * under /dev/shm when there is one — see bench/server.ts for why), through the real HTTP API and
 * WebSockets on 127.0.0.1:
 * 1. Chat round trip: a seated player's `POST /api/games/:id/chat` starts the clock; it stops when
 *    the `{type: "chat"}` message with that text arrives at ANOTHER seated player's WebSocket client,
 *    and (separately) at a spectator's. Interleaved with it, a no-op `GET /api/ping` with the same
 *    session — p50/p95/p99 of each. The room's rate limit (a burst of 5, then one message per 3 s
 *    per seat, docs/chat.md) is respected by sending round-robin over many seats of many games, with
 *    a client-side copy of the bucket; any 429 is counted and reported.
 * 2. Data export (`GET /api/me/data`) and account deletion (`POST /api/me/delete`) for users with
 *    N games each (half finished, played to the end by the kind's default bot; half running, a few
 *    moves in; one table-talk message by the user in each), p50 over a few users per N.
 * Games are of the kind `--game` names (package.json's `bench:people` passes Moa's: a real kind
 * with a quick setup and short games; the platform names no kind), started through the scenario
 * test seam (`POST /api/dev/scenario`, so the server runs with ROOM_TEST_SEAMS=1).
 * Results: docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { seedRng } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { build, freePort, migrate, startDevServer } from '../scripts/lib/devserver';
import { ApiError, Client } from '../scripts/lib/client';
import { keyOf, playGame, type Player } from '../scripts/lib/botplay';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const MESSAGES = opt('--messages', 300);
const WARMUP = 20;
const CHAT_GAMES = opt('--chat-games', 20);
const USERS = opt('--users', 3);
const EXPORTS = opt('--exports', 3);
const SIZES = (() => {
	const i = args.indexOf('--sizes');
	return i >= 0 ? args[i + 1].split(',').map(Number) : [0, 10, 50];
})();
const PASSWORD = 'bench-password-1234';
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();
const KIND = (() => {
	const i = args.indexOf('--game');
	const kind = i >= 0 ? kindOf(args[i + 1]) : undefined;
	if (!kind) {
		console.error(`--game: one of ${KIND_IDS.join(', ')}`);
		process.exit(2);
	}
	return kind;
})();
// docs/chat.md: CHAT_BURST, CHAT_REFILL_MS (a little slack: the room's clock is not ours).
const BURST = 5;
const REFILL_MS = 3000 + 150;
const ARRIVAL_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pct(xs: number[], p: number) {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const ms = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(1));

/** A game socket that records when each chat text arrives. */
class ChatSocket {
	ws: WebSocket;
	ready: Promise<void>;
	private arrived = new Map<string, number>();
	private waiters = new Map<string, (t: number) => void>();

	constructor(client: Client, gameId: string) {
		this.ws = client.socket(gameId);
		this.ready = new Promise((ok, fail) => {
			this.ws.addEventListener('error', () => fail(new Error('socket error')), { once: true });
			this.ws.addEventListener('message', (e) => {
				const t = performance.now();
				let m: { type?: string; message?: { text?: string } };
				try {
					m = JSON.parse(String(e.data));
				} catch {
					return;
				}
				if (m.type === 'state') ok();
				if (m.type !== 'chat' || typeof m.message?.text !== 'string') return;
				const w = this.waiters.get(m.message.text);
				if (w) {
					this.waiters.delete(m.message.text);
					w(t);
				} else this.arrived.set(m.message.text, t);
			});
		});
	}

	/** The arrival time of the message with this text, or null after the timeout. */
	until(text: string): Promise<number | null> {
		const t = this.arrived.get(text);
		if (t !== undefined) {
			this.arrived.delete(text);
			return Promise.resolve(t);
		}
		return new Promise((done) => {
			const timer = setTimeout(() => {
				this.waiters.delete(text);
				done(null);
			}, ARRIVAL_TIMEOUT_MS);
			this.waiters.set(text, (at) => {
				clearTimeout(timer);
				done(at);
			});
		});
	}

	/** What the game page sends while it is visible and used (docs/api.md, "presence"). */
	looking() {
		this.ws.send(JSON.stringify({ type: 'presence', looking: true }));
	}

	close() {
		this.ws.close();
	}
}

async function signUp(base: string, name: string): Promise<Client> {
	const c = new Client(base, name);
	await c.signup(name, PASSWORD);
	if (!c.userId) c.userId = (await c.api('GET', '/api/auth/me'))?.user?.id ?? '';
	return c;
}

async function scenario(creator: Client, players: Client[], seed: string): Promise<string> {
	const { id } = await creator.api<{ id: string }>('POST', '/api/dev/scenario', {
		kind: KIND.id,
		usernames: players.map((p) => p.username),
		seed,
		config: { startPlayer: 0 }
	});
	return id;
}

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(n: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
	const out: T[] = new Array(tasks.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(n, tasks.length) }, async () => {
			while (next < tasks.length) {
				const i = next++;
				out[i] = await tasks[i]();
			}
		})
	);
	return out;
}

/** A timed raw request with the client's cookie (the whole body read). */
async function timed(c: Client, method: string, path: string, body?: unknown) {
	const headers: Record<string, string> = { origin: c.base, accept: 'application/json', cookie: c.cookie };
	if (body !== undefined) headers['content-type'] = 'application/json';
	const t0 = performance.now();
	const res = await fetch(c.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
	const text = await res.text();
	const t = performance.now() - t0;
	return { t, status: res.status, text };
}

// ---- 1. chat round trip ----

interface ChatResult {
	seat: number[];
	spectator: number[];
	http: number[];
	noop: number[];
	refused: number;
	lost: number;
}

async function benchChat(base: string, stamp: string): Promise<ChatResult> {
	const players = await Promise.all([0, 1, 2].map((i) => signUp(base, `c${i}${stamp}`)));
	const watcher = await signUp(base, `cw${stamp}`);
	const games: { id: string; seats: ChatSocket[]; spectator: ChatSocket }[] = [];
	for (let g = 0; g < CHAT_GAMES; g++) {
		const id = await scenario(players[0], players, `bench-chat-${g}`);
		const seats = players.map((p) => new ChatSocket(p, id));
		const spectator = new ChatSocket(watcher, id);
		await Promise.all([...seats, spectator].map((s) => s.ready));
		// Both other players are at the table, as on the game page: the chat notifies nobody looking.
		seats.forEach((s) => s.looking());
		games.push({ id, seats, spectator });
	}

	// A client-side copy of each seat's bucket, so no send is refused by design.
	const buckets = games.map(() => players.map(() => ({ tokens: BURST, at: performance.now() })));
	const take = async (g: number, s: number) => {
		const b = buckets[g][s];
		for (;;) {
			const now = performance.now();
			b.tokens = Math.min(BURST, b.tokens + (now - b.at) / REFILL_MS);
			b.at = now;
			if (b.tokens >= 1) {
				b.tokens -= 1;
				return;
			}
			await sleep(((1 - b.tokens) * REFILL_MS) | 0);
		}
	};

	const r: ChatResult = { seat: [], spectator: [], http: [], noop: [], refused: 0, lost: 0 };
	const total = WARMUP + MESSAGES;
	for (let i = 0; i < total; i++) {
		const g = i % games.length;
		const s = Math.floor(i / games.length) % players.length;
		const other = (s + 1) % players.length;
		const game = games[g];
		await take(g, s);
		const text = `bench ${stamp} message ${i}: how about the eastern bay?`;
		const atSeat = game.seats[other].until(text);
		const atSpectator = game.spectator.until(text);
		const t0 = performance.now();
		let status = 0;
		try {
			await players[s].api('POST', `/api/games/${game.id}/chat`, { text });
			status = 201;
		} catch (e) {
			if (!(e instanceof ApiError)) throw e;
			status = e.status;
			if (e.status === 429) r.refused++;
			else throw e;
		}
		const http = performance.now() - t0;
		if (status !== 201) {
			void atSeat;
			void atSpectator;
			continue;
		}
		const [t1, t2] = await Promise.all([atSeat, atSpectator]);
		const p0 = performance.now();
		await players[s].api('GET', '/api/ping');
		const noop = performance.now() - p0;
		if (i < WARMUP) continue;
		if (t1 === null || t2 === null) {
			r.lost++;
			continue;
		}
		r.seat.push(t1 - t0);
		r.spectator.push(t2 - t0);
		r.http.push(http);
		r.noop.push(noop);
	}
	for (const g of games) [...g.seats, g.spectator].forEach((s) => s.close());
	return r;
}

// ---- 2. export and deletion ----

interface Person {
	client: Client;
	n: number;
}

/** A user with n games against one of the fillers: ⌊n/2⌋ finished, the rest running. */
async function makePerson(base: string, name: string, n: number, filler: Client, tasks: (() => Promise<void>)[]): Promise<Person> {
	const client = await signUp(base, name);
	const finished = Math.floor(n / 2);
	for (let k = 0; k < n; k++) {
		tasks.push(async () => {
			const id = await scenario(client, [client, filler], `bench-${name}-${k}`);
			const players = new Map<string, Player>([
				[keyOf(client.username), client],
				[keyOf(filler.username), filler]
			]);
			const rng = seedRng(`bench-${name}-${k}`);
			if (k < finished) {
				const res = await playGame({ id, kind: KIND, players, rng });
				if (res.stop !== 'over') throw new Error(`game ${id} stopped (${res.stop}) after ${res.moves} moves`);
			} else {
				await playGame({ id, kind: KIND, players, rng, maxMoves: 4 });
			}
			await client.api('POST', `/api/games/${id}/chat`, { text: k < finished ? 'good game, thanks' : 'your move, take your time' });
		});
	}
	return { client, n };
}

interface PeopleResult {
	exports: Map<number, { t: number[]; first: number[]; bytes: number; games: number; unavailable: number }>;
	deletions: Map<number, { t: number[]; notDone: number }>;
	setupSeconds: number;
	finishedGames: number;
}

async function benchPeople(base: string, stamp: string): Promise<PeopleResult> {
	const setup0 = performance.now();
	const fillers = await Promise.all(Array.from({ length: USERS }, (_, k) => signUp(base, `f${k}${stamp}`)));
	const tasks: (() => Promise<void>)[] = [];
	const people: Person[] = [];
	for (let u = 0; u < USERS; u++)
		for (const n of SIZES) people.push(await makePerson(base, `u${n}x${u}${stamp}`, n, fillers[u], tasks));
	// Many rooms at once: each waits for its own answers while the others move.
	await pool(12, tasks);
	const setupSeconds = (performance.now() - setup0) / 1000;
	// The running games' D1 rows follow their rooms within a second (docs/api.md "Consistency").
	await sleep(3000);

	const exports = new Map<number, { t: number[]; first: number[]; bytes: number; games: number; unavailable: number }>();
	const deletions = new Map<number, { t: number[]; notDone: number }>();
	for (const n of SIZES) {
		exports.set(n, { t: [], first: [], bytes: 0, games: 0, unavailable: 0 });
		deletions.set(n, { t: [], notDone: 0 });
	}
	// Interleaved over the sizes, so the machine's drift spreads over all of them.
	for (let round = 0; round < EXPORTS; round++)
		for (const p of people) {
			const r = await timed(p.client, 'GET', '/api/me/data');
			if (r.status !== 200) throw new Error(`export of ${p.client.username}: ${r.status} ${r.text.slice(0, 200)}`);
			const data = JSON.parse(r.text) as { games: { room?: { unavailable?: boolean } }[] };
			if (data.games.length !== p.n) throw new Error(`export of ${p.client.username}: ${data.games.length} games, expected ${p.n}`);
			const e = exports.get(p.n)!;
			e.t.push(r.t);
			// Listed apart: the first export of each user may find its rooms idle since the setup.
			if (round === 0) e.first.push(r.t);
			e.bytes = r.text.length;
			e.games = data.games.length;
			e.unavailable += data.games.filter((g) => g.room?.unavailable).length;
		}
	for (const p of people) {
		const r = await timed(p.client, 'POST', '/api/me/delete', { password: PASSWORD, username: p.client.username });
		if (r.status !== 200) throw new Error(`deletion of ${p.client.username}: ${r.status} ${r.text.slice(0, 200)}`);
		const d = deletions.get(p.n)!;
		d.t.push(r.t);
		if (!(JSON.parse(r.text) as { done: boolean }).done) d.notDone++;
		// Let what a deletion sets off (bots taking the dropped seats, notifications) settle.
		await sleep(1000);
	}
	return { exports, deletions, setupSeconds, finishedGames: people.reduce((a, p) => a + Math.floor(p.n / 2), 0) };
}

async function main() {
	if (!args.includes('--no-build')) await build({ quiet: true });
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-bench-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({
		port: await freePort(),
		persistTo: dir,
		stdio: 'pipe',
		logLevel: 'warn',
		vars: { ROOM_TEST_SEAMS: '1', AUTH_SIGNUPS_PER_HOUR: '1000' }
	});
	const started = performance.now();
	try {
		const stamp = Date.now().toString(36).slice(-4);
		const chat = await benchChat(server.url, stamp);
		const people = await benchPeople(server.url, stamp);

		const cpu = cpus();
		console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; state in ${STATE_PARENT}`);
		console.log(`run: ${((performance.now() - started) / 1000).toFixed(0)} s after the server answered; setup of the export/deletion games ${people.setupSeconds.toFixed(0)} s (${people.finishedGames} games played to the end)\n`);
		console.log(`### Chat round trip (${chat.seat.length} messages over ${CHAT_GAMES} games × 3 seats, after ${WARMUP} warm-up; refused 429: ${chat.refused}; lost: ${chat.lost})\n`);
		console.log('| measure | p50 | p95 | p99 |');
		console.log('|---|---|---|---|');
		const row = (name: string, xs: number[]) => console.log(`| ${name} | ${ms(pct(xs, 50))} ms | ${ms(pct(xs, 95))} ms | ${ms(pct(xs, 99))} ms |`);
		row('chat POST → message at another seated player', chat.seat);
		row('chat POST → message at a spectator', chat.spectator);
		row('chat POST → HTTP answer', chat.http);
		row('no-op `GET /api/ping` (same session, interleaved)', chat.noop);
		console.log(`\np50 ratio chat (other seat) / no-op: ${(pct(chat.seat, 50) / pct(chat.noop, 50)).toFixed(2)}\n`);

		console.log(`### Data export and account deletion (${USERS} users per N; N games each: ⌊N/2⌋ finished ${KIND.texts.name()} games, the rest running, one chat message in each)\n`);
		console.log('| N games | export p50 | export min–max | first export per user | export size | deletion p50 | deletion min–max | deletion `done: false` |');
		console.log('|---|---|---|---|---|---|---|---|');
		for (const n of SIZES) {
			const e = people.exports.get(n)!;
			const d = people.deletions.get(n)!;
			const range = (xs: number[]) => `${ms(Math.min(...xs))}–${ms(Math.max(...xs))} ms`;
			console.log(
				`| ${n} | ${ms(pct(e.t, 50))} ms (${e.t.length} exports) | ${range(e.t)} | ${e.first.map(ms).join(', ')} ms | ${(e.bytes / 1024).toFixed(1)} KB | ${ms(pct(d.t, 50))} ms (${d.t.length} users) | ${range(d.t)} | ${d.notDone} |`
			);
			if (e.unavailable) console.log(`  (N = ${n}: ${e.unavailable} game(s) with room unavailable in the exports)`);
		}
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

await main();
