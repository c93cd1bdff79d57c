// Issue 16: moves over the game's already-authenticated WebSocket, with POST /moves as the fallback.
// Through the real Worker and room: the ack reaches the mover's socket only, the event every socket;
// the same moveId is applied once whichever way it comes; refusals carry the HTTP codes and change
// nothing; the socket's user is who opened it, never what a message says; sealed choices stay sealed.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '$lib/protocol/socket';
import type { ServerMessage } from '$lib/protocol/room';
import { ORIGIN, call, openSocket, signUp, type HttpUser, type Sock } from './room-helpers';

/** A started 3-player game in the sealed-bid auction of round 1 (every seat bids). */
async function gameInAuction(players: HttpUser[]) {
	const r = await call(players[0], 'POST', '/api/dev/scenario', {
		usernames: players.map((p) => p.username),
		seed: `sockmove-${Math.random()}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) }
	});
	expect(r.status, r.text).toBe(201);
	return r.json.id as string;
}

const bid = (markers: number, workers: number) => ({ type: 'bid', markers, workers });
const send = (s: Sock, msg: unknown) => s.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
/** The first message of `type` (and moveId) after index `from`, waiting for it. */
async function answer(s: Sock, from: number, moveId: string | null): Promise<ServerMessage & { type: 'ack' | 'refused' }> {
	for (let n = from + 1; n < from + 8; n++) {
		const all = await s.next(n);
		const hit = all.slice(from).find((m) => (m.type === 'ack' || m.type === 'refused') && m.moveId === moveId);
		if (hit) return hit as ServerMessage & { type: 'ack' | 'refused' };
	}
	throw new Error(`no answer for ${moveId}: ${JSON.stringify(s.messages.slice(from))}`);
}
const version = async (who: HttpUser, id: string) => (await call(who, 'GET', `/api/games/${id}`)).json.version as number;

describe('moves over the socket (issue 16)', () => {
	it('ack to the mover only, the event to every socket, the sealed bid to nobody else; a retry over HTTP is a duplicate', async () => {
		const players = await Promise.all(['ma', 'mb', 'mc'].map((n) => signUp(n)));
		const id = await gameInAuction(players);
		const [a, b] = await Promise.all(players.slice(0, 2).map((p) => openSocket(p, `/api/games/${id}/socket`)));
		const spectator = await openSocket(null, `/api/games/${id}/socket`);
		const [sa] = await a.next(1);
		await b.next(1);
		await spectator.next(1);
		const v0 = (sa as { version: number }).version;

		send(a, { type: 'move', moveId: 'sock-1', move: bid(1, 1), expectedVersion: v0 });
		expect(await answer(a, 1, 'sock-1')).toEqual({ type: 'ack', moveId: 'sock-1', version: v0 + 1, duplicate: false });
		const [, eb] = await b.next(2);
		const [, esp] = await spectator.next(2);
		expect(eb).toMatchObject({ type: 'event', version: v0 + 1, yourSeat: 1 });
		expect(esp).toMatchObject({ type: 'event', version: v0 + 1, yourSeat: null });
		const evA = a.messages.find((m) => m.type === 'event')!;
		expect(evA).toMatchObject({ view: { mySealed: { markers: 1, workers: 1 } } });
		// Nobody but the mover hears of the ack, and no other socket sees the sealed bid.
		for (const s of [b, spectator]) {
			expect(s.messages.some((m) => m.type === 'ack' || m.type === 'refused')).toBe(false);
			expect(s.messages.find((m) => m.type === 'event')).toMatchObject({ view: { mySealed: null } });
		}

		// The same moveId again — over the socket, then over HTTP — is answered, not applied again.
		send(a, { type: 'move', moveId: 'sock-1', move: bid(1, 1), expectedVersion: v0 });
		expect(await answer(a, a.messages.length, 'sock-1')).toMatchObject({ type: 'ack', version: v0 + 1, duplicate: true });
		const http = await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'sock-1', move: bid(1, 1), expectedVersion: v0 });
		expect(http).toMatchObject({ status: 200, json: { version: v0 + 1, duplicate: true } });
		expect(await version(players[0], id)).toBe(v0 + 1);
		// …and the same id for another move is refused as over HTTP.
		send(a, { type: 'move', moveId: 'sock-1', move: bid(1, 0) });
		expect(await answer(a, a.messages.length, 'sock-1')).toMatchObject({ type: 'refused', status: 409, code: 'MOVE_ID_REUSED' });
		for (const s of [a, b, spectator]) s.ws.close(1000);
	});

	it('refusals carry the HTTP status and code, name the move, and change nothing', async () => {
		const players = await Promise.all(['ra', 'rb', 'rc'].map((n) => signUp(n)));
		const outsider = await signUp('rz');
		const id = await gameInAuction(players);
		const a = await openSocket(players[0], `/api/games/${id}/socket`);
		const spectator = await openSocket(null, `/api/games/${id}/socket`);
		const stranger = await openSocket(outsider, `/api/games/${id}/socket`);
		await a.next(1);
		await spectator.next(1);
		await stranger.next(1);
		const v0 = await version(players[0], id);
		const cases: [Sock, unknown, string | null, number, string][] = [
			[a, { type: 'move', moveId: 'r1', move: bid(1, 1), expectedVersion: v0 - 1 }, 'r1', 409, 'STALE_VERSION'],
			[a, { type: 'move', moveId: 'r2', move: { type: 'fly' } }, 'r2', 400, 'BAD_MOVE'],
			[a, { type: 'move', moveId: 'r3', move: bid(2, 3) }, 'r3', 422, ''],
			[a, { type: 'move', moveId: 'r4', move: 'pass' }, 'r4', 400, 'BAD_REQUEST'],
			[a, { type: 'move', moveId: 'r5', move: bid(1, 1), extra: true }, 'r5', 400, 'BAD_REQUEST'],
			[a, { type: 'move', moveId: 'bad id!', move: bid(1, 1) }, null, 400, 'BAD_REQUEST'],
			[a, { type: 'move', moveId: 'r6', move: { type: 'bid', __proto__: 1, constructor: { prototype: {} } } }, 'r6', 400, 'BAD_REQUEST'],
			[a, `{"type":"move","moveId":"r7","move":${'['.repeat(100)}${']'.repeat(100)}}`, 'r7', 400, 'BAD_REQUEST'],
			[a, `{"type":"move","moveId":"r8","move":{"type":"bid","pad":"${'x'.repeat(17 * 1024)}"}}`, null, 413, 'TOO_LARGE'],
			// 16 KiB is in UTF-8 bytes: 6,000 euro signs are 18,000.
			[a, `{"type":"move","moveId":"r8b","move":{"type":"bid","pad":"${'€'.repeat(6000)}"}}`, null, 413, 'TOO_LARGE'],
			[spectator, { type: 'move', moveId: 'r9', move: bid(1, 1) }, 'r9', 401, 'UNAUTHENTICATED'],
			[stranger, { type: 'move', moveId: 'r10', move: bid(1, 1) }, 'r10', 403, 'NOT_YOUR_SEAT']
		];
		for (const [s, msg, moveId, status, code] of cases) {
			const from = s.messages.length;
			send(s, msg);
			const r = await answer(s, from, moveId);
			expect(r, JSON.stringify(msg).slice(0, 80)).toMatchObject({ type: 'refused', moveId, status });
			if (code) expect((r as { code: string }).code).toBe(code);
			else expect((r as { code: string }).code).toMatch(/^[A-Z_]+$/);
		}
		expect(a.messages.find((m) => m.type === 'refused' && m.code === 'STALE_VERSION')).toMatchObject({ currentVersion: v0 });
		// Not JSON at all: the socket's generic error, as before.
		const from = a.messages.length;
		send(a, '{"type":"move",');
		expect((await a.next(from + 1))[from]).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
		expect(await version(players[0], id)).toBe(v0);
		expect(spectator.messages.filter((m) => m.type === 'event')).toEqual([]);
		for (const s of [a, spectator, stranger]) s.ws.close(1000);
	});

	it('the mover is who opened the socket: a message naming another user moves nobody else; a signed-out socket moves nothing', async () => {
		const players = await Promise.all(['ua', 'ub', 'uc'].map((n) => signUp(n)));
		const id = await gameInAuction(players);
		// A forged room header on the upgrade is stripped by the route (games-api tests); here a forged field in the message.
		const b = await openSocket(players[1], `/api/games/${id}/socket`);
		await b.next(1);
		send(b, { type: 'move', moveId: 'f1', move: bid(1, 1), user: { id: players[0].id } });
		expect(await answer(b, 1, 'f1')).toMatchObject({ type: 'refused', code: 'BAD_REQUEST' });
		send(b, { type: 'move', moveId: 'f2', move: bid(1, 1) });
		expect(await answer(b, 2, 'f2')).toMatchObject({ type: 'ack' });
		expect(b.messages.find((m) => m.type === 'event')).toMatchObject({ yourSeat: 1, view: { mySealed: { markers: 1, workers: 1 } } });

		// Signed out: the socket closes (issue 10), and nothing sent afterwards can move.
		const v = await version(players[1], id);
		expect((await call(players[1], 'POST', '/api/auth/signout', {})).status).toBe(200);
		expect(await b.closedWithin(1000)).toBe(SESSION_ENDED);
		try {
			send(b, { type: 'move', moveId: 'f3', move: bid(1, 1) });
		} catch {
			/* a closed socket may throw */
		}
		expect(await version(players[0], id)).toBe(v);
	});

	it('read-your-writes after a socket move: the page\'s writes cookie makes "My games" current at once', async () => {
		const players = await Promise.all(['wa', 'wb', 'wc'].map((n) => signUp(n)));
		const id = await gameInAuction(players);
		const a = await openSocket(players[0], `/api/games/${id}/socket`);
		await a.next(1);
		send(a, { type: 'move', moveId: 'w1', move: bid(1, 1) });
		const ack = (await answer(a, 1, 'w1')) as { version: number };
		const mine = async (extra: string) =>
			((await call(null, 'GET', '/api/games/mine', undefined, { cookie: `${players[0].cookie}${extra}` })).json as { games: { id: string; version: number }[] }).games.find((g) => g.id === id)!;
		// Without the cookie D1 may still be behind (at a live table the room writes a second later)…
		expect((await mine('')).version).toBeLessThan(ack.version);
		// …with the cookie the page writes after the ack (src/lib/ui/writes.ts), the list has the move.
		expect((await mine(`; rongo_page_writes=${id}.${ack.version}`)).version).toBe(ack.version);
		a.ws.close(1000);
	});

	it('a cross-origin page cannot open the socket it would move through', async () => {
		const players = await Promise.all(['xa', 'xb', 'xc'].map((n) => signUp(n)));
		const id = await gameInAuction(players);
		const res = await exports.default.fetch(`${ORIGIN}/api/games/${id}/socket`, {
			headers: { upgrade: 'websocket', origin: 'https://evil.example', cookie: players[0].cookie }
		});
		expect(res.status).toBe(403);
	});
});
