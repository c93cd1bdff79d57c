/**
 * npm run bench:archive [-- --games 10000] [--requests 50] [--no-build] [--state-dir DIR]
 *
 * The archive's speed (issue 6: a page in ≤ 50 ms with 10,000 finished games) under `wrangler dev`
 * on the built app: a fresh local state, the migrations, then `--games` finished public games
 * (+ private ones and games in progress, scripts/lib/seed-archive.ts) written as one SQL file with
 * `wrangler d1 execute --local --file`. Then, per case, `--requests` sequential requests after a
 * warm-up: p50/p95 of the whole HTTP answer, and of the D1 part the API reports in Server-Timing
 * (`db`: the round trip to D1 from the Worker; `sql`: D1's own execution time). Results:
 * docs/benchmarks.md "Archive (issue 6)".
 *
 * Then a player seated in every one of those games (~10,000, issue 10): their "My games" lists —
 * GET /api/games/mine (first page, a deep page of finished games), /api/games/next and the /games
 * page — which once bound every game id into one query and failed above 100 games.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { build, freePort, migrate, run, startDevServer, ROOT } from '../scripts/lib/devserver';
import { archiveInserts, makeArchive } from '../scripts/lib/seed-archive';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const GAMES = opt('--games', 10_000);
const REQUESTS = opt('--requests', 50);
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();

function pct(xs: number[], p: number) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** `db;dur=1.2, sql;dur=0.3` → { db: 1.2, sql: 0.3 }. */
function timing(header: string | null): Record<string, number> {
	const out: Record<string, number> = {};
	for (const part of (header ?? '').split(',')) {
		const m = /^\s*([a-z]+);dur=([\d.]+)/.exec(part);
		if (m) out[m[1]] = Number(m[2]);
	}
	return out;
}

async function measure(url: string, n: number, headers: Record<string, string> = {}) {
	const total: number[] = [];
	const db: number[] = [];
	const sql: number[] = [];
	let bytes = 0;
	for (let i = 0; i < n + 5; i++) {
		const t0 = performance.now();
		const res = await fetch(url, { headers });
		const body = await res.arrayBuffer();
		const t = performance.now() - t0;
		if (res.status !== 200) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
		if (i < 5) continue; // warm-up
		total.push(t);
		bytes = body.byteLength;
		const st = timing(res.headers.get('server-timing'));
		if (st.db !== undefined) db.push(st.db);
		if (st.sql !== undefined) sql.push(st.sql);
	}
	return { total, db, sql, bytes };
}

