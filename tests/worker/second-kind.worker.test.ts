// Issue 11, "Prove it": the unchanged platform hosts a second kind end to end. Take-away
// (tests/games/takeaway/) is registered only in the tests (tests/kinds/test-kinds.js puts the test
// registries in place of the app's empty extra lists; docs/adding-a-game.md §5); nothing in src/
// names it, and the site's build — the one these tests run against — holds none of it. Through the real Worker, D1 and
// Durable Objects: create, join (the start), moves, a timeout move, a bot seat, notifications, the
// export and its replay — each by the kind's contract alone.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { replay, resultOf, type GameExportV2 } from '$lib/engine';
import { KIND_IDS, kindOf } from '$lib/games';
import { renderEvent } from '$lib/server/notify/render';
import type { NotifyEvent } from '$lib/server/notify/types';
import { GameRoom } from '$lib/server/room/GameRoom';
import type { RoomView } from '$lib/protocol/room';
import { takeaway, type TakeawayEntry, type TakeawayView } from '../games/takeaway/kind';
import { call, room, signUp, type HttpUser } from './room-helpers';

const T0 = Date.UTC(2031, 5, 1, 12);
const DAY = 86_400_000;

type View = RoomView<TakeawayView>;

async function view(who: HttpUser | null, id: string): Promise<View> {
	const r = await call(who, 'GET', `/api/games/${id}`);
	expect(r.status).toBe(200);
	return r.json as View;
}

async function alarm(id: string, times = 2): Promise<void> {
	await runInDurableObject(room(id), async (i: GameRoom) => {
		for (let k = 0; k < times; k++) await i.alarm();
	});
}

/**
 * The game's events in D1. These players have the in-app channel alone, so since issue 33 an event
 * reaches D1 as the room's in-app entry (its data in `inbox.data`, notify/room-entry.ts) and as no
 * event row: both are read, in the event rows' shape.
 */
async function events(id: string): Promise<(NotifyEvent & { user_id: string })[]> {
	const r = await env.DB.prepare(
		"SELECT substr(id, 1, length(id) - 6) AS id, user_id, game_id, kind, json_extract(data, '$.event.version') AS version, json_extract(data, '$.event') AS data, created_at FROM inbox WHERE game_id = ?1 " +
			'UNION ALL SELECT id, user_id, game_id, kind, version, data, created_at FROM notification_events WHERE game_id = ?1 ORDER BY version, id'
	)
		.bind(id)
		.all<Record<string, unknown>>();
	return r.results.map((x) => ({ ...(x as object), userId: x.user_id, gameId: x.game_id, createdAt: x.created_at, data: JSON.parse(x.data as string) }) as never);
}

/** A started game of Take-away with `stones`, on the room's test clock at T0: id, players by seat. */
async function started(stones: number, clock: unknown = { kind: 'perMove', days: 1 }) {
	const [a, b] = [await signUp('ta'), await signUp('tb')];
	const created = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones }, clock });
	expect(created.status).toBe(201);
	const id = created.json.id as string;
	expect(await room(id).setClock(T0)).toBe(true);
	expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
	const v = await view(a, id);
	const bySeat = v.seats.map((s) => [a, b].find((u) => u.id === s.userId)!);
	return { id, bySeat };
}

