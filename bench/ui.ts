/**
 * npm run bench:ui [-- --moves 200] [--runs 5] [--no-build] [--state-dir DIR]
 *                   [--slowest 10] [--profile] [--interval 100] [--top 25] [--save FILE]
 *
 * The game page in a real browser (Debian's Chromium, headless, phone viewport 390×844) against
 * `wrangler dev` on the built app with its own fresh local state. Four players sign up and start a
 * 4-player game (of `--game <kind>`, the first registered kind by default) through the API; the browser is signed in as one of them (seated).
 * 1. JavaScript of /games/<id>: every script the browser loads for a cold first visit (responses
 *    of resource type script, plus any <link rel=modulepreload> it did not fetch, plus the inline
 *    scripts of the HTML), each gzipped here at level 9 (wrangler dev may not compress). Target
 *    (issue 4): ≤ 100 KB.
 * 2. Event → re-render: the page's GameSocket marks 'rongo:event' when an event arrives; the game
 *    page measures 'rongo:render' from that mark right after its DOM update. Until the page does,
 *    a MutationObserver stands in: from the mark to the last DOM mutation before the next animation
 *    frame. The output says which one was used. Moves come from the engine's random bot, chosen
 *    from the mover's own view (GET /api/games/:id) and sent over HTTP, one at a time; marks are
 *    cleared before each move so a measure never pairs with a stale mark. Target: ≤ 16 ms.
 * 3. Load: 5 cold loads of /games/<id> (fresh browser profile each), largest-contentful-paint from
 *    a buffered PerformanceObserver, DOMContentLoaded and load from the navigation timing entry.
 * `--slowest N` lists the N slowest re-renders of 2. with the move that caused each.
 * `--profile`: while the moves of 2. are played, V8's sampling profiler records the watching page's
 * main thread (every `--interval` µs); the report lists the `--top` functions by self and by total
 * time, in the sources' names when the client build has source maps (a build here then runs
 * `vite build --sourcemap`: the same code, plus maps). The profiler slows the page, so its run's
 * re-render figures are not the benchmark's; `--save FILE` keeps the .cpuprofile for DevTools.
 * Results: docs/benchmarks.md ("UI").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { seedRng } from '../src/lib/engine/index';
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';
import { isOver, randomLegal } from '../src/lib/engine/index';

// The kind to play (issue 11: one command for every kind): --game <kind>, the first registered by default.
const KIND = kindOf(process.argv.includes('--game') ? process.argv[process.argv.indexOf('--game') + 1] : LEGACY_KIND_ID);
if (!KIND) {
	console.error(`--game: one of ${KIND_IDS.join(', ')}`);
	process.exit(2);
}
const randomBot = randomLegal(KIND);
import { ROOT, build, freePort, migrate, run, startDevServer } from '../scripts/lib/devserver';
import { Client } from '../scripts/lib/client';
import { CHROMIUM, newPerson, type Person } from '../tests/e2e/browser';
import { clientHasSourceMaps, printSummary, startProfile, summarise } from './lib/pageprofile';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const MOVES = opt('--moves', 200);
const RUNS = opt('--runs', 5);
const PROFILE = args.includes('--profile');
const INTERVAL = opt('--interval', 100);
const TOP = opt('--top', 25);
const SAVE = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;
const PASSWORD = 'bench-password-1234';
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();

/**
 * Injected before any page script. Records the sockets (so we can wait until the page's socket
 * has its first message, without reading page text), the largest contentful paint, and the
 * fallback render time: from each 'rongo:event' mark to the last DOM mutation before the next
 * animation frame.
 */
function instrument() {
	const w = window as unknown as Record<string, unknown>;
	const sockets: WebSocket[] = [];
	w.__benchSockets = sockets;
	const Native = window.WebSocket;
	window.WebSocket = class extends Native {
		constructor(url: string | URL, protocols?: string | string[]) {
			super(url, protocols);
			sockets.push(this);
			this.addEventListener('message', () => ((this as unknown as { __got: boolean }).__got = true));
		}
	} as typeof WebSocket;

	w.__lcp = 0;
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) w.__lcp = e.startTime;
	}).observe({ type: 'largest-contentful-paint', buffered: true });

	const fallback: number[] = [];
	w.__benchFallback = fallback;
	let pending: { t0: number; last: number } | null = null;
	new MutationObserver(() => {
		if (pending) pending.last = performance.now();
	}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
	const mark = performance.mark.bind(performance);
	performance.mark = (name: string, options?: PerformanceMarkOptions) => {
		const entry = mark(name, options);
		if (name === 'rongo:event') {
			const p = (pending = { t0: entry.startTime, last: entry.startTime });
			requestAnimationFrame(() => {
				fallback.push(p.last - p.t0);
				if (pending === p) pending = null;
			});
		}
		return entry;
	};
}

