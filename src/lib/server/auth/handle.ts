/**
 * The auth part of `handle` (src/hooks.server.ts): the Origin check, then the session.
 *
 * SvelteKit's own CSRF check covers only the content types a cross-site <form> can send. A
 * cross-site JSON fetch needs a CORS preflight we never grant, but relying on that alone is
 * fragile (a future endpoint that also accepts text/plain, a CORS header added for some other
 * reason), and WebSocket upgrades are not covered by CORS at all: any page can open a socket to
 * us, and the browser sends our SameSite=Lax cookie along. So every state-changing request
 * (anything but GET/HEAD/OPTIONS) and every WebSocket upgrade must carry an Origin header equal
 * to the request's own origin — browsers always send one on those — or it is answered
 * 403 CROSS_ORIGIN. Non-browser clients (scripts, tests) send the site's origin themselves.
 */
import type { Handle, RequestEvent } from '@sveltejs/kit';
import { building } from '$app/environment';
import { apiError } from '../http';
import { SESSION_COOKIE, deleteSessionCookie, setSessionCookie, validateSessionToken } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossOrigin(request: Request, url: URL): boolean {
	const upgrade = request.headers.get('upgrade')?.toLowerCase() === 'websocket';
	if (SAFE_METHODS.has(request.method) && !upgrade) return false;
	return request.headers.get('origin') !== url.origin;
}

async function loadSession(event: RequestEvent): Promise<void> {
	event.locals.user = null;
	event.locals.session = null;
	const token = event.cookies.get(SESSION_COOKIE);
	// Prerendering has no platform and no cookies.
	if (!token || building || !event.platform?.env?.DB) return;
	const result = await validateSessionToken(event.platform.env.DB, token);
	if (!result.session) {
		deleteSessionCookie(event.cookies);
		return;
	}
	event.locals.user = result.user;
	event.locals.session = result.session;
	if (result.renewed) setSessionCookie(event.cookies, token, result.session.expiresAt);
}

export const authHandle: Handle = async ({ event, resolve }) => {
	if (isCrossOrigin(event.request, event.url)) {
		return apiError(403, 'CROSS_ORIGIN', 'requests that change something must come from this site');
	}
	await loadSession(event);
	return resolve(event);
};
