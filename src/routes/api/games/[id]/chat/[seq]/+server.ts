import type { RequestHandler } from './$types';
import { fromRoom, notFound, roomOf, signedIn } from '$lib/server/games';
import { seqParam } from '$lib/server/chat-api';
import { apiError } from '$lib/server/http';

/**
 * DELETE → {seq}: the author deletes their own message within 5 minutes of writing it (later: 409
 * TOO_LATE_TO_DELETE; someone else's: 403 NOT_YOUR_MESSAGE). The text leaves the room's storage and
 * every open page hears of it.
 */
export const DELETE: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const room = roomOf(s.e, event.params.id);
	if (!room) return notFound();
	const seq = seqParam(event.params.seq);
	if (seq === null) return apiError(400, 'BAD_REQUEST', 'seq must be a positive integer');
	return fromRoom(await room.chatDelete(s.user, seq));
};
