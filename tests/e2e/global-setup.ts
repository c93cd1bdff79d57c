// Runs once before all end-to-end files (tests/e2e/vitest.config.ts `globalSetup`): applies the D1
// migrations to a template state directory, which every file's server then starts on a copy of
// (tests/e2e/server.ts). A `wrangler d1 migrations apply` costs about 9 s of CPU; once per file it
// was about 3 minutes of the run (issue 29). Each file still gets its own fresh state.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../scripts/lib/devserver';

declare module 'vitest' {
	export interface ProvidedContext {
		/** A state directory with every migration applied and nothing else; copy it, never use it. */
		migratedState: string;
	}
}

export default async function setup(project: TestProject) {
	const template = mkdtempSync(join(tmpdir(), 'rongo-e2e-migrated-'));
	await migrate(template, { quiet: true });
	project.provide('migratedState', template);
	return () => rmSync(template, { recursive: true, force: true });
}
