import { fail, redirect } from '@sveltejs/kit';
import { kindOf } from '$lib/games';
import { localizeHref } from '$lib/paraglide/runtime';
import { failedField, readFailure } from '$lib/ui/tournament/apiError';
import { ORGANISE_FIELDS, organiseFromForm } from '$lib/ui/tournament/organise';
import type { Actions, PageServerLoad } from './$types';

/** Every field the form has, echoed back into it when the API refuses (nothing typed is lost). */
const ECHO = ['name', 'kind', 'tableSize', 'format', 'rounds', 'roundLimit', 'roundDays', 'signupUntil', 'timeZone', 'minPlayers', 'maxPlayers', 'rated', 'visibility', 'clockKind', 'timeLimit', 'bankDays', 'incrementHours', 'capDays'];

export const load: PageServerLoad = ({ locals, url }) => {
	if (!locals.user) redirect(303, `${localizeHref('/signin')}`);
	// Without script the kind's options come with a reload: "Show its options" sends `?kind=`.
	return { chosenKind: (url.searchParams.get('kind') ?? '').slice(0, 64) };
};

// Thin (conventions §10): the form becomes the POST /api/tournaments body, and the API decides.
export const actions: Actions = {
	default: async ({ request, fetch, locals }) => {
		if (!locals.user) redirect(303, localizeHref('/signin'));
		const data = await request.formData();
		const get = (name: string) => {
			const v = data.get(name);
			return typeof v === 'string' ? v : null;
		};
		const values: Record<string, string> = {};
		for (const k of ECHO) values[k] = (get(k) ?? '').slice(0, 200);
		const organised = organiseFromForm(get, kindOf(get('kind'))?.options ?? null);
		if (!organised.ok) return fail(400, { values, options: {}, field: organised.field, code: organised.code, message: '' });
		const res = await fetch('/api/tournaments', {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: JSON.stringify(organised.body)
		});
		if (res.status === 201 || res.ok) {
			const made = (await res.json().catch(() => null)) as { id?: unknown } | null;
			if (typeof made?.id === 'string') redirect(303, localizeHref(`/tournaments/${encodeURIComponent(made.id)}`));
		}
		const failure = res.ok ? { status: 502, code: 'BAD_ANSWER', message: '' } : await readFailure(res);
		if (failure.status === 401) redirect(303, localizeHref('/signin'));
		// A 5xx of the API is not the organiser's doing: said as such on the page, never passed on as a 500.
		return fail(failure.status >= 500 ? 503 : failure.status >= 400 ? failure.status : 400, {
			values,
			options: organised.body.options,
			field: failedField(failure, ORGANISE_FIELDS),
			code: failure.code,
			message: failure.message.slice(0, 300)
		});
	}
};