async function signIn(person: Person, client: Client, base: string) {
	const [name, value] = client.cookie.split('=');
	await person.context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
	const me = await (await person.context.request.get(base + '/api/auth/me')).json();
	if (me?.user?.username !== client.username) throw new Error(`the browser is not signed in as ${client.username}: ${JSON.stringify(me)}`);
	await person.context.addInitScript(instrument);
}

interface Chunk {
	url: string;
	raw: number;
	gzip: number;
}

/** 1. Every script of a cold first load of the game page, gzipped at level 9. */
async function measureJs(page: Page, url: string, base: string): Promise<Chunk[]> {
	const bodies = new Map<string, Buffer>();
	const pending: Promise<void>[] = [];
	page.on('response', (r) => {
		if (r.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(r.url())) return;
		pending.push(
			r.body().then(
				(b) => void bodies.set(r.url(), b),
				() => {}
			)
		);
	});
	await page.goto(url, { waitUntil: 'networkidle' });
	await Promise.all(pending);
	const { preloads, inline } = await page.evaluate(() => ({
		preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href),
		inline: [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '')
	}));
	for (const href of preloads) {
		if (bodies.has(href)) continue;
		const res = await fetch(href);
		bodies.set(href, Buffer.from(await res.arrayBuffer()));
	}
	const chunks: Chunk[] = [...bodies].map(([u, b]) => ({
		url: u.startsWith(base) ? u.slice(base.length) : u,
		raw: b.length,
		gzip: gzipSync(b, { level: 9 }).length
	}));
	inline.forEach((text, i) => {
		const b = Buffer.from(text);
		chunks.push({ url: `(inline script ${i + 1} of the HTML)`, raw: b.length, gzip: gzipSync(b, { level: 9 }).length });
	});
	return chunks.sort((a, b) => b.gzip - a.gzip);
}

/** Waits until the page's game socket has had its first message (the room's state). */
async function socketReady(page: Page) {
	await page.waitForFunction(
		() => ((window as unknown as { __benchSockets: { readyState: number; __got?: boolean }[] }).__benchSockets ?? []).some((s) => s.readyState === 1 && s.__got),
		undefined,
		{ timeout: 20_000 }
	);
}

function pct(xs: number[], p: number) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const median = (xs: number[]) => pct(xs, 50);
const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : `${x.toFixed(1)} ms`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function chromiumVersion() {
	try {
		return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
	} catch {
		return '?';
	}
}

