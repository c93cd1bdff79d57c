import type { RequestHandler } from './$types';
import { env, noPlatform, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { OrganiseBody } from '$lib/server/tournaments/body';
import { listTournaments, organise } from '$lib/server/tournaments/tournaments';
import type { TournamentStatus } from '$lib/protocol/tournament';

/** POST {name, kind, options?, tableSize, format, rounds, clock, roundDays?, signupUntil, minPlayers, maxPlayers, rated?, visibility?} → 201 {id, inviteCode}. */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const body = await readJson(event.request, OrganiseBody);
	if (!body.ok) return body.response;
	const r = await organise(e.DB, user, body.value, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ id: r.id, inviteCode: r.inviteCode }, 201);
};

const STATUSES: readonly TournamentStatus[] = ['signup', 'running', 'finished'];

/** GET ?status=signup|running|finished&kind=…&mine=1 → {tournaments}. */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const q = event.url.searchParams;
	const status = q.get('status');
	if (status !== null && status !== '' && !STATUSES.includes(status as TournamentStatus)) return apiError(400, 'BAD_REQUEST', 'status: signup, running or finished');
	const kind = q.get('kind');
	if (kind !== null && kind !== '' && !/^[a-z][a-z0-9-]{0,31}$/.test(kind)) return apiError(400, 'BAD_REQUEST', 'kind: a kind of game');
	const mine = q.get('mine') === '1';
	const user = userOf(event);
	if (mine && !user) return unauthenticated();
	const tournaments = await listTournaments(e.DB, user?.id ?? null, { status: (status || null) as TournamentStatus | null, kind: kind || null, mine });
	return jsonResponse({ tournaments });
};
