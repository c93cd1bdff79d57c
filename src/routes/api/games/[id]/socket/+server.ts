import type { RequestHandler } from './$types';
import { env, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';
import { apiError } from '$lib/server/http';
import { USER_HEADER } from '$lib/server/room/protocol';

/**
 * GET with `Upgrade: websocket` → 101, handed to the game's room. The hook has already refused a
 * cross-origin upgrade (403 CROSS_ORIGIN). The room learns who is connecting only from USER_HEADER,
 * which is set here from the session and never passed on from the client.
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
	headers.delete('cookie'); // the room needs no session token
	const user = userOf(event);
	if (user) headers.set(USER_HEADER, JSON.stringify(user));
	const res = (await room.fetch(new Request(event.request.url, { method: 'GET', headers }) as never)) as unknown as Response & {
		webSocket?: unknown;
	};
	if (res.status !== 101) return res;
	// A fresh Response: the one from the stub has immutable headers, and SvelteKit may add cookies.
	return new Response(null, { status: 101, statusText: 'Switching Protocols', headers: new Headers(res.headers), webSocket: res.webSocket } as ResponseInit);
};
