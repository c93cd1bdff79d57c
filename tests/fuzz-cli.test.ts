// Issue 17: `npm run fuzz` at volume — worker threads, the same summary whatever --jobs, resuming a
// state file, refusing a stale one, and the first failure stopping the run with its reproduce line.
// Runs the CLI as a child process (tsx, as npm runs it); the stand-in fuzzer
// tests/fixtures/fuzz-fake.ts makes games instant and reports which ones ran.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { addTotals, emptyTotals, runChunk, type FuzzState } from '../scripts/lib/fuzz-run';
import { fuzzGame as fake } from './fixtures/fuzz-fake';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const dir = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
	code: number;
	stdout: string;
	stderr: string;
}
function fuzz(args: string[], env: Record<string, string> = {}): Promise<Run> {
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[tsx, '--tsconfig', '.svelte-kit/tsconfig.json', 'scripts/fuzz.ts', ...args],
			{ cwd: root, env: { ...process.env, ...env } },
			(err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr })
		);
	});
}
/** The summary lines without the wall time. */
const summaryOf = (r: Run) =>
	r.stdout
		.split('\n')
		.filter((l) => /^fuzz \w+ \(|^fuzz: \d+ passed/.test(l))
		.map((l) => l.replace(/, [\d.]+ s$/, ''));
const played = (log: string) =>
	readFileSync(log, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(Number)
		.sort((a, b) => a - b);
const FAKE = ['--game', 'rapanui', '--fuzzer', 'tests/fixtures/fuzz-fake.ts'];

describe('npm run fuzz (issue 17)', () => {
	it('prints the same summary on 2 worker threads as on 1 (a real kind)', { timeout: 30_000 }, async () => {
		const [one, two] = await Promise.all([fuzz(['--game', 'rapanui', '--games', '6', '--jobs', '1']), fuzz(['--game', 'rapanui', '--games', '6', '--jobs', '2', '--chunk', '1'])]);
		expect(one.code, one.stderr).toBe(0);
		expect(two.code, two.stderr).toBe(0);
		expect(summaryOf(one)).toHaveLength(2);
		expect(summaryOf(one)[0]).toMatch(/^fuzz rapanui \(rapanui@\d+\): 6 games \(players \{"2":2,"3":2,"4":2\}\), \d+ moves, \d+ checks, ends \{/);
		expect(summaryOf(two)).toEqual(summaryOf(one));
	});

	it('orders end reasons by their first game, whatever order the chunks finish in', { timeout: 30_000 }, async () => {
		const r = await fuzz([...FAKE, '--games', '9', '--jobs', '2', '--chunk', '1']);
		expect(r.code, r.stderr).toBe(0);
		expect(summaryOf(r)[0]).toMatch(/: 9 games \(players \{"2":3,"3":3,"4":3\}\), 126 moves, 972 checks, ends \{"even":5,"odd":2,"late":2\}$/);
	});

	it('resumes a state: plays only the games not done, and sums all of them', { timeout: 30_000 }, async () => {
		const state = join(dir, 'partial.json');
		const log = join(dir, 'partial.log');
		const whole = await fuzz([...FAKE, '--games', '8', '--jobs', '1', '--state', join(dir, 'whole.json')]);
		expect(whole.code, whole.stderr).toBe(0);
		// As a run killed after finishing games 0–1 and 4 would have left it.
		let totals = emptyTotals();
		for (const [s, e] of [[0, 2], [4, 5]]) {
			const r = runChunk(fake, s, e, 'rongo');
			if (!r.ok) throw new Error(r.message);
			totals = addTotals(totals, r.totals);
		}
		const { engineVersion } = JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8')) as FuzzState;
		const partial: FuzzState = { format: 1, kind: 'rapanui', engineVersion, seed: 'rongo', from: 0, games: 8, done: [[0, 2], [4, 5]], totals, seconds: 1 };
		writeFileSync(state, JSON.stringify(partial));

		const resumed = await fuzz([...FAKE, '--games', '8', '--jobs', '2', '--chunk', '1', '--state', state], { FAKE_FUZZ_LOG: log });
		expect(resumed.code, resumed.stderr).toBe(0);
		expect(played(log)).toEqual([2, 3, 5, 6, 7]);
		expect(resumed.stdout).toContain(`resuming ${state}: 3 of 8 games done earlier`);
		expect(summaryOf(resumed)).toEqual(summaryOf(whole));
		const after = JSON.parse(readFileSync(state, 'utf8')) as FuzzState;
		expect(after.done).toEqual([[0, 8]]);
		expect(after.totals.games).toBe(8);

		// Growing the range through the same state plays only the new games.
		rmSync(log);
		const grown = await fuzz([...FAKE, '--games', '10', '--jobs', '1', '--state', state], { FAKE_FUZZ_LOG: log });
		expect(grown.code, grown.stderr).toBe(0);
		expect(played(log)).toEqual([8, 9]);
		expect(summaryOf(grown)[0]).toContain(': 10 games');
	});

	it('refuses a state of another engine version, kind or seed; --fresh starts over', { timeout: 30_000 }, async () => {
		const state = join(dir, 'stale.json');
		const first = await fuzz([...FAKE, '--games', '4', '--jobs', '1', '--state', state]);
		expect(first.code, first.stderr).toBe(0);
		const s = JSON.parse(readFileSync(state, 'utf8')) as FuzzState;
		writeFileSync(state, JSON.stringify({ ...s, engineVersion: 'rapanui@0' }));
		const log = join(dir, 'stale.log');
		const [stale, otherSeed] = await Promise.all([
			fuzz([...FAKE, '--games', '4', '--jobs', '1', '--state', state], { FAKE_FUZZ_LOG: log }),
			fuzz([...FAKE, '--games', '4', '--jobs', '1', '--state', state, '--seed', 'other'], { FAKE_FUZZ_LOG: log })
		]);
		expect(stale.code).toBe(2);
		expect(stale.stderr).toMatch(/engineVersion "rapanui@0", this run is "rapanui@\d+": refusing to resume/);
		expect(otherSeed.code).toBe(2);
		expect(otherSeed.stderr).toMatch(/refusing to resume/);
		expect(() => readFileSync(log)).toThrow(); // no game was played

		const fresh = await fuzz([...FAKE, '--games', '4', '--jobs', '1', '--state', state, '--fresh'], { FAKE_FUZZ_LOG: log });
		expect(fresh.code, fresh.stderr).toBe(0);
		expect(played(log)).toEqual([0, 1, 2, 3]);
		expect((JSON.parse(readFileSync(state, 'utf8')) as FuzzState).engineVersion).toBe(s.engineVersion);
	});

	it('stops all jobs at the first failure and prints how to reproduce it', { timeout: 30_000 }, async () => {
		const state = join(dir, 'fail.json');
		const r = await fuzz([...FAKE, '--games', '400', '--jobs', '2', '--chunk', '1', '--seed', 's1', '--state', state], { FAKE_FUZZ_FAIL: '5' });
		expect(r.code).toBe(1);
		expect(r.stderr).toContain('FAIL fake failure at game 5 (seed s1)\nreproduce: npm run fuzz -- --game rapanui --games 1 --seed s1 --from 5');
		expect(summaryOf(r)).toEqual([]);
		const s = JSON.parse(readFileSync(state, 'utf8')) as FuzzState;
		expect(s.done.some(([a, b]) => a <= 5 && 5 < b)).toBe(false);
		expect(s.totals.games).toBeLessThan(40); // the other thread got no more chunks
	});
});
