import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { GAME_ID, fromRoom, inviteOf, notFound, roomOf, signedIn } from '$lib/server/games';
import { readJson } from '$lib/server/http';
import { PLAYON_BODY_LIMIT, PlayOnFields, chanceOf, createPlayOn, ratedRefusal } from '$lib/server/playon-request';
import type { GameOrigin, RoomResult } from '$lib/protocol/room';

const Body = v.strictObject({
	step: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
	...PlayOnFields
});

/**
 * POST {step, line?, seed?, visibility, seat?, timeLimit?, clock?} → 201 {id, inviteCode} (issue 34, "Play
 * on from here"; docs/api.md): a new game of the finished game's kind, options and seat count that
 * starts at its position after `step` moves and the explored `line` — waiting for players, the caller
 * seated at `seat`, casual, its own seed drawn at its start. Whoever may see the finished game may
 * (as its export: a private one only its players and `?invite=` holders, else 404). The position
 * comes from the server's own replay of the export, never from the client, so nobody can start a
 * game at a position the game never reached by legal moves. The tutorial's twin: ../../playon.
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	if (!GAME_ID.test(event.params.id)) return notFound();
	const body = await readJson(event.request, Body, PLAYON_BODY_LIMIT);
	if (!body.ok) return body.response;
	const b = body.value;
	const rated = ratedRefusal(b);
	if (rated) return rated;
	// The finished game's room replays it and writes the position (it holds the kind; the client
	// sends only the step and the moves, so no game starts where legal play could not lead).
	// The RPC's inferred type cannot express the kind's own extra and options (unknown): named here.
	const at = (await roomOf(e, event.params.id)!.playOnPosition(user, inviteOf(event), b.step, b.line, chanceOf(b))) as RoomResult<{
		extra: Record<string, unknown>;
		kind: string;
		options: unknown;
		players: string[];
		visibility: 'public' | 'private';
		yourSeat: number | null;
	}>;
	if (!at.ok) return fromRoom(at);
	// A private source game is its players' business (issue 10): the new game, which may be public,
	// names neither it nor them.
	const open = at.visibility === 'public';
	const origin: GameOrigin = { gameId: open ? event.params.id : null, kind: at.kind, step: b.step, explored: b.line.length, players: open ? at.players : [] };
	return createPlayOn(e, user, b, { kind: at.kind, options: at.options, seats: at.players.length, extra: at.extra, origin, defaultSeat: at.yourSeat ?? 0 });
};
