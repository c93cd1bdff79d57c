import type { LayoutServerLoad } from './$types';

// The navigation shows who is signed in. Prerendered pages (the landing) are built without a
// request, so they always show the signed-out navigation; every other page renders per user.
export const load: LayoutServerLoad = ({ locals }) => {
	const user = (locals as { user?: { id: string; username: string } | null }).user ?? null;
	return { user: user ? { id: user.id, username: user.username } : null };
};
