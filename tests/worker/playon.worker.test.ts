// Issue 34, "Play on from here" (POST /api/games/:id/playon), through the real Worker, D1 and the
// GameRoom, for every registered kind with a position format (found by the registry, none named): a
// finished game (started near its end from a position through the test seam and played to the end
// by the kind's bot through the API), played on from a middle step after an explored line. The new
// game waits for every seat, starts with its own seed and commitment, shows each seat what that seat
// saw at the position, keeps the seed secret until its end, says where it came from, is never rated,
// and its export replays. Refusals: BAD_STEP, BAD_LINE with index, GAME_OVER, NOT_FINISHED,
// SEATS_NOT_TAKEN, CASUAL_ONLY, NO_POSITION, 404 for a stranger to a private game, never a 500.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { commitSeed, isOver, jsonEqual, playOut, replay, replayExport, seedRng, type GameExportV2, type Kind } from '$lib/engine';
import { KINDS } from '$lib/games';
import { GameRoom } from '$lib/server/room/GameRoom';
import { call, room, signUp, type HttpUser } from './room-helpers';
import { changes, finishedGame, finishedInD1, playToEnd, until } from './rating-helpers';

const withPosition = KINDS.filter((k) => k.position);
/** Moves left to play through the API in the source game (the rest was played in the engine). */
const LEFT = 10;

/** The kind's default bot, choosing from a seat's own view (what the API gives the seat). */
const botOf = (kind: Kind, seed: string) => {
	const rng = seedRng(seed);
	return (_who: HttpUser, view: unknown, seat: number) => kind.bots[kind.defaultBot](view, seat, rng);
};

/**
 * A finished game of `kind` among `players`: a bot game played in the engine, started in a room from
 * its position `LEFT` moves before its end (the test seam, the position written with its own seed),
 * then played to its end by the bot through the API. Its export, as the API gives it.
 */
async function finishedSource(kind: Kind, players: HttpUser[], visibility: 'public' | 'private') {
	const seed = `playon-${kind.id}-${visibility}`;
	const options = v.parse(kind.options, {});
	const config = kind.config(options, players.length);
	if (!config.ok) throw new Error(config.message);
	const out = playOut(kind, { config: config.value, seed });
	const from = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed }, out.moves.slice(0, Math.max(0, out.moves.length - LEFT)));
	if (!from.ok) throw new Error(from.message);
	const made = await call(players[0], 'POST', '/api/dev/scenario', {
		kind: kind.id,
		usernames: players.map((p) => p.username),
		seed,
		config: kind.position!.write(from.value),
		options,
		visibility
	});
	expect(made.status, made.text).toBe(201);
	const id = made.json.id as string;
	await playToEnd(id, players, botOf(kind, `${seed}/api`));
	const exported = (await call(players[0], 'GET', `/api/games/${id}/export`)).json as GameExportV2;
	expect(exported.moves.length).toBeGreaterThanOrEqual(6);
	return { id, inviteCode: made.json.inviteCode as string | null, exported };
}

