// Issue 12, "wrong today" 2–4, below the browser: the inbox pages through everything and a game's
// entries are read by moving in it (or by the game page); "My games" read right after one's own
// move shows that move; the hub tells open pages when one of their games changed.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine';
import { greedyBot } from '$lib/games/giants/bots';
import type { GiantsView } from '$lib/games/giants';
import type { RoomView } from '$lib/protocol/room';
import { ORIGIN, call, openSocket, signUp, type HttpUser } from './room-helpers';

const noAuction = { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } };

async function inboxRows(userId: string, gameId: string | null, n: number, at: number) {
	await env.DB.batch(
		Array.from({ length: n }, (_, i) =>
			env.DB.prepare('INSERT INTO inbox (id, user_id, game_id, kind, data, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)').bind(
				`t-${userId}-${gameId}-${i}`,
				userId,
				gameId,
				'turn',
				JSON.stringify({ subject: `s${i}`, text: `t${i}`, url: `${ORIGIN}/games/${gameId ?? ''}` }),
				// Every third shares its millisecond with the one before: the id breaks the tie.
				at - i + (i % 3 === 1 ? 1 : 0)
			)
		)
	);
}

const unread = async (u: HttpUser) => (await call(u, 'GET', '/api/me/inbox')).json.unread as number;

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
	let v = await f();
	for (let i = 0; i < 50 && !ok(v); i++) {
		await new Promise((r) => setTimeout(r, 100));
		v = await f();
	}
	return v;
}

/** A game of three in which `players[0]` is to move (placement, round 2). */
async function myMoveGame(players: HttpUser[]) {
	const r = await call(players[0], 'POST', '/api/dev/scenario', { usernames: players.map((p) => p.username), seed: `nc-${Math.random()}`, config: noAuction });
	expect(r.status).toBe(201);
	const id = r.json.id as string;
	await until(
		async () => (await call(players[0], 'GET', '/api/games/mine')).json.games as { id: string; yourTurn: boolean }[],
		(gs) => gs.some((g) => g.id === id && g.yourTurn)
	);
	return id;
}

describe('the inbox (issue 12, wrong today 2)', () => {
	it('pages through every entry, newest first, with a cursor', async () => {
		const u = await signUp('inbp');
		await inboxRows(u.id, 'gameaaaaaaaaaaaa', 70, 2_000_000);
		await inboxRows(u.id, 'gamebbbbbbbbbbbb', 50, 1_000_000);
		const seen: string[] = [];
		let next: string | null = null;
		let pages = 0;
		do {
			const r = await call(u, 'GET', `/api/me/inbox${next ? `?before=${encodeURIComponent(next)}` : ''}`);
			expect(r.status).toBe(200);
			expect(r.json.items.length).toBeLessThanOrEqual(50);
			// Issue 32: a game's entries on a page are one row; `ids` are its entries.
			seen.push(...r.json.items.flatMap((i: { ids: string[] }) => i.ids));
			next = r.json.next;
			pages++;
		} while (next && pages < 10);
		expect(pages).toBe(3);
		expect(seen.length).toBe(120);
		expect(new Set(seen).size).toBe(120);
		expect(await unread(u)).toBe(120);
		expect((await call(u, 'GET', '/api/me/inbox?before=nonsense')).json.code).toBe('BAD_REQUEST');
	});

	it('reads one game\'s entries on request and leaves the others (and other users) alone', async () => {
		const [u, other] = await Promise.all([signUp('inbg'), signUp('inbo')]);
		await inboxRows(u.id, 'gamecccccccccccc', 5, 3_000_000);
		await inboxRows(u.id, 'gamedddddddddddd', 3, 3_000_000);
		await inboxRows(other.id, 'gamecccccccccccc', 4, 3_000_000);
		const r = await call(u, 'POST', '/api/me/inbox', { game: 'gamecccccccccccc' });
		expect(r).toMatchObject({ status: 200, json: { unread: 3 } });
		expect(await unread(other)).toBe(4);
		expect((await call(u, 'POST', '/api/me/inbox', { game: 'x', ids: ['a'] })).json.code).toBe('BAD_REQUEST');
		// "Mark all read" (no ids, no game).
		expect((await call(u, 'POST', '/api/me/inbox', {})).json.unread).toBe(0);
	});

	it('taking one\'s turn reads that game\'s entries', async () => {
		const players = await Promise.all(['inbm', 'inbn', 'inbq'].map((n) => signUp(n)));
		const id = await myMoveGame(players);
		await inboxRows(players[0].id, id, 2, Date.now());
		await inboxRows(players[0].id, 'gameeeeeeeeeeeee', 1, Date.now());
		const v = (await call(players[0], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
		const move = greedyBot(v.view!, 0, seedRng('inb'));
		expect((await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'm1', move, expectedVersion: v.version })).status).toBe(200);
		expect(await until(() => unread(players[0]), (n) => n === 1)).toBe(1);
	});
});

