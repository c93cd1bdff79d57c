// Issue 10: bad input gets a coded 4xx, never a 500, always JSON under /api/ — and changes
// nothing. Thousands of hostile requests against every /api/ endpoint and every form action
// (tests/worker/hostile-routes.ts, checked against src/routes): malformed and oversized bodies,
// wrong content types and charsets, arrays where objects belong, hostile strings, wrong methods,
// ids of the wrong shape, other users' things, a stale version, cross-origin writes. Before and
// after, every D1 row of the fixture and the game's version are compared: nothing may change.
// (Rate-limit rows, auth_attempts, are left out: counting failed sign-ins is their job.)
//
// The list is run in three files (hostile.worker.test.ts, hostile-2…, hostile-3…), each with its own
// fixture, taking one third: workerd hangs a file's context after some 21,700 requests through it
// (issue 28), and issue 30's routes took the list past that; on a loaded machine (CI, the whole
// worker suite on two cores) a half of ~11,700 requests was cancelled as hung too, at a plain 404.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, FORM_PAGES } from './hostile-routes';
import { ORIGIN, api, randomIp, request, signUp, type TestUser } from './helpers';

interface Attempt {
	method: string;
	path: string;
	who: TestUser | null;
	body?: BodyInit;
	contentType?: string;
	origin?: string | null;
	headers?: Record<string, string>;
	why: string;
}

let alice: TestUser, bob: TestUser, carol: TestUser, mallory: TestUser;
let game: string, privateGame: string, inviteCode: string, version: number;
const ip = randomIp();

// ---- the fixture and its snapshot ---------------------------------------------------------------

async function settle() {
	// Room outboxes flush within a second; then the postman delivers what they wrote.
	await new Promise((ok) => setTimeout(ok, 1500));
	await env.POSTMAN.get(env.POSTMAN.idFromName('postman')).kick();
}

/** Every row of the fixture's users and games, in a stable order. */
async function snapshot(): Promise<string> {
	const users = [alice, bob, carol, mallory].map((u) => u.id);
	const games = [game, privateGame];
	const u = JSON.stringify(users);
	const g = JSON.stringify(games);
	const q = (sql: string, ...args: string[]) => env.DB.prepare(sql).bind(...args).all();
	const parts = await Promise.all([
		q('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM sessions WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM known_devices WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM games WHERE id IN (SELECT value FROM json_each(?1)) OR creator_id IN (SELECT value FROM json_each(?2)) ORDER BY id', g, u),
		q('SELECT * FROM seats WHERE game_id IN (SELECT value FROM json_each(?1)) OR user_id IN (SELECT value FROM json_each(?2)) ORDER BY game_id, seat', g, u),
		q('SELECT * FROM notification_prefs WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY user_id, channel', u),
		q('SELECT * FROM notification_events WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM notifications WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM inbox WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM push_subscriptions WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM passkeys WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM chat_mutes WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY user_id, muted_id', u),
		q('SELECT * FROM chat_reports WHERE reporter_id IN (SELECT value FROM json_each(?1)) ORDER BY id', u),
		q('SELECT * FROM game_notes WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY user_id, game_id', u),
		q("SELECT count(*) AS n FROM users WHERE username_key LIKE 'hostile%'")
	]);
	return JSON.stringify(parts.map((p) => p.results));
}



// ---- the attempts ------------------------------------------------------------------------------

const LONG = 'x'.repeat(10_000);
const STRINGS = ['', ' ', '\u0000', 'a\u0000b', '\u202eevil', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '__proto__', '\ud83d', '🗿'.repeat(300), LONG];

