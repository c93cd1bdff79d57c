/**
 * The order the e2e files start in (tests/e2e/vitest.config.ts `sequence.sequencer`): longest
 * first, from a table of measured times (durations.json), so the two files that run at a time end
 * together. Vitest's own order needs its cache of an earlier run, which a fresh clone (CI) lacks;
 * it then starts the larger files first, and a short file with a long run (a11y.e2e.ts: 7 kB,
 * about 380 s in CI) started half-way and ran alone at the end for minutes (docs/testing.md,
 * "Where the time goes"). Longest first is the classic rule for two machines: the last file to
 * start is a short one, so the lanes end within about one short file of each other.
 *
 * A file missing from the table (a new one) starts first, as Vitest starts unknown files first;
 * `npm run e2e:durations -- <vitest json report>` writes the table anew from a run.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export function order(files: string[]): string[] {
	const seconds = (f: string) => SECONDS[basename(f)] ?? Infinity;
	// Stable for ties: the name decides, so every machine starts the files in the same order.
	return [...files].sort((a, b) => seconds(b) - seconds(a) || (basename(a) < basename(b) ? -1 : 1));
}

export default class LongestFirst extends BaseSequencer {
	async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const byId = new Map(files.map((f) => [f.moduleId, f]));
		return order([...byId.keys()]).map((id) => byId.get(id)!);
	}
}
