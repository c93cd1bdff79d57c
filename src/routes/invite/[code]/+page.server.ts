import { eq } from 'drizzle-orm';
import { getDb, schema } from '$lib/server/db';
import type { PageServerLoad } from './$types';

// Thin: find the game the code belongs to (a read of D1, which the GameRoom keeps current);
// joining goes through POST /api/games/:id/join with the code, where the room checks it.
export const load: PageServerLoad = async ({ params, platform }) => {
	const code = params.code;
	if (!/^[A-Za-z0-9_-]{1,64}$/.test(code) || !platform?.env?.DB) return { invite: null, code };
	const db = getDb(platform.env.DB);
	const [game] = await db
		.select({ id: schema.games.id, kind: schema.games.game, status: schema.games.status, seatsWanted: schema.games.seatsWanted, creatorId: schema.games.creatorId })
		.from(schema.games)
		.where(eq(schema.games.inviteCode, code))
		.limit(1);
	if (!game) return { invite: null, code };
	const seats = await db
		.select({ userId: schema.seats.userId, username: schema.users.username })
		.from(schema.seats)
		.innerJoin(schema.users, eq(schema.users.id, schema.seats.userId))
		.where(eq(schema.seats.gameId, game.id));
	const creator = seats.find((s) => s.userId === game.creatorId)?.username ?? '?';
	return {
		code,
		invite: { id: game.id, kind: game.kind, status: game.status, seatsWanted: game.seatsWanted, count: seats.length, creator, seats: seats.map((s) => s.userId) }
	};
};
