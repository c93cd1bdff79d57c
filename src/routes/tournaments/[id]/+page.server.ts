import { error, fail, redirect } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { localizeHref } from '$lib/paraglide/runtime';
import type { TournamentView } from '$lib/protocol/tournament';
import { readFailure, type ApiFailure } from '$lib/ui/tournament/apiError';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

/** An invite code as the API hands them out; anything else is not passed on. */
const code = (raw: string | null | undefined) => (raw && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null);
const api = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

// Thin (conventions §10): the tournament comes from GET /api/tournaments/:id, which decides who
// may see a private one (its invite code, or being in it or organising it); the page only passes
// the code of its own link on.
export const load: PageServerLoad = async ({ fetch, params, url }) => {
	const invite = code(url.searchParams.get('invite'));
	const res = await fetch(api(params.id) + (invite ? `?invite=${encodeURIComponent(invite)}` : ''));
	if (res.status === 404) error(404, m.tour_not_found());
	if (!res.ok) return { tournament: null, failure: await readFailure(res), invite };
	const tournament = (await res.json().catch(() => null)) as TournamentView | null;
	if (!tournament || typeof tournament.id !== 'string') return { tournament: null, failure: { status: 502, code: 'BAD_ANSWER', message: '' } as ApiFailure, invite };
	return { tournament, failure: null, invite };
};

/**
 * One of the buttons: POST /api/tournaments/:id/<action>. Its answer comes back to the page as
 * `form` (said in the page's live region); a refusal keeps its status (never a 500 of the page).
 */
async function act(event: RequestEvent, action: 'signup' | 'withdraw' | 'start' | 'cancel') {
	if (!event.locals.user) redirect(303, localizeHref('/signin'));
	const data = await event.request.formData();
	const raw = data.get('invite');
	const inviteCode = code(typeof raw === 'string' ? raw : null);
	const res = await event.fetch(`${api(event.params.id)}/${action}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify(action === 'signup' && inviteCode ? { inviteCode } : {})
	});
	if (res.ok) return { action, ok: true as const };
	const f = await readFailure(res);
	if (f.status === 401) redirect(303, localizeHref('/signin'));
	return fail(f.status >= 500 ? 503 : f.status >= 400 ? f.status : 400, { action, ok: false as const, code: f.code, message: f.message.slice(0, 300) });
}

export const actions: Actions = {
	signup: (event) => act(event, 'signup'),
	withdraw: (event) => act(event, 'withdraw'),
	start: (event) => act(event, 'start'),
	cancel: (event) => act(event, 'cancel')
};
