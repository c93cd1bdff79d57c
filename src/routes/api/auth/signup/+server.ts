import type { RequestHandler } from './$types';
import { SignUpBody, signUp, signupLimitFrom } from '$lib/server/auth/sign-in';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { authResponse, noDatabase } from '$lib/server/auth/respond';
import { readJson } from '$lib/server/http';

/** POST {username, password, email?} → 201 {user: {id, username, email}} + session cookie. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, SignUpBody);
	if (!body.ok) return body.response;
	const result = await signUp(
		{ db: env.DB, request: event.request, signupLimit: signupLimitFrom(env.AUTH_SIGNUPS_PER_HOUR), mail: { env, origin: linkOrigin(env, event.url) } },
		body.value
	);
	return authResponse(event, result, 201);
};
