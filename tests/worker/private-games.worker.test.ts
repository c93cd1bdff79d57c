// Issue 10: a private game was readable by anyone who had its URL, signed out too — its view, log,
// socket and history. Private means: only its seated players, and holders of its invite link (who
// may watch before they join), can see it while it runs, and its history after the end follows the
// same rule. To anyone else it is "no such game" (404), like an id never issued. Public games stay
// open to spectators.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine';
import { greedyBot } from '$lib/games/giants/bots';
import type { RoomView } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { ORIGIN, call, signUp, type HttpUser } from './room-helpers';

async function upgrade(who: HttpUser | null, path: string): Promise<Response> {
	return exports.default.fetch(`${ORIGIN}${path}`, { headers: { upgrade: 'websocket', origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) } }) as unknown as Promise<Response>;
}

/** The first message of a socket that opened. */
async function firstMessage(res: Response): Promise<any> {
	const ws = (res as unknown as { webSocket: WebSocket & { accept(): void } }).webSocket;
	ws.accept();
	const msg = await new Promise<string>((ok) => ws.addEventListener('message', (e) => ok(e.data as string)));
	ws.close(1000);
	return JSON.parse(msg);
}

/** Every way to read a game, as `who`, with `q` (e.g. `?invite=…`): status codes. */
async function reads(who: HttpUser | null, id: string, q = '') {
	const [view, log, exp, page, history, socket] = await Promise.all([
		call(who, 'GET', `/api/games/${id}${q}`),
		call(who, 'GET', `/api/games/${id}/log${q}`),
		call(who, 'GET', `/api/games/${id}/export${q}`),
		call(who, 'GET', `/games/${id}${q}`),
		call(who, 'GET', `/games/${id}/history${q}`),
		upgrade(who, `/api/games/${id}/socket${q}`)
	]);
	if (socket.status === 101) await firstMessage(socket);
	return { view: view.status, log: log.status, export: exp.status, page: page.status, history: history.status, socket: socket.status, viewBody: view.json };
}

describe('private games', () => {
	it('while it waits and runs: players and invite holders only; everyone else gets 404', async () => {
		const [a, b, c, outsider] = await Promise.all(['pa', 'pb', 'pc', 'po'].map((n) => signUp(n)));
		const created = await call(a, 'POST', '/api/games', { game: 'giants', seats: 3, visibility: 'private' });
		expect(created.status, created.text).toBe(201);
		const { id, inviteCode } = created.json as { id: string; inviteCode: string };

		// Waiting: an invite holder may watch before joining; nobody else sees it.
		for (const who of [outsider, null]) expect(await reads(who, id)).toMatchObject({ view: 404, log: 404, page: 404, socket: 404 });
		const holder = await reads(outsider, id, `?invite=${inviteCode}`);
		expect(holder).toMatchObject({ view: 200, log: 200, page: 200, socket: 101 });
		expect(holder.viewBody).toMatchObject({ yourSeat: null, inviteCode: null });
		expect(await reads(null, id, '?invite=wrongwrongwrongw')).toMatchObject({ view: 404, log: 404, page: 404, socket: 404 });

		for (const u of [b, c]) expect((await call(u, 'POST', `/api/games/${id}/join`, { inviteCode })).status).toBe(200);
		const running = await reads(null, id);
		expect(running).toMatchObject({ view: 404, log: 404, export: 404, page: 404, history: 404, socket: 404 });
		// The answer is the one an unknown game gets: it says nothing about the game.
		expect(running.viewBody).toEqual((await call(null, 'GET', '/api/games/aaaaaaaaaaaaaaaa')).json);
		expect(await reads(outsider, id)).toMatchObject({ view: 404, log: 404, page: 404, socket: 404 });
		// Players see their seat; invite holders, signed in or not, the spectator view.
		const seated = await reads(b, id);
		expect(seated).toMatchObject({ view: 200, log: 200, page: 200, socket: 101, export: 409, history: 200 });
		expect(seated.viewBody.yourSeat).toBeTypeOf('number');
		for (const who of [outsider, null]) {
			const w = await reads(who, id, `?invite=${inviteCode}`);
			expect(w).toMatchObject({ view: 200, log: 200, page: 200, socket: 101, export: 409 });
			expect(w.viewBody).toMatchObject({ yourSeat: null, inviteCode: null });
		}
		// It is in no public list.
		expect(JSON.stringify((await call(null, 'GET', '/api/games?status=open')).json)).not.toContain(id);
		expect(JSON.stringify((await call(null, 'GET', '/api/watch')).json)).not.toContain(id);
	});

	it('after the end: the history and export follow the same rule', async () => {
		const users = await Promise.all(['fa', 'fb', 'fc'].map((n) => signUp(n)));
		const outsider = await signUp('fo');
		const r = await call(users[0], 'POST', '/api/dev/scenario', {
			usernames: users.map((u) => u.username),
			seed: `private-end-${Math.random()}`,
			visibility: 'private',
			config: { startPlayer: 1, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 25 } }
		});
		expect(r.status, r.text).toBe(201);
		const { id, inviteCode } = r.json as { id: string; inviteCode: string };
		const rng = seedRng('private-bots');
		for (let i = 0; i < 500; i++) {
			const v = (await call(users[0], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			if (v.status === 'finished') break;
			const seat = v.activeSeats[0];
			const mine = (await call(users[seat], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
			expect((await call(users[seat], 'POST', `/api/games/${id}/moves`, { moveId: `bot-${i}`, move: greedyBot(mine.view!, seat, rng), expectedVersion: mine.version })).status).toBe(200);
		}
		expect(await reads(null, id)).toMatchObject({ view: 404, log: 404, export: 404, page: 404, history: 404, socket: 404 });
		expect(await reads(outsider, id)).toMatchObject({ view: 404, log: 404, export: 404, history: 404 });
		expect(await reads(users[2], id)).toMatchObject({ view: 200, log: 200, export: 200, page: 200, history: 200 });
		expect(await reads(null, id, `?invite=${inviteCode}`)).toMatchObject({ view: 200, log: 200, export: 200, page: 200, history: 200 });
		// Who may see it depends on who asks: no shared cache may keep it.
		const res = await exports.default.fetch(`${ORIGIN}/api/games/${id}/export`, { headers: { cookie: users[0].cookie } });
		expect(res.headers.get('cache-control')).toBe('private, no-store');
		expect(JSON.stringify((await call(null, 'GET', `/api/players/${users[0].username}`)).json)).not.toContain(id);
		expect(JSON.stringify((await call(null, 'GET', '/api/archive?limit=100')).json)).not.toContain(id);
	});

	it('public games stay open to spectators, signed out too', async () => {
		const [a] = await Promise.all(['qa'].map((n) => signUp(n)));
		const created = await call(a, 'POST', '/api/games', { game: 'giants', seats: 3 });
		expect(await reads(null, created.json.id)).toMatchObject({ view: 200, log: 200, page: 200, socket: 101 });
	});
});
