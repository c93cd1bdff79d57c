// The worker test setup works: the real Worker answers, and D1 has the migrated tables.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('worker smoke', () => {
	it('serves the landing page through the real Worker', async () => {
		const res = await exports.default.fetch('http://localhost/');
		expect(res.status).toBe(200);
		expect(await res.text()).toContain('Rongo');
	});

	it('sees the migrated D1 tables', async () => {
		const { results } = await env.DB.prepare(
			"SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
		).all<{ name: string }>();
		const names = results.map((r) => r.name);
		for (const t of ['users', 'sessions', 'auth_attempts', 'games', 'seats']) {
			expect(names).toContain(t);
		}
	});
});
