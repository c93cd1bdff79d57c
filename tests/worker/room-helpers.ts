// Helpers for the GameRoom tests: rooms reached through the real binding, users as the Worker
// passes them (RPC tests need no D1 account; the HTTP tests sign up through the API).
import { env, exports } from 'cloudflare:workers';
import type { CreateInput, RoomUser, ServerMessage } from '$lib/protocol/room';

let n = 0;
export function uid(prefix = 'u'): string {
	return `${prefix}${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function user(name = 'player'): RoomUser {
	const id = uid('u');
	return { id, username: `${name}-${id.slice(-5)}` };
}

export function room(gameId: string) {
	return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId));
}

export function createInput(creator: RoomUser, over: Partial<CreateInput> = {}): CreateInput {
	return {
		gameId: uid('g'),
		kind: 'giants',
		creator,
		options: { quickStart: false, immediateScoring: false },
		seatsWanted: 3,
		visibility: 'public',
		inviteCode: null,
		timeLimit: '3d',
		...over
	};
}

/** A started 3-player game (auto-start when the third joins): its stub, id and users. */
export async function startedGame(over: Partial<CreateInput> = {}) {
	const users = [user('ann'), user('bob'), user('cat')];
	const input = createInput(users[0], over);
	const stub = room(input.gameId);
	const c = await stub.create(input);
	if (!c.ok) throw new Error(c.code);
	for (const u of users.slice(1)) {
		const j = await stub.join(u, input.inviteCode ?? undefined);
		if (!j.ok) throw new Error(j.code);
	}
	return { stub, gameId: input.gameId, users };
}

export async function d1Game(id: string) {
	return env.DB.prepare('SELECT * FROM games WHERE id = ?').bind(id).first<Record<string, unknown>>();
}

export async function d1Seats(id: string) {
	const r = await env.DB.prepare('SELECT * FROM seats WHERE game_id = ? ORDER BY seat').bind(id).all<Record<string, unknown>>();
	return r.results;
}

// ---- through the real Worker (HTTP) ------------------------------------------------------------

export const ORIGIN = 'http://localhost';

export interface HttpUser {
	id: string;
	username: string;
	cookie: string;
}

/** Signs up through POST /api/auth/signup; each from its own address (sign-ups are rate-limited per IP). */
export async function signUp(name = 'p'): Promise<HttpUser> {
	const username = `${name}${Math.random().toString(36).slice(2, 10)}`.slice(0, 24);
	const ip = `10.${(n++ * 7) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
	const res = await exports.default.fetch(`${ORIGIN}/api/auth/signup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': ip },
		body: JSON.stringify({ username, password: 'correct horse battery staple' })
	});
	if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
	const { user } = (await res.json()) as { user: { id: string; username: string } };
	const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
	return { id: user.id, username: user.username, cookie };
}

/** A request to the Worker as `who` (or signed out), same-origin unless `headers` say otherwise. */
export async function call(who: HttpUser | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
	const h: Record<string, string> = { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) };
	if (body !== undefined) h['content-type'] = 'application/json';
	const res = await exports.default.fetch(`${ORIGIN}${path}`, {
		method,
		headers: { ...h, ...headers },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
	});
	const text = await res.text();
	let json: any = null;
	try {
		json = JSON.parse(text);
	} catch {
		/* not JSON */
	}
	return { status: res.status, json, text };
}

/** The session id (the SHA-256 of the token, as D1 keeps it) of a `session=<token>` cookie. */
export async function sessionIdOf(cookie: string): Promise<string> {
	const token = cookie.slice('session='.length);
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---- sockets through the real Worker -------------------------------------------------------------

export interface Sock {
	ws: WebSocket;
	messages: ServerMessage[];
	/** Resolves with the close code; `closedWithin(ms)` says whether it came in time. */
	closed: Promise<number>;
	closedWithin(ms: number): Promise<number | null>;
	next(count: number): Promise<ServerMessage[]>;
}

/**
 * Opens a WebSocket at `path` as `who` (or signed out) and collects its messages. `halfOpen`: a
 * client that ignores the server's close frame — it never answers it and can keep sending (issue 28;
 * a normal client answers the close at once, workerd's `web_socket_auto_reply_to_close`).
 */
export async function openSocket(who: Pick<HttpUser, 'cookie'> | null, path: string, o: { halfOpen?: boolean } = {}): Promise<Sock> {
	const res = await exports.default.fetch(`${ORIGIN}${path}`, {
		headers: { upgrade: 'websocket', origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }
	});
	if (res.status !== 101) throw new Error(`upgrade: ${res.status} ${await res.text()}`);
	const ws = res.webSocket! as unknown as WebSocket;
	const messages: ServerMessage[] = [];
	const waiters: (() => void)[] = [];
	(ws as unknown as { accept(o?: { allowHalfOpen?: boolean }): void }).accept(o.halfOpen ? { allowHalfOpen: true } : undefined);
	const closed = new Promise<number>((ok) => ws.addEventListener('close', (e) => ok((e as CloseEvent).code)));
	ws.addEventListener('message', (e) => {
		try {
			messages.push(JSON.parse(e.data as string));
		} catch {
			messages.push({ type: 'error', code: 'RAW', message: String(e.data) });
		}
		waiters.splice(0).forEach((w) => w());
	});
	return {
		ws,
		messages,
		closed,
		closedWithin: (ms) => Promise.race([closed, new Promise<null>((ok) => setTimeout(() => ok(null), ms))]),
		async next(count) {
			for (let i = 0; i < 40 && messages.length < count; i++) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 50)));
			return messages;
		}
	};
}

/**
 * A started game of the test-only Take-away kind between two new accounts (`names`), by HTTP: its
 * id, the players by seat, and who moves first and who waits.
 */
export async function takeawayGame(names: [string, string], stones = 12) {
	const [a, b] = [await signUp(names[0]), await signUp(names[1])];
	const created = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones } });
	if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
	const id = created.json.id as string;
	const joined = await call(b, 'POST', `/api/games/${id}/join`, {});
	if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
	const v = (await call(a, 'GET', `/api/games/${id}`)).json as { seats: { seat: number; userId: string }[]; activeSeats: number[] };
	const bySeat = v.seats.map((s) => [a, b].find((u) => u.id === s.userId)!);
	const first = v.activeSeats[0];
	return { id, bySeat, mover: bySeat[first], waiter: bySeat[1 - first], waiterSeat: 1 - first };
}
