// Passkeys (issue 15): whole WebAuthn ceremonies against the real routes, with a software
// authenticator written for the test (tests/worker/authenticator.ts: WebCrypto ES256, CBOR
// attestation objects, DER signatures) — the real protocol, nothing of the server library mocked.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FLAG_AT, FLAG_UP, FLAG_UV, SoftPasskey, b64url, type CreationOptions, type RequestOptions } from './authenticator';
import { api, randomIp, request, sessionCookie, signUp, type TestUser } from './helpers';

async function registrationOptions(user: TestUser): Promise<CreationOptions> {
	const r = await api(user, 'POST', '/api/auth/passkeys/register/options');
	expect(r.status, JSON.stringify(r.body)).toBe(200);
	return r.body.options;
}

async function signInOptions(ip = randomIp()): Promise<RequestOptions> {
	const r = await request('POST', '/api/auth/passkeys/signin/options', { ip });
	expect(r.status).toBe(200);
	return ((await r.json()) as { options: RequestOptions }).options;
}

/** Signs up a user and registers a passkey for them through the API. */
async function withPasskey(prefix: string, name = 'My laptop'): Promise<{ user: TestUser; passkey: SoftPasskey }> {
	const user = await signUp(prefix);
	const { passkey, response } = await SoftPasskey.create(await registrationOptions(user));
	const r = await api(user, 'POST', '/api/auth/passkeys/register', { name, response });
	expect(r.status, JSON.stringify(r.body)).toBe(201);
	return { user, passkey };
}

const signIn = (response: unknown, ip = randomIp()) => request('POST', '/api/auth/passkeys/signin', { body: { response }, ip });

async function error(res: Response): Promise<{ status: number; code: string; cookie: string | null }> {
	const body = (await res.json()) as { code: string; message: string };
	expect(typeof body.message).toBe('string');
	return { status: res.status, code: body.code, cookie: sessionCookie(res) };
}

const challengeHash = async (challenge: string) =>
	[...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(challenge)))].map((b) => b.toString(16).padStart(2, '0')).join('');

const row = (id: string) => env.DB.prepare('SELECT * FROM passkeys WHERE id = ?1').bind(id).first<Record<string, unknown>>();

