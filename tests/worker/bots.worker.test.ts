// Issue 34: a waiting game started with bots in its open seats (`POST /api/games/:id/start
// {bots: true}`, src/lib/server/room/bots.ts). Through the real Worker, D1 and Durable Objects, for
// every registered kind (by the registry, no kind named): one person and bots; the person's moves
// are answered by the bots' until the person is awaited again, and the person plays random legal
// moves (the kind's `legalMoves`, from their own view) to the end. The game is casual and rates
// nobody; no notification, hub or inbox row is made for a bot seat; bot seats are named and
// exported as bots; only the creator may start so, and only a waiting game.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { below, seedRng } from '$lib/engine';
import { KINDS } from '$lib/games';
import { runInDurableObject } from 'cloudflare:test';
import type { DurableObjectState } from '@cloudflare/workers-types';
import type { GameRoom } from '$lib/server/room/GameRoom';
import { call, room, signUp, type HttpUser } from './room-helpers';
import { changes, finishedInD1, ratingRow } from './rating-helpers';

type Seat = { seat: number; userId: string; username: string };
type Clock = { seat: number; dropped: boolean; bot?: boolean; deadline: number | null };

/** A waiting game of `kind` for `seats` players, created by `who` (public: rated by default). */
async function waiting(who: HttpUser, kind: string, seats: number): Promise<string> {
	const c = await call(who, 'POST', '/api/games', { kind, seats });
	expect(c.status, c.text).toBe(201);
	return c.json.id as string;
}

/** Bot moves in a game's export: moves of seats the export marks as bots. */
function botSeats(players: { seat: number; bot?: boolean }[]): Set<number> {
	return new Set(players.filter((p) => p.bot).map((p) => p.seat));
}

