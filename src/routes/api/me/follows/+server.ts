import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';
import { followedGames, people } from '$lib/server/people/people';

/**
 * GET → {following, followers, games}: whom the caller follows and who follows them (usernames and
 * since when), and the public games in progress or waiting of the people they follow (docs/people.md).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const [p, games] = await Promise.all([people(s.e.DB, s.user.id), followedGames(s.e.DB, s.user.id)]);
	return jsonResponse({ ...p, games });
};