describe('registration', () => {
	it('options ask for a discoverable, user-verified passkey and exclude the ones already registered', async () => {
		const { user, passkey } = await withPasskey('pk_opts');
		const options = (await api(user, 'POST', '/api/auth/passkeys/register/options')).body.options;
		expect(options.rp).toEqual({ id: 'localhost', name: 'Rongo' });
		expect(options.user.name).toBe(user.username);
		expect(options.user.id).toBe(b64url(new TextEncoder().encode(user.id)));
		expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
		expect(options.attestation).toBe('none');
		expect(options.excludeCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }]);
		expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
		// Stored hashed, for this user and purpose, for at most five minutes.
		const stored = await env.DB.prepare('SELECT * FROM webauthn_challenges WHERE id = ?1').bind(await challengeHash(options.challenge)).first<Record<string, unknown>>();
		expect(stored).toMatchObject({ purpose: 'register', user_id: user.id });
		expect(Number(stored!.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
		expect(JSON.stringify(await env.DB.prepare('SELECT * FROM webauthn_challenges').all())).not.toContain(options.challenge);
	});

	it('stores the passkey: public key, counter, transports, flags, name; listed for its owner only', async () => {
		const user = await signUp('pk_reg');
		const { passkey, response } = await SoftPasskey.create(await registrationOptions(user), { startCounter: 7 });
		const r = await api(user, 'POST', '/api/auth/passkeys/register', { name: '  Phone  ', response });
		expect(r.status).toBe(201);
		expect(r.body.passkey).toMatchObject({ id: passkey.credentialId, name: 'Phone', lastUsedAt: null, synced: false });
		expect(await row(passkey.credentialId)).toMatchObject({ user_id: user.id, counter: 7, transports: '["internal"]', device_type: 'singleDevice', backed_up: 0, name: 'Phone' });
		const list = await api(user, 'GET', '/api/auth/passkeys');
		expect(list.body.passkeys.map((p: { id: string }) => p.id)).toEqual([passkey.credentialId]);
		const other = await signUp('pk_other');
		expect((await api(other, 'GET', '/api/auth/passkeys')).body.passkeys).toEqual([]);
		expect((await api(null, 'GET', '/api/auth/passkeys')).status).toBe(401);
	});

	it('is for signed-in users only, and one challenge registers one passkey', async () => {
		expect((await api(null, 'POST', '/api/auth/passkeys/register/options')).status).toBe(401);
		const user = await signUp('pk_once');
		const options = await registrationOptions(user);
		const first = await SoftPasskey.create(options);
		expect((await api(user, 'POST', '/api/auth/passkeys/register', { name: 'one', response: first.response })).status).toBe(201);
		// The same challenge again, with another new credential: used up.
		const second = await SoftPasskey.create(options);
		const again = await api(user, 'POST', '/api/auth/passkeys/register', { name: 'two', response: second.response });
		expect([again.status, again.body.code]).toEqual([400, 'CHALLENGE_UNKNOWN']);
		expect(await row(second.passkey.credentialId)).toBeNull();
		const unsigned = await api(null, 'POST', '/api/auth/passkeys/register', { name: 'x', response: second.response });
		expect(unsigned.status).toBe(401);
	});

	it("someone else's registration challenge, a wrong origin or RP ID, no user verification: refused", async () => {
		const alice = await signUp('pk_ra');
		const mallory = await signUp('pk_rm');
		const aliceOptions = await registrationOptions(alice);
		const stolen = await SoftPasskey.create(aliceOptions);
		const r1 = await api(mallory, 'POST', '/api/auth/passkeys/register', { name: 'x', response: stolen.response });
		expect([r1.status, r1.body.code]).toEqual([400, 'CHALLENGE_UNKNOWN']);
		// Alice's challenge was not used up by Mallory's try.
		expect((await api(alice, 'POST', '/api/auth/passkeys/register', { name: 'mine', response: stolen.response })).status).toBe(201);

		const cases: [Parameters<typeof SoftPasskey.create>[1], string][] = [
			[{ origin: 'https://evil.example' }, 'WRONG_ORIGIN'],
			[{ origin: 'http://localhost:8787' }, 'WRONG_ORIGIN'],
			[{ rpId: 'evil.example' }, 'WRONG_RP_ID'],
			[{ flags: FLAG_UP | FLAG_AT }, 'USER_NOT_VERIFIED'],
			[{ type: 'webauthn.get' }, 'WRONG_CEREMONY']
		];
		for (const [o, code] of cases) {
			const { passkey, response } = await SoftPasskey.create(await registrationOptions(mallory), o);
			const r = await api(mallory, 'POST', '/api/auth/passkeys/register', { name: 'x', response });
			expect([r.status, r.body.code], code).toEqual([400, code]);
			expect(await row(passkey.credentialId)).toBeNull();
		}
	});

	it("a credential id registered to one account cannot be registered to another", async () => {
		const { passkey } = await withPasskey('pk_sq');
		const mallory = await signUp('pk_sqm');
		const { response } = await SoftPasskey.create(await registrationOptions(mallory), { credentialId: passkey.id });
		const r = await api(mallory, 'POST', '/api/auth/passkeys/register', { name: 'squat', response });
		expect([r.status, r.body.code]).toEqual([409, 'PASSKEY_EXISTS']);
		expect((await row(passkey.credentialId))!.name).toBe('My laptop');
	});

	it('a response naming another credential id than its authenticator attested is refused', async () => {
		const user = await signUp('pk_tamper');
		const { passkey, response } = await SoftPasskey.create(await registrationOptions(user));
		const r = response as { id: string; rawId: string };
		const other = b64url(crypto.getRandomValues(new Uint8Array(32)));
		const res = await api(user, 'POST', '/api/auth/passkeys/register', { name: 'x', response: { ...r, id: other, rawId: other } });
		expect([res.status, res.body.code]).toEqual([400, 'VERIFICATION_FAILED']);
		expect(await row(passkey.credentialId)).toBeNull();
		expect(await row(other)).toBeNull();
	});

	it('unreadable client data or attestation objects: BAD_RESPONSE, nothing stored', async () => {
		const user = await signUp('pk_garbage');
		const { passkey, response } = await SoftPasskey.create(await registrationOptions(user));
		const r = response as { response: Record<string, unknown> };
		for (const inner of [
			{ ...r.response, clientDataJSON: b64url(new TextEncoder().encode('not json')) },
			{ ...r.response, clientDataJSON: b64url(new TextEncoder().encode('{"type":"webauthn.create","challenge":1}')) },
			{ ...r.response, attestationObject: b64url(crypto.getRandomValues(new Uint8Array(64))) }
		]) {
			const res = await api(user, 'POST', '/api/auth/passkeys/register', { name: 'x', response: { ...r, response: inner } });
			expect([res.status, res.body.code]).toEqual([400, 'BAD_RESPONSE']);
		}
		expect(await row(passkey.credentialId)).toBeNull();
		const signin = await signIn({ ...(await passkey.get(await signInOptions())) as object, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } });
		expect(await error(signin)).toEqual({ status: 400, code: 'BAD_RESPONSE', cookie: null });
	});

	it('attestation statements are verified: a packed self attestation with a good signature passes, a broken one fails', async () => {
		const user = await signUp('pk_packed');
		const good = await SoftPasskey.create(await registrationOptions(user), { attestation: 'packed' });
		expect((await api(user, 'POST', '/api/auth/passkeys/register', { name: 'packed', response: good.response })).status).toBe(201);
		const broken = await SoftPasskey.create(await registrationOptions(user), { attestation: 'packed-broken' });
		const res = await api(user, 'POST', '/api/auth/passkeys/register', { name: 'broken', response: broken.response });
		expect([res.status, res.body.code]).toEqual([400, 'VERIFICATION_FAILED']);
		expect(res.body.message).not.toContain(broken.passkey.credentialId);
		expect(await row(broken.passkey.credentialId)).toBeNull();
		// The good one signs in.
		expect((await signIn(await good.passkey.get(await signInOptions()))).status).toBe(200);
	});
});

