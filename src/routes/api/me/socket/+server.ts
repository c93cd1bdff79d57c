import type { RequestHandler } from './$types';
import { apiError } from '$lib/server/http';
import { signedIn } from '$lib/server/games';
import { sessionHeader } from '$lib/server/sockets/session-sockets';
import { USER_HEADER } from '$lib/protocol/room';

/**
 * GET with `Upgrade: websocket` → 101, handed to the signed-in user's UserHub, which sends
 * `{type: 'inbox', unread}` as it opens and whenever the in-app inbox changes. The hook has refused cross-origin
 * upgrades already; the hub learns nothing about the user but its own id (it is theirs alone).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	if (event.request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return apiError(426, 'UPGRADE_REQUIRED', 'expected a WebSocket upgrade');
	const hub = e.USER_HUB.get(e.USER_HUB.idFromName(user.id));
	// The hub closes this socket when its session ends (src/lib/server/sockets/session-sockets.ts).
	const headers = new Headers([['upgrade', 'websocket'], sessionHeader(event.locals.session!), [USER_HEADER, user.id]]);
	const res = (await hub.fetch(new Request(event.request.url, { headers }) as never)) as unknown as Response & {
		webSocket?: unknown;
	};
	if (res.status !== 101) return res;
	return new Response(null, { status: 101, statusText: 'Switching Protocols', webSocket: res.webSocket } as ResponseInit);
};
