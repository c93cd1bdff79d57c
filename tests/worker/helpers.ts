// Helpers for worker tests that go through the real Worker over HTTP (docs/testing.md).
// Every request carries the site's Origin (the Worker refuses cross-origin writes) and, unless
// told otherwise, a fresh client address, so the per-address sign-up limit of one test never
// touches another.
import { exports } from 'cloudflare:workers';

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
	const init = { method, headers, body, redirect: 'manual' as const };
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
