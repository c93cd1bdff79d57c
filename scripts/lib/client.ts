/**
 * A small client of Rongo's JSON API (docs/api.md) for the seed of `npm start`, the end-to-end
 * tests and the server benchmark. One `Client` is one signed-in user: it keeps the `session`
 * cookie and sends the Origin header the Worker's cross-origin check expects.
 */
import { LEGACY_KIND_ID } from '../../src/lib/games/index';

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly body: Record<string, unknown>
	) {
		super(`${status} ${code}: ${message}`);
	}
}

export interface SeatInfo {
	seat: number;
	userId: string;
	username: string;
	colour: string | null;
}

export interface GameView<V = unknown> {
	gameId: string;
	version: number;
	status: 'waiting' | 'active' | 'finished';
	seats: SeatInfo[];
	yourSeat: number | null;
	activeSeats: number[];
	view: V | null;
	[k: string]: unknown;
}

export interface CreateOptions {
	/** The game's kind; the first registered one when absent. */
	kind?: string;
	seats: number;
	/** The kind's options (its schema fills the rest). */
	options?: Record<string, unknown>;
	visibility?: 'public' | 'private';
	/** Rated or casual (issue 28); absent: the default for the visibility. */
	rated?: boolean;
	timeLimit?: '1d' | '2d' | '3d' | '5d' | '7d' | '14d';
}

export class Client {
	cookie = '';
	userId = '';

	constructor(
		readonly base: string,
		readonly username = ''
	) {}

	/** A JSON request; throws ApiError for a `{ code, message }` answer. */
	async api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
		const headers: Record<string, string> = { origin: this.base, accept: 'application/json' };
		if (this.cookie) headers.cookie = this.cookie;
		if (body !== undefined) headers['content-type'] = 'application/json';
		const res = await fetch(this.base + path, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
			redirect: 'manual'
		});
		this.keepCookie(res);
		const text = await res.text();
		let data: any = null;
		try {
			data = text ? JSON.parse(text) : null;
		} catch {
			data = { code: 'NOT_JSON', message: text.slice(0, 200) };
		}
		if (!res.ok) {
			throw new ApiError(res.status, data?.code ?? 'HTTP_' + res.status, data?.message ?? '', data ?? {});
		}
		return data as T;
	}

	private keepCookie(res: Response) {
		for (const line of res.headers.getSetCookie()) {
			const [pair] = line.split(';');
			const eq = pair.indexOf('=');
			if (pair.slice(0, eq).trim() !== 'session') continue;
			const value = pair.slice(eq + 1).trim();
			// An expired/cleared cookie comes back empty.
			this.cookie = value ? `session=${value}` : '';
		}
	}

	async signup(username: string, password: string) {
		const r = await this.api('POST', '/api/auth/signup', { username, password });
		this.userId = r?.user?.id ?? r?.id ?? '';
		return r;
	}

	async signin(username: string, password: string) {
		const r = await this.api('POST', '/api/auth/signin', { username, password });
		this.userId = r?.user?.id ?? r?.id ?? '';
		return r;
	}

	/** Signs up, or signs in when the name is taken (a second `npm start` over the same state). */
	async signupOrSignin(username: string, password: string) {
		try {
			return await this.signup(username, password);
		} catch (e) {
			if (!(e instanceof ApiError) || e.status !== 409) throw e;
			return this.signin(username, password);
		}
	}

	createGame(o: CreateOptions): Promise<{ id: string; inviteCode?: string | null }> {
		return this.api('POST', '/api/games', {
			kind: o.kind ?? LEGACY_KIND_ID,
			seats: o.seats,
			options: o.options ?? {},
			visibility: o.visibility ?? 'public',
			...(o.rated === undefined ? {} : { rated: o.rated }),
			timeLimit: o.timeLimit ?? '3d'
		});
	}

	join(id: string, inviteCode?: string) {
		return this.api('POST', `/api/games/${id}/join`, inviteCode ? { inviteCode } : {});
	}

	start(id: string) {
		return this.api('POST', `/api/games/${id}/start`, {});
	}

	game<V = unknown>(id: string): Promise<GameView<V>> {
		return this.api('GET', `/api/games/${id}`);
	}

	move(id: string, move: unknown, expectedVersion?: number, moveId = crypto.randomUUID()) {
		return this.api<{ version: number; log: unknown[] }>('POST', `/api/games/${id}/moves`, {
			moveId,
			move,
			...(expectedVersion === undefined ? {} : { expectedVersion })
		});
	}

	mine(): Promise<any> {
		return this.api('GET', '/api/games/mine');
	}

	/**
	 * Follows the game over its WebSocket: every `state` and `event` message is a whole view
	 * (docs/api.md), handed to `onView`. Returns a function that closes the socket. A socket that
	 * fails or ends calls `onClose` (scripts/lib/botplay.ts then reads over HTTP).
	 */
	watch(id: string, onView: (g: GameView) => void, onClose: () => void = () => {}): () => void {
		const ws = this.socket(id);
		ws.addEventListener('message', (e) => {
			let m: { type?: string; version?: unknown } | null = null;
			try {
				m = JSON.parse(String(e.data));
			} catch {
				return;
			}
			if ((m?.type === 'state' || m?.type === 'event') && typeof m.version === 'number') onView(m as unknown as GameView);
		});
		ws.addEventListener('error', () => {});
		ws.addEventListener('close', () => onClose(), { once: true });
		return () => ws.close();
	}

	/** Opens the game's WebSocket with this user's cookie (Node's WebSocket takes headers). */
	socket(id: string): WebSocket {
		const url = this.base.replace(/^http/, 'ws') + `/api/games/${id}/socket`;
		const init = { headers: { cookie: this.cookie, origin: this.base } };
		return new WebSocket(url, init as unknown as string[]);
	}
}
