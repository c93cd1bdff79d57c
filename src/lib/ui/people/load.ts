/**
 * What the game page shows of "playing again" (issue 15, docs/people.md), loaded on the server
 * through the API: a finished game's rematch for its players, the game a rematch came from, and for
 * a waiting private game's players the people they follow (to invite by name).
 */
import type { RoomView } from '$lib/protocol/room';

export interface GamePeople {
	rematch: { id: string; inviteCode: string; by: string | null } | null;
	rematchOf: string | null;
	/** Usernames the viewer follows: offered when inviting to a waiting private game. */
	following: string[] | null;
}

export async function loadGamePeople(f: typeof fetch, room: RoomView, signedIn: boolean): Promise<GamePeople | null> {
	if (!signedIn || room.yourSeat === null) return null;
	const inviting = room.status === 'waiting' && room.visibility === 'private';
	const [r, p] = await Promise.all([
		f(`/api/games/${encodeURIComponent(room.gameId)}/rematch`),
		inviting ? f('/api/me/follows') : Promise.resolve(null)
	]);
	const rm = r.ok ? ((await r.json()) as Pick<GamePeople, 'rematch' | 'rematchOf'>) : { rematch: null, rematchOf: null };
	const following = p?.ok ? ((await p.json()) as { following: { username: string }[] }).following.map((x) => x.username) : inviting ? [] : null;
	return { rematch: rm.rematch, rematchOf: rm.rematchOf, following };
}
