import { error } from '@sveltejs/kit';
import type { LogBatch, RoomView } from '$lib/protocol/room';
import type { PageServerLoad } from './$types';
import { inviteQuery } from '$lib/ui/invite';

// Thin: the view for this user comes from the GameRoom through GET /api/games/:id (the room
// decides what this viewer may see), the public log through GET /api/games/:id/log; the page adds
// live updates over the socket.
// `?invite=<code>` (from the invite link) lets a holder of a private game's link watch it.
export const load: PageServerLoad = async ({ fetch, params, url }) => {
	const id = encodeURIComponent(params.id);
	const q = inviteQuery(url);
	const [res, logRes] = await Promise.all([fetch(`/api/games/${id}${q}`), fetch(`/api/games/${id}/log${q}`)]);
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	const room = (await res.json()) as RoomView;
	const log = logRes.ok ? ((await logRes.json()) as { entries: LogBatch[] }).entries : [];
	return { room, log };
};
