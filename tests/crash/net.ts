/**
 * HTTP for a server that is killed under load (issue 17, `npm run test:crash`): every request either
 * gets an answer from the Worker or is tried again — a refused or cut connection, a timeout, or a 5xx
 * that the Worker did not write (wrangler and workerd coming back up) mean "no answer", never "no".
 *
 * A move is one `Attempt` however often it is sent, always with the same moveId (docs/api.md: the
 * room checks the moveId before the version, so a retry of a move that landed before the kill is
 * answered `duplicate: true` with the original version instead of being applied twice). The kill
 * marks the attempts in flight, so the summary can say what became of each.
 */
import type { Client } from '../../scripts/lib/client';

export interface Answer<T = any> {
	status: number;
	body: T;
}

/** A move on its way: in flight at a kill (`cutBy`), retried, answered. */
export interface Attempt {
	gameId: string;
	moveId: string;
	/** The kill (1, 2, …) that found it in flight, if any. */
	cutBy: number | null;
	/** Sent more than once (an earlier try got no answer). */
	retried: boolean;
}

/** How long one request may take before it counts as unanswered (far above any real answer). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Unanswered requests are tried again this often… */
const RETRY_EVERY_MS = 200;
/** …for at most this long: a server that does not come back fails the test. */
const RETRY_FOR_MS = 120_000;

/** A failure with no answer from the Worker (the server is down or coming up). */
class NoAnswer extends Error {}

export class Net {
	/** Move attempts whose request is on the wire now. */
	private inflight = new Set<Attempt>();
	/** Requests that got no answer: when, and why (for the summary and the check that they fall in a kill's window). */
	readonly unanswered: { at: number; what: string; why: string }[] = [];
	requests = 0;
	/** Set when the test ends (also by a failure): every request from then on throws at once. */
	closed = false;

	constructor(readonly base: string) {}

	/** One request; resolves with the Worker's answer, throws NoAnswer without one. */
	private async once(c: Client, method: string, path: string, body?: unknown): Promise<Answer> {
		const headers: Record<string, string> = { origin: this.base, accept: 'application/json', cookie: c.cookie };
		if (body !== undefined) headers['content-type'] = 'application/json';
		this.requests++;
		let res: Response;
		let text: string;
		try {
			res = await fetch(this.base + path, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				redirect: 'manual',
				signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)
			});
			text = await res.text();
		} catch (e) {
			const cause = (e as { cause?: { code?: string } }).cause?.code;
			throw new NoAnswer(`${(e as Error).name}${cause ? ' ' + cause : ''}`);
		}
		let data: any;
		try {
			data = text ? JSON.parse(text) : null;
		} catch {
			data = null;
		}
		// The Worker answers every /api/ request with JSON `{code, message}` on failure (docs/api.md);
		// a 5xx without it came from wrangler's proxy while workerd was not up yet.
		if (res.status >= 500 && typeof data?.code !== 'string') throw new NoAnswer(`${res.status} from the proxy: ${text.slice(0, 80)}`);
		return { status: res.status, body: data };
	}

	/**
	 * The request until the Worker answers it. Its own 5xx answers are tried again too (a room that
	 * could not be reached while workerd came up) — except 503 GAME_UNAVAILABLE, which says a room's
	 * log no longer replays to its snapshot: that is what this test is looking for, not a hiccup.
	 */
	async call<T = any>(c: Client, method: string, path: string, body?: unknown, attempt?: Attempt): Promise<Answer<T>> {
		const giveUp = Date.now() + RETRY_FOR_MS;
		for (;;) {
			if (this.closed) throw new Error('the test is over');
			if (attempt) this.inflight.add(attempt);
			let why: string;
			try {
				const a = await this.once(c, method, path, body);
				if (a.status < 500 || a.body?.code === 'GAME_UNAVAILABLE') return a;
				why = `${a.status} ${a.body.code}`;
			} catch (e) {
				if (!(e instanceof NoAnswer)) throw e;
				why = e.message;
			} finally {
				if (attempt) this.inflight.delete(attempt);
			}
			this.unanswered.push({ at: Date.now(), what: `${method} ${path}`, why });
			if (Date.now() > giveUp) throw new Error(`${method} ${path}: no answer for ${RETRY_FOR_MS / 1000} s (last: ${why})`);
			if (attempt) attempt.retried = true;
			await new Promise((r) => setTimeout(r, RETRY_EVERY_MS));
		}
	}

	/** A GET that must succeed. */
	async get<T = any>(c: Client, path: string): Promise<T> {
		const a = await this.call<T>(c, 'GET', path);
		if (a.status !== 200) throw new Error(`GET ${path} as ${c.username}: ${a.status} ${JSON.stringify(a.body)}`);
		return a.body;
	}

	/** `POST /api/games/:id/moves`, retried with the same moveId until the room answers. */
	move(c: Client, gameId: string, moveId: string, move: unknown, expectedVersion: number, attempt: Attempt) {
		return this.call<{ version: number; duplicate: boolean; code?: string; message?: string; currentVersion?: number }>(
			c, 'POST', `/api/games/${gameId}/moves`, { moveId, move, expectedVersion }, attempt
		);
	}

	/** Moves on the wire now. */
	inFlight(): number {
		return this.inflight.size;
	}

	/** The kill `n` is about to happen: marks the moves in flight now, and returns them. */
	cut(n: number): Attempt[] {
		const now = [...this.inflight];
		for (const a of now) a.cutBy ??= n;
		return now;
	}
}