describe('read-your-writes and live lists (issue 12, wrong today 4)', () => {
	it('"My games" read right after one\'s own move shows it; the players\' hubs hear of the change', async () => {
		const players = await Promise.all(['rywa', 'rywb', 'rywc'].map((n) => signUp(n)));
		const id = await myMoveGame(players);
		const hub = await openSocket(players[1], '/api/me/socket');
		const v = (await call(players[0], 'GET', `/api/games/${id}`)).json as RoomView<GiantsView>;
		const move = greedyBot(v.view!, 0, seedRng('ryw'));
		const res = await exports.default.fetch(`${ORIGIN}/api/games/${id}/moves`, {
			method: 'POST',
			headers: { origin: ORIGIN, cookie: players[0].cookie, 'content-type': 'application/json' },
			body: JSON.stringify({ moveId: 'r1', move, expectedVersion: v.version })
		});
		expect(res.status).toBe(200);
		const { version } = (await res.json()) as { version: number };
		const writes = (res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? '']).find((c) => c.startsWith('rongo_writes='))!;
		expect(writes).toMatch(new RegExp(`^rongo_writes=${id}\\.${version};`));
		// At once (well inside the room's coalesced flush): the list has the move.
		const mine = await exports.default.fetch(`${ORIGIN}/api/games/mine`, {
			headers: { origin: ORIGIN, cookie: `${players[0].cookie}; ${writes.split(';')[0]}` }
		});
		const row = ((await mine.json()) as { games: { id: string; version: number; yourTurn: boolean }[] }).games.find((g) => g.id === id)!;
		expect(row.version).toBe(version);
		expect(row.yourTurn).toBe(false);
		// Another player's open page: the hub says the game changed once D1 has it.
		const msgs = (await hub.next(1)) as unknown as { type: string; gameId?: string; version?: number }[];
		expect(msgs).toContainEqual({ type: 'games', gameId: id, version });
		hub.ws.close();
	});

	it('a forged writes cookie only makes rooms write what they have', async () => {
		const u = await signUp('rywf');
		const r = await exports.default.fetch(`${ORIGIN}/api/games/mine`, {
			headers: { origin: ORIGIN, cookie: `${u.cookie}; rongo_writes=aaaaaaaaaaaaaaaa.99~bad.x~${'b'.repeat(900)}` }
		});
		expect(r.status).toBe(200);
		expect(((await r.json()) as { games: unknown[] }).games).toEqual([]);
	});
});

describe('notification defaults (issue 12)', () => {
	it('the sign-up form takes the page language and the browser time zone', async () => {
		const username = `tzform${Math.random().toString(36).slice(2, 8)}`;
		const res = await exports.default.fetch(`${ORIGIN}/de/signup`, {
			method: 'POST',
			headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'cf-connecting-ip': '10.77.1.1' },
			body: new URLSearchParams({ username, password: 'correct horse battery staple', email: '', timeZone: 'Pacific/Easter' })
		});
		expect(res.status).toBeLessThan(400);
		const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('session='))!;
		expect(cookie).toBeTruthy();
		const s = await exports.default.fetch(`${ORIGIN}/api/me/settings`, { headers: { origin: ORIGIN, cookie } });
		expect(await s.json()).toMatchObject({ locale: 'de', timeZone: 'Pacific/Easter', can: { inapp: true, email: false, push: false, webhook: false } });
	});

	it('the API takes them too, and refuses an unknown zone', async () => {
		const post = (body: object) =>
			exports.default.fetch(`${ORIGIN}/api/auth/signup`, {
				method: 'POST',
				headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': '10.77.1.2' },
				body: JSON.stringify({ username: `tzapi${Math.random().toString(36).slice(2, 8)}`, password: 'correct horse battery staple', ...body })
			});
		const bad = await post({ timeZone: 'Mars/Olympus' });
		expect(bad.status).toBe(400);
		expect(await bad.json()).toMatchObject({ code: 'BAD_TIME_ZONE' });
		const ok = await post({ locale: 'de', timeZone: 'Pacific/Auckland' });
		expect(ok.status).toBe(201);
		const cookie = ok.headers.get('set-cookie')!.split(';')[0];
		const s = await exports.default.fetch(`${ORIGIN}/api/me/settings`, { headers: { origin: ORIGIN, cookie } });
		expect(await s.json()).toMatchObject({ locale: 'de', timeZone: 'Pacific/Auckland' });
	});
});
