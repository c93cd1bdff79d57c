import { error } from '@sveltejs/kit';
import type { LogBatch, RoomView } from '$lib/protocol/room';
import type { PageServerLoad } from './$types';
import { inviteQuery } from '$lib/ui/invite';
import { CHANNELS } from '$lib/server/db/schema';
import type { NotificationSettings } from '../../api/me/settings/+server';
import { loadGamePeople } from '$lib/ui/people/load';

/**
 * How the seated player hears of their turn (issue 12): the channels set to every turn that can
 * deliver (settings' `can`), for the line on the game page. Null if it cannot be said.
 */
async function reach(f: typeof fetch): Promise<string[] | null> {
	const r = await f('/api/me/settings');
	if (!r.ok) return null;
	const s = (await r.json()) as NotificationSettings;
	return CHANNELS.filter((c) => s.modes[c] === 'turn' && s.can[c]);
}

// Thin: the view for this user comes from the GameRoom through GET /api/games/:id (the room
// decides what this viewer may see), the public log through GET /api/games/:id/log; the page adds
// live updates over the socket.
// `?invite=<code>` (from the invite link) lets a holder of a private game's link watch it.
export const load: PageServerLoad = async ({ fetch, params, url, locals }) => {
	const id = encodeURIComponent(params.id);
	const q = inviteQuery(url);
	const [res, logRes] = await Promise.all([fetch(`/api/games/${id}${q}`), fetch(`/api/games/${id}/log${q}`)]);
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	const room = (await res.json()) as RoomView;
	const log = logRes.ok ? ((await logRes.json()) as { entries: LogBatch[] }).entries : [];
	return {
		room,
		log,
		reach: room.yourSeat !== null && room.status !== 'finished' ? await reach(fetch) : null,
		people: await loadGamePeople(fetch, room, !!locals.user)
	};
};