/** JSON bodies that no endpoint accepts as a whole. */
function jsonBodies(): [string, string][] {
	const out: [string, string][] = [
		['empty', ''],
		['not json', '{'],
		['trailing garbage', '{}x'],
		['array', '[]'],
		['array of objects', '[{}]'],
		['string', '"x"'],
		['number', '3'],
		['null', 'null'],
		['true', 'true'],
		['deep', '['.repeat(100) + ']'.repeat(100)],
		['deep object', '{"a":'.repeat(60) + '1' + '}'.repeat(60)],
		['__proto__', '{"__proto__":{"admin":true}}'],
		['constructor', '{"constructor":{"prototype":{}}}'],
		['1e999', '{"seats":1e999}'],
		['lone surrogate', '{"username":"\\ud800"}'],
		['huge', JSON.stringify({ a: 'y'.repeat(20_000) })],
		['unknown keys', '{"zzz":1,"yyy":[1,2,3]}'],
		// (No more bodies here: the run sits at what workerd takes per file, see PARTS below.
		// Hostile values of `rated` one by one: rated.worker.test.ts.)
		['wrong types', '{"username":1,"password":[],"game":{},"seats":"3","move":"pass","moveId":7,"ids":"all","endpoint":false,"rated":"yes"}'],
		['ids array of arrays', '{"ids":[[]]}'],
		['modes as array', '{"modes":[]}'],
		['modes bad', '{"modes":{"email":"sometimes"}}'],
		['time zone', '{"timeZone":"Mars/Olympus"}'],
		['webhook private', '{"webhookUrl":"https://169.254.169.254/"}'],
		['webhook credentials', '{"webhookUrl":"https://u:p@hooks.slack.com/x"}'],
		['vacation both', '{"days":3,"until":1}'],
		['vacation long', '{"days":400}'],
		['push loopback', '{"endpoint":"https://127.0.0.1:1/","keys":{"p256dh":"B","auth":"x"}}'],
		['push metadata', '{"endpoint":"https://169.254.169.254/","keys":{}}'],
		['push v6', '{"endpoint":"https://[::1]/x"}'],
		['push creds', '{"endpoint":"https://user:pw@push.example/x"}'],
		['game bad seats', '{"game":"giants","seats":2}'],
		['game unknown', '{"game":"chess","seats":3}'],
		['game clock', '{"game":"giants","seats":3,"clock":{"kind":"bank","initialDays":3,"incrementHours":0,"capDays":1}}'],
		['game clock array', '{"game":"giants","seats":3,"clock":[]}'],
		['chat control', '{"text":"\\u0000\\u0007"}'],
		// (A blank or long chat text is valid notes: those are in chat.worker.test.ts, where nothing else listens.)
		['chat empty', '{"text":""}'],
		['chat seq', '{"seq":-1}'],
		['notes long', JSON.stringify({ text: '🗿'.repeat(10_001) })],
		['move no id', '{"move":{"type":"pass"}}'],
		['move bad id', '{"moveId":"../x","move":{"type":"pass"}}'],
		['move array', '{"moveId":"h1","move":[]}'],
		['move junk', '{"moveId":"h2","move":{"type":"launch-rocket"}}'],
		['move long type', `{"moveId":"h3","move":{"type":"${'p'.repeat(40)}"}}`],
		['scenario config array', '{"usernames":["a","b","c"],"seed":"s","config":[]}'],
		['scenario unknown users', '{"usernames":["nobody1","nobody2","nobody3"],"seed":"s","config":{}}'],
		['signup reserved', '{"username":"admin","password":"long enough pw"}'],
		['signup short', '{"username":"ab","password":"long enough pw"}'],
		['signup control', '{"username":"hostile_zz","password":"bad\\u0001password"}'],
		['signup rtl', '{"username":"hostile\\u202e","password":"long enough pw"}'],
		['signup email markup', '{"username":"hostile_e","password":"long enough pw","email":"<a@b.c>"}'],
		['signin huge password', JSON.stringify({ username: 'hostile_a', password: 'p'.repeat(2000) })],
		['signin bad name', '{"username":"../admin","password":"whatever123"}'],
		['join code array', '{"inviteCode":[]}'],
		['join long code', JSON.stringify({ inviteCode: 'c'.repeat(100) })]
	];
	for (const s of STRINGS)
		out.push([`strings ${JSON.stringify(s).slice(0, 20)}`, JSON.stringify({ username: s, password: s, email: s, inviteCode: s, moveId: s, move: { type: s }, ids: [s], endpoint: s, timeZone: s, webhookUrl: s, locale: s, game: s })]);
	return out;
}

