/**
 * npm run bench:wakeups [-- --game <kind>] [--games N] [--baseline] — how often a game wakes its players
 * and how many notifications it sends (issue 32), through the kind contract only (bench/lib/wakeups.ts):
 * full games by the default bots at every table size, per player per game: decisions, wake-ups (own
 * turns / others' turns and sealed decisions) and turn notifications per channel, with every player
 * away (back hours after being woken) and with quick players who are not looking (back within
 * minutes). Each row: today's site (no queues, no grace) and the site now (queues planned with each
 * kind's `queue.plan`, the default grace); `--baseline` prints only the first.
 */
import os from 'node:os';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { AWAY, QUICK, simulate, type GameCount, type Timing } from './lib/wakeups';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const ids = process.argv.includes('--game') ? [arg('game', '')] : [...KIND_IDS];
const games = Number(arg('games', '30'));
const baselineOnly = process.argv.includes('--baseline');
const GRACE = Number(arg('grace', '10')) * 60_000;
if (ids.some((id) => !kindOf(id)) || !Number.isInteger(games) || games < 1) {
	console.error(`usage: npm run bench:wakeups -- [--game <${KIND_IDS.join('|')}>] [--games N] [--grace MINUTES] [--baseline]`);
	process.exit(2);
}

interface Row {
	decisions: number;
	queued: number;
	wakeups: number;
	own: number;
	other: number;
	inapp: number;
	email: number;
	dropped: number;
	moves: number;
	days: number;
	unfinished: number;
}

function sum(list: GameCount[]): Row {
	const per = list.reduce((n, g) => n + g.seats.length, 0);
	const add = (f: (s: GameCount['seats'][number]) => number) => list.reduce((n, g) => n + g.seats.reduce((m, s) => m + f(s), 0), 0) / per;
	return {
		decisions: add((s) => s.decisions),
		queued: add((s) => s.queued),
		wakeups: add((s) => s.wakeups),
		own: add((s) => s.wakeOwn),
		other: add((s) => s.wakeOther),
		inapp: add((s) => s.notes.inapp),
		email: add((s) => s.notes.email),
		dropped: add((s) => s.dropped),
		moves: list.reduce((n, g) => n + g.moves, 0) / list.length,
		days: list.reduce((n, g) => n + g.duration, 0) / list.length / 86_400_000,
		unfinished: list.filter((g) => !g.over).length
	};
}

const f1 = (x: number) => x.toFixed(1);
console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, node ${process.version}; ${games} games per kind, table size and timing; grace ${GRACE / 60_000} min`);
console.log('per player per game: decisions (queued) | wake-ups (own turn / other) | notifications in-app, email = push = webhook | queues dropped | game: moves, simulated days');
let failed = false;
for (const id of ids) {
	const kind = kindOf(id)!;
	for (let n = kind.seats.min; n <= kind.seats.max; n++) {
		for (const timing of [AWAY, QUICK] as Timing[]) {
			const run = (queues: boolean, grace: number) =>
				sum(Array.from({ length: games }, (_, i) => simulate(kind, n, `wake-${id}-${n}-${i}`, { queues, grace, timing })));
			const line = (label: string, r: Row) =>
				`  ${label.padEnd(6)} ${f1(r.decisions).padStart(6)} (${f1(r.queued).padStart(5)}) | ${f1(r.wakeups).padStart(5)} (${kind.turnOf ? `${f1(r.own)} / ${f1(r.other)}` : 'no turnOf'}) | ${f1(r.inapp).padStart(5)}, ${f1(r.email).padStart(5)} | ${f1(r.dropped)} | ${r.moves.toFixed(0)} moves, ${f1(r.days)} d${r.unfinished ? `, ${r.unfinished} unfinished` : ''}`;
			console.log(`\n${id}, ${n} players, ${timing.name}`);
			const before = run(false, 0);
			console.log(line('today', before));
			if (baselineOnly) continue;
			const now = run(true, GRACE);
			console.log(line('now', now));
			const worst = Math.max(now.inapp, now.email);
			const ok = worst <= now.wakeups + 1e-9;
			console.log(`  wake-ups ${f1(before.wakeups)} → ${f1(now.wakeups)} (${((100 * now.wakeups) / before.wakeups).toFixed(0)} %); notifications ≤ wake-ups: ${ok ? 'yes' : 'NO'}`);
			if (!ok) failed = true;
		}
	}
}
process.exitCode = failed ? 1 : 0;