describe('sign-in', () => {
	it('usernameless: a passkey signs its owner in with a working session, like a password sign-in', async () => {
		const { user, passkey } = await withPasskey('pk_in');
		const options = await signInOptions();
		expect(options.rpId).toBe('localhost');
		expect(options.userVerification).toBe('required');
		expect(options.allowCredentials ?? []).toEqual([]);
		const res = await signIn(await passkey.get(options));
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ user: { id: user.id, username: user.username, email: null } });
		const cookie = sessionCookie(res)!;
		expect(cookie).toMatch(/^session=[a-z2-7]{32}$/);
		expect(res.headers.getSetCookie().some((c) => c.startsWith('device=') && /HttpOnly/i.test(c))).toBe(true);
		const me = await request('GET', '/api/auth/me', { cookie });
		expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);
		// The new session is listed with the user's others, and can make games.
		const sessions = await request('GET', '/api/auth/sessions', { cookie });
		expect(((await sessions.json()) as { sessions: unknown[] }).sessions).toHaveLength(2);
		const game = await request('POST', '/api/games', { cookie, body: { game: 'giants', seats: 3 } });
		expect(game.status).toBe(201);
	});

	it('the counter is stored and must go up; the last use is recorded', async () => {
		const { user, passkey } = await withPasskey('pk_count');
		expect((await row(passkey.credentialId))!.counter).toBe(0);
		for (let i = 1; i <= 3; i++) {
			const res = await signIn(await passkey.get(await signInOptions()));
			expect(res.status).toBe(200);
			expect((await row(passkey.credentialId))!.counter).toBe(i);
		}
		const before = Date.now();
		const listed = (await api(user, 'GET', '/api/auth/passkeys')).body.passkeys[0];
		expect(listed.lastUsedAt).toBeGreaterThan(before - 60_000);
		// A copy of the authenticator that reports an old counter value: refused, no session.
		const stale = await error(await signIn(await passkey.get(await signInOptions(), { counter: 2 })));
		expect(stale).toEqual({ status: 401, code: 'COUNTER_REPLAY', cookie: null });
		const same = await error(await signIn(await passkey.get(await signInOptions(), { counter: 3 })));
		expect(same.code).toBe('COUNTER_REPLAY');
		expect((await row(passkey.credentialId))!.counter).toBe(3);
	});

	it('a replayed response (its challenge used) is refused; so is a challenge never issued', async () => {
		const { passkey } = await withPasskey('pk_replay');
		const response = await passkey.get(await signInOptions());
		expect((await signIn(response)).status).toBe(200);
		expect(await error(await signIn(response))).toEqual({ status: 400, code: 'CHALLENGE_UNKNOWN', cookie: null });
		const made = await error(await signIn(await passkey.get(await signInOptions(), { challenge: b64url(crypto.getRandomValues(new Uint8Array(32))) })));
		expect(made).toEqual({ status: 400, code: 'CHALLENGE_UNKNOWN', cookie: null });
		// A registration challenge is no sign-in challenge.
		const owner = await signUp('pk_purpose');
		const reg = await registrationOptions(owner);
		const wrongPurpose = await error(await signIn(await passkey.get(await signInOptions(), { challenge: reg.challenge })));
		expect(wrongPurpose.code).toBe('CHALLENGE_UNKNOWN');
	});

	it('two responses to one challenge at once: exactly one signs in', async () => {
		const { passkey } = await withPasskey('pk_race');
		const options = await signInOptions();
		const a = await passkey.get(options);
		const b = await passkey.get(options);
		const results = await Promise.all([signIn(a), signIn(b)]);
		expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
	});

	it('an expired challenge is refused, and is gone afterwards', async () => {
		const { passkey } = await withPasskey('pk_exp');
		const options = await signInOptions();
		const id = await challengeHash(options.challenge);
		await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ?1 WHERE id = ?2').bind(Date.now() - 1, id).run();
		expect(await error(await signIn(await passkey.get(options)))).toEqual({ status: 400, code: 'CHALLENGE_EXPIRED', cookie: null });
		expect(await env.DB.prepare('SELECT 1 FROM webauthn_challenges WHERE id = ?1').bind(id).first()).toBeNull();
		expect((await row(passkey.credentialId))!.last_used_at).toBeNull();
	});

	it('expired challenges are pruned when new ones are made', async () => {
		const old = 'pruned-' + crypto.randomUUID();
		await env.DB.prepare("INSERT INTO webauthn_challenges (id, purpose, user_id, expires_at) VALUES (?1, 'signin', NULL, ?2)").bind(old, Date.now() - 1000).run();
		await signInOptions();
		expect(await env.DB.prepare('SELECT 1 FROM webauthn_challenges WHERE id = ?1').bind(old).first()).toBeNull();
	});

	it('a wrong origin, a wrong RP ID, a registration response, no user verification: refused, no session', async () => {
		const { passkey } = await withPasskey('pk_origin');
		const cases: [Parameters<SoftPasskey['get']>[1], string][] = [
			[{ origin: 'https://evil.example' }, 'WRONG_ORIGIN'],
			[{ origin: 'http://localhost.evil.example' }, 'WRONG_ORIGIN'],
			[{ origin: 'https://localhost' }, 'WRONG_ORIGIN'],
			[{ rpId: 'evil.example' }, 'WRONG_RP_ID'],
			[{ type: 'webauthn.create' }, 'WRONG_CEREMONY'],
			[{ flags: FLAG_UP }, 'USER_NOT_VERIFIED'],
			[{ flags: FLAG_UV }, 'USER_NOT_VERIFIED']
		];
		for (const [o, code] of cases) {
			const res = await error(await signIn(await passkey.get(await signInOptions(), o)));
			expect(res, code).toEqual({ status: 400, code, cookie: null });
		}
		expect((await row(passkey.credentialId))!.last_used_at).toBeNull();
	});

	it("another user's passkey signs in only as that user; it cannot be made to sign in as you", async () => {
		const alice = await withPasskey('pk_alice');
		const mallory = await withPasskey('pk_mallory');
		// Mallory's own passkey: Mallory.
		const own = await signIn(await mallory.passkey.get(await signInOptions()));
		expect(((await own.json()) as { user: { id: string } }).user.id).toBe(mallory.user.id);
		// Alice's credential id, signed with Mallory's key: the signature does not verify.
		const forged = await error(await signIn(await mallory.passkey.get(await signInOptions(), { credentialId: alice.passkey.credentialId, userHandle: alice.passkey.userHandle })));
		expect(forged).toEqual({ status: 401, code: 'VERIFICATION_FAILED', cookie: null });
		// Mallory's passkey claiming Alice's user handle: refused.
		const claimed = await error(await signIn(await mallory.passkey.get(await signInOptions(), { userHandle: alice.passkey.userHandle })));
		expect(claimed).toEqual({ status: 401, code: 'PASSKEY_MISMATCH', cookie: null });
		// An unknown credential.
		const stranger = (await SoftPasskey.create({ challenge: 'x', rp: { name: 'Rongo', id: 'localhost' }, user: { id: 'eA', name: 'x' } })).passkey;
		expect(await error(await signIn(await stranger.get(await signInOptions())))).toEqual({ status: 401, code: 'UNKNOWN_PASSKEY', cookie: null });
		// A user handle may be missing (some authenticators leave it out): the credential decides.
		const bare = await signIn(await alice.passkey.get(await signInOptions(), { userHandle: null }));
		expect(((await bare.json()) as { user: { id: string } }).user.id).toBe(alice.user.id);
	});

	it('a removed passkey signs nobody in', async () => {
		const { user, passkey } = await withPasskey('pk_removed');
		expect((await api(user, 'DELETE', `/api/auth/passkeys/${passkey.credentialId}`)).status).toBe(200);
		expect(await error(await signIn(await passkey.get(await signInOptions())))).toMatchObject({ status: 401, code: 'UNKNOWN_PASSKEY' });
	});

	it('failed passkey sign-ins count in the per-address bucket of failed sign-ins; options are limited per address', async () => {
		const { passkey } = await withPasskey('pk_limit');
		const ip = randomIp();
		for (let i = 0; i < 30; i++) {
			const res = await signIn(await passkey.get(await signInOptions(), { origin: 'https://evil.example' }), ip);
			expect(res.status).toBe(400);
		}
		// The 31st from that address is refused before anything is checked, even a good one.
		expect(await error(await signIn(await passkey.get(await signInOptions()), ip))).toEqual({ status: 429, code: 'RATE_LIMITED', cookie: null });
		// Password sign-ins from that address are held back too (one bucket of failures).
		const pw = await request('POST', '/api/auth/signin', { body: { username: 'nobody_here', password: 'whatever123' }, ip });
		expect(pw.status).toBe(429);
		// Elsewhere the passkey works.
		expect((await signIn(await passkey.get(await signInOptions()))).status).toBe(200);

		const ip2 = randomIp();
		const statuses: number[] = [];
		for (let i = 0; i < 61; i++) statuses.push((await request('POST', '/api/auth/passkeys/signin/options', { ip: ip2 })).status);
		expect(statuses.filter((s) => s === 200)).toHaveLength(60);
		expect(statuses[60]).toBe(429);
	});
});

