import type { RequestHandler } from './$types';
import { GAME_ID, signedIn } from '$lib/server/games';
import { NotesBody, notesAccess, notesError } from '$lib/server/chat-api';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const NOTES_BODY_LIMIT = 128 * 1024;

/** 404 for a game the caller cannot see at all; 403 for a spectator (notes are for seated players). */
async function gate(db: App.Platform['env']['DB'], id: string, userId: string): Promise<Response | null> {
	if (!GAME_ID.test(id)) return apiError(404, 'NOT_FOUND', 'no such game');
	const a = await notesAccess(db, id, userId);
	if (a === 'hidden') return apiError(404, 'NOT_FOUND', 'no such game');
	if (a === 'spectator') return apiError(403, 'NOT_YOUR_SEAT', 'notes are for the players of this game');
	return null;
}

/** GET → {text, updatedAt}: the caller's private notes on this game ('' and null if none). Only the caller ever sees them. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const refused = await gate(s.e.DB, event.params.id, s.user.id);
	if (refused) return refused;
	const r = await s.e.DB.prepare('SELECT text, updated_at FROM game_notes WHERE user_id = ?1 AND game_id = ?2')
		.bind(s.user.id, event.params.id)
		.first<{ text: string; updated_at: number }>();
	return jsonResponse({ text: r?.text ?? '', updatedAt: r?.updated_at ?? null });
};

/** PUT {text} → {updatedAt}: replaces the notes (at most 10,000 characters; '' deletes them). */
export const PUT: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const refused = await gate(s.e.DB, event.params.id, s.user.id);
	if (refused) return refused;
	const body = await readJson(event.request, NotesBody, NOTES_BODY_LIMIT);
	if (!body.ok) return body.response;
	const bad = notesError(body.value.text);
	if (bad) return apiError(400, bad.code, bad.message);
	const now = Date.now();
	if (body.value.text === '')
		await s.e.DB.prepare('DELETE FROM game_notes WHERE user_id = ?1 AND game_id = ?2').bind(s.user.id, event.params.id).run();
	else
		await s.e.DB.prepare(
			'INSERT INTO game_notes (user_id, game_id, text, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(user_id, game_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at'
		)
			.bind(s.user.id, event.params.id, body.value.text, now)
			.run();
	return jsonResponse({ updatedAt: body.value.text === '' ? null : now });
};