async function main() {
	if (!args.includes('--no-build')) await build({ quiet: true });
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-bench-archive-'));
	try {
		await migrate(dir, { quiet: true });
		const data = makeArchive({ games: GAMES, privateGames: Math.round(GAMES / 100), activeGames: 40, prefix: 'Bench', seed: 6 });
		const file = join(dir, 'seed.sql');
		writeFileSync(file, archiveInserts(data, 200).join('\n'));
		const t0 = performance.now();
		await run(join(ROOT, 'node_modules/.bin/wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--file', file, '--yes'], {
			quiet: true,
			env: { CI: 'true' }
		});
		const seedSeconds = (performance.now() - t0) / 1000;
		const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn' });
		try {
			const finished = data.games.filter((g) => g.status === 'finished' && g.visibility === 'public');
			finished.sort((a, b) => b.finishedAt! - a.finishedAt! || (a.id < b.id ? 1 : -1));
			const deep = finished[Math.floor(finished.length * 0.9)];
			const regular = data.users[0].username;
			const rare = data.users.at(-1)!.username;
			const mid = new Date(finished[Math.floor(finished.length / 2)].finishedAt!).toISOString().slice(0, 10);
			const monthEnd = new Date(Date.parse(mid) + 30 * 86_400_000).toISOString().slice(0, 10);
			const cases: [string, string][] = [
				['first page (50)', '/api/archive'],
				['deep page (cursor at 90 %)', `/api/archive?cursor=${deep.finishedAt}.${deep.id}`],
				['page of 100', '/api/archive?limit=100'],
				['player (a regular)', `/api/archive?player=${regular}`],
				['player (an occasional one)', `/api/archive?player=${rare}`],
				['date range (30 days)', `/api/archive?from=${mid}&to=${monthEnd}`],
				['players=4', '/api/archive?players=4'],
				['game=giants', '/api/archive?game=giants'],
				['player + players + dates', `/api/archive?player=${regular}&players=4&from=${mid}`],
				['players=5, deep cursor', `/api/archive?players=5&cursor=${deep.finishedAt}.${deep.id}`],
				['profile API (regular)', `/api/players/${regular}`],
				['watch list API', '/api/watch'],
				['/archive page (HTML)', '/archive'],
				['/archive page, filtered (HTML)', `/archive?player=${regular}&players=4`],
				['/players/:name page (HTML)', `/players/${regular}`]
			];
			const cpu = cpus();
			console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; state in ${STATE_PARENT}`);
			console.log(`seeded ${finished.length} public finished games (+${data.games.length - finished.length} private/in progress), ${data.users.length} users in ${seedSeconds.toFixed(1)} s`);
			console.log(`${REQUESTS} sequential requests per case after 5 warm-up ones; ms\n`);
			console.log('| case | p50 | p95 | D1 round trip p50 / p95 | D1 SQL p50 / p95 | bytes |');
			console.log('|---|---|---|---|---|---|');
			const row = async (name: string, path: string, headers?: Record<string, string>) => {
				const r = await measure(server.url + path, REQUESTS, headers);
				const d = r.db.length ? `${pct(r.db, 50).toFixed(2)} / ${pct(r.db, 95).toFixed(2)}` : '–';
				const s = r.sql.length ? `${pct(r.sql, 50).toFixed(2)} / ${pct(r.sql, 95).toFixed(2)}` : '–';
				console.log(`| ${name} | ${pct(r.total, 50).toFixed(1)} | ${pct(r.total, 95).toFixed(1)} | ${d} | ${s} | ${r.bytes} |`);
			};
			for (const [name, path] of cases) await row(name, path);

			// A player in every seeded game (seat 9, free in all of them), as the rooms' outbox writes seats.
			const heavy = await signUpHeavy(server.url);
			const seatsFile = join(dir, 'heavy.sql');
			writeFileSync(
				seatsFile,
				`INSERT INTO seats (game_id, user_id, seat, version, joined_at, status, updated_at) ` +
					`SELECT id, '${heavy.id}', 9, 100, created_at, status, updated_at FROM games;\n` +
					// Awaited in every running game, as seat 0 is (games.waits by seat number, room/outbox.ts waitsOf).
					`UPDATE games SET waits = '[[' || updated_at || ',null],null,null,null,null,null,null,null,null,[' || updated_at || ',null]]' WHERE status = 'active';`
			);
			await run(join(ROOT, 'node_modules/.bin/wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--file', seatsFile, '--yes'], {
				quiet: true,
				env: { CI: 'true' }
			});
			const auth = { cookie: heavy.cookie };
			const first = (await (await fetch(`${server.url}/api/games/mine`, { headers: auth })).json()) as { counts: Record<string, number>; finishedCursor: string };
			console.log(`\na player seated in ${Object.values(first.counts).reduce((a, b) => a + b, 0)} games (${JSON.stringify(first.counts)}):\n`);
			console.log('| case | p50 | p95 | D1 round trip p50 / p95 | D1 SQL p50 / p95 | bytes |');
			console.log('|---|---|---|---|---|---|');
			const deepCursor = `${deep.finishedAt}.${deep.id}`;
			await row('/api/games/mine', '/api/games/mine', auth);
			await row('/api/games/mine, finished page at 90 %', `/api/games/mine?finished=${deepCursor}`, auth);
			await row('/api/games/next', '/api/games/next', auth);
			await row('/games page (HTML)', '/games', auth);
		} finally {
			await server.stop();
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** A real account (password hashed, session cookie) to sign the requests of the heavy player's lists. */
async function signUpHeavy(base: string): Promise<{ id: string; cookie: string }> {
	const res = await fetch(`${base}/api/auth/signup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: base },
		body: JSON.stringify({ username: 'heavy_player', password: 'bench password 10k' })
	});
	if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
	const { user } = (await res.json()) as { user: { id: string } };
	const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0];
	return { id: user.id, cookie };
}

await main();
