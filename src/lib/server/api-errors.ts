/**
 * Every answer under /api/ is JSON, and every error there is `{code, message}` (docs/api.md
 * "Errors"). The endpoints answer so themselves (src/lib/server/http.ts `apiError`); what reaches
 * a client otherwise is SvelteKit's own: a 405 for a method an endpoint lacks (text/plain), a 404
 * for a path no endpoint has (an HTML page, or `{message}` without a code), a 500 from a bug.
 * This turns those into the one shape, with a stable code by status, keeping `Allow`.
 */
import { apiError } from './http';

const CODES: Record<number, [string, string]> = {
	400: ['BAD_REQUEST', 'the request is not valid'],
	401: ['UNAUTHENTICATED', 'sign in first'],
	403: ['FORBIDDEN', 'not allowed'],
	404: ['NOT_FOUND', 'no such endpoint'],
	405: ['METHOD_NOT_ALLOWED', 'this method is not allowed here'],
	406: ['NOT_ACCEPTABLE', 'the answer is JSON'],
	413: ['TOO_LARGE', 'the body is too large'],
	415: ['UNSUPPORTED_MEDIA_TYPE', 'the body must be application/json'],
	426: ['UPGRADE_REQUIRED', 'expected a WebSocket upgrade'],
	429: ['RATE_LIMITED', 'too many requests; try again later'],
	503: ['UNAVAILABLE', 'the service is not available']
};

export function isApiPath(pathname: string): boolean {
	return pathname === '/api' || pathname.startsWith('/api/');
}

/** Already `{code: string, message: string, …}`? */
async function hasErrorShape(res: Response): Promise<boolean> {
	if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return false;
	try {
		const body = (await res.clone().json()) as { code?: unknown; message?: unknown } | null;
		return !!body && typeof body.code === 'string' && typeof body.message === 'string';
	} catch {
		return false;
	}
}

/** An /api/ answer in the one error shape (successes and WebSocket handshakes pass untouched). */
export async function asApiError(res: Response): Promise<Response> {
	if (res.status < 400 || (await hasErrorShape(res))) return res;
	await res.body?.cancel().catch(() => {});
	// Never a detail of an unexpected failure: it could hold anything (docs/security.md).
	const [code, message] = CODES[res.status] ?? (res.status >= 500 ? ['INTERNAL', 'something went wrong on our side'] : ['BAD_REQUEST', 'the request is not valid']);
	const out = apiError(res.status, code, message);
	const allow = res.headers.get('allow');
	if (allow) out.headers.set('allow', allow);
	return out;
}
