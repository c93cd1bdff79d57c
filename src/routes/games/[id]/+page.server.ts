import { error } from '@sveltejs/kit';
import type { RoomView } from '$lib/server/room/protocol';
import type { PageServerLoad } from './$types';

// Thin: the view for this user comes from the GameRoom through GET /api/games/:id (the room
// decides what this viewer may see); the page adds live updates over the socket.
export const load: PageServerLoad = async ({ fetch, params }) => {
	const res = await fetch(`/api/games/${encodeURIComponent(params.id)}`);
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	const room = (await res.json()) as RoomView;
	return { room };
};