/** The state after `step` moves of an export. */
function stateAt(kind: Kind, e: GameExportV2, step: number): unknown {
	const r = replay(kind, { game: e.kind, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves.slice(0, step));
	if (!r.ok) throw new Error(r.message);
	return r.value;
}

/** A view as JSON with a seed commitment it publishes replaced (each game has its own). */
const withoutCommitment = (view: unknown, commitment: string) => JSON.stringify(view).replaceAll(commitment, '<commitment>');

describe.each(withPosition.map((k) => [k.id, k] as const))('play on from here: %s', (_id, kind) => {
	it('a middle step and an explored line: a new game that waits for every seat, its own seed, the position in every view, its origin, never rated', async () => {
		const [ana, ben, caro] = await Promise.all(['ana', 'ben', 'caro'].map((n) => signUp(n)));
		const players = [ana, ben, caro];
		const src = await finishedSource(kind, players, 'public');
		const total = src.exported.moves.length;
		const step = Math.floor(total / 2);
		// The line: two moves of the bot from the position at the step (an exploration of its own).
		const line: { seat: number; move: unknown }[] = [];
		let state = stateAt(kind, src.exported, step);
		const rng = seedRng('explored');
		for (let i = 0; i < 2; i++) {
			const seat = kind.activeSeats(state)[0];
			const move = kind.bots[kind.defaultBot](kind.view(state, seat), seat, rng);
			const r = kind.apply(state, seat, move);
			if (!r.ok) throw new Error(r.message);
			line.push({ seat, move });
			state = r.value.state;
		}
		expect(isOver(kind, state)).toBe(false);

		// Refusals first: each names its code; none changes anything.
		const post = (who: HttpUser | null, body: unknown, id = src.id) => call(who, 'POST', `/api/games/${id}/playon`, body);
		expect((await post(ana, { step: total + 1, visibility: 'public' })).json.code).toBe('BAD_STEP');
		expect((await post(ana, { step: total, visibility: 'public' })).json).toMatchObject({ code: 'GAME_OVER' });
		const bad = await post(ana, { step, line: [line[0], { seat: line[1].seat, move: { type: 'no-such-move' } }], visibility: 'public' });
		expect(bad.status, bad.text).toBe(400);
		expect(bad.json).toMatchObject({ code: 'BAD_LINE', index: 1 });
		expect(bad.json.refusal.code).toBeTruthy();
		expect(bad.json.message).toContain(bad.json.refusal.message);
		expect((await post(ana, { step, visibility: 'public', rated: true })).json.code).toBe('CASUAL_ONLY');
		expect((await post(ana, { step, visibility: 'public', seat: 3 })).json.code).toBe('BAD_SEAT');
		expect((await post(ana, '{"step": 1,')).json.code).toBe('BAD_JSON');
		expect((await post(ana, { step: 'x', visibility: 'public' })).status).toBe(400);
		expect((await post(null, { step, visibility: 'public' })).status).toBe(401);
		expect((await post(ana, { step, visibility: 'public' }, 'aaaaaaaaaaaaaaaa')).status).toBe(404);

		// Played on by caro, who sat at seat 2 of the finished game: she keeps seat 2 (the default).
		const caroSeat = src.exported.players.find((p) => p.username === caro.username)!.seat;
		const made = await post(caro, { step, line, visibility: 'public' });
		expect(made.status, made.text).toBe(201);
		const id = made.json.id as string;
		expect(made.json.inviteCode).toBeNull();
		const waiting = (await call(caro, 'GET', `/api/games/${id}`)).json;
		expect(waiting).toMatchObject({ status: 'waiting', kind: kind.id, rated: false, seatsWanted: 3, options: src.exported.options });
		expect(waiting.seats).toEqual([{ seat: caroSeat, userId: caro.id, username: caro.username, colour: null }]);
		const origin = { gameId: src.id, kind: kind.id, step, explored: 2, players: src.exported.players.slice().sort((a, b) => a.seat - b.seat).map((p) => p.username) };
		expect(waiting.origin).toEqual(origin);
		// No early start: the position has three seats.
		const early = await call(caro, 'POST', `/api/games/${id}/start`);
		expect(early.status).toBe(409);
		expect(early.json.code).toBe('SEATS_NOT_TAKEN');
		// It is listed in the lobby like any public game waiting for players.
		expect(((await call(ana, 'GET', '/api/games?status=open')).json.games as { id: string }[]).some((g) => g.id === id)).toBe(true);

		// ana and ben join: they take the free slots in order, and the last join starts the game.
		for (const who of [ana, ben]) expect((await call(who, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
		const started = (await call(caro, 'GET', `/api/games/${id}`)).json;
		expect(started.status).toBe('active');
		const free = [0, 1, 2].filter((s) => s !== caroSeat);
		const bySeat = new Map<number, HttpUser>([[caroSeat, caro], [free[0], ana], [free[1], ben]]);
		expect(started.seats.map((s: { seat: number; userId: string }) => [s.seat, s.userId])).toEqual([0, 1, 2].map((s) => [s, bySeat.get(s)!.id]));

		// Its own seed, drawn at its start, committed and published; the seed stays in the room.
		const { meta, reloaded } = await runInDurableObject(room(id), async (live: GameRoom, state) => {
			// The meta as stored (a room woken anew) is the meta held: the position's extra is gone from both.
			const fresh = new GameRoom(state, env);
			await fresh.view(null);
			return { meta: live.meta!, reloaded: jsonEqual(fresh.meta, live.meta) && jsonEqual(fresh.state, live.state) };
		});
		expect(reloaded).toBe(true);
		expect('position' in meta).toBe(false);
		expect(meta.seed).toMatch(/^[0-9a-f]{64}$/);
		expect(meta.seed).not.toBe(src.exported.seed);
		expect(meta.seedCommitment).toBe(commitSeed(meta.seed!));
		expect(meta.seedCommitment).not.toBe(src.exported.seedCommitment);
		const row = await until(() => env.DB.prepare("SELECT seed_commitment, rated, origin FROM games WHERE id = ?1 AND status = 'active'").bind(id).first<{ seed_commitment: string; rated: number; origin: string }>(), 'active in D1');
		expect(row.seed_commitment).toBe(meta.seedCommitment);
		expect(row.rated).toBe(0);
		expect(JSON.parse(row.origin)).toEqual(origin);
		expect((await call(ana, 'GET', `/api/games/${id}/export`)).json.code).toBe('NOT_FINISHED');
		expect((await post(ana, { step: 0, visibility: 'public' }, id)).json.code).toBe('NOT_FINISHED');

		// Every seat (and a spectator) sees what it saw at the position — but the commitment, the new game's own.
		for (const seat of [0, 1, 2, null]) {
			const who = seat === null ? null : bySeat.get(seat)!;
			const mine = (await call(who, 'GET', `/api/games/${id}`)).json;
			const text = JSON.stringify(mine);
			expect(text).not.toContain(meta.seed!);
			expect(JSON.stringify(mine.view)).toContain(meta.seedCommitment!);
			expect(withoutCommitment(mine.view, meta.seedCommitment!)).toBe(withoutCommitment(kind.view(state, seat), src.exported.seedCommitment));
		}
		const log = (await call(null, 'GET', `/api/games/${id}/log`)).text;
		expect(log).not.toContain(meta.seed!);

		// The game page says where it came from, linking the finished game's history at that step.
		const html = await (await call(ana, 'GET', `/games/${id}`)).text;
		expect(html).toContain('data-testid="game-origin"');
		expect(html).toContain(`/games/${src.id}/history?step=${step}`);
		expect(html).toContain(`+2 explored moves`);

		// Played to its end: not rated, and its export replays as an ordinary game of its config and seed.
		await playToEnd(id, [ana, ben, caro], botOf(kind, 'playon/rest'));
		await finishedInD1(id);
		expect(await changes(id)).toEqual([]);
		const exported = (await call(ana, 'GET', `/api/games/${id}/export`)).json as GameExportV2;
		expect(exported.seed).toBe(meta.seed);
		expect(replayExport(kind, exported).ok).toBe(true);
	});
});

describe('play on from here: who may', () => {
	it('a private finished game is no game to a stranger (404); its player plays on, and the new game names neither it nor its players', async () => {
		const kind = withPosition[0];
		const players = await Promise.all(['pa', 'pb', 'pc'].map((n) => signUp(n)));
		const stranger = await signUp('px');
		const src = await finishedSource(kind, players, 'private');
		const step = Math.floor(src.exported.moves.length / 2);
		const stranged = await call(stranger, 'POST', `/api/games/${src.id}/playon`, { step, visibility: 'private' });
		expect(stranged.status).toBe(404);
		expect(stranged.json.code).toBe('NOT_FOUND');
		// The invite link lets its holder see the game, and so play on from it.
		const byLink = await call(stranger, 'POST', `/api/games/${src.id}/playon?invite=${src.inviteCode}`, { step, visibility: 'private' });
		expect(byLink.status, byLink.text).toBe(201);
		expect((await call(stranger, 'GET', `/api/games/${byLink.json.id}`)).json.seats[0].seat).toBe(0);
		// Alone there, the stranger starts it with bots in the open seats (the bots fill the free slots,
		// so every seat of the position is taken) and plays it to its end: casual, and its export replays.
		const solo = byLink.json.id as string;
		const withBots = await call(stranger, 'POST', `/api/games/${solo}/start`, { bots: true });
		expect(withBots.status, withBots.text).toBe(200);
		const running = (await call(stranger, 'GET', `/api/games/${solo}`)).json;
		expect(running.status).toBe('active');
		expect(running.seats.map((x: { seat: number }) => x.seat)).toEqual([0, 1, 2]);
		await playToEnd(solo, [stranger], botOf(kind, 'playon/solo'));
		expect(await changes(solo)).toEqual([]);
		const soloExport = (await call(stranger, 'GET', `/api/games/${solo}/export`)).json as GameExportV2;
		expect(replayExport(kind, soloExport).ok).toBe(true);
		const made = await call(players[1], 'POST', `/api/games/${src.id}/playon`, { step, visibility: 'private', clock: { kind: 'perMove', days: 7 } });
		expect(made.status, made.text).toBe(201);
		expect(made.json.inviteCode).toMatch(/^[a-z2-7]{16}$/);
		const v = (await call(players[1], 'GET', `/api/games/${made.json.id}`)).json;
		expect(v).toMatchObject({ visibility: 'private', rated: false, clock: { kind: 'perMove', days: 7 } });
		expect(v.origin).toEqual({ gameId: null, kind: kind.id, step, explored: 0, players: [] });
		expect(v.seats[0].seat).toBe(src.exported.players.find((p) => p.username === players[1].username)!.seat);
		expect(JSON.stringify(v)).not.toContain(src.id);
		// Joining a private game needs its link, as for any private game.
		expect((await call(players[0], 'POST', `/api/games/${made.json.id}/join`, {})).status).toBe(404);
		expect((await call(players[0], 'POST', `/api/games/${made.json.id}/join`, { inviteCode: made.json.inviteCode })).status).toBe(200);
	});

	it('a kind without a position format is refused (409 NO_POSITION), after the access check', async () => {
		// The rating helpers' finished games are of the test kind Take-away, which has no position format.
		expect(KINDS.find((k) => k.id === 'takeaway')?.position).toBeUndefined();
		const [a, b, x] = await Promise.all(['qa', 'qb', 'qx'].map((n) => signUp(n)));
		const g = await finishedGame(a, b, { visibility: 'private' });
		expect((await call(x, 'POST', `/api/games/${g.id}/playon`, { step: 1, visibility: 'public' })).status).toBe(404);
		const r = await call(a, 'POST', `/api/games/${g.id}/playon`, { step: 1, visibility: 'public' });
		expect(r.status).toBe(409);
		expect(r.json.code).toBe('NO_POSITION');
	});
});
