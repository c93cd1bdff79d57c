// Issue 28 (1): a game socket kept making moves after its session had ended. The server sent close
// 4401, but a client that ignores the close frame (it never answers it) kept sending moves on the
// same connection, and the room applied them as that user: workerd passes such frames on, and the
// room had left the socket's identity in place when closing it. Now every socket of a session that
// ends — game rooms and the inbox hub — is marked ended at once and refuses every later frame
// (move, resync, presence, mutes, anything), and gets nothing more (events, chat, badge), whatever
// the client does. Each way a session ends is covered, with a half-open client (room-helpers.ts).
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '$lib/protocol/socket';
import { api, mailLink, request, sessionCookie, signUp, verifiedUser, type TestUser } from './helpers';
import { d1Game, openSocket, room, sessionIdOf, type Sock } from './room-helpers';
import { SESSION_RECHECK_MS } from '$lib/server/room/game-sockets';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signInAgain(u: TestUser, password = u.password): Promise<TestUser> {
	const res = await request('POST', '/api/auth/signin', { body: { username: u.username, password } });
	expect(res.status).toBe(200);
	return { ...u, password, cookie: sessionCookie(res)! };
}

const bid = (markers: number, workers: number) => ({ type: 'bid', markers, workers });

interface Scene {
	a: TestUser;
	/** A second session of A's (another device), where the case keeps one. */
	a2: TestUser;
	b: TestUser;
	id: string;
	/** A's game socket and inbox socket, opened with A's first session by a client that ignores close frames. */
	game: Sock;
	inbox: Sock;
}

