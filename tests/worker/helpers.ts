// Helpers for worker tests that go through the real Worker over HTTP (docs/testing.md).
// Every request carries the site's Origin (the Worker refuses cross-origin writes) and, unless
// told otherwise, a fresh client address, so the per-address sign-up limit of one test never
// touches another.
import { env, exports } from 'cloudflare:workers';

export const ORIGIN = 'http://localhost';

let n = 0;
/** A username unique in this run: `<prefix>_<counter><random>`, at most 24 characters. */
export function uniqueName(prefix = 'user'): string {
	const tail = `${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
	return `${prefix.slice(0, 14)}_${tail}`.slice(0, 24);
}

/** A random private address (10.x.y.z) for CF-Connecting-IP. */
export function randomIp(): string {
	const b = crypto.getRandomValues(new Uint8Array(3));
	return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface RequestOptions {
	cookie?: string;
	body?: unknown;
	/** A raw body, sent as is (with `contentType`). */
	raw?: BodyInit;
	contentType?: string;
	/** null: no Origin header at all. */
	origin?: string | null;
	ip?: string;
	headers?: Record<string, string>;
	/** Cloudflare's `request.cf` as the edge would set it (e.g. `{country: 'DE', city: 'Berlin'}`). */
	cf?: Record<string, unknown>;
}

/** A request to the real Worker (`exports.default.fetch`). */
export function request(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
	const headers: Record<string, string> = { 'cf-connecting-ip': o.ip ?? randomIp(), ...o.headers };
	if (o.origin !== null) headers.origin = o.origin ?? ORIGIN;
	if (o.cookie) headers.cookie = o.cookie;
	let body: BodyInit | undefined = o.raw;
	if (o.body !== undefined) {
		body = JSON.stringify(o.body);
		headers['content-type'] = 'application/json';
	}
	if (o.contentType) headers['content-type'] = o.contentType;
	// The test files use the DOM's Request/Response types, the Worker's fetch workerd's: same objects.
	const init = { method, headers, body, redirect: 'manual' as const, ...(o.cf ? { cf: o.cf } : {}) };
	return exports.default.fetch(ORIGIN + path, init as never) as unknown as Promise<Response>;
}

/** `name=value` of the session cookie a response sets ('' for a deletion), or null if none. */
export function sessionCookie(res: Response): string | null {
	for (const line of res.headers.getSetCookie()) {
		const [pair] = line.split(';');
		if (pair.startsWith('session=')) return pair;
	}
	return null;
}

export interface TestUser {
	id: string;
	username: string;
	password: string;
	email: string | null;
	/** `session=<token>`, ready for the cookie header. */
	cookie: string;
}

/** Signs a new user up through POST /api/auth/signup; throws unless it answers 201. */
export async function signUp(prefix = 'user', o: { email?: string; ip?: string } = {}): Promise<TestUser> {
	const username = uniqueName(prefix);
	const password = `pw-${crypto.randomUUID()}`;
	const res = await request('POST', '/api/auth/signup', { body: { username, password, email: o.email }, ip: o.ip });
	if (res.status !== 201) throw new Error(`sign-up of ${username}: ${res.status} ${await res.text()}`);
	const { user } = (await res.json()) as { user: { id: string; email: string | null } };
	const cookie = sessionCookie(res);
	if (!cookie) throw new Error('sign-up set no session cookie');
	return { id: user.id, username, password, email: user.email, cookie };
}

/** A JSON request as `user` (cookie + Origin); returns status and parsed body. */
export async function api<T = any>(
	user: TestUser | null,
	method: string,
	path: string,
	body?: unknown
): Promise<{ status: number; body: T; res: Response }> {
	const res = await request(method, path, { cookie: user?.cookie, body });
	const text = await res.text();
	let parsed: any = null;
	try {
		parsed = text ? JSON.parse(text) : null;
	} catch {
		parsed = { nonJson: text.slice(0, 200) };
	}
	return { status: res.status, body: parsed as T, res };
}

// ---- mail (DEV_MAILBOX=1 keeps sent mails in D1 dev_mailbox) -----------------------------------

const LINK = /\/(verify|reset)#([a-z2-7]{32})/;

/** The mails sent to `to`, oldest first, as the real send_email binding left them. */
export async function mails(to: string) {
	return (
		await env.DB.prepare('SELECT subject, text, html FROM dev_mailbox WHERE to_address = ?1 ORDER BY created_at, rowid').bind(to).all<{ subject: string; text: string; html: string }>()
	).results;
}

/** The token of the newest `kind` link mailed to `to`, waiting a little for mails sent after the answer (waitUntil). */
export async function mailLink(to: string, kind: 'verify' | 'reset', count = 1): Promise<string> {
	for (let i = 0; i < 100; i++) {
		const found = (await mails(to)).map((m) => LINK.exec(m.text)).filter((x) => x?.[1] === kind);
		if (found.length >= count) return found[found.length - 1]![2];
		await new Promise((r) => setTimeout(r, 20));
	}
	throw new Error(`no ${kind} mail to ${to}`);
}

export async function mailCount(to: string, kind: 'verify' | 'reset'): Promise<number> {
	return (await mails(to)).filter((m) => LINK.exec(m.text)?.[1] === kind).length;
}

/** A fresh address of the test domain. */
export const address = () => `${uniqueName('a').replace(/_/g, '.')}@mail.example`;

/** A user whose sign-up address is verified (through its mail). */
export async function verifiedUser(prefix = 'ver'): Promise<TestUser & { email: string }> {
	const email = address();
	const u = await signUp(prefix, { email });
	const res = await request('POST', '/api/auth/verify', { body: { token: await mailLink(email, 'verify') } });
	if (res.status !== 200) throw new Error(`verifying ${email}: ${res.status} ${await res.text()}`);
	return { ...u, email };
}
