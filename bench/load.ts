/**
 * npm run bench:load [-- --games 200] [--seconds 60] [--via socket|http] [--cost-games 4]
 *                    [--no-cost] [--no-load] [--no-build] [--state-dir DIR] [--top]
 *                    [--paced] [--email] [--json FILE]
 *
 * Rongo under load (issue 17), on `wrangler dev` of the built app (workerd, local D1, local Durable
 * Object storage; loopback only), every registered game kind, each game played by its kind's
 * default bot from each seat's own view:
 *
 *  1. Load: `--games` concurrent games (kinds in turn, three seats each, ten games per trio of
 *     players), each seat on its game socket, one move after another for `--seconds`; a finished
 *     game is replaced by a new one. Reports moves/s, the round trip (submit → the event at another
 *     seat's socket) and the mover's answer (ack or HTTP 200) p50/p95/p99, errors (must be 0), the
 *     server's CPU per move (workerd + wrangler from /proc, the coalesced D1 flush included), and
 *     the D1 index's lag behind the rooms: a player of ten games polls `GET /api/games/mine` (D1
 *     only; the client keeps no read-your-writes cookie) and each version is timed from its event
 *     at another seat's socket (the room has committed it) until that list shows it.
 *  2. Cost: on a second, fresh server with `METER=1` (src/lib/server/meter.ts), `--cost-games`
 *     games of each kind played to the end the way asynchronous players play — nobody watching:
 *     each move is a `GET /api/games/:id` (the player opens the game) and a `POST …/moves`, and
 *     every turn change notifies — counting what Cloudflare bills: Worker requests, Worker CPU
 *     (upper bound: all of workerd, the local D1 included), Durable Object requests and wall time,
 *     D1 and Durable Object SQLite rows read and written, stored bytes (D1's size after its
 *     statements, each object's SQLite size). `docs/benchmarks.md`
 *     prices them (bench/lib/prices.ts). Also the rows written per move by table, D1 and Durable
 *     Object storage apart (the meter's per-statement tally grouped by the table a statement
 *     writes, `/__meter/tables`; issue 33). `--top` lists the statements by rows written.
 *     `--paced`: before each move the player waits until D1 has the game's version the player saw,
 *     so every move is its own flush, as with asynchronous players minutes apart (the bots are
 *     faster than the room's flush otherwise, and many moves share one flush).
 *     `--email` (issue 33, "the same with an email address verified", implies `--paced`): every player has a verified
 *     address (confirmed through the link the development mailbox holds) and a grace time of 0, and
 *     before each move the player waits until D1 has the game's version the player saw and every
 *     "your turn" of the game is fanned out and no longer pending by email — so every turn change
 *     really goes out by email, as it does when players are away for longer than their grace time
 *     (a player who moves within their grace gets no mail: docs/notifications.md). The wait reads
 *     the local D1 file directly (node:sqlite, read-only; it is neither a request nor metered). The
 *     development mailbox's own D1 copy of each mail (`dev_mailbox`, DEV_MAILBOX=1, needed for the
 *     verification link) is not a production cost and is left out of the D1 rows written.
 *     `--json FILE` writes, per kind, {kind, moves, counts, rowsPerMoveByTable: {d1: {table: rows},
 *     do: {…}}, usdPerMove, usdPerGame} (bench:scale reads it).
 *
 * Exit code 1 if any move failed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedRng, type Kind } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { Client } from '../scripts/lib/client';
import { playGame, type Player } from '../scripts/lib/botplay';
import { build, freePort, migrate, startDevServer, type DevServer } from '../scripts/lib/devserver';
import { canReadCpu, cpuOf, cpuSince } from './lib/proc';
import { closeGame, newGame, PASSWORD, presence, step, type RongoGame, type Via } from './lib/rongo';
import { PRICES, PRICE_LIST_DATE, priceGame, type GameCounts } from './lib/prices';
import type { MeterTotals } from '../src/lib/server/meter';
import { args, ms, q, sleep, value } from './lib/cli';
import { confirmAddress } from '../scripts/lib/mail';

const GAMES = Number(value('--games') ?? 200);
const SECONDS = Number(value('--seconds') ?? 60);
const VIA = (value('--via') ?? 'socket') as Via;
const COST_GAMES = Number(value('--cost-games') ?? 4);
const EMAIL = args.includes('--email');
const PACED = EMAIL || args.includes('--paced');
const JSON_FILE = value('--json');
const STATE_PARENT = value('--state-dir') ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
if (![GAMES, SECONDS, COST_GAMES].every((n) => Number.isInteger(n) && n >= 1) || (VIA !== 'socket' && VIA !== 'http')) {
	console.error('usage: npm run bench:load -- [--games N] [--seconds S] [--via socket|http] [--cost-games N] [--no-cost] [--no-load] [--no-build]');
	process.exit(2);
}
const KINDS = KIND_IDS.map((id) => kindOf(id)!) as Kind[];
/** Games one trio of players plays at once (people have several games running). */
const GAMES_PER_TRIO = 10;
// Tracing off, as in production (bench:peers); sign-ups unthrottled for the bench's players.
const WRANGLER_ENV = { X_LOCAL_OBSERVABILITY: 'false' };
const VARS = { AUTH_SIGNUPS_PER_HOUR: '1000000' };


