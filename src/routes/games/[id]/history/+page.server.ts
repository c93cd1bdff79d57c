import { error } from '@sveltejs/kit';
import type { GameExportV2 } from '$lib/engine';
import type { LogBatch } from '$lib/protocol/room';
import type { PageServerLoad } from './$types';
import { inviteQuery } from '$lib/ui/invite';
import type { ChatMessage, ChatPage } from '$lib/protocol/chat';

/** The game's table talk (issue 15), all pages of it (at most 20). */
async function chatOf(f: typeof fetch, id: string, q: string): Promise<ChatMessage[]> {
	const out: ChatMessage[] = [];
	for (let i = 0, since = 0; i < 20; i++) {
		const r = await f(`/api/games/${id}/chat${q}${q ? '&' : '?'}since=${since}`);
		if (!r.ok) break;
		const p = (await r.json()) as ChatPage;
		out.push(...p.messages);
		if (!p.more || !p.messages.length) break;
		since = p.messages.at(-1)!.seq;
	}
	return out;
}

// The export (v2: kind, config, moves, seed) and the public log the players saw (for checking the
// randomness against it), both through the API, so the room decides what may be seen. A running
// game has no export yet: its seed is secret until the end. `?step` is read by the kind's view,
// not here, so stepping through the game never re-runs this load.
export const load: PageServerLoad = async ({ fetch, params, url }) => {
	const id = encodeURIComponent(params.id);
	const q = inviteQuery(url);
	const [res, logRes] = await Promise.all([fetch(`/api/games/${id}/export${q}`), fetch(`/api/games/${id}/log${q}`)]);
	if (res.status === 409) return { id: params.id, running: true as const };
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	const exported = (await res.json()) as GameExportV2;
	const log = logRes.ok ? ((await logRes.json()) as { entries: LogBatch[] }).entries : [];
	return { id: params.id, running: false as const, exported, log, chat: await chatOf(fetch, id, q) };
};
