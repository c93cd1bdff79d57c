/**
 * Bot seats (issue 34), pure: a waiting game started now with the kind's default bot in every open
 * seat (`POST /api/games/:id/start {bots: true}`, GameRoom.start). How a bot seat is represented
 * (protocol/people.ts): a player like any other in the room's `players` and D1's `seats`, with the
 * user id `bot-<n>` (never an account's) and the username marker `~bot-<n>`; its clock is `dropped`
 * from the start, so everything the room already does for a seat the bot plays applies to it from
 * the first move — no deadline, reminder or timeout (clock.ts `due` skips dropped seats), no turn
 * event (events.ts), and autoplay.ts plays it with the kind's `defaultBot` the moment it is
 * awaited, chained like any dropped seat. What a dropped seat lacks — a person who may take it
 * back — a bot seat lacks for good: `reclaim` needs its player signed in, and nobody is a bot.
 */
import { botId, botUsername, isBotId } from '$lib/protocol/people';
import type { Timers } from './clock';
import { refuse } from './lobby';
import type { RoomError } from '$lib/protocol/room';
import type { Meta, Player } from './storage';

/**
 * The players with a bot in every open seat (`seatsWanted` seats in all), the bots numbered 1, 2, …
 * in lobby slot order, joined now. Refused if the game is not waiting (NOT_WAITING, as a plain start)
 * or has no open seat (NO_OPEN_SEATS: not reachable through the lobby, whose last join starts the
 * game, but a start with bots and none to seat is a mistake of the caller's, not a plain start).
 */
export function seatBots(meta: Meta, players: readonly Player[], now: number): Player[] | RoomError {
	if (meta.status !== 'waiting') return refuse(409, 'NOT_WAITING', 'the game has already started');
	const open = meta.seatsWanted - players.length;
	if (open <= 0) return refuse(409, 'NO_OPEN_SEATS', 'every seat is taken');
	const taken = new Set(players.map((p) => p.seat));
	const out = players.slice();
	let slot = 0;
	for (let n = 1; n <= open; n++) {
		while (taken.has(slot)) slot++;
		taken.add(slot);
		const id = botId(n);
		out.push({ userId: id, username: botUsername(id), seat: slot, joinedAt: now });
	}
	return out.sort((a, b) => a.seat - b.seat);
}

/** Whether the game seats a bot (then it is never rated: docs/people.md "Which games count"). */
export function hasBots(players: readonly Pick<Player, 'userId'>[]): boolean {
	return players.some((p) => isBotId(p.userId));
}

/**
 * The first clocks of a started game: every bot seat dropped from the start (see above), so its
 * clock never runs and autoplay.ts plays it. `players` are the seated players after the start's
 * renumbering (timers are by seat).
 */
export function botsPlay(timers: Timers, players: readonly Player[]): Timers {
	const bots = new Set(players.filter((p) => isBotId(p.userId)).map((p) => p.seat));
	if (bots.size === 0) return timers;
	return { ...timers, seats: timers.seats.map((t) => (bots.has(t.seat) ? { ...t, dropped: true } : t)) };
}
