/**
 * Issue 28 over real connections: a raw WebSocket client on its own TCP connection
 * (scripts/lib/raw-websocket.ts) that ignores the server's close frame — it never answers it and
 * keeps sending — against `wrangler dev`, as the outside attack did.
 * 1. A game socket of a session that ended (sign-out) keeps sending its seat's move: never applied.
 * 2. A signed-out spectator floods a public game: ended with 1008 within its budget; its thousands
 *    of later frames are answered by nothing, and the players move and read the game meanwhile.
 * The worker tests cover every way a session ends and the budgets in detail
 * (tests/worker/ended-sockets.worker.test.ts, flood.worker.test.ts); this is the same on the wire.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedRng } from '$lib/engine';
import { kindOf } from '$lib/games';
import { OVER_BUDGET, SESSION_ENDED } from '$lib/protocol/socket';
import { Client } from '../../scripts/lib/client';
import { RawWebSocket } from '../../scripts/lib/raw-websocket';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const PASSWORD = 'correct horse battery staple';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
	server = await startTestServer();
});

afterAll(async () => {
	// Exactly one socket was ended for its budget: the flooding spectator of the second test.
	await server?.close({ overBudget: 1 });
});

/** Three players in a started 3-player Giants game (round 1's sealed bids: every seat is awaited). */
async function game() {
	const run = Date.now().toString(36).slice(-5);
	const players = ['sa', 'sb', 'sc'].map((n) => new Client(server.url, `${n}${run}${Math.floor(Math.random() * 1000)}`));
	for (const p of players) await p.signup(p.username, PASSWORD);
	const { id } = await players[0].createGame({ kind: 'giants', seats: 3 });
	for (const p of players.slice(1)) await p.join(id);
	const view = await players[0].game(id);
	expect(view.status).toBe('active');
	return { id, players };
}

const socketUrl = (id: string) => `${server.url.replace(/^http/, 'ws')}/api/games/${id}/socket`;

test('a socket of an ended session: its moves after the close frame are never applied', async () => {
	const { id, players } = await game();
	const [a, b] = players;
	const raw = await RawWebSocket.connect(socketUrl(id), { Origin: server.url, Cookie: a.cookie });
	const mine = await a.game(id);
	const seat = mine.yourSeat!;
	expect(mine.activeSeats).toContain(seat);
	// A legal move of A's seat, chosen by the kind's bot from A's own view.
	const giants = kindOf('giants')!;
	const move = giants.bots[giants.defaultBot](mine.view, seat, seedRng('e2e-ended'));

	await a.api('POST', '/api/auth/signout', {});
	expect(await raw.closedWithin(3000)).toBe(SESSION_ENDED);
	const heard = raw.texts.length;
	// The client pays no attention and keeps sending the move (new ids each time), for two seconds.
	for (let i = 0; i < 20; i++) {
		raw.send(JSON.stringify({ type: 'move', moveId: `after-${i}`, move, expectedVersion: mine.version }));
		raw.send(JSON.stringify({ type: 'resync' }));
		await sleep(100);
	}
	const now = await b.game(id);
	expect(now.version).toBe(mine.version);
	expect(now.activeSeats).toContain(seat);
	expect(raw.texts.length).toBe(heard);
	raw.destroy();
});

test('a flooding spectator is ended with 1008; the players play on', async () => {
	const { id, players } = await game();
	const [a] = players;
	const raw = await RawWebSocket.connect(socketUrl(id), { Origin: server.url });
	const frames = [JSON.stringify({ type: 'resync' }), '{"type":', JSON.stringify({ type: 'presence', looking: true }), JSON.stringify({ type: 'move', moveId: 'x', move: { type: 'pass' } })];
	for (let i = 0; i < 3000; i++) raw.send(frames[i % frames.length]);
	expect(await raw.closedWithin(5000)).toBe(OVER_BUDGET);
	await sleep(300);
	const heard = raw.texts.length;
	expect(heard).toBeLessThanOrEqual(1 + 30);
	// It keeps going; the players' moves and reads go through meanwhile.
	const flood = setInterval(() => {
		for (let i = 0; i < 20; i++) raw.send(frames[i % frames.length]);
	}, 10);
	try {
		const giants = kindOf('giants')!;
		const v = await a.game(id);
		const r = await a.move(id, giants.bots[giants.defaultBot](v.view, v.yourSeat!, seedRng('e2e-flood')), v.version);
		expect(r.version).toBe(v.version + 1);
		expect((await a.game(id)).version).toBe(v.version + 1);
	} finally {
		clearInterval(flood);
	}
	await sleep(200);
	expect(raw.texts.length).toBe(heard);
	raw.destroy();
});
