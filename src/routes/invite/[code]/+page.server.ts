import { eq } from 'drizzle-orm';
import { seatUsername } from '$lib/protocol/people';
import { getDb, schema } from '$lib/server/db';
import { kindOf } from '$lib/games';
import type { TimeControl } from '$lib/protocol/room';
import { clockText } from '$lib/ui/clockText';
import type { PageServerLoad } from './$types';

function parse<T>(text: string | null, fallback: T): T {
	try {
		return text ? (JSON.parse(text) as T) : fallback;
	} catch {
		return fallback;
	}
}

// Thin: find the game the code belongs to (a read of D1, which the GameRoom keeps current);
// joining goes through POST /api/games/:id/join with the code, where the room checks it.
// Issue 12: the page says what one is invited to — the options and the clock — before one joins.
export const load: PageServerLoad = async ({ params, platform }) => {
	const code = params.code;
	if (!/^[A-Za-z0-9_-]{1,64}$/.test(code) || !platform?.env?.DB) return { invite: null, code };
	const db = getDb(platform.env.DB);
	const [game] = await db
		.select({
			id: schema.games.id,
			kind: schema.games.game,
			status: schema.games.status,
			seatsWanted: schema.games.seatsWanted,
			creatorId: schema.games.creatorId,
			visibility: schema.games.visibility,
			rated: schema.games.rated,
			options: schema.games.options,
			clock: schema.games.clock,
			timeLimit: schema.games.timeLimit
		})
		.from(schema.games)
		.where(eq(schema.games.inviteCode, code))
		.limit(1);
	if (!game) return { invite: null, code };
	const seats = await db
		.select({ userId: schema.seats.userId, username: schema.users.username })
		.from(schema.seats)
		// A deleted player's seat (issue 15) and a bot's (issue 34) have no users row: still listed, as the marker.
		.leftJoin(schema.users, eq(schema.users.id, schema.seats.userId))
		.where(eq(schema.seats.gameId, game.id));
	const creator = seats.find((s) => s.userId === game.creatorId)?.username ?? '?';
	// Games from before clocks have only their days per move.
	const days = Number(/^(\d+)d$/.exec(game.timeLimit ?? '')?.[1] ?? 3);
	const clock = parse<TimeControl>(game.clock, { kind: 'perMove', days });
	const kind = kindOf(game.kind);
	return {
		code,
		invite: {
			id: game.id,
			kind: game.kind,
			status: game.status,
			seatsWanted: game.seatsWanted,
			count: seats.length,
			creator,
			seats: seats.map((s) => s.userId),
			players: seats.map((s) => seatUsername(s.userId, s.username)),
			private: game.visibility === 'private',
			// Issue 28: joining a rated game is agreeing to a rated game, so the page says which it is first.
			rated: game.rated,
			options: kind ? kind.texts.options(parse<Record<string, unknown>>(game.options, {})) : [],
			clock: clockText(clock)
		}
	};
};
