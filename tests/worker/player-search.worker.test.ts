// Player search by name (issue 35): GET /api/players?q= and the People page's search box, through the
// real Worker and D1 — prefix and case, wildcards and hostile strings taken literally, nobody being
// deleted, never an email, and the index range (no scan).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KINDS } from '$lib/games';
import { SEARCH_SQL } from '$lib/server/people/search';
import { ORIGIN, call, signUp, type HttpUser } from './room-helpers';
import { exports } from 'cloudflare:workers';
import { request } from './helpers';

/** Signs up `name` exactly (with an email address), each from its own address. */
async function named(username: string, email: string | null = null): Promise<HttpUser> {
	const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
	const res = await exports.default.fetch(`${ORIGIN}/api/auth/signup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': ip },
		body: JSON.stringify({ username, password: 'correct horse battery staple', ...(email ? { email } : {}) })
	});
	if (res.status !== 201) throw new Error(`sign-up of ${username}: ${res.status} ${await res.text()}`);
	const { user } = (await res.json()) as { user: { id: string; username: string } };
	return { id: user.id, username: user.username, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

const search = async (q: string, who: HttpUser | null = null) => {
	const r = await call(who, 'GET', `/api/players?q=${encodeURIComponent(q)}`);
	expect(r.status).toBe(200);
	return (r.json.players as { username: string; ratings: unknown[] }[]).map((p) => p.username);
};

/** A prefix of 8 letters no other test's names begin with. */
const prefix = () => `s${Math.random().toString(36).slice(2, 9)}`.replace(/[^a-z0-9]/g, 'x');

describe('GET /api/players?q=', () => {
	it('finds names by their beginning, in any case, in name order; `_` is a letter, `%` no wildcard', async () => {
		const p = prefix();
		const names = [`${p}Alpha`, `${p}alpine`, `${p}_beta`, `${p}-Gamma`, `${p}0`];
		for (const n of names) await named(n);
		const all = await search(p);
		expect(all).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
		expect(await search(p.toUpperCase())).toEqual(all);
		expect(await search(`${p}ALP`)).toEqual([`${p}Alpha`, `${p}alpine`]);
		expect(await search(`  ${p}alph  `)).toEqual([`${p}Alpha`]);
		expect(await search(`${p}_`)).toEqual([`${p}_beta`]);
		expect(await search(`${p}%`)).toEqual([]);
		expect(await search(`${p}_%`)).toEqual([]);
		expect(await search(`${p}alpha`)).toEqual([`${p}Alpha`]);
		expect(await search(`${p}alphabet`)).toEqual([]);
	});

	it('hostile strings find nobody and are never an error', async () => {
		for (const q of ['', ' ', '%', '_', "'", '"', "' OR 1=1 --", '%%', '\\', 'a'.repeat(1000), '\u0000', '😀', 'ä', '<script>', '*', '(']) {
			const r = await call(null, 'GET', `/api/players?q=${encodeURIComponent(q)}`);
			expect({ q: q.slice(0, 20), status: r.status }).toEqual({ q: q.slice(0, 20), status: 200 });
			// `_` alone is a letter some names begin with: whatever it finds begins with it.
			expect((r.json.players as { username: string }[]).every((p) => p.username.toLowerCase().startsWith(q.trim().toLowerCase()))).toBe(true);
		}
		expect((await call(null, 'GET', '/api/players')).json).toEqual({ players: [] });
		expect((await call(null, 'GET', '/api/players?q=a&q=b')).status).toBe(200);
		expect((await call(null, 'GET', '/api/players?name=a')).json.code).toBe('BAD_REQUEST');
	});

	it('at most 20, the first by name', async () => {
		const p = prefix();
		for (let i = 0; i < 22; i++) await named(`${p}${String(i).padStart(2, '0')}`);
		const found = await search(p);
		expect(found).toHaveLength(20);
		expect(found[0]).toBe(`${p}00`);
		expect(found[19]).toBe(`${p}19`);
	});

	it('shows the ratings a profile shows, never an email; an account being deleted is not found, nor a deleted one', async () => {
		const p = prefix();
		const kind = KINDS.find((k) => k.seats.max >= 2)!.id;
		const rated = await named(`${p}rated`, `${p}-secret@mail.example`);
		const leaving = await named(`${p}leaving`);
		const gone = await named(`${p}gone`);
		await env.DB.prepare('INSERT INTO ratings (user_id, kind, mu, sigma, games, updated_at) VALUES (?1, ?2, ?3, ?4, 12, 0)').bind(rated.id, kind, 30, 25 / 3).run();
		expect(await search(p)).toEqual([`${p}gone`, `${p}leaving`, `${p}rated`]);
		// Leaving through the real route: step 1 of the deletion (and the rest, as far as it gets).
		const del = await call(leaving, 'POST', '/api/me/delete', { password: 'correct horse battery staple', username: leaving.username });
		expect(del.status).toBeLessThan(300);
		await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(gone.id).run();
		const r = await call(null, 'GET', `/api/players?q=${p}`);
		expect(r.json.players).toEqual([{ username: `${p}rated`, ratings: [{ kind, rating: 1200, games: 12, provisional: true }] }]);
		expect(r.text).not.toContain('@');
		expect(r.text).not.toContain('secret');
		expect(r.text).not.toContain(rated.id);
	});

	it('reads a range of the username index, never the whole table', async () => {
		const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${SEARCH_SQL}`).bind('ab', 'ab\u{10FFFF}', 20).all<{ detail: string }>()).results.map((r) => r.detail);
		expect(plan.join('\n')).toMatch(/SEARCH u USING (COVERING )?INDEX \S+ \(username_key>\? AND username_key<\?\)/);
		expect(plan.join('\n')).not.toMatch(/SCAN u\b/);
	});
});

describe('the People page', () => {
	it('a plain GET form: the names found link their profiles, with no email; signed out, it asks to sign in', async () => {
		const p = prefix();
		const target = await named(`${p}Found`, `${p}@mail.example`);
		const me = await signUp('seeker');
		const page = await call(me, 'GET', `/people?q=${p.toUpperCase()}`);
		expect(page.status).toBe(200);
		expect(page.text).toContain('role="search"');
		expect(page.text).toContain(`href="/players/${target.username}"`);
		expect(page.text).not.toContain(`${p}@mail.example`);
		const none = await call(me, 'GET', `/people?q=${encodeURIComponent("'%_<b>")}`);
		expect(none.status).toBe(200);
		expect(none.text).not.toContain('<b>');
		const de = await call(me, 'GET', `/de/people?q=${p}`);
		expect(de.text).toContain('Spieler finden');
		// Signed out: to the sign-in page (not followed: `request` asks for the redirect itself).
		const out = await request('GET', `/people?q=${p}`);
		expect(out.status).toBe(303);
		expect(out.headers.get('location')).toContain('/signin');
	});
});
