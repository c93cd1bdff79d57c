// Helpers of the rating tests (again.worker.test.ts, rated.worker.test.ts): games played to their end
// through the real Worker, and the rating rows D1 holds afterwards.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { GameRoom } from '$lib/server/room/GameRoom';
import { call, room, type HttpUser } from './room-helpers';

/** Waits (bounded) until `probe` answers truthy: the room writes D1 right after its change. */
export async function until<T>(probe: () => Promise<T>, what: string): Promise<NonNullable<T>> {
	for (let i = 0; i < 100; i++) {
		const v = await probe();
		if (v) return v as NonNullable<T>;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`never: ${what}`);
}

export async function ratingRow(userId: string, kind: string) {
	return env.DB.prepare('SELECT mu, sigma, games FROM ratings WHERE user_id = ?1 AND kind = ?2').bind(userId, kind).first<{ mu: number; sigma: number; games: number }>();
}

export async function changes(gameId: string) {
	return (await env.DB.prepare('SELECT * FROM rating_changes WHERE game_id = ?1 ORDER BY user_id').bind(gameId).all<Record<string, number | string>>()).results;
}

/** Until D1 has the game finished. */
export async function finishedInD1(id: string): Promise<void> {
	await until(async () => (await env.DB.prepare("SELECT 1 AS x FROM games WHERE id = ?1 AND status = 'finished'").bind(id).first()) !== null, 'finished in D1');
}

/**
 * Plays `moves` moves of a started game through the API (fewer if it ends): whoever is awaited gets
 * the view of their own seat and `pick` chooses their move from it. True if the game is over.
 */
export async function playMoves(id: string, players: HttpUser[], pick: (who: HttpUser, view: unknown, seat: number, k: number) => unknown, moves: number): Promise<boolean> {
	for (let k = 0; k < moves; k++) {
		const v = (await call(players[0], 'GET', `/api/games/${id}`)).json;
		if (v.status === 'finished') return true;
		const seat = v.activeSeats[0] as number;
		const who = players.find((u) => u.id === v.seats.find((s: { seat: number }) => s.seat === seat).userId);
		if (!who) throw new Error(`seat ${seat} is nobody's here`);
		const own = (await call(who, 'GET', `/api/games/${id}`)).json;
		const r = await call(who, 'POST', `/api/games/${id}/moves`, { moveId: `m${own.version}`, move: pick(who, own.view, seat, k), expectedVersion: own.version });
		expect(r.status, JSON.stringify(r.json)).toBe(200);
	}
	return (await call(players[0], 'GET', `/api/games/${id}`)).json.status === 'finished';
}

/** Plays a started game to its end (playMoves), and waits until D1 has it finished. */
export async function playToEnd(id: string, players: HttpUser[], pick: Parameters<typeof playMoves>[2], max = 400): Promise<void> {
	if (!(await playMoves(id, players, pick, max))) throw new Error('the game did not end');
	await finishedInD1(id);
}

/** A Take-away game of a and b (a creates it with `body`, b joins with its code), played to its end taking one stone at a time. */
export async function finishedGame(a: HttpUser, b: HttpUser, body: Record<string, unknown> = {}) {
	const c = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones: 5 }, ...body });
	expect(c.status).toBe(201);
	const id = c.json.id as string;
	expect((await call(b, 'POST', `/api/games/${id}/join`, { inviteCode: c.json.inviteCode ?? undefined })).status).toBe(200);
	await playToEnd(id, [a, b], () => ({ type: 'take', n: 1 }));
	const seats = (await env.DB.prepare('SELECT user_id, winner FROM seats WHERE game_id = ?1').bind(id).all<{ user_id: string; winner: number }>()).results;
	return { id, inviteCode: c.json.inviteCode as string | null, winner: seats.find((s) => s.winner === 1)!.user_id };
}

/**
 * A Take-away game of a and b in which the seat that does not start walks away: it times out three
 * times (the room's automatic move) and is dropped to the bot, which plays it to the end while the
 * other takes one stone a turn. `decideFirst`: the walker takes a stone of their own before. Returns
 * the game and both players by role; the walker's bot wins (12 stones, the bot leaves multiples of 4).
 */
export async function walkAway(a: HttpUser, b: HttpUser, decideFirst: boolean) {
	const c = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones: decideFirst ? 12 : 9 }, clock: { kind: 'perMove', days: 1 } });
	const id = c.json.id as string;
	await room(id).setClock(Date.UTC(2031, 0, 1));
	expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
	let v = (await call(a, 'GET', `/api/games/${id}`)).json;
	const bySeat: HttpUser[] = v.seats.map((s: { userId: string }) => [a, b].find((u) => u.id === s.userId)!);
	const first = v.activeSeats[0] as number;
	const idle = 1 - first;
	const take = async (seat: number, moveId: string) =>
		expect((await call(bySeat[seat], 'POST', `/api/games/${id}/moves`, { moveId, move: { type: 'take', n: 1 } })).status).toBe(200);
	if (decideFirst) {
		await take(first, 'f0');
		await take(idle, 'w0');
	}
	// The idle seat times out three times (the kind's automatic move) and is dropped to the bot.
	for (let k = 0; k < 3; k++) {
		v = (await call(a, 'GET', `/api/games/${id}`)).json;
		if (v.activeSeats[0] !== idle) {
			await take(first, `p${k}`);
			v = (await call(a, 'GET', `/api/games/${id}`)).json;
		}
		await room(id).setClock(v.clocks[idle].deadline);
		await runInDurableObject(room(id), async (i: GameRoom) => {
			await i.alarm();
			await i.alarm();
		});
	}
	v = (await call(a, 'GET', `/api/games/${id}`)).json;
	expect(v.clocks[idle].dropped).toBe(true);
	for (let k = 0; v.status === 'active' && k < 20; k++) {
		await take(first, `q${k}`);
		v = (await call(a, 'GET', `/api/games/${id}`)).json;
	}
	expect(v.status).toBe('finished');
	await finishedInD1(id);
	expect(await env.DB.prepare('SELECT dropped FROM seats WHERE game_id = ?1 AND seat = ?2').bind(id, idle).first()).toEqual({ dropped: 1 });
	return { id, stayed: bySeat[first], walker: bySeat[idle], walkerSeat: idle };
}