async function main() {
	if (args.includes('--no-build')) {
		if (PROFILE && !clientHasSourceMaps()) console.warn('(the last build has no source maps — `vite build --sourcemap` — so frames show as chunks, lines and columns)');
	} else if (PROFILE) await run(join(ROOT, 'node_modules/.bin/vite'), ['build', '--sourcemap'], { quiet: true });
	else await build({ quiet: true });
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-bench-ui-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn' });
	const people: Person[] = [];
	try {
		const suffix = Date.now().toString(36).slice(-4);
		const players = ['ui1', 'ui2', 'ui3', 'ui4'].map((n) => new Client(server.url, n + suffix));
		for (const p of players) await p.signup(p.username, PASSWORD);
		const { id } = await players[0].createGame({ kind: KIND.id, seats: Math.min(Math.max(4, KIND.seats.min), KIND.seats.max), visibility: 'public', timeLimit: '1d' });
		for (const c of players.slice(1)) await c.join(id);
		if ((await players[0].game(id)).status === 'waiting') await players[0].start(id);
		const room = await players[0].game(id);
		const bySeat: Client[] = [];
		for (const s of room.seats) bySeat[s.seat] = players.find((p) => p.username === s.username)!;
		const gameUrl = `${server.url}/games/${id}`;

		// 1. JavaScript (cold profile, first visit).
		const watcher = await newPerson();
		people.push(watcher);
		await signIn(watcher, players[0], server.url);
		const page = await watcher.context.newPage();
		const chunks = await measureJs(page, gameUrl, server.url);
		const jsGzip = chunks.reduce((a, c) => a + c.gzip, 0);
		const jsRaw = chunks.reduce((a, c) => a + c.raw, 0);

		// 2. Event → re-render, watched by seat players[0] on the page loaded above.
		await socketReady(page);
		const rng = seedRng('rongo-bench-ui');
		const render: number[] = [];
		const fallback: number[] = [];
		let missed = 0;
		let played = 0;
		/** Each measure with the move that caused it (the slowest are listed). */
		const slow: { t: number; seat: number; move: string }[] = [];
		const stopProfile = PROFILE ? await startProfile(page, INTERVAL) : null;
		while (played < MOVES) {
			const any = await players[0].game<unknown>(id);
			if (!any.view || any.status !== 'active') break; // a finished game's status says so (kinds have no isOver since the outcome contract)
			const seat = any.activeSeats[0];
			const mover = bySeat[seat];
			const own = await mover.game<unknown>(id);
			const move = randomBot(own.view!, seat, rng);
			await page.evaluate(() => {
				performance.clearMarks('rongo:event');
				performance.clearMeasures('rongo:render');
				(window as unknown as { __benchFallback: number[] }).__benchFallback.length = 0;
			});
			await mover.move(id, move, own.version);
			played++;
			try {
				// The fallback entry is pushed in the animation frame after the event, so by then
				// the page's own measure (taken right after its DOM update) is there too.
				await page.waitForFunction(() => (window as unknown as { __benchFallback: number[] }).__benchFallback.length > 0, undefined, {
					timeout: 5000
				});
			} catch {
				missed++;
				continue;
			}
			const r = await page.evaluate(() => ({
				measures: performance.getEntriesByName('rongo:render').map((e) => e.duration),
				fallback: [...(window as unknown as { __benchFallback: number[] }).__benchFallback]
			}));
			render.push(...r.measures);
			fallback.push(...r.fallback);
			for (const t of r.measures) slow.push({ t, seat, move: JSON.stringify(move) });
		}
		const profile = stopProfile ? await stopProfile() : null;
		await page.close();
		await watcher.close();
		people.length = 0;

		// 3. Cold loads.
		const loads: { lcp: number; dcl: number; load: number }[] = [];
		for (let i = 0; i < RUNS; i++) {
			const person = await newPerson();
			people.push(person);
			await signIn(person, players[0], server.url);
			const p = await person.context.newPage();
			await p.goto(gameUrl, { waitUntil: 'networkidle' });
			await p.waitForTimeout(300); // let the last paint be reported
			loads.push(
				await p.evaluate(() => {
					const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
					return {
						lcp: (window as unknown as { __lcp: number }).__lcp,
						dcl: nav.domContentLoadedEventEnd,
						load: nav.loadEventEnd
					};
				})
			);
			await person.close();
			people.length = 0;
		}

		const cpu = cpus();
		console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; ${chromiumVersion()}; viewport 390×844`);
		console.log(`\n1. game page JavaScript (cold first visit), ${chunks.length} files:`);
		console.log(`   game page JS (gzip) = ${kb(jsGzip)} = ${jsGzip} bytes   (raw ${kb(jsRaw)}; target ≤ 100 KB)`);
		console.log('   biggest:');
		for (const c of chunks.slice(0, 8)) console.log(`     ${kb(c.gzip).padStart(9)} gzip  ${kb(c.raw).padStart(9)} raw  ${c.url}`);

		const usePage = render.length > 0;
		const xs = usePage ? render : fallback;
		console.log(`\n2. event → re-render, ${played} moves by the random bot (${missed} without an event at the watcher within 5 s):`);
		console.log(
			`   using ${usePage ? "the page's own 'rongo:render' measure" : "the MutationObserver fallback (the page has no 'rongo:render' measure yet)"}: ${xs.length} samples`
		);
		console.log(`   p50 ${ms(pct(xs, 50))}   p95 ${ms(pct(xs, 95))}   max ${ms(Math.max(...xs))}   (target ≤ 16 ms)`);
		if (usePage && fallback.length) {
			console.log(`   (MutationObserver for comparison: p50 ${ms(pct(fallback, 50))}   p95 ${ms(pct(fallback, 95))}   max ${ms(Math.max(...fallback))})`);
		}

		if (args.includes('--slowest')) {
			console.log(`   slowest events (the watcher is seat ${room.seats.find((x) => x.username === players[0].username)?.seat}):`);
			for (const e of slow.sort((a, b) => b.t - a.t).slice(0, opt('--slowest', 10))) console.log(`   ${ms(e.t).padStart(9)}  seat ${e.seat}: ${e.move.slice(0, 110)}`);
		}
		if (profile) printSummary(summarise(profile), xs.length, TOP, SAVE, profile);

		console.log(`\n3. cold loads of /games/<id>, ${loads.length} runs (median):`);
		console.log(`   LCP ${ms(median(loads.map((l) => l.lcp)))}   DOMContentLoaded ${ms(median(loads.map((l) => l.dcl)))}   load ${ms(median(loads.map((l) => l.load)))}`);
		console.log(`   each: ${loads.map((l) => `LCP ${l.lcp.toFixed(0)}/DCL ${l.dcl.toFixed(0)}/load ${l.load.toFixed(0)}`).join(', ')}`);

		console.log('\n| measure | value | target |');
		console.log('|---|---|---|');
		console.log(`| game page JS (gzip, level 9) | ${kb(jsGzip)} | ≤ 100 KB |`);
		console.log(`| event → re-render p50 / p95 / max (${usePage ? 'rongo:render' : 'MutationObserver'}) | ${ms(pct(xs, 50))} / ${ms(pct(xs, 95))} / ${ms(Math.max(...xs))} | ≤ 16 ms |`);
		console.log(`| LCP, median of ${loads.length} cold loads | ${ms(median(loads.map((l) => l.lcp)))} | |`);
		console.log(`| DOMContentLoaded / load, median | ${ms(median(loads.map((l) => l.dcl)))} / ${ms(median(loads.map((l) => l.load)))} | |`);
	} finally {
		for (const p of people) await p.close().catch(() => {});
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

await main();
