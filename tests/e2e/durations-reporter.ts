/**
 * `npm run e2e:durations`: the whole e2e run with this reporter beside the default one. It prints
 * where the time went — each file's wall time from its start to its end (its server's start-up and
 * set-up included), when it started, how much of it its tests took, and its slowest tests — and
 * writes tests/e2e/durations.json, the table sequencer.ts starts the files by (longest first).
 * Figures from a busy machine are still good for the order: all files slow down alike.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class DurationsReporter implements Reporter {
	private started = new Map<string, number>();
	private ended = new Map<string, number>();
	private first = 0;

	onTestModuleStart(module: TestModule) {
		this.first ||= Date.now();
		this.started.set(module.moduleId, Date.now());
	}

	onTestModuleEnd(module: TestModule) {
		this.ended.set(module.moduleId, Date.now());
	}

	onTestRunEnd(modules: ReadonlyArray<TestModule>) {
		const files = modules
			.map((m) => {
				const tests = [...m.children.allTests()].map((t) => ({ name: t.fullName, ms: t.diagnostic()?.duration ?? 0 }));
				const wall = (this.ended.get(m.moduleId) ?? 0) - (this.started.get(m.moduleId) ?? 0);
				return { name: basename(m.moduleId), wall, at: (this.started.get(m.moduleId) ?? 0) - this.first, tests, ok: m.ok() };
			})
			.sort((a, b) => b.wall - a.wall);
		const s = (ms: number) => `${Math.round(ms / 1000)} s`;
		const lines = [`\ne2e durations: ${files.length} files, the files' sum ${s(files.reduce((t, f) => t + f.wall, 0))}`];
		for (const f of files) {
			const inTests = f.tests.reduce((t, x) => t + x.ms, 0);
			lines.push(`${s(f.wall).padStart(7)}  ${f.name.padEnd(24)} started at ${s(f.at).padStart(6)}; tests ${s(inTests)}, the rest (server, set-up) ${s(f.wall - inTests)}`);
			for (const t of [...f.tests].sort((a, b) => b.ms - a.ms).slice(0, 3)) lines.push(`           ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
		}
		console.log(lines.join('\n'));
		const all = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.e2e.ts'));
		if (files.some((f) => !f.ok) || all.some((f) => !files.some((x) => x.name === f))) {
			return console.log('not every e2e file ran and passed: tests/e2e/durations.json left as it was');
		}
		const table = Object.fromEntries(files.map((f) => [f.name, Math.max(1, Math.round(f.wall / 1000))]));
		writeFileSync(new URL('./durations.json', import.meta.url), JSON.stringify(table, null, '\t') + '\n');
		console.log('written: tests/e2e/durations.json (the unit test tests/e2e/sequencer.test.ts checks it names every file)');
	}
}
