/**
 * npm run bench:scale [-- --from FILE] [--games N] [--email-share S] [--mix giants=1,rapanui=1,moa=1]
 *
 * The site's ceiling on paper (issue 33, docs/scale.md): reads the measured cost of a move per kind
 * (`--from`: a rongo-scale/1 file, or bench:load's `--json` output; default the checked-in
 * pre-issue-33 baseline, bench/scale-baseline.json), takes how often a game in progress moves and
 * how many notifications a move sends from bench:wakeups' model (bench/lib/wakeups.ts: `--games`
 * games per kind at 3 players, players away, queues and the 10-minute grace — today's site), and
 * prints markdown: the limits with their sources, the capacity table per shared resource, what
 * gives first, the sensitivity to the assumptions, and the plan past the ceiling step by step.
 * Pure arithmetic over those inputs (bench/lib/scale.ts); no server.
 */
import { readFileSync } from 'node:fs';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { AWAY, QUICK, simulate, type Timing } from './lib/wakeups';
import { LIMITS, PLAN, TODAY, blend, first, gamesInProgress, gamesUntilFull, limitValues, movesPerSecondPerGame, rows, toScaleInput, type KindPace, type Options, type PerMove } from './lib/scale';
import { value } from './lib/cli';

const FROM = value('--from') ?? new URL('./scale-baseline.json', import.meta.url).pathname;
const GAMES = Number(value('--games') ?? 6);
const EMAIL_SHARE = Number(value('--email-share') ?? 1);
const MIX = Object.fromEntries((value('--mix') ?? '').split(',').filter(Boolean).map((p) => [p.split('=')[0], Number(p.split('=')[1])]));
if (!Number.isInteger(GAMES) || GAMES < 1 || !(EMAIL_SHARE >= 0 && EMAIL_SHARE <= 1) || Object.values(MIX).some((x) => !(x >= 0))) {
	console.error('usage: npm run bench:scale -- [--from FILE] [--games N] [--email-share 0..1] [--mix kind=weight,…]');
	process.exit(2);
}

const raw = JSON.parse(readFileSync(FROM, 'utf8'));
const input = toScaleInput(raw, { label: `bench:load --json (${FROM})`, date: '?', source: FROM });

/** Pace and notifications per kind from the wake-up model: 3 players (as bench:load's cost games), `timing`. */
function paceOf(id: string, timing: Timing): KindPace {
	const kind = kindOf(id)!;
	const players = Math.min(kind.seats.max, Math.max(kind.seats.min, 3));
	let moves = 0, ms = 0, loud = 0, inapp = 0;
	for (let i = 0; i < GAMES; i++) {
		const g = simulate(kind, players, `scale-${id}-${i}`, { queues: true, grace: 10 * 60_000, timing });
		moves += g.moves;
		ms += g.duration;
		loud += g.seats.reduce((s, x) => s + x.notes.email, 0);
		inapp += g.seats.reduce((s, x) => s + x.notes.inapp, 0);
	}
	return { moves: moves / GAMES, days: ms / GAMES / 86_400_000, loudPerMove: loud / moves, inappPerMove: inapp / moves, seats: players };
}

const ids = KIND_IDS.filter((id) => input.kinds[id]);
const away = Object.fromEntries(ids.map((id) => [id, paceOf(id, AWAY)]));
const quick = Object.fromEntries(ids.map((id) => [id, paceOf(id, QUICK)]));
const today = blend(input, away, MIX, { emailShare: EMAIL_SHARE, roomRequestsPerMove: 2 });
const L = limitValues();

const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: d }) : '∞');
const sig = (x: number) => (Number.isFinite(x) ? (x >= 100 ? f(x, 0) : x >= 10 ? f(x, 1) : f(x, 2)) : '∞ (scales out)');

console.log(`# Capacity model (bench:scale)\n`);
console.log(`Input: **${input.label}** — ${input.date}; ${input.source}.`);
console.log(`Pace: bench:wakeups' model (bench/lib/wakeups.ts), ${GAMES} games per kind at 3 players, players away (back 1–12 h after being woken), queues and the 10-minute grace. Email: ${f(EMAIL_SHARE * 100)} % of players have a verified address and a subscribed browser. Mix of games in progress: ${ids.map((k) => `${k} ${MIX[k] ?? 1}`).join(', ')}.\n`);

console.log('| kind | moves per game (measured) | model: moves, days | one game in progress moves every | loud trips per move | in-app per move | share of the moves |');
console.log('|---|---:|---|---:|---:|---:|---:|');
for (const id of ids) {
	const p = away[id];
	console.log(`| ${id} | ${f(input.kinds[id].moves)} | ${f(p.moves)}, ${f(p.days, 1)} d | ${f(1 / movesPerSecondPerGame(p) / 60)} min | ${f(p.loudPerMove, 3)} | ${f(p.inappPerMove, 3)} | ${f(today.weights[id] * 100)} % |`);
}
console.log(`\nOver the mix, one game in progress makes a move every **${f(1 / today.pace / 60)} minutes** (${f(today.pace * 86_400, 1)} moves a day).\n`);

