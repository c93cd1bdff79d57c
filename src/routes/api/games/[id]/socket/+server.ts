import type { RequestHandler } from './$types';
import { env, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';
import { apiError } from '$lib/server/http';
import { sessionHeader } from '$lib/server/sockets/session-sockets';
import { SESSION_HEADER, USER_HEADER } from '$lib/protocol/room';

/**
 * GET [?invite=<code>] with `Upgrade: websocket` → 101, handed to the game's room (which refuses a
 * private game to anyone but its players and invite holders: 404). The hook has already refused a
 * cross-origin upgrade (403 CROSS_ORIGIN). The room learns who is connecting, and with which
 * session, only from USER_HEADER and SESSION_HEADER, set here from the session and never passed on
 * from the client.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	if (event.request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
		return apiError(426, 'UPGRADE_REQUIRED', 'expected a WebSocket upgrade');
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const headers = new Headers(event.request.headers);
	headers.delete(USER_HEADER);
	headers.delete(SESSION_HEADER);
	headers.delete('cookie'); // the room needs no session token, only the session's id (to close the socket when it ends)
	const user = userOf(event);
	if (user && event.locals.session) {
		headers.set(USER_HEADER, JSON.stringify(user));
		headers.set(...sessionHeader(event.locals.session));
	}
	const res = (await room.fetch(new Request(event.request.url, { method: 'GET', headers }) as never)) as unknown as Response & {
		webSocket?: unknown;
	};
	if (res.status !== 101) return res;
	// A fresh Response: the one from the stub has immutable headers, and SvelteKit may add cookies.
	return new Response(null, { status: 101, statusText: 'Switching Protocols', headers: new Headers(res.headers), webSocket: res.webSocket } as ResponseInit);
};
