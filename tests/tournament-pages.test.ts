// Issue 35: the tournament pages' loads and actions against the API contract (docs/api.md
// "Tournaments"), with the API answered here: what each passes on, and what each makes of a refusal.
import { isHttpError, isRedirect } from '@sveltejs/kit';
import { describe, expect, test } from 'vitest';
import { KINDS } from '$lib/games';
import { actions as organise, load as organiseLoad } from '../src/routes/tournaments/new/+page.server';
import { actions as buttons, load as tournamentLoad } from '../src/routes/tournaments/[id]/+page.server';
import { load as listLoad } from '../src/routes/tournaments/+page.server';

type Call = { url: string; method: string; body: unknown };
/** A `fetch` that answers every call with `answer` and records the calls. */
function api(answer: (url: string) => Response) {
	const calls: Call[] = [];
	const fetch = async (url: string, init?: RequestInit) => {
		calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
		return answer(url);
	};
	return { calls, fetch };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', username: 'ana' };
const post = (fields: Record<string, string>) => new Request('http://x/', { method: 'POST', body: new URLSearchParams(fields) });
/** What a call that ends in SvelteKit's redirect or error threw, or what it returned. */
async function outcome(run: () => unknown): Promise<{ thrown?: unknown; value?: any }> {
	try {
		return { value: await run() };
	} catch (thrown) {
		return { thrown };
	}
}

// Any kind with tables of 3 (the form's table size); which one does not matter here.
const KIND = KINDS.find((k) => k.seats.min <= 3 && k.seats.max >= 3)!.id;
const FORM = {
	name: 'Winter Cup',
	kind: KIND,
	tableSize: '3',
	format: 'swiss',
	rounds: '4',
	clockKind: 'perMove',
	timeLimit: '2',
	roundLimit: 'none',
	signupUntil: '2031-01-15T18:30',
	timeZone: 'UTC',
	minPlayers: '4',
	maxPlayers: '12',
	rated: 'rated',
	visibility: 'public'
};

describe('organising (/tournaments/new)', () => {
	const run = (fields: Record<string, string>, fetch: unknown, locals: object = { user }) => outcome(() => organise.default({ request: post(fields), fetch, locals } as never));

	test('signed out: to the sign-in page, the form and the action alike', async () => {
		const { thrown } = await outcome(() => organiseLoad({ locals: { user: null }, url: new URL('http://x/tournaments/new') } as never));
		expect(isRedirect(thrown) && thrown.location).toBe('/signin');
		const a = api(() => json(201, { id: 't9' }));
		const r = await run(FORM, a.fetch, { user: null });
		expect(isRedirect(r.thrown) && r.thrown.location).toBe('/signin');
		expect(a.calls).toEqual([]);
	});

	test('the body the API takes, then to the new tournament', async () => {
		const a = api(() => json(201, { id: 't 9', inviteCode: null }));
		const r = await run(FORM, a.fetch);
		expect(isRedirect(r.thrown) && r.thrown.location).toBe('/tournaments/t%209');
		expect(a.calls).toHaveLength(1);
		expect(a.calls[0]).toMatchObject({ url: '/api/tournaments', method: 'POST' });
		expect(a.calls[0].body).toMatchObject({
			name: 'Winter Cup',
			kind: KIND,
			tableSize: 3,
			format: 'swiss',
			rounds: 4,
			clock: { kind: 'perMove', days: 2 },
			roundDays: null,
			signupUntil: Date.UTC(2031, 0, 15, 18, 30),
			minPlayers: 4,
			maxPlayers: 12,
			rated: true,
			visibility: 'public'
		});
	});

	test('a refusal comes back beside its field, with everything sent (both error envelopes)', async () => {
		for (const body of [{ code: 'BAD_REQUEST', message: 'rounds: at most 20' }, { error: { code: 'BAD_REQUEST', message: 'rounds: at most 20' } }]) {
			const r = await run({ ...FORM, rounds: '25' }, api(() => json(400, body)).fetch);
			expect(r.value.status).toBe(400);
			expect(r.value.data).toMatchObject({ field: 'rounds', code: 'BAD_REQUEST', message: 'rounds: at most 20' });
			expect(r.value.data.values).toMatchObject({ name: 'Winter Cup', rounds: '25', signupUntil: '2031-01-15T18:30' });
		}
		const size = await run(FORM, api(() => json(400, { code: 'BAD_TABLE_SIZE', message: 'between 2 and 5' })).fetch);
		expect(size.value.data.field).toBe('tableSize');
	});

	test('the API failing is said on the page (503), never a 500; a deadline that is no date never reaches it', async () => {
		const broken = await run(FORM, api(() => new Response('oops', { status: 500 })).fetch);
		expect(broken.value.status).toBe(503);
		expect(broken.value.data.field).toBeNull();
		const a = api(() => json(201, { id: 't9' }));
		const r = await run({ ...FORM, signupUntil: 'soon' }, a.fetch);
		expect(r.value.data).toMatchObject({ field: 'signupUntil', code: 'BAD_DATE' });
		expect(a.calls).toEqual([]);
	});
});

describe('a tournament’s page (/tournaments/[id])', () => {
	const load = (id: string, search: string, fetch: unknown) => outcome(() => tournamentLoad({ fetch, params: { id }, url: new URL(`http://x/tournaments/${id}${search}`) } as never));

	test('its invite code passed on (only one of the right shape); not found is the page’s 404', async () => {
		const a = api(() => json(404, { code: 'NOT_FOUND', message: 'no such tournament' }));
		const r = await load('t1', '?invite=AbC-12', a.fetch);
		expect(isHttpError(r.thrown) && r.thrown.status).toBe(404);
		expect(a.calls[0].url).toBe('/api/tournaments/t1?invite=AbC-12');
		const b = api(() => json(404, {}));
		await load('t1', '?invite=%3Cx%3E', b.fetch);
		expect(b.calls[0].url).toBe('/api/tournaments/t1');
	});

	test('another failure is a message on the page; a tournament is passed through', async () => {
		const failed = await load('t1', '', api(() => json(503, { code: 'UNAVAILABLE', message: 'later' })).fetch);
		expect(failed.value).toMatchObject({ tournament: null, failure: { status: 503, code: 'UNAVAILABLE' } });
		const ok = await load('t1', '', api(() => json(200, { id: 't1', name: 'Cup' })).fetch);
		expect(ok.value).toMatchObject({ tournament: { id: 't1', name: 'Cup' }, failure: null });
	});

	test('sign up with the invite code; a refusal keeps its status and code for the live region', async () => {
		const a = api(() => json(409, { code: 'TOURNAMENT_FULL', message: 'full' }));
		const r = await outcome(() => buttons.signup({ request: post({ invite: 'AbC-12' }), fetch: a.fetch, locals: { user }, params: { id: 't1' } } as never));
		expect(a.calls[0]).toEqual({ url: '/api/tournaments/t1/signup', method: 'POST', body: { inviteCode: 'AbC-12' } });
		expect(r.value.status).toBe(409);
		expect(r.value.data).toMatchObject({ action: 'signup', ok: false, code: 'TOURNAMENT_FULL' });
		const w = api(() => json(200, { ok: true }));
		const done = await outcome(() => buttons.withdraw({ request: post({}), fetch: w.fetch, locals: { user }, params: { id: 't1' } } as never));
		expect(w.calls[0]).toEqual({ url: '/api/tournaments/t1/withdraw', method: 'POST', body: {} });
		expect(done.value).toEqual({ action: 'withdraw', ok: true });
	});

	test('signed out, a button leads to the sign-in page without calling the API', async () => {
		const a = api(() => json(200, { ok: true }));
		const r = await outcome(() => buttons.start({ request: post({}), fetch: a.fetch, locals: { user: null }, params: { id: 't1' } } as never));
		expect(isRedirect(r.thrown) && r.thrown.location).toBe('/signin');
		expect(a.calls).toEqual([]);
	});
});

describe('the list (/tournaments)', () => {
	const load = (search: string, fetch: unknown, u: object | null) => outcome(() => listLoad({ fetch, url: new URL(`http://x/tournaments${search}`), locals: { user: u } } as never));

	test('one request per status; "Mine" only for a signed-in visitor', async () => {
		const a = api((url) => json(200, { tournaments: [{ id: new URL(url, 'http://x').searchParams.get('status') }] }));
		const r = await load('?mine=1&kind=k', a.fetch, user);
		expect(a.calls.map((c) => c.url)).toEqual(['signup', 'running', 'finished'].map((s) => `/api/tournaments?status=${s}&kind=k&mine=1`));
		expect(r.value.sections).toEqual({ signup: [{ id: 'signup' }], running: [{ id: 'running' }], finished: [{ id: 'finished' }] });
		const b = api(() => json(200, { tournaments: [] }));
		await load('?mine=1', b.fetch, null);
		expect(b.calls.every((c) => !c.url.includes('mine'))).toBe(true);
	});

	test('an unknown kind is the visitor’s doing, a failure the server’s', async () => {
		const bad = await load('?kind=nope', api(() => json(400, { code: 'UNKNOWN_KIND', message: 'kind: unknown' })).fetch, null);
		expect(bad.value).toMatchObject({ badKind: true, loadFailed: true });
		const down = await load('', api(() => json(503, { code: 'UNAVAILABLE', message: '' })).fetch, null);
		expect(down.value).toMatchObject({ badKind: false, loadFailed: true, sections: { signup: [], running: [], finished: [] } });
	});
});
