// The hostile-input worker test must attack every endpoint and every form action of the site:
// its route list (tests/worker/hostile-routes.ts) is checked here against src/routes.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, FORM_PAGES } from './worker/hostile-routes';

const ROUTES = fileURLToPath(new URL('../src/routes', import.meta.url));
const PARAMS: Record<string, string> = { '[id]': ':game', '[name]': ':name', '[seq]': ':seq', '[userId]': ':user' };

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

const pathOf = (file: string) =>
	'/' +
	relative(ROUTES, file)
		.split(sep)
		.slice(0, -1)
		.map((seg) => PARAMS[seg] ?? seg)
		.join('/');

describe('the hostile test’s route list', () => {
	it('has every /api/ endpoint with exactly its methods', () => {
		const found = files(join(ROUTES, 'api'))
			.filter((f) => f.endsWith('+server.ts'))
			.map((f) => {
				const methods = [...readFileSync(f, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]).sort();
				return { path: pathOf(f).replace('/api/auth/sessions/:game', '/api/auth/sessions/:session').replace('/api/auth/passkeys/:game', '/api/auth/passkeys/:passkey'), methods };
			})
			.sort((a, b) => a.path.localeCompare(b.path));
		const listed = API_ROUTES.map((r) => ({ path: r.path, methods: [...r.methods].sort() })).sort((a, b) => a.path.localeCompare(b.path));
		expect(listed).toEqual(found);
	});

	it('has every page with form actions, with its action names', () => {
		const found = files(ROUTES)
			.filter((f) => f.endsWith('+page.server.ts'))
			.flatMap((f) => {
				const text = readFileSync(f, 'utf8');
				const block = /export const actions[^=]*=\s*\{([\s\S]*?)\n\};/.exec(text)?.[1];
				if (!block) return [];
				const actions = [...block.matchAll(/^\t(\w+):/gm)].map((m) => m[1]).sort();
				return [{ path: pathOf(f), actions }];
			})
			.sort((a, b) => a.path.localeCompare(b.path));
		const listed = FORM_PAGES.map((p) => ({ path: p.path, actions: [...p.actions].sort() })).sort((a, b) => a.path.localeCompare(b.path));
		expect(listed).toEqual(found);
	});
});