/** A started 3-player Giants game in the sealed-bid auction of round 1: every seat still to bid. */
async function scene(prefix: string): Promise<Scene> {
	const a = await verifiedUser(`${prefix}a`);
	const [b, c] = await Promise.all([signUp(`${prefix}b`), signUp(`${prefix}c`)]);
	const a2 = await signInAgain(a);
	const r = await api(a, 'POST', '/api/dev/scenario', {
		usernames: [a.username, b.username, c.username],
		seed: `ended-${Math.random()}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) }
	});
	expect(r.status).toBe(201);
	const id = r.body.id as string;
	const game = await openSocket(a, `/api/games/${id}/socket`, { halfOpen: true });
	const inbox = await openSocket(a, '/api/me/socket', { halfOpen: true });
	expect((await game.next(1))[0]).toMatchObject({ type: 'state', yourSeat: 0 });
	return { a, a2, b, id, game, inbox };
}

const view = async (who: TestUser, id: string) => (await api(who, 'GET', `/api/games/${id}`)).body;

/**
 * The session of `s.game`/`s.inbox` has ended: both were closed with 4401, and every frame the
 * client sends afterwards is refused — nothing is applied, answered or sent to it again.
 */
async function expectEnded(s: Scene, o: { seatGone?: boolean } = {}) {
	expect(await s.game.closedWithin(2000)).toBe(SESSION_ENDED);
	expect(await s.inbox.closedWithin(2000)).toBe(SESSION_ENDED);
	const heard = s.game.messages.length;
	const heardInbox = s.inbox.messages.length;
	const v0 = (await view(s.b, s.id)).version as number;

	// Everything the game page can send, and more: the move A could make now first.
	const frames = [
		{ type: 'move', moveId: 'after-end-1', move: bid(1, 1), expectedVersion: v0 },
		{ type: 'resync' },
		{ type: 'presence', looking: true },
		{ type: 'mutes' },
		'{not json',
		{ type: 'move', moveId: 'after-end-2', move: bid(0, 1) }
	];
	for (const f of frames) s.game.ws.send(typeof f === 'string' ? f : JSON.stringify(f));
	s.inbox.ws.send('ping');
	s.inbox.ws.send('junk');
	await sleep(300);
	// The others play and talk on; the ended socket hears none of it.
	expect((await api(s.b, 'POST', `/api/games/${s.id}/moves`, { moveId: 'b-bid', move: bid(1, 1) })).status).toBe(200);
	expect((await api(s.b, 'POST', `/api/games/${s.id}/chat`, { text: 'anyone there?' })).status).toBe(201);
	// …and later frames are refused as well (the room has woken for other work in between).
	s.game.ws.send(JSON.stringify({ type: 'move', moveId: 'after-end-3', move: bid(1, 1) }));
	s.game.ws.send(JSON.stringify({ type: 'presence', looking: true }));
	await sleep(300);

	// (A deleted account's seat is the bot's now, which bids for it whenever the room gets to it.)
	if (!o.seatGone) {
		const after = await view(s.b, s.id);
		expect(after.version).toBe(v0 + 1); // B's bid only
		expect(after.activeSeats).toContain(0); // A has still not bid
	}
	expect(s.game.messages.slice(heard)).toEqual([]);
	expect(s.inbox.messages.slice(heardInbox)).toEqual([]);
}

/** A's seat was not moved by the ended socket: A, signed in now, can still make the first bid. */
async function expectSeatUntouched(s: Scene, a: TestUser) {
	const v = await view(a, s.id);
	// A presence from the ended socket would have marked the current version seen.
	expect(v.seenVersion ?? 0).toBeLessThan(v.version);
	const r = await api(a, 'POST', `/api/games/${s.id}/moves`, { moveId: 'a-own-bid', move: bid(1, 1) });
	expect(r.status).toBe(200);
	expect(r.body).toMatchObject({ duplicate: false });
}

describe('a socket refuses every frame once its session has ended (issue 28)', () => {
	it('sign-out', async () => {
		const s = await scene('so');
		expect((await api(s.a, 'POST', '/api/auth/signout', {})).status).toBe(200);
		await expectEnded(s);
		await expectSeatUntouched(s, s.a2);
	});

	it('revoked from another device', async () => {
		const s = await scene('rv');
		expect((await api(s.a2, 'DELETE', `/api/auth/sessions/${await sessionIdOf(s.a.cookie)}`)).status).toBe(200);
		await expectEnded(s);
		await expectSeatUntouched(s, s.a2);
	});

	it('password changed from another session', async () => {
		const s = await scene('pw');
		const r = await api(s.a2, 'POST', '/api/auth/password', { current: s.a.password, password: 'a brand new password' });
		expect(r.status).toBe(200);
		await expectEnded(s);
		await expectSeatUntouched(s, s.a2);
	});

	it('password reset by mail', async () => {
		const s = await scene('rs');
		expect((await request('POST', '/api/auth/forgot', { body: { login: s.a.username } })).status).toBe(200);
		const token = await mailLink(s.a.email!, 'reset');
		expect((await request('POST', '/api/auth/reset', { body: { token, password: 'the reset password' } })).status).toBe(200);
		await expectEnded(s);
		await expectSeatUntouched(s, await signInAgain(s.a, 'the reset password'));
	});

	it('account deleted', async () => {
		const s = await scene('dl');
		const r = await api(s.a, 'POST', '/api/me/delete', { password: s.a.password, username: s.a.username });
		expect(r.status).toBe(200);
		await expectEnded(s, { seatGone: true });
		// The game goes on in D1 too: B's chat after the deletion once failed every later flush of the
		// room (a read mark for the deleted seat broke chat_reads' foreign key).
		await room(s.id).flush();
		const version = (await view(s.b, s.id)).version as number;
		expect((await d1Game(s.id))?.version).toBe(version);
	});

	it('a room the hub could not reach is asked again until its sockets of the ended session are ended', async () => {
		const s = await scene('rt');
		await room(s.id).failNextSessionCloses(1);
		expect((await api(s.a, 'POST', '/api/auth/signout', {})).status).toBe(200);
		expect(await s.inbox.closedWithin(1000)).toBe(SESSION_ENDED);
		// The first ask failed; the hub's alarm asks again 5 s later.
		expect(await s.game.closedWithin(500)).toBeNull();
		expect(await s.game.closedWithin(10_000)).toBe(SESSION_ENDED);
		await expectEnded(s);
		await expectSeatUntouched(s, s.a2);
	});

	it('a socket whose room never heard of the end asks D1 before a move once its last check is old', async () => {
		const s = await scene('rc');
		await room(s.id).failNextSessionCloses(1000);
		expect((await api(s.a, 'POST', '/api/auth/signout', {})).status).toBe(200);
		expect(await s.game.closedWithin(300)).toBeNull();
		const v0 = (await view(s.b, s.id)).version as number;
		try {
			await room(s.id).setClock(Date.now() + SESSION_RECHECK_MS + 1000);
			s.game.ws.send(JSON.stringify({ type: 'move', moveId: 'stale-session', move: bid(1, 1), expectedVersion: v0 }));
			expect(await s.game.closedWithin(2000)).toBe(SESSION_ENDED);
			expect(s.game.messages.some((m) => m.type === 'ack' || m.type === 'refused')).toBe(false);
			expect((await view(s.b, s.id)).version).toBe(v0);
		} finally {
			await room(s.id).setClock(null);
			await room(s.id).failNextSessionCloses(0);
		}
		await expectSeatUntouched(s, s.a2);
	});
});
