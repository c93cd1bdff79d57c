// The example scenario files of the kinds that use the common format (docs/positions.md): each
// starts from its position and replays its moves with their expectations, through the same code as
// `npm run scenario -- FILE`.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKindScenario, runKindFile, runKindScenario } from '$lib/engine/scenario';
import { kindOf } from '$lib/games';

const DIRS = ['rapanui', 'moa'];

describe.each(DIRS)('scenario files: %s', (dir) => {
	const kind = kindOf(dir)!;
	const files = readdirSync(new URL(`./${dir}/`, import.meta.url)).filter((f) => f.endsWith('.json'));
	it('has an example', () => expect(files.length).toBeGreaterThan(0));
	it.each(files)('%s starts from its position and replays with every expectation met', (file) => {
		const raw = JSON.parse(readFileSync(new URL(`./${dir}/${file}`, import.meta.url), 'utf8'));
		const sc = loadKindScenario(kind, raw);
		if (!sc.ok) throw new Error(`${sc.code}: ${sc.message}`);
		const run = runKindScenario(kind, sc.value);
		expect(run.error).toBeNull();
		expect(run.played).toBe(sc.value.moves.length);
		expect(runKindFile(kind, raw, {}).failure).toBeUndefined();
	});
});
