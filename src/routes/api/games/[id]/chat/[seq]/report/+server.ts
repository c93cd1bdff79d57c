import type { RequestHandler } from './$types';
import { fromRoom, inviteOf, notFound, roomOf, signedIn } from '$lib/server/games';
import { REPORTS_PER_HOUR, seqParam } from '$lib/server/chat-api';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';
import { EmptyBody } from '$lib/server/games';

/**
 * POST [{}] → 201 {reported: true}: reports a message to the operators (D1 chat_reports) with its
 * context — the message, the five before it, the game, reporter, reported user and time. Anyone
 * signed in who can read the chat may report; once per message (again: 200, nothing new).
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const room = roomOf(s.e, event.params.id);
	if (!room) return notFound();
	const seq = seqParam(event.params.seq);
	if (seq === null) return apiError(400, 'BAD_REQUEST', 'seq must be a positive integer');
	const body = await readOptionalJson(event.request, EmptyBody);
	if (!body.ok) return body.response;
	const ctx = await room.chatContext(s.user, inviteOf(event), seq);
	if (!ctx.ok) return fromRoom(ctx);
	const now = Date.now();
	const db = s.e.DB;
	const recent = await db
		.prepare('SELECT count(*) AS n FROM chat_reports WHERE reporter_id = ?1 AND created_at > ?2')
		.bind(s.user.id, now - 3_600_000)
		.first<{ n: number }>();
	if ((recent?.n ?? 0) >= REPORTS_PER_HOUR) return apiError(429, 'RATE_LIMITED', 'too many reports; try again later');
	const r = await db
		.prepare(
			'INSERT OR IGNORE INTO chat_reports (id, game_id, seq, reporter_id, reported_id, text, context, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)'
		)
		.bind(crypto.randomUUID(), event.params.id, seq, s.user.id, ctx.reportedId, ctx.message.text, JSON.stringify({ message: ctx.message, before: ctx.before }), now)
		.run();
	return jsonResponse({ reported: true }, r.meta.changes === 1 ? 201 : 200);
};
