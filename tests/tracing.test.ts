// Issue 33: wrangler's local tracing is opt-in for `npm start`, `npm run preview`, the tests and the
// benchmarks — RONGO_TRACING=1 turns it on; any other value is refused, not guessed at.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tracingFromEnv } from '../scripts/lib/devserver';

describe('RONGO_TRACING (issue 33)', () => {
	it('is off unless set to 1', () => {
		expect(tracingFromEnv({})).toBe(false);
		expect(tracingFromEnv({ RONGO_TRACING: '' })).toBe(false);
		expect(tracingFromEnv({ RONGO_TRACING: '0' })).toBe(false);
		expect(tracingFromEnv({ RONGO_TRACING: '1' })).toBe(true);
		// wrangler's own variable alone does not turn it on: one switch, ours.
		expect(tracingFromEnv({ X_LOCAL_OBSERVABILITY: 'true' })).toBe(false);
	});

	it('refuses any other value with a message naming the switch', () => {
		for (const v of ['yes', 'true', 'on', ' 1']) expect(() => tracingFromEnv({ RONGO_TRACING: v })).toThrow(/RONGO_TRACING.*1 turns/);
	});

	it('npm run preview passes wrangler the same default', () => {
		const script: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.preview;
		const prefix = script.slice(0, script.indexOf(' wrangler dev'));
		// The script's variable assignments, evaluated by sh as npm would, then the environment they give.
		const env = (tracing: string | undefined) =>
			execFileSync('sh', ['-c', `${prefix} env`], { env: { PATH: process.env.PATH, ...(tracing === undefined ? {} : { RONGO_TRACING: tracing }) }, encoding: 'utf8' });
		expect(env(undefined)).toMatch(/^X_LOCAL_OBSERVABILITY=false$/m);
		expect(env('0')).toMatch(/^X_LOCAL_OBSERVABILITY=false$/m);
		expect(env('1')).toMatch(/^X_LOCAL_OBSERVABILITY=true$/m);
	});
});
