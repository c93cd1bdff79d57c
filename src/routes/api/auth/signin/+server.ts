import type { RequestHandler } from './$types';
import { SignInBody, signIn } from '$lib/server/auth/sign-in';
import { authResponse, noDatabase } from '$lib/server/auth/respond';
import { readJson } from '$lib/server/http';

/** POST {username, password} → 200 {user: {id, username, email}} + session cookie. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, SignInBody);
	if (!body.ok) return body.response;
	return authResponse(event, await signIn({ db: env.DB, request: event.request }, body.value));
};
