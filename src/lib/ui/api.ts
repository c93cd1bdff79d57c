/**
 * The browser's side of the JSON API (docs/api.md): same-origin fetches, so the session cookie
 * and the Origin header go along by themselves. Never throws: a refusal or a network failure
 * comes back as a value the page can put into words (errorText).
 */
import { m } from '$lib/paraglide/messages';

export type ApiResult<T> =
	| { ok: true; data: T }
	| { ok: false; status: number; code: string; message: string; currentVersion?: number };

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
	let res: Response;
	try {
		res = await fetch(path, {
			method,
			headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body)
		});
	} catch {
		return { ok: false, status: 0, code: 'NETWORK', message: '' };
	}
	let data: any = null;
	try {
		data = await res.json();
	} catch {
		/* an empty or non-JSON answer */
	}
	if (res.ok) return { ok: true, data: data as T };
	return {
		ok: false,
		status: res.status,
		code: typeof data?.code === 'string' ? data.code : `HTTP_${res.status}`,
		message: typeof data?.message === 'string' ? data.message : res.statusText,
		currentVersion: typeof data?.currentVersion === 'number' ? data.currentVersion : undefined
	};
}

/** A refusal in plain words, in the page's language. Unknown rule codes keep the server's text. */
export function errorText(e: { status: number; code: string; message: string; currentVersion?: number }): string {
	switch (e.code) {
		case 'NETWORK':
			return m.common_network_error();
		case 'UNAUTHENTICATED':
			return m.error_UNAUTHENTICATED();
		case 'FORBIDDEN':
		case 'CROSS_ORIGIN':
			return m.error_FORBIDDEN();
		case 'NOT_YOUR_SEAT':
			return m.error_NOT_YOUR_SEAT();
		case 'NOT_FOUND':
			return m.error_NOT_FOUND();
		case 'STALE_VERSION':
			return m.error_STALE_VERSION();
		case 'NOT_YOUR_TURN':
			return m.error_NOT_YOUR_TURN();
		case 'WRONG_PHASE':
			return m.error_WRONG_PHASE();
		case 'BAD_MOVE':
		case 'BAD_REQUEST':
		case 'BAD_JSON':
			return m.error_BAD_MOVE({ message: e.message });
		case 'GAME_FULL':
		// A start with bots when no seat is open (issue 34): the same fact, worded once.
		case 'NO_OPEN_SEATS':
			return m.error_GAME_FULL();
		case 'ALREADY_SEATED':
			return m.error_ALREADY_SEATED();
		case 'NOT_WAITING':
			return m.error_NOT_WAITING();
		case 'RATE_LIMITED':
			return m.error_RATE_LIMITED();
		case 'QUEUE_CHANGED':
			return m.error_QUEUE_CHANGED();
		case 'NOT_QUEUEABLE':
			return m.error_NOT_QUEUEABLE();
		case 'BAD_QUEUE':
			return m.error_BAD_QUEUE();
	}
	if (e.status === 422) return m.error_rule({ code: e.code, message: e.message });
	return m.common_error({ message: `${e.code} ${e.message}`.trim() });
}
