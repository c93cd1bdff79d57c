import type { RequestHandler } from './$types';
import { eq } from 'drizzle-orm';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { getDb } from '$lib/server/db';
import { users } from '$lib/server/db/schema';
import { jsonResponse } from '$lib/server/http';

/** GET → {user: {id, username, email}} for the signed-in user (the only place an email is shown). */
export const GET: RequestHandler = async ({ locals, platform }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const user = await getDb(platform.env.DB)
		.select({ id: users.id, username: users.username, email: users.email })
		.from(users)
		.where(eq(users.id, locals.user.id))
		.get();
	if (!user) return unauthenticated();
	return jsonResponse({ user });
};
