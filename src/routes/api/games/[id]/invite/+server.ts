import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { notFound, roomOf, signedIn } from '$lib/server/games';
import type { RoomResult, RoomView } from '$lib/protocol/room';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { inviteEvent, kickPostman, mayInvite, storeInvites, userByName } from '$lib/server/people/people';

const Body = v.strictObject({ username: v.pipe(v.string(), v.maxLength(64)) });

/**
 * POST {username} → {username, invited}: a seated player of a waiting private game invites a player
 * by name (in-app notification, and email/push/webhook as the invitee's preferences say; the link
 * carries the invite code). Stable refusals: 404 NOT_FOUND (no such game, or not visible to the
 * caller), 409 NOT_PRIVATE, 409 NOT_WAITING, 403 NOT_SEATED, 404 UNKNOWN_PLAYER (nothing about any
 * account is revealed beyond what a profile shows), 409 ALREADY_SEATED, 429 RATE_LIMITED.
 * `invited` is false when that player was already invited to this game (notified once).
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const res = (await room.view(user, null)) as unknown as RoomResult<RoomView>;
	if (!res.ok) return res.status === 404 ? notFound() : apiError(res.status, res.code, res.message);
	const r = res;
	if (r.yourSeat === null) return apiError(403, 'NOT_SEATED', 'only the players of a game invite to it');
	if (r.visibility !== 'private' || !r.inviteCode) return apiError(409, 'NOT_PRIVATE', 'a public game is open to all: share its address');
	if (r.status !== 'waiting') return apiError(409, 'NOT_WAITING', 'the game has already started');
	const other = await userByName(e.DB, body.value.username);
	if (!other) return apiError(404, 'UNKNOWN_PLAYER', 'no player of that name');
	if (r.seats.some((x) => x.userId === other.id)) return apiError(409, 'ALREADY_SEATED', 'that player already has a seat');
	if (!(await mayInvite(e.DB, user.id))) return apiError(429, 'RATE_LIMITED', 'too many invitations; try again later');
	const invited = await storeInvites(e.DB, [
		inviteEvent({ gameId: r.gameId, kind: r.kind, to: other.id, from: user.username, inviteCode: r.inviteCode, now: Date.now() })
	]);
	if (invited) kickPostman(e, (p) => event.platform?.ctx?.waitUntil(p));
	return jsonResponse({ username: other.username, invited });
};
