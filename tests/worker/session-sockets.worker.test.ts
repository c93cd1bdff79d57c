// Issue 10: sockets outlived their session. After a sign-out or a revoked session, an open game
// socket kept receiving the seat's view (its own sealed bid included) and the inbox socket stayed
// open. Now a session that ends closes every socket it opened — game and inbox — before the answer
// to the sign-out goes out, and a socket re-checks its session on every resync.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '$lib/protocol/socket';
import { ORIGIN, call, openSocket, sessionIdOf, signUp, type HttpUser } from './room-helpers';

const PASSWORD = 'correct horse battery staple';

/** A second session of the same user (another device). */
async function signInAgain(u: HttpUser): Promise<HttpUser> {
	const res = await exports.default.fetch(`${ORIGIN}/api/auth/signin`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250)}.1` },
		body: JSON.stringify({ username: u.username, password: PASSWORD })
	});
	expect(res.status).toBe(200);
	return { ...u, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** A started 3-player game in the sealed-bid auction of round 1 (A bids first, B and C still to bid). */
async function gameInAuction(players: HttpUser[]) {
	const r = await call(players[0], 'POST', '/api/dev/scenario', {
		usernames: players.map((p) => p.username),
		seed: `sock-${Math.random()}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) }
	});
	expect(r.status, r.text).toBe(201);
	return r.json.id as string;
}

const bid = (who: HttpUser, id: string, moveId: string) =>
	call(who, 'POST', `/api/games/${id}/moves`, { moveId, move: { type: 'bid', markers: 1, workers: 1 } });

describe('sockets end with their session', () => {
	it('sign-out closes the game and inbox sockets of that session at once; another session keeps its own', async () => {
		const players = await Promise.all(['sa', 'sb', 'sc'].map((n) => signUp(n)));
		const [a, b] = players;
		const a2 = await signInAgain(a);
		const id = await gameInAuction(players);
		const mine = await openSocket(a, `/api/games/${id}/socket`);
		const inbox = await openSocket(a, '/api/me/socket');
		const other = await openSocket(a2, `/api/games/${id}/socket`);
		expect((await mine.next(1))[0]).toMatchObject({ type: 'state', yourSeat: 0 });
		await other.next(1);

		// A's own sealed bid reaches A's sockets (the seat view carries it).
		const r = await bid(a, id, 'a-bid');
		expect(r.status, r.text).toBe(200);
		expect((await mine.next(2))[1]).toMatchObject({ type: 'event', view: { mySealed: { markers: 1, workers: 1 } } });

		const out = await call(a, 'POST', '/api/auth/signout', {});
		expect(out.status).toBe(200);
		// Closed before (or as) the answer arrived; a second is the bound the issue sets.
		expect(await mine.closedWithin(1000)).toBe(SESSION_ENDED);
		expect(await inbox.closedWithin(1000)).toBe(SESSION_ENDED);
		const seen = mine.messages.length;

		// B bids: the other session of A still gets A's seat view; the ended one gets nothing.
		expect((await bid(b, id, 'b-bid')).status).toBe(200);
		const after = await other.next(3);
		expect(after.at(-1)).toMatchObject({ type: 'event', yourSeat: 0 });
		expect(await other.closedWithin(200)).toBeNull();
		expect(mine.messages.length).toBe(seen);
		other.ws.close(1000);
	});

	it('revoking a session (API and settings form) closes that session’s sockets only', async () => {
		const players = await Promise.all(['ra', 'rb', 'rc'].map((n) => signUp(n)));
		const [a] = players;
		const [a2, a3] = [await signInAgain(a), await signInAgain(a)];
		const id = await gameInAuction(players);
		const s1 = await openSocket(a, `/api/games/${id}/socket`);
		const s2 = await openSocket(a2, `/api/games/${id}/socket`);
		const i2 = await openSocket(a2, '/api/me/socket');
		const s3 = await openSocket(a3, `/api/games/${id}/socket`);
		await Promise.all([s1.next(1), s2.next(1), s3.next(1)]);

		// From session 1, revoke session 2 through the API.
		const del = await call(a, 'DELETE', `/api/auth/sessions/${await sessionIdOf(a2.cookie)}`);
		expect(del.status, del.text).toBe(200);
		expect(await s2.closedWithin(1000)).toBe(SESSION_ENDED);
		expect(await i2.closedWithin(1000)).toBe(SESSION_ENDED);

		// From session 1, revoke session 3 through the settings form.
		const form = await exports.default.fetch(`${ORIGIN}/settings/sessions?/revoke`, {
			method: 'POST',
			headers: { origin: ORIGIN, cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded' },
			body: `id=${await sessionIdOf(a3.cookie)}`,
			redirect: 'manual'
		});
		expect(form.status).toBeLessThan(400);
		expect(await s3.closedWithin(1000)).toBe(SESSION_ENDED);
		expect(await s1.closedWithin(200)).toBeNull();
		s1.ws.close(1000);
	});

	it('a resync re-checks the session: one that ended without telling anybody (expiry) gets nothing more', async () => {
		const players = await Promise.all(['xa', 'xb', 'xc'].map((n) => signUp(n)));
		const [a] = players;
		const id = await gameInAuction(players);
		const s = await openSocket(a, `/api/games/${id}/socket`);
		await s.next(1);
		s.ws.send(JSON.stringify({ type: 'resync' }));
		expect((await s.next(2))[1]).toMatchObject({ type: 'state', yourSeat: 0 });
		// The session's row goes as an expired one would (validateSessionToken deletes those).
		await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(await sessionIdOf(a.cookie)).run();
		s.ws.send(JSON.stringify({ type: 'resync' }));
		expect(await s.closedWithin(1000)).toBe(SESSION_ENDED);
		expect(s.messages).toHaveLength(2);
	});

	it('a socket whose upgrade raced the sign-out is closed before it gets anything', async () => {
		const players = await Promise.all(['ua', 'ub', 'uc'].map((n) => signUp(n)));
		const [a] = players;
		const id = await gameInAuction(players);
		// The hub has heard the session ended; its D1 row (checked by the upgrade) is still there.
		await env.USER_HUB.get(env.USER_HUB.idFromName(a.id)).endSessions([await sessionIdOf(a.cookie)]);
		const s = await openSocket(a, `/api/games/${id}/socket`);
		expect(await s.closedWithin(1000)).toBe(SESSION_ENDED);
		expect(s.messages).toEqual([]);
		// The inbox hub refuses such a session outright.
		const res = await exports.default.fetch(`${ORIGIN}/api/me/socket`, { headers: { upgrade: 'websocket', origin: ORIGIN, cookie: a.cookie } });
		expect(res.status).toBe(401);
	});
});
