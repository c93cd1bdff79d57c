/**
 * npm run bench:history (Giants' history view: a kind's own benchmark lives in bench/<kind>/) [-- --seeks 300] [--no-build] [--no-browser]
 *
 * Issue 6: going to any step of a long finished game must take ≤ 16 ms.
 * 1. Engine (Node, one thread): a 4-player game played by the engine's random bot (~700+ moves),
 *    exported with buildExport; for K in 1…100 the History build time (one full replay) and the
 *    time of `state(k)` for random steps k (p50/p95/max), which replays ≤ K−1 moves from the nearest
 *    snapshot. The page uses K = DEFAULT_K.
 * 2. Page (Debian's headless Chromium, phone viewport 390×844): the same kind of game played through
 *    the API on `wrangler dev` (fresh local state under /dev/shm), then /games/<id>/history; for
 *    random steps the slider's value is set and an input event dispatched. The page marks
 *    'rongo:seek' when it changes step and measures 'rongo:history' in an $effect after its DOM update
 *    (seek + view + Svelte's DOM update of board, panels and log). Also from the event until the next
 *    frame is rendered (style, layout, paint included).
 * Results: docs/benchmarks.md ("History (issue 6)").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { below, buildExport, erase, playOut, seedRng, type GameExportV2 } from '../../src/lib/engine/index';
import { randomBot } from '../../src/lib/games/giants/bots';
import { giants, type GiantsView } from '../../src/lib/games/giants/index';
import { giantsKind } from '../../src/lib/games/giants/kind';
import type { GiantsConfig, GiantsMove } from '../../src/lib/games/giants/types';
import { DEFAULT_K, History } from '../../src/lib/ui/history/steps';

type GiantsExport = GameExportV2<GiantsConfig, GiantsMove>;
import { build, freePort, migrate, startDevServer } from '../../scripts/lib/devserver';
import { Client } from '../../scripts/lib/client';
import { CHROMIUM, newPerson } from '../../tests/e2e/browser';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const SEEKS = opt('--seeks', 300);

function pct(xs: number[], p: number) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const ms = (x: number) => `${x.toFixed(2)} ms`;
const triple = (xs: number[]) => `${ms(pct(xs, 50))} / ${ms(pct(xs, 95))} / ${ms(Math.max(...xs))}`;

function engine() {
	const config = { players: 4 };
	const played = playOut(giantsKind, { config, seed: 'bench-history', bots: randomBot as never, rng: seedRng('bench-history-bots') });
	const moves = played.moves.map((m, i) => ({ ...m, version: i + 2, at: 0 }));
	const s = played.state;
	const kind = erase(giantsKind);
	const name = (seat: number) => `p${seat}`;
	const e = buildExport({
		kind,
		id: 'bench',
		config,
		options: { quickStart: false, immediateScoring: false },
		seed: 'bench-history',
		engineVersion: giants.engineVersion,
		players: [0, 1, 2, 3].map((seat) => ({ seat, username: `p${seat}` })),
		createdAt: 0,
		startedAt: 0,
		finishedAt: 0,
		startVersion: 1,
		moves,
		final: s
	}) as GiantsExport;
	console.log(`1. engine: a 4-player random-bot game of ${moves.length} moves; ${SEEKS * 10} seeks to random steps per K`);
	console.log('| K | build (full replay) | seek p50 / p95 / max | snapshots |');
	console.log('|---|---|---|---|');
	for (const K of [1, 5, 10, 25, 50, 100]) {
		new History(kind, e, name, K); // warm-up (JIT)
		const t0 = performance.now();
		const h = new History(kind, e, name, K);
		const buildMs = performance.now() - t0;
		const r = seedRng('seeks');
		const xs: number[] = [];
		for (let i = 0; i < SEEKS * 10; i++) {
			const k = below(r, h.last + 1);
			const t = performance.now();
			h.state(k);
			xs.push(performance.now() - t);
		}
		console.log(`| ${K}${K === DEFAULT_K ? ' (page)' : ''} | ${ms(buildMs)} | ${triple(xs)} | ${Math.floor(h.last / K) + 1} |`);
	}
}

async function page() {
	if (!args.includes('--no-build')) await build({ quiet: true });
	const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
	const dir = mkdtempSync(join(parent, 'rongo-bench-history-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn' });
	const person = await newPerson();
	try {
		const suffix = Date.now().toString(36).slice(-4);
		const players = ['hb1', 'hb2', 'hb3', 'hb4'].map((n) => new Client(server.url, n + suffix));
		for (const p of players) await p.signup(p.username, 'bench-password-1234');
		const { id } = await players[0].createGame({ kind: giantsKind.id, seats: 4, visibility: 'public', timeLimit: '1d' });
		for (const c of players.slice(1)) await c.join(id);
		if ((await players[0].game(id)).status === 'waiting') await players[0].start(id);
		const room = await players[0].game(id);
		const bySeat: Client[] = [];
		for (const s of room.seats) bySeat[s.seat] = players.find((p) => p.username === s.username)!;
		const rng = seedRng('bench-history-page');
		let moves = 0;
		for (;;) {
			const any = await players[0].game<GiantsView>(id);
			if (any.status !== 'active') break;
			const seat = giants.activeSeats(any.view!)[0];
			const own = await bySeat[seat].game<GiantsView>(id);
			await bySeat[seat].move(id, randomBot(own.view!, seat, rng), own.version);
			moves++;
		}
		const p = await person.context.newPage();
		await p.goto(`${server.url}/games/${id}/history`, { waitUntil: 'networkidle' });
		await p.locator('[data-ready="true"]').waitFor();
		const last = Number(await p.getByRole('slider').getAttribute('max'));
		const r = seedRng('page-seeks');
		const measure: number[] = [];
		const frame: number[] = [];
		for (let i = 0; i < SEEKS; i++) {
			let k = below(r, last + 1);
			if (k === Number(await p.getByRole('slider').inputValue())) k = (k + 1) % (last + 1);
			const x = await p.evaluate(async (k) => {
				performance.clearMeasures('rongo:history');
				const input = document.querySelector<HTMLInputElement>('input[type=range]')!;
				const t0 = performance.now();
				input.value = String(k);
				input.dispatchEvent(new Event('input', { bubbles: true }));
				// After the next frame is rendered: a message posted from requestAnimationFrame runs
				// once that frame's style, layout and paint are done.
				await new Promise((ok) =>
					requestAnimationFrame(() => {
						const ch = new MessageChannel();
						ch.port1.onmessage = () => ok(null);
						ch.port2.postMessage(null);
					})
				);
				const t1 = performance.now();
				return { measure: performance.getEntriesByName('rongo:history').map((e) => e.duration), frame: t1 - t0 };
			}, k);
			measure.push(...x.measure);
			frame.push(x.frame);
		}
		let chromium = '?';
		try {
			chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
		} catch {
			/* unknown */
		}
		console.log(`\n2. page: /games/<id>/history of a 4-player random-bot game of ${moves} moves played through the API; ${SEEKS} slider changes to random steps; ${chromium}, 390×844`);
		console.log(`   'rongo:history' (seek + DOM update), ${measure.length} samples: p50 / p95 / max = ${triple(measure)}   (target ≤ 16 ms)`);
		console.log(`   input event → next frame rendered (style, layout, paint): p50 / p95 / max = ${triple(frame)}`);
	} finally {
		await person.close().catch(() => {});
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

const cpu = cpus();
console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}\n`);
engine();
if (!args.includes('--no-browser')) await page();