describe('managing passkeys', () => {
	it('rename: 1–64 characters, hostile strings kept as text or refused; only your own', async () => {
		const { user, passkey } = await withPasskey('pk_name');
		const path = `/api/auth/passkeys/${passkey.credentialId}`;
		const ok = async (name: string, stored: string) => {
			const r = await api(user, 'PATCH', path, { name });
			expect(r.status, name).toBe(200);
			expect(r.body.passkey.name).toBe(stored);
			expect((await row(passkey.credentialId))!.name).toBe(stored);
		};
		await ok('<script>alert(1)</script>', '<script>alert(1)</script>');
		await ok("' OR 1=1 --", "' OR 1=1 --");
		await ok('🗿'.repeat(64), '🗿'.repeat(64));
		await ok('  Work key  ', 'Work key');
		for (const name of ['', '   ', 'x'.repeat(65), '🗿'.repeat(65), 'a\u0000b', 'tab\there', '\u202eevil', 'a\u2066b', '\ud83d']) {
			const r = await api(user, 'PATCH', path, { name });
			expect([r.status, r.body.code], JSON.stringify(name)).toEqual([400, 'BAD_NAME']);
		}
		expect((await row(passkey.credentialId))!.name).toBe('Work key');
		expect((await api(user, 'PATCH', path, { name: 1 })).body.code).toBe('BAD_REQUEST');
		expect((await api(user, 'PATCH', path, { name: 'a', extra: 1 })).body.code).toBe('BAD_REQUEST');
	});

	it("someone else's passkey cannot be renamed or removed: 404 as for an unknown one, nothing changes", async () => {
		const alice = await withPasskey('pk_own_a');
		const mallory = await signUp('pk_own_m');
		const path = `/api/auth/passkeys/${alice.passkey.credentialId}`;
		const rename = await api(mallory, 'PATCH', path, { name: 'mine now' });
		expect([rename.status, rename.body.code]).toEqual([404, 'NOT_FOUND']);
		const remove = await api(mallory, 'DELETE', path);
		expect([remove.status, remove.body.code]).toEqual([404, 'NOT_FOUND']);
		const unknown = await api(mallory, 'DELETE', `/api/auth/passkeys/${b64url(crypto.getRandomValues(new Uint8Array(32)))}`);
		expect(unknown.body).toEqual(remove.body);
		expect(await row(alice.passkey.credentialId)).toMatchObject({ user_id: alice.user.id, name: 'My laptop' });
		expect((await api(null, 'DELETE', path)).status).toBe(401);
		// Mallory's form actions on the settings page: the same.
		for (const [action, body] of [
			['rename', `id=${alice.passkey.credentialId}&name=mine`],
			['remove', `id=${alice.passkey.credentialId}`]
		]) {
			const r = await request('POST', `/settings/passkeys?/${action}`, { cookie: mallory.cookie, raw: body, contentType: 'application/x-www-form-urlencoded', headers: { accept: 'application/json' } });
			expect(r.status).toBeLessThan(500);
			expect(JSON.stringify(await r.json())).toContain('NOT_FOUND');
		}
		expect(await row(alice.passkey.credentialId)).toMatchObject({ user_id: alice.user.id, name: 'My laptop' });
		// Alice removes her own.
		expect((await api(alice.user, 'DELETE', path)).body).toEqual({ ok: true });
		expect(await row(alice.passkey.credentialId)).toBeNull();
	});

	it('the settings page lists names as text; its forms rename and remove', async () => {
		const { user, passkey } = await withPasskey('pk_page', '<b>bold</b> & co');
		const page = await request('GET', '/settings/passkeys', { cookie: user.cookie });
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain('&lt;b>bold&lt;/b> &amp; co');
		expect(html).not.toContain('<b>bold</b>');
		const form = (action: string, body: string) =>
			request('POST', `/settings/passkeys?/${action}`, { cookie: user.cookie, raw: body, contentType: 'application/x-www-form-urlencoded', headers: { accept: 'application/json' } });
		expect((await form('rename', `id=${passkey.credentialId}&name=Desk`)).status).toBe(200);
		expect((await row(passkey.credentialId))!.name).toBe('Desk');
		expect((await form('rename', `id=${passkey.credentialId}&name=${'x'.repeat(65)}`)).status).toBe(200);
		expect((await row(passkey.credentialId))!.name).toBe('Desk');
		expect((await form('remove', `id=${passkey.credentialId}`)).status).toBe(200);
		expect(await row(passkey.credentialId)).toBeNull();
		const signedOut = await request('GET', '/settings/passkeys');
		expect(signedOut.status).toBe(303);
	});

	it('at most 20 passkeys per account', async () => {
		const user = await signUp('pk_many');
		const now = Date.now();
		await env.DB.batch(
			Array.from({ length: 20 }, (_, i) =>
				env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, device_type, name, created_at) VALUES (?1, ?2, 'AA', 'singleDevice', ?3, ?4)").bind(
					b64url(crypto.getRandomValues(new Uint8Array(32))),
					user.id,
					`key ${i}`,
					now + i
				)
			)
		);
		const r = await api(user, 'POST', '/api/auth/passkeys/register/options');
		expect([r.status, r.body.code]).toEqual([409, 'TOO_MANY_PASSKEYS']);
	});

	it("an account's passkeys and challenges go with it", async () => {
		const { user, passkey } = await withPasskey('pk_gone');
		await registrationOptions(user);
		await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
		expect(await row(passkey.credentialId)).toBeNull();
		expect(await env.DB.prepare('SELECT 1 FROM webauthn_challenges WHERE user_id = ?1').bind(user.id).first()).toBeNull();
	});
});

describe('the data export (issue 30)', () => {
	it('lists the passkeys by name, added and last used — never the credential id or the public key', async () => {
		const { user, passkey } = await withPasskey('pk_export', 'Work laptop');
		const before = Date.now();
		expect((await signIn(await passkey.get(await signInOptions()))).status).toBe(200);
		const res = await request('GET', '/api/me/data', { cookie: user.cookie });
		expect(res.status).toBe(200);
		const text = await res.text();
		const data = JSON.parse(text);
		expect(data.passkeys).toHaveLength(1);
		expect(Object.keys(data.passkeys[0]).sort()).toEqual(['createdAt', 'lastUsedAt', 'name', 'synced']);
		expect(data.passkeys[0]).toMatchObject({ name: 'Work laptop', synced: false });
		expect(data.passkeys[0].createdAt).toBeLessThanOrEqual(before);
		expect(data.passkeys[0].lastUsedAt).toBeGreaterThanOrEqual(before);
		const stored = await row(passkey.credentialId);
		expect(text).not.toContain(passkey.credentialId);
		expect(text).not.toContain(String(stored!.public_key));
	});
});
