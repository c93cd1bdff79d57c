// Issue 10: the development-only switches must never be on in production.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { devMailbox, devServer, meter, testSeams } from './dev';

const DEV_ONLY = ['DEV_MAILBOX', 'ROOM_TEST_SEAMS', 'AUTH_SIGNUPS_PER_HOUR', 'METER'];

/** Every `vars` table of a Wrangler config: the top level's and each environment's. */
function varsTables(config: Record<string, unknown>): [string, Record<string, unknown>][] {
	const out: [string, Record<string, unknown>][] = [['[vars]', (config.vars ?? {}) as Record<string, unknown>]];
	for (const [name, env] of Object.entries((config.env ?? {}) as Record<string, Record<string, unknown>>))
		out.push([`[env.${name}.vars]`, (env.vars ?? {}) as Record<string, unknown>]);
	return out;
}

describe('wrangler.toml (what production is deployed with)', () => {
	for (const file of ['wrangler.toml', 'wrangler.adapter.toml']) {
		it(`${file} sets no development-only variable, in any environment`, () => {
			const text = readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)), 'utf8');
			const config = parse(text) as Record<string, unknown>;
			const tables = varsTables(config);
			expect(tables.length).toBeGreaterThan(0);
			for (const [where, vars] of tables) for (const name of DEV_ONLY) expect(Object.keys(vars), `${file} ${where}`).not.toContain(name);
			// Nor as a secret-like binding hidden elsewhere: the names appear nowhere but in comments.
			const code = text.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
			for (const name of DEV_ONLY) expect(code, file).not.toContain(name);
		});
	}

	it('the check itself would notice', () => {
		const bad = parse('[vars]\nORIGIN = "https://x"\n[env.production.vars]\nDEV_MAILBOX = "1"\n') as Record<string, unknown>;
		expect(varsTables(bad).some(([, v]) => 'DEV_MAILBOX' in v)).toBe(true);
	});
});

describe('the development guard', () => {
	const local = { ORIGIN: 'http://localhost:8787' };
	it('is on only with a flag and this machine as the site', () => {
		expect(devMailbox({ ...local, DEV_MAILBOX: '1' })).toBe(true);
		expect(devMailbox({ ...local, DEV_MAILBOX: '0' })).toBe(false);
		expect(devMailbox({ ...local })).toBe(false);
		expect(testSeams({ ORIGIN: 'http://127.0.0.1:9', ROOM_TEST_SEAMS: '1' })).toBe(true);
		expect(devServer({ ORIGIN: 'http://[::1]:9', DEV_MAILBOX: '1' })).toBe(true);
	});
	it('stays off on a public address, even with the flag set (a production deploy that sets it by mistake)', () => {
		expect(devMailbox({ ORIGIN: 'https://rongo.example', DEV_MAILBOX: '1' })).toBe(false);
		expect(testSeams({ ORIGIN: 'https://rongo.example', ROOM_TEST_SEAMS: '1' })).toBe(false);
		expect(devServer({ DEV_MAILBOX: '1' })).toBe(false); // no ORIGIN: not known to be local
		expect(devServer({ ORIGIN: 'not a url', DEV_MAILBOX: '1' })).toBe(false);
		expect(devServer({ ORIGIN: 'http://localhost.rongo.example', DEV_MAILBOX: '1' })).toBe(false);
		// The cost meter of bench:load (issue 17) likewise.
		expect(meter({ ...local, METER: '1' })).toBe(true);
		expect(meter({ ORIGIN: 'https://rongo.example', METER: '1' })).toBe(false);
		expect(meter({ ...local, METER: '1' }, new URL('https://rongo.example/__meter'))).toBe(false);
	});
	it('with a request: only one made to this machine', () => {
		const env = { ...local, DEV_MAILBOX: '1' };
		expect(devMailbox(env, new URL('http://localhost:8787/dev/mailbox'))).toBe(true);
		expect(devMailbox(env, new URL('http://127.0.0.1:8787/dev/mailbox'))).toBe(true);
		expect(devMailbox(env, new URL('https://rongo.example/dev/mailbox'))).toBe(false);
		expect(devMailbox(env, new URL('http://10.0.0.5:8787/dev/mailbox'))).toBe(false);
	});
});