/** Moves that are refused whoever sends them: stale version, and pinned to a version long gone. */
function staleMoves(): Attempt[] {
	const out: Attempt[] = [];
	for (const who of [alice, bob, carol, mallory])
		for (const [i, move] of [{ type: 'pass' }, { type: 'bid', markers: 0, workers: 0 }, { type: 'rongo' }, { type: 'choose', mark: [], release: [] }].entries()) {
			for (const expectedVersion of [version - 1, version + 5, 0])
				out.push({
					method: 'POST',
					path: `/api/games/${game}/moves`,
					who,
					contentType: 'application/json',
					body: JSON.stringify({ moveId: `stale-${who.username}-${i}-${expectedVersion}`, move, expectedVersion }),
					why: `stale move ${expectedVersion}`
				});
		}
	return out;
}

/** Ids of the wrong shape, unknown ids, other users' ids. */
const IDS = ['aaaaaaaaaaaaaaaa', 'AAAAAAAAAAAAAAAA', 'x', '..%2F..', '%00', 'a'.repeat(300), '__proto__', '%F0%9F%97%BF', 'k3j5x2m7q4w6e8r2%3Bdrop'];

function fill(path: string, id: string): string {
	return path
		.replace(':game', id)
		.replace(':session', id)
		.replace(':passkey', id)
		.replace(':name', id)
		.replace(':seq', '1')
		.replace(':user', id);
}

function attempts(): Attempt[] {
	const out: Attempt[] = [];
	const whos = [null, mallory, alice];
	const ids = [game, privateGame, ...IDS];
	const bodies = jsonBodies();
	for (const r of API_ROUTES) {
		const paths = r.path.includes(':') ? ids.map((id) => fill(r.path, id)) : [r.path];
		for (const path of paths) {
			// Every body variant against the real games and two unknown ids; the other hostile ids
			// get the reads, the wrong methods and one body each.
			const full = !r.path.includes(':') || [game, privateGame, IDS[0], IDS[2]].some((id) => path === fill(r.path, id));
			const json = full ? bodies : bodies.slice(0, 1);
			// Wrong methods: JSON 405 with Allow.
			for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !r.methods.includes(m)))
				out.push({ method, path, who: alice, why: 'wrong method' });
			for (const method of r.methods) {
				// Reads, as anyone, with hostile query strings.
				if (method === 'GET') {
					for (const who of whos) out.push({ method, path, who, why: 'read' });
					for (const qs of ['?cursor=%00', '?limit=-1', '?limit=1e9', '?player=%E2%80%AE', '?finished=0.x', '?from=' + 'z'.repeat(500), '?status=all', '?invite=wrong'])
						out.push({ method, path: path + qs, who: mallory, why: 'query' });
					continue;
				}
				// Writes without the site's Origin: refused before anything runs.
				out.push({ method, path, who: alice, origin: 'https://evil.example', body: '{}', contentType: 'application/json', why: 'cross-origin' });
				out.push({ method, path, who: alice, origin: null, body: '{}', contentType: 'application/json', why: 'no origin' });
				// What must never change state with a valid session: sign-out, vacation's end, a plain inbox read-all.
				const safeWho = path.endsWith('/signout') || (path.endsWith('/vacation') && method === 'DELETE') ? [null] : whos;
				if (!r.json?.includes(method)) {
					for (const who of safeWho) out.push({ method, path, who, body: LONG, contentType: 'text/plain', why: 'body where none is read' });
					continue;
				}
				for (const who of safeWho) {
					for (const [why, body] of json) out.push({ method, path, who, body, contentType: 'application/json', why });
					out.push({ method, path, who, body: '{}', contentType: 'text/plain', why: 'text/plain' });
					out.push({ method, path, who, body: '{}', contentType: 'application/x-www-form-urlencoded', why: 'form type' });
					out.push({ method, path, who, body: 'x'.repeat(17_000), contentType: 'application/json', why: 'over 16 KiB' });
					out.push({ method, path, who, body: '{}', contentType: 'application/json', headers: { 'content-length': '99999999' }, why: 'lying length' });
					out.push({ method, path, who, body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), contentType: 'application/json; charset=utf-16', why: 'utf-16' });
				}
			}
		}
	}
	out.push(...staleMoves());
	// Unknown endpoints: JSON 404.
	for (const path of ['/api', '/api/', '/api/nope', '/api/games/x/y/z', '/api/auth', '/api/%00', '/api/..%2Fsignin'])
		for (const method of ['GET', 'POST', 'DELETE']) out.push({ method, path, who: alice, body: method === 'GET' ? undefined : '{}', contentType: method === 'GET' ? undefined : 'application/json', why: 'unknown endpoint' });
	out.push(...formAttempts());
	return out;
}

