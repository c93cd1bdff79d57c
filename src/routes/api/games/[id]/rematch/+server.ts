import type { RequestHandler } from './$types';
import { fromRoom, GAME_ID, notFound, randomId, roomOf, signedIn } from '$lib/server/games';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';
import { EmptyBody } from '$lib/server/games';
import type { TimeControl, TimeLimit } from '$lib/protocol/room';
import { claimRematch, dropRematch, finishedGame, inviteEvent, kickPostman, rematchOf, storeInvites } from '$lib/server/people/people';

/** The rematch as a player of the finished game sees it: the new game and its invite code (their way in). */
function shown(r: { newGameId: string; inviteCode: string; createdBy: string }, names: Map<string, string>) {
	return { id: r.newGameId, inviteCode: r.inviteCode, by: names.get(r.createdBy) ?? null };
}

/**
 * POST → 201 {id, inviteCode, by, created: true}: a player of this finished game offers a rematch —
 * a new private game of the same kind, options, seat count, time control and rated or casual, the offering player
 * seated, the others invited (notification `invite` with `rematchOf`). One per finished game: a
 * second POST, by anyone of its players, answers 200 with the existing one (`created: false`).
 * Refusals: 404 NOT_FOUND (no such game; a private one the caller did not play), 403 NOT_SEATED,
 * 409 NOT_FINISHED (running, or closed before its start).
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	if (!GAME_ID.test(event.params.id)) return notFound();
	const body = await readOptionalJson(event.request, EmptyBody);
	if (!body.ok) return body.response;
	const g = await finishedGame(e.DB, event.params.id);
	const seated = !!g?.seats.some((x) => x.userId === user.id);
	if (!g || (g.visibility === 'private' && !seated)) return notFound();
	if (!seated) return apiError(403, 'NOT_SEATED', 'only its players can ask for a rematch');
	// Every seat the game had, bots' (issue 34) and deleted players' included: the persons are invited,
	// and the creator may start the rematch with bots in the rest.
	const seatCount = Math.max(g.players ?? 0, g.seats.length);
	if (g.status !== 'finished' || g.startedAt === null || seatCount < 2) return apiError(409, 'NOT_FINISHED', 'the game is not over');
	const names = new Map(g.seats.map((x) => [x.userId, x.username]));
	const existing = await rematchOf(e.DB, g.id);
	if (existing) return jsonResponse({ ...shown(existing, names), created: false });
	const row = { gameId: g.id, newGameId: randomId(), inviteCode: randomId(), createdBy: user.id, createdAt: Date.now() };
	// Claimed first, so two clicks at once make one game; the loser answers with the winner's.
	if (!(await claimRematch(e.DB, row))) {
		const won = await rematchOf(e.DB, g.id);
		return won ? jsonResponse({ ...shown(won, names), created: false }) : apiError(409, 'CONFLICT', 'try again');
	}
	const clock = g.clock ? (JSON.parse(g.clock) as TimeControl) : undefined;
	const r = await roomOf(e, row.newGameId)!.create({
		gameId: row.newGameId,
		kind: g.kind,
		creator: user,
		options: JSON.parse(g.options),
		seatsWanted: seatCount,
		visibility: 'private',
		// The same choice as the finished game (a private game is casual unless chosen rated).
		rated: g.rated,
		inviteCode: row.inviteCode,
		timeLimit: g.timeLimit as TimeLimit,
		...(clock ? { clock } : {})
	});
	if (!r.ok) {
		await dropRematch(e.DB, g.id, row.newGameId);
		return fromRoom(r);
	}
	const now = Date.now();
	const invited = await storeInvites(
		e.DB,
		g.seats
			.filter((x) => x.userId !== user.id)
			.map((x) => inviteEvent({ gameId: row.newGameId, kind: g.kind, to: x.userId, from: user.username, inviteCode: row.inviteCode, rematchOf: g.id, now }))
	);
	if (invited) kickPostman(e, (p) => event.platform?.ctx?.waitUntil(p));
	return jsonResponse({ ...shown(row, names), created: true }, 201);
};

/**
 * GET → {rematch: {id, inviteCode, by} | null, rematchOf: string | null}: for a player of this game,
 * its rematch; for anyone who may see the game, the finished game it is a rematch of.
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	if (!GAME_ID.test(event.params.id)) return notFound();
	const [g, source] = await Promise.all([
		finishedGame(e.DB, event.params.id),
		e.DB.prepare('SELECT game_id AS gameId FROM rematches WHERE new_game_id = ?1').bind(event.params.id).first<{ gameId: string }>()
	]);
	const seated = !!g?.seats.some((x) => x.userId === user.id);
	if (!g || (g.visibility === 'private' && !seated)) return notFound();
	const r = seated ? await rematchOf(e.DB, g.id) : null;
	return jsonResponse({ rematch: r ? shown(r, new Map(g.seats.map((x) => [x.userId, x.username]))) : null, rematchOf: source?.gameId ?? null });
};
