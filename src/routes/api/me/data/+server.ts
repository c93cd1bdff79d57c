import type { RequestHandler } from './$types';
import { apiError } from '$lib/server/http';
import { signedIn } from '$lib/server/games';
import { personalData } from '$lib/server/people/leave';

/**
 * GET → 200 the caller's personal data (src/lib/server/people/leave.ts `PersonalData`) as a JSON
 * file download (`Content-Disposition: attachment`). Only the caller's own rows: never another
 * user's email or sessions, never a token or its hash. Not cached anywhere.
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const data = await personalData(s.e, s.user.id, event.locals.session?.id ?? null, event.url.origin);
	if (!data) return apiError(404, 'NOT_FOUND', 'no such account');
	const day = new Date(data.exportedAt).toISOString().slice(0, 10);
	return new Response(JSON.stringify(data, null, '\t'), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': `attachment; filename="rongo-${s.user.username}-${day}.json"`,
			'cache-control': 'private, no-store'
		}
	});
};
