// Issue 28 (2): one signed-out spectator could stall a public game. A burst of 3,000 frames on one
// socket made the players' requests wait seconds, and the flooding socket was never closed. Now
// every socket has a budget (server/sockets/gate.ts; ROOM_BUDGET, HUB_BUDGET): a socket that exceeds
// it is ended with 1008 — spectator or player, game room or inbox — and its later frames, from a
// client that ignores the close and keeps sending, are refused unread. The time a player waits
// meanwhile is measured by `npm run bench:flood` (docs/benchmarks.md), not asserted here.
import { describe, expect, it } from 'vitest';
import { OVER_BUDGET } from '$lib/protocol/socket';
import type { ServerMessage } from '$lib/protocol/room';
import { ROOM_BUDGET } from '$lib/server/room/game-sockets';
import { HUB_BUDGET } from '$lib/server/notify/UserHub';
import { call, openSocket, signUp, type HttpUser, type Sock } from './room-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bid = (markers: number, workers: number) => ({ type: 'bid', markers, workers });

/** A started public 3-player Giants game in the sealed-bid auction: every seat still to bid. */
async function gameInAuction() {
	const players = await Promise.all(['fa', 'fb', 'fc'].map((n) => signUp(n)));
	const r = await call(players[0], 'POST', '/api/dev/scenario', {
		usernames: players.map((p) => p.username),
		seed: `flood-${Math.random()}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) }
	});
	expect(r.status, r.text).toBe(201);
	return { id: r.json.id as string, players };
}

/** The frames of the flood, in turn: resync, bad JSON, presence, a move. */
const FLOOD = [JSON.stringify({ type: 'resync' }), '{"type":', JSON.stringify({ type: 'presence', looking: true }), JSON.stringify({ type: 'move', moveId: 'flood', move: bid(1, 1) })];

/** Sends `n` frames of the flood as fast as the socket takes them. */
function flood(s: Sock, n: number) {
	for (let i = 0; i < n; i++) s.ws.send(FLOOD[i % FLOOD.length]);
}

async function version(who: HttpUser, id: string) {
	return (await call(who, 'GET', `/api/games/${id}`)).json.version as number;
}

/** Waits until the socket's messages stop growing (the room answered everything it will). */
async function settled(s: Sock) {
	let n = -1;
	while (n !== s.messages.length) {
		n = s.messages.length;
		await sleep(150);
	}
	return n;
}

describe('a socket that floods is ended (issue 28)', () => {
	it('a signed-out spectator: closed with 1008 within its budget; its later frames change and answer nothing; the players play on', async () => {
		const { id, players } = await gameInAuction();
		const [a] = players;
		const spectator = await openSocket(null, `/api/games/${id}/socket`, { halfOpen: true });
		const player = await openSocket(a, `/api/games/${id}/socket`);
		await spectator.next(1);
		await player.next(1);
		const v0 = await version(a, id);

		flood(spectator, 3000);
		expect(await spectator.closedWithin(5000)).toBe(OVER_BUDGET);
		const answered = await settled(spectator);
		// The opening state, then at most one answer per frame of the budget (presence answers none).
		expect(answered).toBeLessThanOrEqual(1 + ROOM_BUDGET.burst);
		expect(spectator.messages.filter((m) => m.type === 'state').length).toBeGreaterThan(1); // resyncs were answered until then

		// The client ignores the close and goes on: nothing is answered or sent to it any more.
		flood(spectator, 1000);
		await sleep(300);
		// The player's move over the socket is acknowledged, and the game moved by it alone.
		player.ws.send(JSON.stringify({ type: 'move', moveId: 'a-bid', move: bid(1, 1), expectedVersion: v0 }));
		await player.next(3);
		expect(player.messages.find((m) => m.type === 'ack')).toMatchObject({ moveId: 'a-bid', version: v0 + 1 });
		expect(await version(a, id)).toBe(v0 + 1);
		await sleep(200);
		expect(spectator.messages.length).toBe(answered);
		expect(await player.closedWithin(100)).toBeNull();
		player.ws.close(1000);
	});

	it('a player’s socket too (refused moves count); the player is not signed out and plays on over HTTP', async () => {
		const { id, players } = await gameInAuction();
		const [a, b] = players;
		const s = await openSocket(b, `/api/games/${id}/socket`, { halfOpen: true });
		await s.next(1);
		// B bids, then sends bids for a version long gone: each refused (STALE_VERSION), each a token spent.
		expect((await call(b, 'POST', `/api/games/${id}/moves`, { moveId: 'b-first', move: bid(1, 1) })).status).toBe(200);
		for (let i = 0; i < 200; i++) s.ws.send(JSON.stringify({ type: 'move', moveId: `again-${i}`, move: bid(1, 1), expectedVersion: 1 }));
		expect(await s.closedWithin(5000)).toBe(OVER_BUDGET);
		const answered = await settled(s);
		const refusals = s.messages.filter((m) => m.type === 'refused').length;
		expect(refusals).toBeGreaterThan(0);
		expect(refusals).toBeLessThanOrEqual(ROOM_BUDGET.burst);
		// Only this socket ended: B's session is alive, and A moves over HTTP as usual.
		expect((await call(b, 'GET', '/api/auth/me')).status).toBe(200);
		expect((await call(a, 'POST', `/api/games/${id}/moves`, { moveId: 'a-bid', move: bid(1, 1) })).status).toBe(200);
		s.ws.send(JSON.stringify({ type: 'resync' }));
		await sleep(300);
		expect(s.messages.length).toBe(answered);
	});

	it('a move the game was not waiting for counts, though accepted: replacing a sealed bid over and over (G-3.1)', async () => {
		const { id, players } = await gameInAuction();
		const [, b] = players;
		const s = await openSocket(b, `/api/games/${id}/socket`, { halfOpen: true });
		await s.next(1);
		expect((await call(b, 'POST', `/api/games/${id}/moves`, { moveId: 'b-first', move: bid(1, 1) })).status).toBe(200);
		const v0 = (await call(b, 'GET', `/api/games/${id}`)).json.version as number;
		// Each replacement is a legal move (a new version, an event to every socket), but B is no
		// longer awaited: the bids spend the budget like any other frame.
		for (let i = 0; i < 200; i++) s.ws.send(JSON.stringify({ type: 'move', moveId: `re-${i}`, move: bid(i % 2, 1) }));
		expect(await s.closedWithin(5000)).toBe(OVER_BUDGET);
		await settled(s);
		const acks = s.messages.filter((m) => m.type === 'ack').length;
		const applied = ((await call(b, 'GET', `/api/games/${id}`)).json.version as number) - v0;
		expect(applied).toBeGreaterThan(0);
		expect(applied).toBeLessThanOrEqual(ROOM_BUDGET.burst);
		expect(acks).toBeLessThanOrEqual(applied);
	});

	it('accepted moves give their token back: a fast player is never cut off', async () => {
		// Take-away (the test-only kind): 2 seats take 1 stone in turn from 40; each seat's socket
		// sends its 20 moves and, with each, a presence — 40 frames, over the burst of 30.
		const [a, b] = [await signUp('tka'), await signUp('tkb')];
		const created = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones: 40 } });
		expect(created.status).toBe(201);
		const id = created.json.id as string;
		expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
		const sockets = new Map<string, Sock>();
		for (const u of [a, b]) sockets.set(u.id, await openSocket(u, `/api/games/${id}/socket`));
		for (const s of sockets.values()) await s.next(1);
		expect(2 * 20).toBeGreaterThan(ROOM_BUDGET.burst);
		let acks = 0;
		for (let turn = 0; turn < 40; turn++) {
			const view = (await call(a, 'GET', `/api/games/${id}`)).json;
			if (view.status === 'finished') break;
			const mover = view.seats.find((x: { seat: number }) => x.seat === view.activeSeats[0]).userId as string;
			const s = sockets.get(mover)!;
			const from = s.messages.length;
			s.ws.send(JSON.stringify({ type: 'presence', looking: true }));
			s.ws.send(JSON.stringify({ type: 'move', moveId: `t${turn}`, move: { type: 'take', n: 1 }, expectedVersion: view.version }));
			for (let i = 0; i < 40 && !s.messages.slice(from).some((m: ServerMessage) => m.type === 'ack' || m.type === 'refused'); i++) await sleep(25);
			expect(s.messages.slice(from).find((m) => m.type === 'ack' || m.type === 'refused')).toMatchObject({ type: 'ack' });
			acks++;
		}
		expect(acks).toBe(40);
		expect((await call(a, 'GET', `/api/games/${id}`)).json.status).toBe('finished');
		for (const s of sockets.values()) expect(await s.closedWithin(50)).toBeNull();
	});

	it('an inbox socket: closed with 1008 past its budget; later frames go unanswered', async () => {
		const a = await signUp('fi');
		const s = await openSocket(a, '/api/me/socket', { halfOpen: true });
		for (let i = 0; i < 500; i++) s.ws.send('ping');
		expect(await s.closedWithin(5000)).toBe(OVER_BUDGET);
		const answered = await settled(s);
		// The first message is the unread count the hub sends as a socket opens (issue 33); then pongs.
		expect(s.messages[0]).toEqual({ type: 'inbox', unread: 0 });
		expect(answered - 1).toBeLessThanOrEqual(HUB_BUDGET.burst);
		for (let i = 0; i < 100; i++) s.ws.send('ping');
		await sleep(300);
		expect(s.messages.length).toBe(answered);
		// A new inbox socket of the same session works.
		const again = await openSocket(a, '/api/me/socket');
		again.ws.send('ping');
		expect(await again.next(2)).toEqual([{ type: 'inbox', unread: 0 }, expect.objectContaining({ code: 'RAW', message: 'pong' })]);
		again.ws.close(1000);
	});
});
