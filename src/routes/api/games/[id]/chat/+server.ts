import type { RequestHandler } from './$types';
import { changeGame, env, fromRoom, inviteOf, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';
import { ChatPostBody, sinceParam } from '$lib/server/chat-api';
import { apiError, readJson } from '$lib/server/http';

/**
 * GET [?since=<seq>][&invite=<code>] → ChatPage (src/lib/protocol/chat.ts): the table talk after
 * `since`, oldest first, for whoever may see the game (a private game: its players and invite
 * holders; anyone else 404). The caller's muted players' messages are left out.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const since = sinceParam(event.url.searchParams.get('since'));
	if (since === null) return apiError(400, 'BAD_REQUEST', 'since must be a non-negative integer');
	return fromRoom(await room.chatPage(userOf(event), inviteOf(event), since));
};

/**
 * POST {text} → 201 {message}: a seated player writes (docs/chat.md: 1–500 characters, plain text,
 * no control characters but newlines; a burst of 5, then one every 3 s).
 */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readJson(request, ChatPostBody), async (room, user, body) => {
		const r = await room.chatPost(user, body.text);
		return r;
	}).then((res) => (res.status === 200 ? new Response(res.body, { status: 201, headers: res.headers }) : res));
