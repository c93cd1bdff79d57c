import type { RequestHandler } from './$types';
import { SignInBody, relyingParty, signInWithPasskey } from '$lib/server/auth/passkeys';
import { authResponse, noDatabase } from '$lib/server/auth/respond';
import { readJson } from '$lib/server/http';

/** POST {response} → 200 {user: {id, username, email}} + session cookie, as POST /api/auth/signin. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, SignInBody);
	if (!body.ok) return body.response;
	return authResponse(event, await signInWithPasskey(env.DB, event.request, relyingParty(event.url), body.value));
};