/** What no browser's form sends, to every form action, in English and German. */
function formAttempts(): Attempt[] {
	const out: Attempt[] = [];
	const boundary = '----hostile';
	const bodies: [string, string | undefined, BodyInit | undefined][] = [
		['text/plain', 'text/plain', 'username=a&password=b'],
		['text/plain utf-16', 'text/plain;charset=utf-16', new Uint8Array([0xff, 0xfe, 0x61, 0x00])],
		['utf-16 urlencoded', 'application/x-www-form-urlencoded; charset=utf-16', new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0x00])],
		['utf-16 bytes as utf-8', 'application/x-www-form-urlencoded', new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0x00])],
		['multipart no boundary', 'multipart/form-data', 'garbage'],
		['multipart broken', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nab`],
		['multipart garbage', `multipart/form-data; boundary=${boundary}`, '\u0000\u0001\u0002'],
		['multipart wrong boundary', `multipart/form-data; boundary=${boundary}`, '--other\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--other--\r\n'],
		['oversized', 'application/x-www-form-urlencoded', 'username=' + 'u'.repeat(70_000)],
		['json', 'application/json', '{"username":"a"}'],
		['no type', undefined, 'username=a'],
		['valid shape, hostile fields', 'application/x-www-form-urlencoded', `username=${encodeURIComponent('\u202eadmin')}&password=x&email=${encodeURIComponent('<a@b>')}&id=${'f'.repeat(64)}&t=${encodeURIComponent(LONG)}`],
		['unknown fields only', 'application/x-www-form-urlencoded', 'zzz=1']
	];
	for (const page of FORM_PAGES)
		for (const prefix of ['', '/de'])
			for (const action of [...page.actions, 'default', 'nope']) {
				const params = [page.path === '/unsubscribe' ? 't=forged.token' : '', action === 'default' && page.actions.includes('default') ? '' : `/${action}`].filter(Boolean);
				const path = `${prefix}${page.path}${params.length ? `?${params.join('&')}` : ''}`;
				// A session for the pages that need one — but never where any POST would end it.
				const who = page.path === '/signout' ? null : alice;
				for (const [why, contentType, body] of bodies) {
					// Any form body the mailbox's clear action can read empties it (a development page, no
					// user's data): only the bodies that must be refused go there.
					if (page.path === '/dev/mailbox' && action === 'clear' && /valid shape|unknown fields/.test(why)) continue;
					out.push({ method: 'POST', path, who, body, contentType, why: `form: ${why}` });
				}
				out.push({ method: 'POST', path, who: alice, origin: 'https://evil.example', body: 'a=b', contentType: 'application/x-www-form-urlencoded', why: 'form: cross-origin' });
			}
	return out;
}

// ---- the run -----------------------------------------------------------------------------------

interface Outcome {
	a: Attempt;
	status: number;
	type: string;
	body: string;
}

async function send(a: Attempt): Promise<Outcome> {
	try {
		const res = await request(a.method, a.path, {
			cookie: a.who?.cookie,
			raw: a.body,
			contentType: a.contentType,
			origin: a.origin,
			ip,
			headers: a.headers
		});
		const body = res.status === 101 ? '' : await res.text();
		return { a, status: res.status, type: res.headers.get('content-type') ?? '', body };
	} catch (e) {
		// Which request it was: a thrown request (workerd cancelling one as hung) names itself.
		throw new Error(`${a.method} ${a.path.slice(0, 120)} [${a.why}] as ${a.who?.username ?? 'nobody'}: ${(e as Error).message}`);
	}
}

function countBy(xs: number[]): Record<number, number> {
	const out: Record<number, number> = {};
	for (const x of xs) out[x] = (out[x] ?? 0) + 1;
	return out;
}

/** Registers the fixture and one part of the hostile list (`half` of `halves` parts); the first part also the answers in detail. */
export function hostileSuite(half: number, halves: number) {
	beforeAll(async () => {
		[alice, bob, carol, mallory] = await Promise.all(['hostile_a', 'hostile_b', 'hostile_c', 'hostile_m'].map((n) => signUp(n)));
		const created = await api(alice, 'POST', '/api/games', { game: 'giants', seats: 3 });
		game = created.body.id;
		for (const u of [bob, carol]) expect((await api(u, 'POST', `/api/games/${game}/join`, {})).status).toBe(200);
		const p = await api(alice, 'POST', '/api/games', { game: 'giants', seats: 3, visibility: 'private' });
		privateGame = p.body.id;
		inviteCode = p.body.inviteCode;
		// Unread inbox items for alice: what `POST /api/me/inbox []` once marked read.
		await settle();
		version = (await api(alice, 'GET', `/api/games/${game}`)).body.version;
	}, 60_000);

	// Sent in parts, each its own test: workerd hangs a test's context after some 20,000 requests
	// through it (issue 15 took the count there), whatever they are. Issue 28 found the limit is per
	// file, near 21,700, not per part (more parts did not help); issue 30's routes took the list to
	// about 22,000, so it runs in parts in several files (three since issue 33: under load a half hung). Check a new body's single field in its
	// feature's own test file rather than growing it without need.
	const PARTS = 2;

	describe(`hostile input, half ${half + 1} of ${halves}`, () => {
		let list: Attempt[] = [];
		let before = '';
		const outcomes: Outcome[] = [];
		for (let part = 0; part < PARTS; part++)
			it(`hostile requests, part ${part + 1} of ${PARTS}`, { timeout: 240_000 }, async () => {
				if (part === 0) {
					const all = attempts();
					const step = Math.ceil(all.length / halves);
					list = all.slice(half * step, (half + 1) * step);
					expect(list.length).toBeGreaterThanOrEqual(1000);
					before = await snapshot();
				}
				const size = Math.ceil(list.length / PARTS);
				const mine = list.slice(part * size, (part + 1) * size);
				for (let i = 0; i < mine.length; i += 16) outcomes.push(...(await Promise.all(mine.slice(i, i + 16).map(send))));
			});

		it('thousands of hostile requests: never a 5xx, every /api/ answer JSON {code, message}, nothing changed', { timeout: 240_000 }, async () => {
			expect(outcomes.length).toBe(list.length);

			const show = (o: Outcome) => `${o.a.method} ${o.a.path.slice(0, 120)} [${o.a.why}] as ${o.a.who?.username ?? 'nobody'} → ${o.status} ${o.body.slice(0, 160)}`;
			expect(outcomes.filter((o) => o.status >= 500).map(show)).toEqual([]);
			const apiOutcomes = outcomes.filter((o) => o.a.path.startsWith('/api'));
			const notJson = apiOutcomes.filter((o) => o.status !== 101 && !(o.status >= 300 && o.status < 400) && !o.type.startsWith('application/json'));
			expect(notJson.map(show)).toEqual([]);
			const badShape = apiOutcomes.filter((o) => {
				if (o.status < 400) return false;
				try {
					const b = JSON.parse(o.body);
					return typeof b.code !== 'string' || typeof b.message !== 'string' || !/^[A-Z_]+$/.test(b.code);
				} catch {
					return true;
				}
			});
			expect(badShape.map(show)).toEqual([]);
			// Form posts no browser sends: refused as such (4xx), not passed on.
			const forms = outcomes.filter((o) => /^form: (text\/plain|utf-16|multipart|oversized)/.test(o.a.why));
			expect(forms.filter((o) => o.status < 400 || o.status >= 500).map(show)).toEqual([]);
			// Hostile content never comes back as markup.
			expect(outcomes.filter((o) => o.body.includes('<script>alert(1)</script>')).map(show)).toEqual([]);

			await settle();
			expect(await snapshot()).toBe(before);
			expect((await api(alice, 'GET', `/api/games/${game}`)).body.version).toBe(version);
			expect((await api(alice, 'GET', `/api/games/${privateGame}`)).body.seats).toHaveLength(1);
			console.log(`hostile input: ${list.length} requests, statuses ${JSON.stringify(countBy(outcomes.map((o) => o.status)))}`);
		});
	});

	if (half === 0) {
		describe('the answers in detail', () => {
			it('/api/ 404 and 405 are JSON with a code; 405 keeps Allow', async () => {
				const unknown = await request('GET', '/api/nope', { headers: { accept: 'text/html' } });
				expect(unknown.status).toBe(404);
				expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'no such endpoint' });
				const wrong = await request('PATCH', '/api/ping', { body: {} });
				expect(wrong.status).toBe(405);
				expect(wrong.headers.get('allow')).toContain('GET');
				expect(await wrong.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'this method is not allowed here' });
			});

			it('[] is no object: join, leave and inbox refuse it, and the inbox stays unread', async () => {
				const unread = (await api(alice, 'GET', '/api/me/inbox')).body.unread;
				for (const path of [`/api/games/${game}/join`, `/api/games/${game}/leave`, '/api/me/inbox']) {
					const r = await request('POST', path, { cookie: alice.cookie, raw: '[]', contentType: 'application/json' });
					expect(r.status, path).toBe(400);
					expect(await r.json(), path).toEqual({ code: 'BAD_REQUEST', message: '(body): expected a JSON object' });
				}
				expect((await api(alice, 'GET', '/api/me/inbox')).body.unread).toBe(unread);
			});

			it('form posts no browser sends: 4xx with a clear message, in English and German pages alike', async () => {
				for (const prefix of ['', '/de']) {
					const plain = await request('POST', `${prefix}/signin`, { raw: 'username=a&password=b', contentType: 'text/plain' });
					expect(plain.status).toBe(415);
					expect(await plain.text()).toMatch(/application\/x-www-form-urlencoded or multipart\/form-data/);
					const utf16 = await request('POST', `${prefix}/signup`, { raw: new Uint8Array([0xff, 0xfe, 0x61, 0x00]), contentType: 'application/x-www-form-urlencoded; charset=utf-16' });
					expect(utf16.status).toBe(415);
					const broken = await request('POST', `${prefix}/settings/sessions?/revoke`, { cookie: alice.cookie, raw: 'x', contentType: 'multipart/form-data' });
					expect(broken.status).toBe(400);
					const reserved = await request('POST', `${prefix}/signin?/default`, { raw: 'a=b', contentType: 'application/x-www-form-urlencoded' });
					expect(reserved.status).toBe(400);
				}
				// A real form still works through the same path.
				const ok = await request('POST', '/signin', {
					raw: `username=${alice.username}&password=${encodeURIComponent(alice.password)}`,
					contentType: 'application/x-www-form-urlencoded',
					headers: { accept: 'text/html' }
				});
				expect(ok.status).toBe(303);
			});

			it('/dev/mailbox only for this machine: with DEV_MAILBOX on, a request to another host gets 404', async () => {
				const local = await request('GET', '/dev/mailbox');
				expect(local.status).toBe(200);
				expect(await local.text()).toContain('DEV_MAILBOX=1');
				const { exports } = await import('cloudflare:workers');
				const remote = await exports.default.fetch('https://rongo.example/dev/mailbox', { headers: { 'cf-connecting-ip': ip } } as never);
				expect((remote as unknown as Response).status).toBe(404);
				void ORIGIN;
			});
		});
	}
}
