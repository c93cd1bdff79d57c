// Bot seats (issue 34), the pure parts: who gets a bot, how a bot seat is named and identified, and
// that its clock never runs. The room and D1 side: tests/worker/bots.worker.test.ts.
import { describe, expect, it } from 'vitest';
import { botsPlay, hasBots, seatBots } from './bots';
import { advance, due, nextDue, startTimers, DAY } from './clock';
import { botId, botNumber, botUsername, isBotId, isNobodysName, isPerson, seatUsername, DELETED_PLAYER } from '$lib/protocol/people';
import { checkUsername } from '$lib/server/auth/input';
import type { Meta, Player } from './storage';

const meta = (over: Partial<Meta> = {}) => ({ gameId: 'g', kind: 'k', status: 'waiting', seatsWanted: 4, ...over }) as Meta;
const p = (userId: string, seat: number): Player => ({ userId, username: userId, seat, joinedAt: 1 });

describe('seatBots: a bot in every open seat', () => {
	it('fills the free lobby slots in order, numbering the bots 1, 2, … and keeping the persons', () => {
		const r = seatBots(meta(), [p('ana', 0), p('ben', 2)], 7);
		expect(r).toEqual([
			p('ana', 0),
			{ userId: 'bot-1', username: '~bot-1', seat: 1, joinedAt: 7 },
			p('ben', 2),
			{ userId: 'bot-2', username: '~bot-2', seat: 3, joinedAt: 7 }
		]);
		expect(hasBots(r as Player[])).toBe(true);
		expect(hasBots([p('ana', 0)])).toBe(false);
	});
	it('refuses a started game and a full one', () => {
		expect(seatBots(meta({ status: 'active' }), [p('ana', 0)], 1)).toMatchObject({ ok: false, status: 409, code: 'NOT_WAITING' });
		expect(seatBots(meta({ seatsWanted: 1 }), [p('ana', 0)], 1)).toMatchObject({ ok: false, status: 409, code: 'NO_OPEN_SEATS' });
	});
});

describe('botsPlay: a bot seat is dropped from the start, so its clock never runs', () => {
	it('no deadline, no reminder, no timeout for a bot seat however long it is awaited; the person has them', () => {
		const c = { kind: 'perMove', days: 1 } as const;
		const players = [p('ana', 0), p('bot-1', 1)];
		const who = (s: number) => players[s].userId;
		let t = botsPlay(startTimers(2, c, {}), players);
		expect(t.seats.map((s) => s.dropped)).toEqual([false, true]);
		t = advance(t, c, { active: [0, 1], mover: null, cause: 'none', now: 0 }, who);
		expect(t.seats[1].waitingSince).toBeNull();
		expect(due(t, 30 * DAY, who).map((d) => d.seat)).toEqual([0]);
		expect(nextDue(advance(t, c, { active: [1], mover: 0, cause: 'player', now: 1 }, who), who)).toBeNull();
		// The bot's own moves (cause 'bot') never hand the seat back to anybody.
		t = advance(t, c, { active: [1], mover: 1, cause: 'bot', now: 2 }, who);
		expect(t.seats[1].dropped).toBe(true);
	});
	it('a game without bots keeps its clocks as they were', () => {
		const t = startTimers(2, { kind: 'perMove', days: 3 }, {});
		expect(botsPlay(t, [p('ana', 0), p('ben', 1)])).toBe(t);
	});
});

describe('who a bot is (protocol/people.ts)', () => {
	it('ids and markers', () => {
		expect(botId(2)).toBe('bot-2');
		expect(isBotId('bot-2')).toBe(true);
		expect(botUsername('bot-2')).toBe('~bot-2');
		expect(botNumber('~bot-2')).toBe(2);
		for (const x of ['bot-0', 'bot-', 'robot-1', 'bot-1x', crypto.randomUUID(), null, undefined]) expect(isBotId(x as string)).toBe(false);
		for (const x of ['bot-2', 'Bot 2', '~bot-0', '~deleted', 'ana', null]) expect(botNumber(x)).toBeNull();
	});
	it('a person is neither a bot nor a deleted account; only a person is told, counted or linked', () => {
		expect(isPerson(crypto.randomUUID())).toBe(true);
		expect(isPerson('bot-1')).toBe(false);
		expect(isPerson('deleted-abc')).toBe(false);
		expect(isNobodysName('~bot-3')).toBe(true);
		expect(isNobodysName(DELETED_PLAYER)).toBe(true);
		expect(isNobodysName('bot3')).toBe(false);
	});
	it('a D1 seat without a users row is a bot by its id, else a deleted player', () => {
		expect(seatUsername('bot-2', null)).toBe('~bot-2');
		expect(seatUsername('deleted-1f', null)).toBe(DELETED_PLAYER);
		expect(seatUsername('u1', 'ana')).toBe('ana');
	});
	it('nobody can sign up as "Bot", "bot2" or "Bot-3"; names that merely start so are free', () => {
		for (const n of ['bot', 'Bot', 'bot2', 'Bot-3', 'BOT_12']) expect(checkUsername(n)).toMatchObject({ code: 'USERNAME_RESERVED' });
		for (const n of ['botanist', 'bot_ana', 'robot', 'bot123']) expect(checkUsername(n)).toBeNull();
	});
});
