import type { RequestHandler } from './$types';
import { MoveBody, changeGame } from '$lib/server/games';
import { readJson } from '$lib/server/http';
import { rememberWrite } from '$lib/server/freshness';
import { markGameRead } from '$lib/server/notify/inapp';

/**
 * POST {moveId, move, expectedVersion?} → {version, log, duplicate}. The room is the single writer.
 * After an accepted move (issue 12): the mover's lists read it (freshness.ts), and taking your turn
 * reads that game's inbox entries.
 */
export const POST: RequestHandler = (event) =>
	changeGame(
		event,
		(request) => readJson(request, MoveBody),
		async (room, user, body) => {
			const r = await room.submit(user, body);
			if (r.ok) {
				rememberWrite(event, event.params.id, (r as unknown as { version: number }).version);
				const e = event.platform!.env;
				const read = markGameRead(e, user.id, event.params.id);
				if (event.platform?.ctx) event.platform.ctx.waitUntil(read);
				else await read;
			}
			return r;
		}
	);
