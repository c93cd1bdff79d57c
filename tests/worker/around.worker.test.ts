// Issue 30, around the table: the header data of prerendered pages (GET /api/me/header) and the
// "demo data is still being made" notice of `npm start` (POST /dev/seed, src/lib/server/dev-seed.ts).
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { api, request, signUp } from './helpers';

describe('GET /api/me/header', () => {
	it('says who is signed in and their unread count; signed out is a 200 with no user', async () => {
		const out = await request('GET', '/api/me/header');
		expect(out.status).toBe(200);
		expect(out.headers.get('cache-control')).toContain('no-store');
		expect(await out.json()).toEqual({ user: null, unread: 0 });

		const u = await signUp('header');
		await env.DB.prepare("INSERT INTO inbox (id, user_id, kind, data, created_at) VALUES (?1, ?2, 'turn', '{}', ?3)")
			.bind(crypto.randomUUID(), u.id, Date.now())
			.run();
		const me = await api(u, 'GET', '/api/me/header');
		expect(me.status).toBe(200);
		expect(me.body).toEqual({ user: { id: u.id, username: u.username }, unread: 1 });
		// Nothing else about the account (no address, no session).
		expect(JSON.stringify(me.body)).not.toContain('@');
	});
});

describe('the demo seed notice', () => {
	const mark = (state: 'started' | 'finished') => request(state === 'started' ? 'POST' : 'DELETE', '/dev/seed');
	const notice = async (path: string) => (await (await request('GET', path)).text()).includes('data-testid="seed-running"');
	afterEach(async () => {
		await env.DB.prepare('DELETE FROM demo_seed').run();
	});

	it('shows on the landing page, the lobby and the archive while the seed runs, and goes when it ends', async () => {
		expect(await notice('/')).toBe(false);
		expect((await mark('started')).status).toBe(200);
		for (const path of ['/', '/lobby', '/archive', '/de/lobby']) expect(await notice(path), path).toBe(true);
		// Not on pages that list no games.
		expect(await notice('/signin')).toBe(false);
		expect((await mark('finished')).status).toBe(200);
		for (const path of ['/', '/lobby', '/archive']) expect(await notice(path), path).toBe(false);
	});

	it('forgets a seed that never said it ended (Ctrl-C) after a quarter of an hour', async () => {
		await mark('started');
		await env.DB.prepare('UPDATE demo_seed SET started_at = ?1').bind(Date.now() - 16 * 60_000).run();
		expect(await notice('/lobby')).toBe(false);
	});

	it('is not there for a request to a real host', async () => {
		const res = await exports.default.fetch('https://rongo.example/dev/seed', { method: 'POST', headers: { origin: 'https://rongo.example' } } as never);
		expect(res.status).toBe(404);
		expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM demo_seed').first('n')).toBe(0);
	});
});