/** Runs `fn` over `items` with at most `n` at once. */
async function pool<T, R>(items: readonly T[], n: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
	const out: R[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(n, items.length) }, async () => {
			while (next < items.length) {
				const i = next++;
				out[i] = await fn(items[i], i);
			}
		})
	);
	return out;
}

async function serve(tag: string, vars: Record<string, string> = {}): Promise<{ server: DevServer; dir: string }> {
	const dir = mkdtempSync(join(STATE_PARENT, `rongo-load-${tag}-`));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn', env: WRANGLER_ENV, vars: { ...VARS, ...vars } });
	return { server, dir };
}

let signups = 0;
async function trio(url: string, email = false): Promise<Client[]> {
	const run = Date.now().toString(36).slice(-5);
	const out: Client[] = [];
	for (let i = 0; i < 3; i++) {
		const c = new Client(url, `ld${run}n${signups++}`);
		if (email) {
			// A verified address (the link from the development mailbox) and grace 0: every turn mailed at once.
			const address = `${c.username}@bench.invalid`;
			await c.api('POST', '/api/auth/signup', { username: c.username, password: PASSWORD, email: address });
			await confirmAddress(url, c, address);
			await c.api('PUT', '/api/me/settings', { graceMinutes: 0 });
		} else await c.signup(c.username, PASSWORD);
		out.push(c);
	}
	return out;
}

/** The local D1 file of a `wrangler dev --persist-to dir` (the largest database of D1's objects). */
function d1File(dir: string): string {
	const base = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
	const files = readdirSync(base).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
	return join(base, files.sort((a, b) => statSync(join(base, b)).size - statSync(join(base, a)).size)[0]);
}

/**
 * `--paced`: waits until D1 has `version` of the game; `--email`: and every "your turn" of it is
 * fanned out and no longer pending by email (sent, merged, skipped or failed). Read-only on the local
 * D1 file, so neither a request nor a metered row. False after 20 s (then counted as late).
 */
async function paced(db: DatabaseSync, gameId: string, version: number | undefined, email: boolean): Promise<boolean> {
	const current = db.prepare('SELECT version FROM games WHERE id = ?');
	// Not yet told: no email row that is finished (every player here has a verified address and
	// grace 0, so fan-out gives every such turn one). Not the postman's D1 cursor: it is written
	// lazily since issue 33 (notify/cursor.ts), and older code had a fanned_out flag instead.
	const untold = db.prepare(
		`SELECT COUNT(*) AS n FROM notification_events e WHERE e.game_id = ? AND e.kind = 'turn' AND e.game_open = 0 AND ` +
			// By the delivery's key (user, channel, status, id; migration 0020), not a scan per event.
			`NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = e.user_id AND n.channel = 'email' AND n.status IN ('sent', 'merged', 'skipped', 'failed') AND n.id = e.id || ':email')`
	);
	const end = Date.now() + 20_000;
	while (Date.now() < end) {
		try {
			const v = (current.get(gameId) as { version: number } | undefined)?.version ?? -1;
			if ((version === undefined || v >= version) && (!email || (untold.get(gameId) as { n: number }).n === 0)) return true;
		} catch {
			/* the writer holds the file a moment: look again */
		}
		await sleep(25);
	}
	return false;
}

// ---- 1. load ------------------------------------------------------------------------------------