describe('a game of one person and bots, for every registered kind', () => {
	for (const kind of KINDS) {
		// A person and at least one bot, within what the kind seats.
		const seats = Math.min(kind.seats.max, Math.max(2, kind.seats.min, 3));
		it(`${kind.id}: ${seats} seats, ${seats - 1} of them bots, played to the end by random legal moves`, { timeout: 240_000 }, async () => {
			const ana = await signUp('bo');
			const id = await waiting(ana, kind.id, seats);
			const started = await call(ana, 'POST', `/api/games/${id}/start`, { bots: true });
			expect(started.status, started.text).toBe(200);

			let v = (await call(ana, 'GET', `/api/games/${id}`)).json;
			const me = v.yourSeat as number;
			const bots = (v.seats as Seat[]).filter((s) => s.userId !== ana.id);
			expect(v.seats).toHaveLength(seats);
			// Bots numbered 1, 2, … with their markers; the game became casual at the start.
			expect(bots.map((s) => s.userId).sort()).toEqual(Array.from({ length: seats - 1 }, (_, i) => `bot-${i + 1}`));
			for (const b of bots) expect(b.username).toBe(`~${b.userId}`);
			expect(v.rated).toBe(false);
			// A bot's clock never runs: dropped from the start, marked a bot, no deadline.
			for (const c of v.clocks as Clock[]) {
				const isBot = bots.some((b) => b.seat === c.seat);
				expect(c.bot ?? false).toBe(isBot);
				if (isBot) expect(c).toMatchObject({ dropped: true, deadline: null });
			}
			// The bots moved at the start until the person is awaited (or the game already ended).
			if (v.status === 'active') expect(v.activeSeats).toEqual([me]);

			const rng = seedRng(`bots/${kind.id}/${id}`);
			let answered = 0;
			for (let k = 0; v.status === 'active'; k++) {
				if (k >= 2000) throw new Error(`${kind.id}: no end after ${k} moves of the person`);
				const legal = kind.legalMoves(v.view, me);
				expect(legal.length, `${kind.id}: the person is awaited but has no legal move`).toBeGreaterThan(0);
				const move = legal[below(rng, legal.length)];
				const r = await call(ana, 'POST', `/api/games/${id}/moves`, { moveId: `m${v.version}`, move, expectedVersion: v.version });
				expect(r.status, `${kind.id} move ${k}: ${r.text}`).toBe(200);
				v = (await call(ana, 'GET', `/api/games/${id}`)).json;
				// Answered by the bots at once: the person is awaited again (alone), or the game is over.
				if (v.status === 'active') expect(v.activeSeats, `${kind.id} after move ${k}`).toEqual([me]);
				if (v.version > r.json.version) answered++;
			}
			expect(answered, `${kind.id}: the bots never moved after the person`).toBeGreaterThan(0);
			await finishedInD1(id);

			// The export says who the bots were, and every bot seat moved (the room's bot, not a person).
			const e = (await call(ana, 'GET', `/api/games/${id}/export`)).json;
			expect(e.players.map((p: { seat: number; username: string; bot?: boolean }) => [p.seat, p.username, p.bot ?? false])).toEqual(
				(v.seats as Seat[]).map((s) => [s.seat, s.username, s.userId !== ana.id])
			);
			const botMoves = (e.moves as { seat: number }[]).filter((m) => botSeats(e.players).has(m.seat));
			expect(botMoves.length).toBeGreaterThan(0);

			// Never rated; D1 holds the bot seats as bots (dropped, no account).
			expect(await env.DB.prepare('SELECT rated FROM games WHERE id = ?1').bind(id).first()).toEqual({ rated: 0 });
			expect(await changes(id)).toEqual([]);
			expect(await ratingRow(ana.id, kind.id)).toBeNull();
			const rows = (await env.DB.prepare('SELECT user_id, dropped FROM seats WHERE game_id = ?1 ORDER BY seat').bind(id).all<{ user_id: string; dropped: number }>()).results;
			expect(rows.filter((s) => s.user_id !== ana.id).map((s) => [s.user_id, s.dropped]).sort()).toEqual(bots.map((b) => [b.userId, 1]).sort());

			// Nobody is told anything for a bot seat. In the room: every notification event it made (kept
			// with the moves, or pending) is the person's (who was away, so was told of the end).
			const made = await runInDurableObject(room(id), (_: GameRoom, state: DurableObjectState) => {
				const sql = state.storage.sql;
				const rows = sql.exec<{ events: string }>('SELECT events FROM moves WHERE events IS NOT NULL').toArray().flatMap((r) => JSON.parse(r.events));
				return [...rows, ...sql.exec<{ payload: string }>('SELECT payload FROM events').toArray().map((r) => JSON.parse(r.payload))] as { userId: string; kind: string }[];
			});
			expect(made.some((x) => x.kind === 'finished')).toBe(true);
			expect(new Set(made.map((x) => x.userId))).toEqual(new Set([ana.id]));
			// In D1: as event rows or, for an in-app-only player, as the inbox entries the room writes in
			// their place (issue 33) — and no notification or inbox row names a bot.
			const told = [
				...(await env.DB.prepare('SELECT user_id, kind FROM notification_events WHERE game_id = ?1').bind(id).all<{ user_id: string; kind: string }>()).results,
				...(await env.DB.prepare('SELECT user_id, kind FROM inbox WHERE game_id = ?1').bind(id).all<{ user_id: string; kind: string }>()).results
			];
			expect(told.some((x) => x.kind === 'finished'), JSON.stringify(told)).toBe(true);
			expect(new Set(told.map((x) => x.user_id))).toEqual(new Set([ana.id]));
			expect(await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id LIKE 'bot-%'").first()).toEqual({ n: 0 });
			expect(await env.DB.prepare("SELECT count(*) AS n FROM inbox WHERE user_id LIKE 'bot-%'").first()).toEqual({ n: 0 });

			// The lists name them: the person's games, with the bots' markers (the pages say "Bot 2").
			const mine = ((await call(ana, 'GET', '/api/games/mine')).json.games as { id: string; seats: Seat[] }[]).find((g) => g.id === id);
			expect(mine?.seats.map((s) => s.username).sort()).toEqual((v.seats as Seat[]).map((s) => s.username).sort());

			// Play again: a rematch of as many seats (casual, as this game became), startable with bots again.
			const again = await call(ana, 'POST', `/api/games/${id}/rematch`, {});
			expect(again.status, again.text).toBe(201);
			const next = again.json.id as string;
			expect((await call(ana, 'GET', `/api/games/${next}`)).json).toMatchObject({ status: 'waiting', seatsWanted: seats, rated: false });
			expect((await call(ana, 'POST', `/api/games/${next}/start`, { bots: true })).status).toBe(200);
			expect(((await call(ana, 'GET', `/api/games/${next}`)).json.seats as Seat[]).filter((s) => s.userId.startsWith('bot-'))).toHaveLength(seats - 1);
		});
	}
});

describe('POST /api/games/:id/start {bots: true}', () => {
	// A kind of three seats or more (a person, another, and a bot); the checks are the platform's.
	const kind = KINDS.find((k) => k.seats.max >= 3)!;
	const seats = Math.max(3, kind.seats.min);
	// For one open seat: a game of two, or of the kind's minimum with all but one seat taken.
	const pair = KINDS.find((k) => k.seats.min <= 2);

	it('only the creator (403 FORBIDDEN), only while waiting (409 NOT_WAITING); a bad body is 400; without it, the start is as before', async () => {
		const [ana, ben] = [await signUp('bs'), await signUp('bt')];
		const id = await waiting(ana, kind.id, seats);
		// A joined player who is not the creator, and a stranger.
		expect((await call(ben, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
		const caro = await signUp('bu');
		for (const who of [ben, caro]) {
			const r = await call(who, 'POST', `/api/games/${id}/start`, { bots: true });
			expect(r.status, r.text).toBe(403);
			expect(r.json.code).toBe('FORBIDDEN');
		}
		for (const body of [{ bots: 'yes' }, { bots: 1 }, { bots: true, extra: 1 }]) {
			const r = await call(ana, 'POST', `/api/games/${id}/start`, body);
			expect(r.status, JSON.stringify(body)).toBe(400);
			expect(r.json.code).toBe('BAD_REQUEST');
		}
		expect((await call(ana, 'GET', `/api/games/${id}`)).json.status).toBe('waiting');

		const r = await call(ana, 'POST', `/api/games/${id}/start`, { bots: true });
		expect(r.status, r.text).toBe(200);
		const v = (await call(ana, 'GET', `/api/games/${id}`)).json;
		// Both persons keep their seats; the open ones are bots.
		expect((v.seats as Seat[]).map((s) => s.userId).sort()).toEqual([ana.id, ben.id, ...Array.from({ length: seats - 2 }, (_, i) => `bot-${i + 1}`)].sort());
		for (const body of [{ bots: true }, {}]) {
			const again = await call(ana, 'POST', `/api/games/${id}/start`, body);
			expect(again.status).toBe(409);
			expect(again.json.code).toBe('NOT_WAITING');
		}
		// Nobody can take a bot's seat: a stranger has no seat, a person's own seat is no bot's.
		expect((await call(caro, 'POST', `/api/games/${id}/reclaim`, {})).json.code).toBe('NOT_YOUR_SEAT');
		expect((await call(ana, 'POST', `/api/games/${id}/reclaim`, {})).json.code).toBe('NOT_DROPPED');
		expect((await call(caro, 'POST', `/api/games/${id}/join`, {})).json.code).toBe('NOT_WAITING');
	});

	it('`{bots: false}` and `{}` start as before: with too few players, 409 NOT_ENOUGH_PLAYERS; no bot is seated', async () => {
		const ana = await signUp('bv');
		const id = await waiting(ana, kind.id, seats);
		for (const body of [{ bots: false }, {}]) {
			const r = await call(ana, 'POST', `/api/games/${id}/start`, body);
			expect(r.status).toBe(409);
			expect(r.json.code).toBe('NOT_ENOUGH_PLAYERS');
		}
		expect((await call(ana, 'GET', `/api/games/${id}`)).json.seats).toHaveLength(1);
	});

	it('the lobby panel offers it to the creator only, with the count, in English and German', async () => {
		const [ana, ben] = [await signUp('bw'), await signUp('bx')];
		const two = await waiting(ana, kind.id, seats);
		expect((await call(ana, 'GET', `/games/${two}`)).text).toContain(`Start now with bots in the ${seats - 1} open seats`);
		expect((await call(ana, 'GET', `/de/games/${two}`)).text).toContain(`Jetzt mit Bots auf den ${seats - 1} freien Plätzen starten`);
		if (pair) {
			const one = await waiting(ana, pair.id, 2);
			expect((await call(ana, 'GET', `/games/${one}`)).text).toContain('Start now with a bot in the open seat');
			expect((await call(ana, 'GET', `/de/games/${one}`)).text).toContain('Jetzt mit einem Bot auf dem freien Platz starten');
		}
		expect((await call(ben, 'GET', `/games/${two}`)).text).not.toContain('data-testid="start-bots"');
	});
});
