// Issue 15: the `player_deleted` notification in both languages, and the deleted-player marker.
import { describe, expect, it } from 'vitest';
import { LEGACY_KIND_ID } from '$lib/games';
import { DELETED_PLAYER, isDeletedPlayer } from '$lib/protocol/people';
import { USERNAME } from '$lib/server/auth/input';
import { renderEvent } from '$lib/server/notify/render';
import type { NotifyEvent, Recipient } from '$lib/server/notify/types';
import { forgetInPlayers, forgetInTimers, tombstoneId } from '$lib/server/room/forget';

const to = (locale: 'en' | 'de'): Recipient => ({ id: 'u', username: 'ben', email: null, locale, webhookUrl: null });
const event: NotifyEvent = {
	id: 'g:7:player_deleted:1',
	userId: 'u',
	gameId: 'gaaaaaaaaaaaaaaa',
	kind: 'player_deleted',
	version: 7,
	gameOpen: false,
	createdAt: 0,
	data: { gameId: 'gaaaaaaaaaaaaaaa', kind: LEGACY_KIND_ID, version: 7, seat: 1, round: 2, phase: 'bid', names: [DELETED_PLAYER, 'ben'], since: [], deletedSeat: 0 }
};

describe('leaving the site', () => {
	it('tells the other players in their language, naming the seat, not the person', () => {
		const en = renderEvent(event, to('en'), 'https://rongo.example', 0);
		expect(en.subject).toMatch(/: a player deleted their account$/);
		expect(en.text).toBe('ben, the player in seat 1 deleted their account. From now on a bot plays that seat, and the game goes on.');
		expect(en.url).toBe('https://rongo.example/games/gaaaaaaaaaaaaaaa');
		const de = renderEvent(event, to('de'), 'https://rongo.example', 0);
		expect(de.text).toBe('ben, die Person auf Platz 1 hat ihr Konto gelöscht. Ab jetzt spielt ein Bot diesen Platz, und die Partie geht weiter.');
		expect(de.url).toBe('https://rongo.example/de/games/gaaaaaaaaaaaaaaa');
	});

	it('marks a deleted player with a name no account can have, and a new random tombstone each time', () => {
		expect(USERNAME.test(DELETED_PLAYER)).toBe(false);
		expect(isDeletedPlayer(DELETED_PLAYER)).toBe(true);
		expect(isDeletedPlayer('deleted')).toBe(false);
		const a = tombstoneId();
		expect(a).toMatch(/^deleted-[0-9a-f]{48}$/);
		expect(tombstoneId()).not.toBe(a);
	});

	it('forgets the user in the players and the clocks, and drops only their seat', () => {
		const players = [
			{ userId: 'u1', username: 'ana', seat: 0, joinedAt: 1 },
			{ userId: 'u2', username: 'ben', seat: 1, joinedAt: 2 }
		];
		expect(forgetInPlayers(players, 'u1', 'deleted-x')).toEqual([{ userId: 'deleted-x', username: DELETED_PLAYER, seat: 0, joinedAt: 1 }, players[1]]);
		const seat = (n: number) => ({ seat: n, waitingSince: 5, allowance: 10, bank: null, reminded: [24], timeouts: 1, dropped: false, timedOutFor: null });
		const t = forgetInTimers({ seats: [seat(0), seat(1)], vacations: { u1: [{ from: 1, until: 2 }], u2: [{ from: 3, until: 4 }] } }, 'u1', 0);
		expect(t.vacations).toEqual({ u2: [{ from: 3, until: 4 }] });
		expect(t.seats[0]).toMatchObject({ dropped: true, waitingSince: null, allowance: null, reminded: [] });
		expect(t.seats[1]).toEqual(seat(1));
	});
});