async function load() {
	const { server, dir } = await serve('run');
	try {
		const trios = await pool(Array.from({ length: Math.ceil(GAMES / GAMES_PER_TRIO) }), 4, () => trio(server.url));
		const kindOfSlot = (i: number) => KINDS[i % KINDS.length];
		const trioOfSlot = (i: number) => trios[i % trios.length];
		let created = 0;
		const open = async (slot: number): Promise<RongoGame> => {
			const kind = kindOfSlot(slot);
			const g = await newGame(trioOfSlot(slot), kind, created++);
			// The kind's default bot (the one that plays dropped seats), not the random one of bench:peers.
			g.bot = kind.bots[kind.defaultBot];
			g.rng = seedRng(`load/${g.id}`);
			return g;
		};
		process.stdout.write(`opening ${GAMES} games (${trios.length * 3} players, ${KINDS.map((k) => k.id).join(', ')}) … `);
		const games = await pool(Array.from({ length: GAMES }, (_, i) => i), 8, (i) => open(i));
		console.log('open');

		// The D1 lag probe: the first trio's games, acknowledged versions timed until the list shows them.
		const probe = trios[0];
		const acked = new Map<string, { version: number; at: number }[]>();
		const lags: number[] = [];
		let probing = true;
		const prober = (async () => {
			while (probing) {
				const t = performance.now();
				const mine = (await probe[1].mine()) as { games: { id: string; version: number }[] };
				for (const g of mine.games) {
					const list = acked.get(g.id);
					if (!list) continue;
					while (list.length && list[0].version <= g.version) lags.push(t - list.shift()!.at);
				}
				await sleep(100);
			}
		})();

		const rtts: number[] = [];
		const answers: number[] = [];
		const errors: string[] = [];
		let moves = 0;
		let finished = 0;
		const pid = server.child.pid!;
		const cpu0 = canReadCpu() ? cpuOf(pid) : null;
		const t0 = performance.now();
		const end = t0 + SECONDS * 1000;
		await Promise.all(
			games.map(async (game, slot) => {
				const watched = trioOfSlot(slot) === probe;
				while (performance.now() < end) {
					try {
						const r = await step(game, VIA);
						if (!r) {
							finished++;
							closeGame(game);
							game = await open(slot);
							continue;
						}
						moves++;
						rtts.push(r.rtt);
						answers.push(r.answer);
						if (watched) {
							const list = acked.get(game.id) ?? [];
							// From the event at another seat: the room had committed (and broadcast) the move.
							list.push({ version: game.sockets[0].version, at: r.at });
							acked.set(game.id, list);
						}
					} catch (e) {
						errors.push(`${game.kind.id} ${game.id}: ${e instanceof Error ? e.message : String(e)}`);
						closeGame(game);
						game = await open(slot);
					}
				}
				closeGame(game);
			})
		);
		const secs = (performance.now() - t0) / 1000;
		const cpu = cpu0 ? cpuSince(cpu0, cpuOf(pid)) : null;
		// Let the last flushes land, then stop probing.
		await sleep(1500);
		probing = false;
		await prober;
		const unseen = [...acked.values()].reduce((n, l) => n + l.length, 0);

		console.log(`\nload: ${GAMES} concurrent games over ${VIA === 'socket' ? 'game sockets' : 'HTTP'}, ${secs.toFixed(1)} s, ${created} games opened, ${finished} finished by their rules`);
		console.log(`  moves: ${moves} = ${(moves / secs).toFixed(0)} moves/s ${moves / secs >= 300 ? '(goal ≥ 300: met)' : '(goal ≥ 300: NOT met)'}`);
		console.log(`  round trip (submit → event at another seat): p50 ${ms(q(rtts, 0.5))}, p95 ${ms(q(rtts, 0.95))}, p99 ${ms(q(rtts, 0.99))}, max ${ms(Math.max(...rtts))}`);
		console.log(`  mover's answer (${VIA === 'socket' ? 'ack' : 'HTTP 200'}): p50 ${ms(q(answers, 0.5))}, p95 ${ms(q(answers, 0.95))}, p99 ${ms(q(answers, 0.99))}`);
		console.log(`  errors: ${errors.length}${errors.length ? '\n    ' + errors.slice(0, 10).join('\n    ') : ''}`);
		if (cpu) console.log(`  server CPU: ${(cpu.total / moves).toFixed(2)} ms per move (${Object.entries(cpu.byName).map(([k, v]) => `${k} ${(v / moves).toFixed(2)}`).join(', ')})`);
		console.log(`  D1 index lag behind the room (${lags.length} versions of ${acked.size} games): p50 ${ms(q(lags, 0.5))}, p95 ${ms(q(lags, 0.95))}, max ${ms(Math.max(...lags))}; not shown after the run: ${unseen}`);
		return errors.length;
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

// ---- 2. cost -------------------------------------------------------------------------------------

type Meter = MeterTotals;

async function cost() {
	// DEV_MAILBOX for the verification links of --email (its own D1 rows are left out below).
	const { server, dir } = await serve('cost', { METER: '1', ...(EMAIL ? { DEV_MAILBOX: '1' } : {}) });
	const local = PACED ? new DatabaseSync(d1File(dir), { readOnly: true }) : null;
	let late = 0;
	// Every request the players make (the Worker's requests); sockets are none here.
	let requests = 0;
	const realFetch = globalThis.fetch;
	globalThis.fetch = (input, init) => {
		if (String(input instanceof Request ? input.url : input).startsWith(server.url)) requests++;
		return realFetch(input, init);
	};
	const meter = async (): Promise<Meter> => (await (await realFetch(server.url + '/__meter')).json()) as Meter;
	const tables = async (): Promise<Record<string, number>> => (await (await realFetch(server.url + '/__meter/tables')).json()) as Record<string, number>;
	const out: { kind: Kind; counts: GameCounts; moves: number; reasons: Record<string, number>; byTable: Record<string, number> }[] = [];
	try {
		presence.looking = false;
		const pid = server.child.pid!;
		for (const kind of KINDS) {
			const trios = await pool(Array.from({ length: COST_GAMES }), 2, () => trio(server.url, EMAIL));
			// Settle: nothing of the sign-ups left in flight.
			await sleep(1500);
			const before = await meter();
			const tablesBefore = await tables();
			const req0 = requests;
			const cpu0 = canReadCpu() ? cpuOf(pid) : null;
			const results = await Promise.all(
				trios.map(async (players, i) => {
					const { id } = await players[0].createGame({ kind: kind.id, seats: 3, visibility: 'public', timeLimit: '3d' });
					for (const c of players.slice(1)) await c.join(id);
					const g = await players[0].game(id);
					if (g.status === 'waiting') await players[0].start(id);
					// Asynchronous players: no socket; open the game (GET), then move (POST).
					const move = async (c: Client, x: string, m: unknown, v?: number) => {
						if (local && !(await paced(local, x, v, EMAIL))) late++;
						return c.move(x, m, v);
					};
					const seated = new Map<string, Player>(players.map((c) => [c.username.toLowerCase(), { username: c.username, game: (x) => c.game(x), move: (x, m, v) => move(c, x, m, v) }]));
					const r = await playGame({ id, kind, players: seated, rng: seedRng(`cost/${kind.id}/${i}`), safety: 20_000 });
					if (r.stop !== 'over') throw new Error(`cost: ${kind.id} game ${id} stopped (${r.stop}) before its end`);
					return { moves: r.moves, reason: kind.outcome(r.game.view)?.reason ?? '?' };
				})
			);
			// The last flush, the postman's deliveries.
			await sleep(3000);
			const after = await meter();
			const tablesAfter = await tables();
			const cpu = cpu0 ? cpuSince(cpu0, cpuOf(pid)) : null;
			const n = results.length;
			const d = (k: keyof Meter) => (after[k] - before[k]) / n;
			// Rows written per game by table; the development mailbox's copies of mails are no production cost.
			const byTable: Record<string, number> = {};
			for (const [t, w] of Object.entries(tablesAfter)) if (w - (tablesBefore[t] ?? 0) > 0) byTable[t] = (w - (tablesBefore[t] ?? 0)) / n;
			const devMail = byTable['D1: dev_mailbox'] ?? 0;
			delete byTable['D1: dev_mailbox'];
			const counts: GameCounts = {
				workerRequests: (requests - req0) / n,
				workerCpuMs: cpu ? cpu.total / n : NaN,
				doRequests: d('doRequests'),
				doSocketMessages: d('doSocketMessages'),
				doWallMs: d('doWallMs'),
				doRowsRead: d('doSqlRowsRead'),
				doRowsWritten: d('doSqlRowsWritten') + d('doStorageWrites'),
				d1RowsRead: d('d1RowsRead'),
				d1RowsWritten: d('d1RowsWritten') - devMail,
				d1Queries: d('d1Queries'),
				d1WriteQueries: d('d1WriteQueries'),
				d1SqlMs: d('d1SqlMs'),
				doStoredBytes: d('doBytes'),
				d1StoredBytes: d('d1Bytes')
			};
			const reasons: Record<string, number> = {};
			for (const r of results) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
			out.push({ kind, counts, moves: results.reduce((s, r) => s + r.moves, 0) / n, reasons, byTable });
		}
		if (args.includes('--top')) {
			console.log('\nstatements by rows written (all kinds):');
			for (const t of (await (await realFetch(server.url + '/__meter/top')).json()) as { sql: string; n: number; read: number; written: number }[])
				console.log(`  ${String(t.written).padStart(7)} written ${String(t.read).padStart(8)} read ${String(t.n).padStart(6)}×  ${t.sql}`);
		}
	} finally {
		globalThis.fetch = realFetch;
		local?.close();
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
	console.log(
		`\ncost per finished game (${COST_GAMES} games of each kind, 3 players, played asynchronously to the end${PACED ? ', every move its own flush' : ''}${EMAIL ? ', every player with a verified email address and grace 0' : ''}; prices of ${PRICE_LIST_DATE}):`
	);
	if (PACED) console.log(`${EMAIL ? 'turns not mailed' : 'versions not in D1'} before the player moved (waited 20 s): ${late}`);
	const report = [];
	for (const { kind, counts, moves, reasons, byTable } of out) {
		const p = priceGame(counts);
		console.log(`\n${kind.id} (${kind.engineVersion}): ${moves.toFixed(0)} moves per game, ends ${JSON.stringify(reasons)}`);
		console.log('  | what | per game | $ per game |');
		console.log('  |---|---:|---:|');
		for (const line of p.lines) console.log(`  | ${line.what} | ${line.amount} | ${line.usd.toExponential(2)} |`);
		console.log(`  | **total** | | **${p.total.toExponential(2)}** (lichess ≈ 2.7e-4) — dominated by ${p.lines.reduce((a, b) => (b.usd > a.usd ? b : a)).what} |`);
		console.log(`  | D1 statements (writes), SQL time | ${counts.d1Queries?.toFixed(0)} (${counts.d1WriteQueries?.toFixed(0)}), ${counts.d1SqlMs?.toFixed(0)} ms | not billed |`);
		console.log(`  | storage kept (DO ${(counts.doStoredBytes / 1024).toFixed(1)} KiB, D1 ${(counts.d1StoredBytes / 1024).toFixed(1)} KiB) | per month | ${p.storagePerMonth.toExponential(2)} |`);
		const perMove = Object.fromEntries(Object.entries(byTable).map(([t, w]) => [t, w / moves]));
		for (const side of ['D1', 'DO']) {
			const rows = Object.entries(perMove).filter(([t]) => t.startsWith(`${side}: `)).sort((a, b) => b[1] - a[1]);
			const sum = rows.reduce((a, [, w]) => a + w, 0);
			console.log(`  ${side} rows written per move by table: ${sum.toFixed(2)} = ${rows.map(([t, w]) => `${t.slice(4)} ${w.toFixed(2)}`).join(', ')}`);
		}
		console.log(`  $ per move: ${(p.total / moves).toExponential(2)} (goal ≤ 3.4e-6)`);
		// { d1: { table: rows per move }, do: { … } }: the shape bench/lib/scale.ts reads.
		const bySide = (side: string) => Object.fromEntries(Object.entries(perMove).filter(([t]) => t.startsWith(`${side}: `)).map(([t, w]) => [t.slice(4), w]));
		report.push({ kind: kind.id, moves, counts, rowsPerMoveByTable: { d1: bySide('D1'), do: bySide('DO') }, usdPerMove: p.total / moves, usdPerGame: p.total });
	}
	if (JSON_FILE) {
		writeFileSync(JSON_FILE, JSON.stringify(report, null, '\t') + '\n');
		console.log(`\nwrote ${JSON_FILE}`);
	}
	console.log(`\nprices: ${JSON.stringify(PRICES)}`);
}

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; state under ${STATE_PARENT}`);
if (!args.includes('--no-build')) await build({ quiet: true });
let failed = 0;
if (!args.includes('--no-load')) failed += await load();
if (!args.includes('--no-cost')) await cost();
process.exitCode = failed ? 1 : 0;
