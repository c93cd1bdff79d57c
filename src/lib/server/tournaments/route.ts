/**
 * The shape every tournament action endpoint shares (POST /api/tournaments/:id/signup, withdraw,
 * start, cancel): the platform, the session, the body, then the action; a refusal keeps its status
 * and code (docs/api.md "Tournaments").
 */
import type { RequestEvent } from '@sveltejs/kit';
import type * as v from 'valibot';
import type { RoomUser } from '$lib/protocol/room';
import { env, noPlatform, unauthenticated, userOf } from '../games';
import { apiError, jsonResponse, readOptionalJson } from '../http';
import type { Outcome } from './tournaments';

export async function tournamentAction<S extends v.GenericSchema, T extends object>(
	event: RequestEvent,
	schema: S,
	act: (e: App.Platform['env'], id: string, user: RoomUser, body: v.InferOutput<S>, now: number) => Promise<Outcome<T>>
): Promise<Response> {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const body = await readOptionalJson(event.request, schema);
	if (!body.ok) return body.response;
	const r = await act(e, event.params.id ?? '', user, body.value, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	const { ok: _ok, ...rest } = r;
	return jsonResponse({ ok: true, ...rest });
}
