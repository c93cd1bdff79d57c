// The cold path's test seam (issue 33, bench:cold): POST /api/dev/room evicts a room the way
// Cloudflare evicts an idle one (GameRoom.evict, `ctx.abort()`: its memory gone, its storage kept)
// and times the load alone — and refuses wherever the test seams are off.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '$lib/server/room/GameRoom';
import type { RoomView } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { call, signUp, type HttpUser } from './room-helpers';

const MARK = Symbol('this instance');
const stubOf = (id: string) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id));

/** Whether the room's current instance is the one `mark` tagged (a fresh stub each time: an evicted object's old stub may be broken). */
const marked = (id: string) => runInDurableObject(stubOf(id), (i: GameRoom) => (i as unknown as Record<symbol, boolean>)[MARK] === true);
const mark = (id: string) => runInDurableObject(stubOf(id), (i: GameRoom) => void ((i as unknown as Record<symbol, boolean>)[MARK] = true));

async function started(): Promise<{ id: string; users: HttpUser[] }> {
	const users = await Promise.all(['eva', 'evb', 'evc'].map((n) => signUp(n)));
	const c = await call(users[0], 'POST', '/api/games', { kind: 'giants', seats: 3 });
	expect(c.status).toBe(201);
	for (const u of users.slice(1)) expect((await call(u, 'POST', `/api/games/${c.json.id}/join`)).status).toBe(200);
	return { id: c.json.id, users };
}

const viewOf = async (u: HttpUser, id: string) => (await call(u, 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;

/** The first awaited seat's bid: the smallest, always legal (G-2). */
async function bid(g: { id: string; users: HttpUser[] }) {
	const any = await viewOf(g.users[0], g.id);
	const u = g.users.find((x) => any.seats.find((s) => s.seat === any.activeSeats[0])!.userId === x.id)!;
	const v = await viewOf(u, g.id);
	return call(u, 'POST', `/api/games/${g.id}/moves`, { moveId: crypto.randomUUID(), move: { type: 'bid', markers: 1, workers: 0 }, expectedVersion: v.version });
}

describe('POST /api/dev/room (test seam): a room evicted as Cloudflare evicts it', () => {
	it('evicts: a new instance, the same game, and the next move lands at the next version', async () => {
		const g = await started();
		expect((await bid(g)).status).toBe(200);
		const before = await viewOf(g.users[0], g.id);
		await mark(g.id);
		expect(await marked(g.id)).toBe(true);

		const r = await call(g.users[0], 'POST', '/api/dev/room', { id: g.id, action: 'evict' });
		expect(r.status).toBe(200);
		expect(r.json).toEqual({ evicted: true });
		// A new instance (the mark was in the old one's memory), loaded from storage: the same game.
		expect(await marked(g.id)).toBe(false);
		const after = await viewOf(g.users[0], g.id);
		expect(after.version).toBe(before.version);
		expect(after.view).toEqual(before.view);
		const m = await bid(g);
		expect(m.status).toBe(200);
		expect(m.json.version).toBe(before.version + 1);
	});

	it('times the load alone, over the stored game, and changes nothing', async () => {
		const g = await started();
		expect((await bid(g)).status).toBe(200);
		const before = await viewOf(g.users[0], g.id);
		await mark(g.id);
		const r = await call(g.users[1], 'POST', '/api/dev/room', { id: g.id, action: 'time-load', times: 5 });
		expect(r.status).toBe(200);
		expect(r.json.loads).toBe(5);
		expect(r.json.version).toBe(before.version);
		expect(r.json.msPerLoad).toBeGreaterThanOrEqual(0);
		// Timed on a separate core: the room itself is untouched (not evicted, same version and view).
		expect(await marked(g.id)).toBe(true);
		expect(await viewOf(g.users[0], g.id)).toEqual(before);
	});

	it('refuses bad input with stable codes, and unknown games', async () => {
		const g = await started();
		await mark(g.id);
		const bad = [
			{ id: g.id },
			{ id: g.id, action: 'explode' },
			{ id: g.id, action: 'evict', extra: 1 },
			{ id: g.id, action: 'time-load' },
			{ id: g.id, action: 'time-load', times: 0 },
			{ id: g.id, action: 'time-load', times: 201 },
			{ id: g.id, action: 'time-load', times: 1.5 },
			{ id: 7, action: 'evict' }
		];
		for (const body of bad) {
			const r = await call(g.users[0], 'POST', '/api/dev/room', body);
			expect(r.status, JSON.stringify(body)).toBe(400);
			expect(r.json.code).toBe('BAD_REQUEST');
		}
		expect((await call(null, 'POST', '/api/dev/room', { id: g.id, action: 'evict' })).status).toBe(401);
		// A well-formed id of no game, and one we could never have issued.
		for (const id of ['aaaaaaaaaaaaaaaa', '../x']) {
			const r = await call(g.users[0], 'POST', '/api/dev/room', { id, action: 'evict' });
			expect(r.status).toBe(404);
			expect(r.json.code).toBe('NOT_FOUND');
			expect((await call(g.users[0], 'POST', '/api/dev/room', { id, action: 'time-load', times: 1 })).status).toBe(404);
		}
		expect(await marked(g.id)).toBe(true);
	});

	it('refuses where the seams are off: a request to an address that is not this machine, and the room itself', async () => {
		const g = await started();
		await mark(g.id);
		// The route: the same request, made to the site under a public name (dev.ts testSeams needs loopback).
		for (const action of [{ action: 'evict' }, { action: 'time-load', times: 1 }]) {
			const res = await exports.default.fetch('https://rongo.example/api/dev/room', {
				method: 'POST',
				headers: { origin: 'https://rongo.example', cookie: g.users[0].cookie, 'content-type': 'application/json' },
				body: JSON.stringify({ id: g.id, ...action })
			});
			expect(res.status).toBe(404);
			expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
		}
		// The room's own check, with the seams switched off in its env (as in production, where
		// wrangler.toml sets none): nothing evicted, nothing timed.
		const refused = await runInDurableObject(stubOf(g.id), async (i: GameRoom) => {
			const room = i as unknown as { env: Record<string, unknown> };
			const on = room.env;
			room.env = { ...on, ROOM_TEST_SEAMS: undefined };
			try {
				return { evict: await i.evict(), time: await i.timeLoads(1) };
			} finally {
				room.env = on;
			}
		});
		expect(refused).toEqual({ evict: 'seams off', time: null });
		expect(await marked(g.id)).toBe(true);
	});
});
