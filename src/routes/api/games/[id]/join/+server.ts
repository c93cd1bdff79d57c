import type { RequestHandler } from './$types';
import { JoinBody, env, fromRoom, noPlatform, notFound, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/** POST {inviteCode?} → {version}. Joining the last free seat starts the game. */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const body = await readOptionalJson(event.request, JoinBody);
	if (!body.ok) return body.response;
	return fromRoom(await room.join(user, body.value.inviteCode));
};
