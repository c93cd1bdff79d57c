/**
 * Table talk and private notes on the Worker's side (issue 15, docs/chat.md): the request bodies,
 * the report store, mutes and notes in D1. The chat itself is the room's (room/chat.ts).
 */
import * as v from 'valibot';
import type { D1Database } from '@cloudflare/workers-types';
import { NOTES_MAX } from '$lib/protocol/chat';

export const ChatPostBody = v.strictObject({ text: v.pipe(v.string(), v.maxLength(4000)) });
export const ChatReadBody = v.strictObject({ seq: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export const NotesBody = v.strictObject({ text: v.string() });

/** A seq from the URL: a positive integer, or null. */
export function seqParam(raw: string | undefined): number | null {
	if (!raw || !/^[1-9][0-9]{0,12}$/.test(raw)) return null;
	return Number(raw);
}

/** `?since=<seq>`: 0 when absent; null when not a non-negative integer. */
export function sinceParam(raw: string | null): number | null {
	if (raw === null || raw === '') return 0;
	if (!/^[0-9]{1,13}$/.test(raw)) return null;
	return Number(raw);
}

/** Reports a user may file per hour (each message at most once anyway). */
export const REPORTS_PER_HOUR = 20;

/** Notes' text: at most NOTES_MAX code points; no control characters but newline and tab. */
export function notesError(text: string): { code: string; message: string } | null {
	if ([...text].length > NOTES_MAX) return { code: 'NOTES_TOO_LONG', message: `at most ${NOTES_MAX} characters` };
	if (/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u.test(text.replace(/\r\n?/g, '\n')) || /[\uD800-\uDFFF]/u.test(text))
		return { code: 'BAD_CHARACTERS', message: 'no control characters but newlines and tabs' };
	return null;
}

/**
 * Who may keep notes on a game: its seated players (D1 seats; lobby changes reach D1 before the
 * joiner's answer). 'hidden' for an unknown game, or a private one the caller has no seat in.
 */
export async function notesAccess(db: D1Database, gameId: string, userId: string): Promise<'seated' | 'spectator' | 'hidden'> {
	const r = await db
		.prepare('SELECT g.visibility AS visibility, (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?2) AS seated FROM games g WHERE g.id = ?1')
		.bind(gameId, userId)
		.first<{ visibility: string; seated: number | null }>();
	if (!r) return 'hidden';
	if (r.seated) return 'seated';
	return r.visibility === 'public' ? 'spectator' : 'hidden';
}