const m = today.perMove;
console.log('## Per move (the mix)\n');
console.log('| D1 reads | D1 writes | D1 rows written | D1 SQL ms (local) | D1 bytes kept | DO requests | Worker requests | Worker CPU ms (upper bound) | postman kicks | loud trips | in-app | hub calls |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(`| ${f(m.d1Reads, 2)} | ${f(m.d1Writes, 2)} | ${f(m.d1RowsWritten, 2)} | ${f(m.d1SqlMs, 3)} | ${f(m.d1Bytes)} | ${f(m.doRequests, 2)} | ${f(m.workerRequests, 2)} | ${f(m.workerCpuMs, 1)} | ${f(m.postmanKicks, 2)} | ${f(m.loud, 3)} | ${f(m.inapp, 3)} | ${f(m.hubCalls, 2)} |\n`);

console.log('## Limits\n');
console.log('| limit | value | source (read) |');
console.log('|---|---:|---|');
for (const l of Object.values(LIMITS)) console.log(`| ${l.what} | ${f(l.value)} ${l.unit} | ${l.source} (${l.read}) |`);

function table(pm: PerMove, o: Options, pace: number) {
	const rs = rows(pm, L, o);
	console.log('| resource | limit | use per move | saturates at moves/s | games in progress then |');
	console.log('|---|---|---|---:|---:|');
	for (const r of rs) console.log(`| ${r.resource} | ${r.limit} | ${r.use} | **${sig(r.movesPerSecond)}** | ${Number.isFinite(r.movesPerSecond) ? f(gamesInProgress(r.movesPerSecond, pace)) : '—'} |`);
	return rs;
}

console.log('\n## Today\n');
const rs = table(m, TODAY, today.pace);
const gate = first(rs);
const docRow = first(rs, true);
const quota = rs.find((r) => r.kind === 'quota')!;
console.log(`\n**Gives first: ${gate.resource}** at ${sig(gate.movesPerSecond)} moves/s = ${f(gamesInProgress(gate.movesPerSecond, today.pace))} games in progress (${gate.note}${gate.assumed ? '; rests on an ASSUMED figure' : ''}).`);
if (docRow !== gate) console.log(`On documented limits alone: **${docRow.resource}** at ${sig(docRow.movesPerSecond)} moves/s = ${f(gamesInProgress(docRow.movesPerSecond, today.pace))} games in progress.`);
console.log(`Quota: at ${sig(gate.movesPerSecond)} moves/s the site sends ${f(gate.movesPerSecond * m.loud * 86_400)} emails a day; the ASSUMED ${f(L.emailDaily)}/day quota is reached at ${sig(quota.movesPerSecond)} moves/s (${f(gamesInProgress(quota.movesPerSecond, today.pace))} games in progress) — raised on request, not a capacity.`);
console.log(`D1's 10 GB holds ${f(gamesUntilFull(m, L))} finished games of the mix (${f(m.d1Bytes * m.movesPerGame / 1024)} KiB each, nothing pruned); at ${sig(gate.movesPerSecond)} moves/s it is full in ${f(gamesUntilFull(m, L) / (gate.movesPerSecond / m.movesPerGame) / 86_400, 1)} days, at 1 move/s in ${f(gamesUntilFull(m, L) / (1 / m.movesPerGame) / 86_400)} days.`);

console.log('\n## Sensitivity\n');
console.log('Games in progress at the first ceiling and at the D1 primary, by pace and by D1 write time:\n');
console.log('| assumption | first ceiling | moves/s | games in progress | D1 primary moves/s | games in progress |');
console.log('|---|---|---:|---:|---:|---:|');
const sens = (label: string, pm: PerMove, pace: number, Lx = L) => {
	const r = rows(pm, Lx, TODAY);
	const g = first(r);
	console.log(`| ${label} | ${g.resource} | ${sig(g.movesPerSecond)} | ${f(gamesInProgress(g.movesPerSecond, pace))} | ${sig(r[0].movesPerSecond)} | ${f(gamesInProgress(r[0].movesPerSecond, pace))} |`);
};
sens('as above (away, 3 ms a write)', m, today.pace);
sens('games move twice as fast', m, today.pace * 2);
sens('games move half as fast', m, today.pace / 2);
const q = blend(input, quick, MIX, { emailShare: EMAIL_SHARE, roomRequestsPerMove: 2 });
sens(`quick players (back within 1–5 min; a move every ${f(1 / q.pace / 60, 1)} min)`, q.perMove, q.pace);
for (const w of [1, 10]) sens(`a D1 write takes ${w} ms`, m, today.pace, { ...L, d1WriteMs: w });
sens('a quarter of players with email/push', { ...m, loud: m.loud / 4 / Math.max(EMAIL_SHARE, 1e-9) }, today.pace);
sens('a send takes 300 ms', m, today.pace, { ...L, sendLatency: 300 });

console.log('\n## The plan past it (cumulative)\n');
if (!input.d1ByTable) console.log('(No D1 statements by table in the input: step 2 changes nothing here.)\n');
console.log('| step | what | first ceiling after it | moves/s | games in progress | D1 primary moves/s | finished games D1 holds |');
console.log('|---|---|---|---:|---:|---:|---:|');
let s = { m, o: TODAY };
console.log(`| 0. Today | | ${gate.resource} | ${sig(gate.movesPerSecond)} | ${f(gamesInProgress(gate.movesPerSecond, today.pace))} | ${sig(rs[0].movesPerSecond)} | ${f(gamesUntilFull(m, L))} |`);
for (const step of PLAN) {
	s = step.apply(s, input.d1ByTable);
	const r = rows(s.m, L, s.o);
	const g = first(r);
	console.log(`| ${step.name} | ${step.what} | ${g.resource} | ${sig(g.movesPerSecond)} | ${f(gamesInProgress(g.movesPerSecond, today.pace))} | ${sig(r[0].movesPerSecond)} | ${f(gamesUntilFull(s.m, L) * s.o.d1Shards)} |`);
}
console.log(`\nAfter the last step: D1 writes per move ${f(s.m.d1Writes, 2)} (from ${f(m.d1Writes, 2)}), reads on the primary ${f(s.m.d1Reads * s.o.readsOnPrimary, 2)} (from ${f(m.d1Reads, 2)}).`);
