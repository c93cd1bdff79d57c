import { error } from '@sveltejs/kit';
import type { LogBatch, RoomView } from '$lib/server/room/protocol';
import type { PageServerLoad } from './$types';

// Thin: the view for this user comes from the GameRoom through GET /api/games/:id (the room
// decides what this viewer may see), the public log through GET /api/games/:id/log; the page adds
// live updates over the socket.
export const load: PageServerLoad = async ({ fetch, params }) => {
	const id = encodeURIComponent(params.id);
	const [res, logRes] = await Promise.all([fetch(`/api/games/${id}`), fetch(`/api/games/${id}/log`)]);
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	const room = (await res.json()) as RoomView;
	const log = logRes.ok ? ((await logRes.json()) as { entries: LogBatch[] }).entries : [];
	return { room, log };
};
