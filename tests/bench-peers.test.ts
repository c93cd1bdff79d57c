// Issue 16: bench:peers compares Rongo with boardgame.io and a bare Worker "floor". What keeps
// that comparison honest and the app clean: boardgame.io stays out of the app's dependencies
// (it brings Svelte 3), its versions are pinned exactly and locked, and the floor runs under the
// same compatibility date and flags as the app.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const read = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), 'utf8');

describe('bench:peers (issue 16)', () => {
	const peers = JSON.parse(read('bench/peers/package.json'));

	it('keeps boardgame.io out of the app', () => {
		const app = JSON.parse(read('package.json'));
		const appDeps = { ...app.dependencies, ...app.devDependencies };
		for (const name of Object.keys(peers.dependencies)) expect(appDeps[name], name).toBeUndefined();
	});

	it('pins exact versions and commits a lock that matches them', () => {
		for (const [name, version] of Object.entries(peers.dependencies)) expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
		expect(peers.dependencies['boardgame.io']).toBe('0.50.2');
		expect(peers.private).toBe(true);
		const lockText = read('bench/peers/package-lock.json');
		expect(lockText).not.toMatch(/\t/);
		const lock = JSON.parse(lockText);
		expect(lock.packages[''].dependencies).toEqual(peers.dependencies);
		for (const name of Object.keys(peers.dependencies)) expect(lock.packages[`node_modules/${name}`].version).toBe(peers.dependencies[name]);
	});

	it('runs the floor under the app’s compatibility date and flags', () => {
		const app = parse(read('wrangler.toml'));
		const floor = parse(read('bench/peers/floor/wrangler.toml'));
		expect(floor.compatibility_date).toBe(app.compatibility_date);
		expect(floor.compatibility_flags).toEqual(app.compatibility_flags);
	});
});