describe('a second kind on the unchanged platform (issue 11)', () => {
	it('is registered only here', () => {
		expect(KIND_IDS).toContain('takeaway');
		expect(kindOf('takeaway')).toBe(takeaway);
	});

	it('the site (npm run build) does not offer it: no rules page, not in the lobby nor the rules list', async () => {
		expect((await call(null, 'GET', '/rules/takeaway')).status).toBe(404);
		expect((await call(null, 'GET', '/rules/giants')).status).toBe(200);
		for (const path of ['/rules', '/']) {
			const r = await call(null, 'GET', path);
			expect(r.status).toBe(200);
			const html = r.text;
			expect(html).toContain('Giants');
			expect(html).not.toContain('Take-away');
		}
	});

	it('create checks the kind, its seat range and its option schema', async () => {
		const a = await signUp('tc');
		const post = (body: unknown) => call(a, 'POST', '/api/games', body);
		expect((await post({ kind: 'takeaway', seats: 3 })).json).toMatchObject({ code: 'BAD_REQUEST' });
		expect((await post({ kind: 'takeaway', seats: 2, options: { stones: 2 } })).json).toMatchObject({ code: 'BAD_OPTIONS' });
		expect((await post({ kind: 'takeaway', seats: 2, options: { quickStart: true } })).json).toMatchObject({ code: 'BAD_OPTIONS' });
		expect((await post({ kind: 'chess', seats: 2 })).json).toMatchObject({ code: 'UNKNOWN_KIND' });
		const ok = await post({ kind: 'takeaway', seats: 2 });
		expect(ok.status).toBe(201);
		// The kind's defaults are filled in and shown; the lists carry the kind.
		expect((await view(a, ok.json.id)).options).toEqual({ stones: 15 });
		const mine = await call(a, 'GET', '/api/games/mine');
		expect(mine.json.games.find((g: { id: string }) => g.id === ok.json.id)).toMatchObject({ kind: 'takeaway', seatsWanted: 2 });
	});

	it('plays through: moves, a timeout, a dropped seat played by the bot, notifications, export and replay', async () => {
		const { id, bySeat } = await started(13);
		let v = await view(bySeat[0], id);
		expect(v).toMatchObject({ kind: 'takeaway', game: 'takeaway', status: 'active' });
		// The kind's secret (its seed) stays in the room while the game runs.
		expect(v.view!.seed).toBeNull();
		expect(JSON.stringify(await call(null, 'GET', `/api/games/${id}/log`))).not.toContain('"seed"');

		// A player's move through the API; a refused one changes nothing.
		const first = v.activeSeats[0];
		const bad = await call(bySeat[first], 'POST', `/api/games/${id}/moves`, { moveId: 'm0', move: { type: 'take', n: 4 } });
		expect(bad).toMatchObject({ status: 422, json: { code: 'BAD_TAKE' } });
		const m1 = await call(bySeat[first], 'POST', `/api/games/${id}/moves`, { moveId: 'm1', move: { type: 'take', n: 2 } });
		expect(m1.status).toBe(200);
		expect(m1.json.log).toEqual([{ type: 'take', seat: first, n: 2, left: 11 }]);

		// The other seat never moves: three timeouts (the kind's automatic move), then the bot.
		const idle = 1 - first;
		for (let k = 0; k < 3; k++) {
			v = await view(null, id);
			if (v.activeSeats[0] !== idle) {
				const r = await call(bySeat[first], 'POST', `/api/games/${id}/moves`, { moveId: `p${k}`, move: { type: 'take', n: 1 } });
				expect(r.status).toBe(200);
				v = await view(null, id);
			}
			await room(id).setClock(v.clocks[idle].deadline!);
			await alarm(id);
		}
		v = await view(null, id);
		expect(v.clocks[idle]).toMatchObject({ dropped: true, timeouts: 3 });
		// The dropped seat never keeps the game waiting: the kind's default bot answers every move.
		for (let k = 0; v.status === 'active' && k < 20; k++) {
			expect(v.activeSeats).toEqual([first]);
			const r = await call(bySeat[first], 'POST', `/api/games/${id}/moves`, { moveId: `q${k}`, move: { type: 'take', n: 1 } });
			expect(r.status).toBe(200);
			v = await view(null, id);
		}
		expect(v.status).toBe('finished');
		const moves = await runInDurableObject(room(id), (i: GameRoom) => i.store.moves());
		expect(moves.filter((m) => m.moveId.startsWith('timeout:')).map((m) => [m.seat, JSON.parse(m.move)])).toEqual(
			[0, 1, 2].map(() => [idle, { type: 'take', n: 1 }])
		);
		expect(moves.some((m) => m.moveId.startsWith('bot:') && m.seat === idle)).toBe(true);
		// The optimal bot takes the last stone once the first player only ever takes one.
		const final = await view(bySeat[0], id);
		expect(final.view!.winner).toBe(idle);
		expect(final.view!.seed).not.toBeNull();

		// Notifications carry the kind, and are worded by its texts.
		await alarm(id, 1);
		const evs = await events(id);
		expect(new Set(evs.map((e) => e.kind))).toEqual(new Set(['turn', 'timeout', 'dropped', 'finished']));
		expect(evs.every((e) => e.data.kind === 'takeaway' && e.data.round === null)).toBe(true);
		const timeout = evs.find((e) => e.kind === 'timeout')!;
		const to = { id: timeout.user_id, username: 'x', email: null, locale: 'en' as const, webhookUrl: null };
		const msg = renderEvent(timeout, to, 'https://rongo.example', T0);
		expect(msg.subject).toBe('Take-away: your time ran out');
		expect(msg.text).toContain('taking stones');
		expect(msg.text).toContain('one stone taken');
		const turn = renderEvent(evs.find((e) => e.kind === 'turn' && e.data.since.length > 0)!, to, 'https://rongo.example', T0);
		expect(turn.lines.join(' ')).toMatch(/takes \d stones?; \d+ left\./);

		// Export v2, replayed by the one replay with the kind from the registry; its draw verified.
		const ex = await call(null, 'GET', `/api/games/${id}/export`);
		expect(ex.status).toBe(200);
		const e = ex.json as GameExportV2<{ players: number; stones: number }, { type: 'take'; n: number }>;
		expect(e).toMatchObject({ format: 'rongo-game-export', formatVersion: 2, kind: 'takeaway', engineVersion: 'takeaway@1', config: { players: 2, stones: 13 } });
		expect(e.result).toMatchObject({ reason: 'last-stone', winners: [idle] });
		const kind = kindOf(e.kind)!;
		const r = replay(kind, { game: e.kind, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves);
		expect(r.ok && resultOf(kind.outcome(r.value)!)).toEqual(e.result);
		const log = (await call(null, 'GET', `/api/games/${id}/log`)).json.entries as { version: number; log: TakeawayEntry[] }[];
		expect(kind.verify({ config: e.config, seed: e.seed, seedCommitment: e.seedCommitment, moves: e.moves, log })).toMatchObject({ ok: true, commitment: true });
		expect(kind.verify({ config: e.config, seed: e.seed + 'x', seedCommitment: e.seedCommitment, moves: e.moves, log }).ok).toBe(false);

		// The D1 index: the kind, the seats' colours from the kind, the final scores.
		const g = await env.DB.prepare('SELECT game, status, rounds FROM games WHERE id = ?').bind(id).first();
		expect(g).toEqual({ game: 'takeaway', status: 'finished', rounds: null });
		const seats = await env.DB.prepare('SELECT seat, colour, score, winner, place FROM seats WHERE game_id = ? ORDER BY seat').bind(id).all();
		expect(seats.results).toEqual(
			[0, 1].map((seat) => ({ seat, colour: seat ? 'white' : 'black', score: final.view!.taken[seat], winner: seat === idle ? 1 : 0, place: seat === idle ? 1 : 2 }))
		);
	});

	it('a draw is a draw everywhere (issue 29): the view, D1, the notification, the archive, the export and the ratings', async () => {
		const { id, bySeat } = await started(15);
		const first = (await view(null, id)).activeSeats[0];
		const move = (seat: number, moveId: string, m: unknown) => call(bySeat[seat], 'POST', `/api/games/${id}/moves`, { moveId, move: m });
		// A real decision each (a rated game needs one from every seat), then both pass: a draw.
		expect((await move(first, 'd1', { type: 'take', n: 1 })).status).toBe(200);
		expect((await move(1 - first, 'd2', { type: 'take', n: 2 })).status).toBe(200);
		expect((await move(first, 'd3', { type: 'pass' })).status).toBe(200);
		expect((await move(1 - first, 'd4', { type: 'pass' })).status).toBe(200);
		const v = await view(bySeat[0], id);
		expect(v.status).toBe('finished');
		const taken = [0, 1].map((seat) => (seat === first ? 1 : 2));
		expect(v.result).toEqual({ reason: 'passes', rounds: null, result: 'draw', winners: [], places: [1, 1], scores: taken });
		await alarm(id, 1);

		// D1: nobody won, both first; the archive shows no winner (its page words it "Draw").
		const seats = await env.DB.prepare('SELECT seat, winner, place FROM seats WHERE game_id = ? ORDER BY seat').bind(id).all();
		expect(seats.results).toEqual([0, 1].map((seat) => ({ seat, winner: 0, place: 1 })));
		// (No kind filter: the built app's routes know only the shipped kinds; the room here knows Take-away.)
		const page = await call(null, 'GET', '/api/archive?limit=100');
		expect(page.status, page.text).toBe(200);
		const archived = page.json.games.find((g: { id: string }) => g.id === id);
		expect(archived.players.map((p: { winner: boolean }) => p.winner)).toEqual([false, false]);

		// The notification says a draw, not "a, b won".
		const finished = (await events(id)).filter((e) => e.kind === 'finished');
		expect(finished).toHaveLength(2);
		expect(finished[0].data).toMatchObject({ result: 'draw', winners: [] });
		const to = { id: finished[0].user_id, username: 'x', email: null, locale: 'en' as const, webhookUrl: null };
		expect(renderEvent(finished[0], to, 'https://rongo.example', T0).subject).toBe('Take-away is over — a draw');

		// The export says so too, and replays to it.
		const e = (await call(null, 'GET', `/api/games/${id}/export`)).json as GameExportV2;
		expect(e.result).toMatchObject({ result: 'draw', winners: [], places: [1, 1] });

		// A rated draw between newcomers: neither rating moves up or down, both grow surer.
		const changes = await env.DB.prepare('SELECT before_mu, after_mu, before_sigma, after_sigma FROM rating_changes WHERE game_id = ?').bind(id).all<Record<string, number>>();
		expect(changes.results).toHaveLength(2);
		for (const c of changes.results) {
			expect(c.after_mu).toBeCloseTo(c.before_mu, 6);
			expect(c.after_sigma).toBeLessThan(c.before_sigma);
		}
	});

	it('a stored game of a kind the registry does not know is refused, not guessed', async () => {
		const { id } = await started(9);
		await runInDurableObject(room(id), (i: GameRoom) => {
			i.store.saveMeta({ ...i.store.meta(), kind: 'retired' });
		});
		// A fresh wake-up of the room reads the stored kind.
		const r = await runInDurableObject(room(id), (_i: GameRoom, state) => new GameRoom(state, env).view(null));
		expect(r).toMatchObject({ ok: false, status: 503, code: 'GAME_UNAVAILABLE' });
	});
});
