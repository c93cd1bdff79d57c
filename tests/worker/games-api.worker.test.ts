// The game endpoints through the real Worker (hooks, routes, GameRoom, D1), with users signed up
// through the real auth API: the lobby flow, seats and spectators, sockets, and 500+ hostile requests.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonEqual } from '$lib/engine';
import { giants } from '$lib/games/giants';
import type { RoomView, ServerMessage } from '$lib/protocol/room';
import type { GiantsView } from '$lib/games/giants';
import { ORIGIN, call, signUp, type HttpUser } from './room-helpers';

interface Game {
	id: string;
	users: HttpUser[];
}

/** Three signed-up players; the first creates, the others join (the game starts by itself). */
async function newGame(users: HttpUser[], visibility: 'public' | 'private' = 'public'): Promise<Game> {
	const c = await call(users[0], 'POST', '/api/games', { game: 'giants', seats: 3, visibility });
	expect(c.status).toBe(201);
	for (const u of users.slice(1)) {
		const j = await call(u, 'POST', `/api/games/${c.json.id}/join`, visibility === 'private' ? { inviteCode: c.json.inviteCode } : undefined);
		expect(j.status).toBe(200);
	}
	return { id: c.json.id, users };
}

async function view(who: HttpUser | null, id: string): Promise<RoomView<GiantsView>> {
	const r = await call(who, 'GET', `/api/games/${id}`);
	expect(r.status).toBe(200);
	return r.json as RoomView<GiantsView>;
}

let players: HttpUser[];
let outsider: HttpUser;

beforeAll(async () => {
	players = await Promise.all(['ann', 'bob', 'cat'].map((n) => signUp(n)));
	outsider = await signUp('eve');
});

describe('lobby over HTTP', () => {
	it('create takes {kind, options}; the body from before kinds (game + flat options) still works (docs/api.md)', async () => {
		const post = (body: unknown) => call(players[0], 'POST', '/api/games', body);
		const now = await post({ kind: 'giants', seats: 4, options: { immediateScoring: true } });
		expect(now.status).toBe(201);
		expect(await view(players[0], now.json.id)).toMatchObject({ kind: 'giants', game: 'giants', options: { quickStart: false, immediateScoring: true } });
		const old = await post({ game: 'giants', seats: 4, quickStart: true });
		expect(old.status).toBe(201);
		expect((await view(players[0], old.json.id)).options).toEqual({ quickStart: true, immediateScoring: false });
		expect((await post({ kind: 'giants', game: 'giants', seats: 3 })).status).toBe(201);
		// Refused, each with its code: no kind, two kinds, options both ways, an option Giants lacks, too many seats.
		expect((await post({ seats: 3 })).json.code).toBe('BAD_REQUEST');
		expect((await post({ kind: 'giants', game: 'moa', seats: 3 })).json.code).toBe('BAD_REQUEST');
		expect((await post({ kind: 'giants', seats: 3, options: {}, quickStart: true })).json.code).toBe('BAD_REQUEST');
		expect((await post({ game: 'giants', seats: 3, quickstart: true })).json.code).toBe('BAD_OPTIONS');
		expect((await post({ kind: 'giants', seats: 6 })).json.code).toBe('BAD_REQUEST');
		expect((await post({ kind: 'chess', seats: 3 })).json.code).toBe('UNKNOWN_KIND');
	});

	it('create → open list → join → auto-start → mine marks my turn', async () => {
		const c = await call(players[0], 'POST', '/api/games', { game: 'giants', seats: 3, quickStart: true, timeLimit: '1d' });
		expect(c.status).toBe(201);
		expect(c.json).toMatchObject({ version: 1, inviteCode: null });
		const open = await call(null, 'GET', '/api/games?status=open');
		const listed = open.json.games.find((g: { id: string }) => g.id === c.json.id);
		expect(listed).toMatchObject({ status: 'waiting', seatsWanted: 3, timeLimit: '1d', options: { quickStart: true, immediateScoring: false }, creator: { id: players[0].id, username: players[0].username } });
		expect(listed.seats).toEqual([expect.objectContaining({ seat: 0, userId: players[0].id, username: players[0].username })]);
		expect((await call(players[1], 'POST', `/api/games/${c.json.id}/join`)).status).toBe(200);
		expect((await call(players[1], 'POST', `/api/games/${c.json.id}/leave`, {})).json).toEqual({ version: 3 });
		expect((await call(players[1], 'POST', `/api/games/${c.json.id}/join`, {})).json).toEqual({ version: 4 });
		const started = await call(players[2], 'POST', `/api/games/${c.json.id}/join`);
		expect(started.json).toEqual({ version: 5 });
		const v = await view(players[2], c.json.id);
		expect(v.status).toBe('active');
		expect(v.view!.phase.kind).toBe('bid');
		const mine = await call(players[2], 'GET', '/api/games/mine');
		const g = mine.json.games.find((x: { id: string }) => x.id === c.json.id);
		expect(g).toMatchObject({ status: 'active', yourSeat: v.yourSeat, yourTurn: true, version: 5 });
		expect(g.seats.map((s: { colour: string | null }) => typeof s.colour)).toEqual(['string', 'string', 'string']);
		expect(mine.json.games.findIndex((x: { yourTurn: boolean }) => !x.yourTurn)).not.toBe(0);
		expect((await call(null, 'GET', '/api/games?status=open')).json.games.some((x: { id: string }) => x.id === c.json.id)).toBe(false);
	});

	it('private games need the invite code and are not listed', async () => {
		const c = await call(players[0], 'POST', '/api/games', { game: 'giants', seats: 4, visibility: 'private' });
		expect(c.json.inviteCode).toMatch(/^[a-z2-7]{16}$/);
		expect((await call(null, 'GET', '/api/games?status=open')).json.games.some((x: { id: string }) => x.id === c.json.id)).toBe(false);
		// Without the code a private game does not exist for a stranger (issue 10): the unknown-game answer.
		expect(await call(players[1], 'POST', `/api/games/${c.json.id}/join`)).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		expect(await call(players[1], 'POST', `/api/games/${c.json.id}/join`, { inviteCode: 'wrongwrongwrongw' })).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		expect((await call(players[1], 'POST', `/api/games/${c.json.id}/join`, { inviteCode: c.json.inviteCode })).status).toBe(200);
		expect(await call(players[1], 'POST', `/api/games/${c.json.id}/start`)).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });
		expect(await call(players[0], 'POST', `/api/games/${c.json.id}/start`)).toMatchObject({ status: 409, json: { code: 'NOT_ENOUGH_PLAYERS' } });
	});

	it('401 UNAUTHENTICATED for every change without a session; 404 for unknown games', async () => {
		const { id } = await newGame(players);
		for (const [m, p, b] of [
			['POST', '/api/games', { game: 'giants', seats: 3 }],
			['POST', `/api/games/${id}/join`, {}],
			['POST', `/api/games/${id}/leave`, {}],
			['POST', `/api/games/${id}/start`, {}],
			['POST', `/api/games/${id}/moves`, { moveId: 'x', move: { type: 'pass' } }],
			['GET', '/api/games/mine', undefined]
		] as const)
			expect(await call(null, m, p, b)).toMatchObject({ status: 401, json: { code: 'UNAUTHENTICATED' } });
		expect(await call(players[0], 'GET', '/api/games/aaaaaaaaaaaaaaaa')).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		expect(await call(players[0], 'GET', '/api/games/not-an-id')).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
	});
});

describe('moves over HTTP', () => {
	it('(f) a move for a seat one does not hold is refused; spectators get the spectator view', async () => {
		const { id } = await newGame(players);
		const mine = await view(players[0], id);
		const bid = giants.legalMoves(mine.view!, mine.yourSeat!).at(-1)!;
		expect(await call(outsider, 'POST', `/api/games/${id}/moves`, { moveId: 'o1', move: bid })).toMatchObject({ status: 403, json: { code: 'NOT_YOUR_SEAT' } });
		const ok = await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'p1', move: bid, expectedVersion: mine.version });
		expect(ok.status).toBe(200);
		expect(ok.json).toMatchObject({ version: mine.version + 1, duplicate: false });
		expect(ok.json.log).toEqual([expect.objectContaining({ type: 'bid-in', seat: mine.yourSeat })]);
		expect(JSON.stringify(ok.json.log)).not.toContain('markers');
		expect((await view(players[0], id)).view!.mySealed).toEqual(expect.objectContaining({ markers: bid.type === 'bid' ? bid.markers : -1 }));
		for (const who of [outsider, null]) {
			const v = await view(who, id);
			expect(v.yourSeat).toBeNull();
			expect(v.view!.mySealed).toBeNull();
			expect(v.view!.seed).toBeNull();
			expect(v.inviteCode).toBeNull();
		}
		expect((await view(players[1], id)).view!.mySealed).toBeNull();
		const stale = await call(players[1], 'POST', `/api/games/${id}/moves`, { moveId: 'p2', move: bid, expectedVersion: mine.version });
		expect(stale).toMatchObject({ status: 409, json: { code: 'STALE_VERSION', currentVersion: mine.version + 1 } });
		const again = await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'p1', move: bid, expectedVersion: mine.version });
		expect(again.json).toMatchObject({ version: mine.version + 1, duplicate: true });
		expect(await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'p1', move: { type: 'pass' } })).toMatchObject({ status: 409, json: { code: 'MOVE_ID_REUSED' } });
	});
});

/** Opens a socket through the Worker as `who`; collects messages. */
async function openSocket(who: HttpUser | null, id: string) {
	const res = await exports.default.fetch(`${ORIGIN}/api/games/${id}/socket`, {
		headers: { upgrade: 'websocket', origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}), 'x-rongo-room-user': JSON.stringify({ id: players[0].id, username: 'forged' }) }
	});
	expect(res.status).toBe(101);
	const ws = res.webSocket!;
	const messages: ServerMessage[] = [];
	const waiters: (() => void)[] = [];
	ws.accept();
	ws.addEventListener('message', (e) => {
		messages.push(JSON.parse(e.data as string));
		waiters.splice(0).forEach((w) => w());
	});
	const next = async (count: number) => {
		for (let i = 0; i < 100 && messages.length < count; i++) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 50)));
		return messages;
	};
	return { ws, messages, next };
}

describe('WebSockets', () => {
	it('each socket gets its own seat view with versions; spectators the spectator view; resync; a forged user header is ignored', async () => {
		const { id } = await newGame(players);
		const seat0 = await openSocket(players[0], id);
		const spectator = await openSocket(null, id); // sends a forged header claiming players[0]
		const [s0] = await seat0.next(1);
		const [sp] = await spectator.next(1);
		expect(s0).toMatchObject({ type: 'state', version: 3 });
		expect(sp).toMatchObject({ type: 'state', version: 3, yourSeat: null });
		const mine = await view(players[0], id);
		const bid = giants.legalMoves(mine.view!, mine.yourSeat!).at(-1)!;
		expect((await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'w1', move: bid })).status).toBe(200);
		const [, e0] = await seat0.next(2);
		const [, esp] = await spectator.next(2);
		expect(e0).toMatchObject({ type: 'event', version: 4, yourSeat: mine.yourSeat });
		expect((e0 as RoomView<GiantsView>).view!.mySealed).not.toBeNull();
		expect(esp).toMatchObject({ type: 'event', version: 4, yourSeat: null });
		expect((esp as RoomView<GiantsView>).view!.mySealed).toBeNull();
		expect((esp as { log: unknown[] }).log).toEqual((e0 as { log: unknown[] }).log);
		spectator.ws.send(JSON.stringify({ type: 'resync' }));
		const [, , rs] = await spectator.next(3);
		expect(rs).toMatchObject({ type: 'state', version: 4, yourSeat: null });
		seat0.ws.close();
		spectator.ws.close();
	});

	it('(h) a cross-origin upgrade is refused; a plain GET is 426', async () => {
		const { id } = await newGame(players);
		for (const origin of ['http://evil.example', 'null', '']) {
			const res = await exports.default.fetch(`${ORIGIN}/api/games/${id}/socket`, {
				headers: { upgrade: 'websocket', cookie: players[0].cookie, ...(origin ? { origin } : {}) }
			});
			expect(res.status).toBe(403);
			expect(await res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
		}
		expect(await call(players[0], 'GET', `/api/games/${id}/socket`)).toMatchObject({ status: 426, json: { code: 'UPGRADE_REQUIRED' } });
	});
});

// ---- (g) hostile requests ------------------------------------------------------------------------

type Hostile = { who: HttpUser | null; method: string; path: string; body?: string | ReadableStream<Uint8Array>; headers?: Record<string, string> };

function deep(n: number, open = '[', close = ']') {
	return open.repeat(n) + close.repeat(n);
}

/** Bodies that must never be accepted as a move (none is a legal bid). */
function hostileMoveBodies(): string[] {
	const weird = ['__proto__', 'constructor', 'prototype', '', ' ', '\u0000', '\uFFFF', '😀', '<script>alert(1)</script>', "'; DROP TABLE games; --", '../../etc/passwd', '%00', '\\u0000', 'a'.repeat(200), 'NaN', 'Infinity', 'null', 'true'];
	const numbers = ['1e999', '-1e999', '1e308', '-0', '9007199254740993', '0.5', '-1', '1e-400', '123456789012345678901234567890'];
	const out: string[] = [];
	for (const w of weird) {
		out.push(JSON.stringify({ moveId: w, move: { type: 'bid', markers: 99, workers: 99 } }));
		out.push(JSON.stringify({ moveId: 'h', move: { type: w } }));
		out.push(JSON.stringify({ moveId: 'h', move: { type: 'bid', markers: w, workers: 0 } }));
		out.push(`{"moveId":"h","move":{"type":"pass","${w.replace(/["\\]/g, '')}":1}}`);
	}
	for (const x of numbers) {
		// workers 99: illegal whatever x is (-0 and 1e-400 parse as 0, which would be a legal bid).
		out.push(`{"moveId":"h","move":{"type":"bid","markers":${x},"workers":99}}`);
		out.push(`{"moveId":"h","move":{"type":"bid","markers":99,"workers":${x}}}`);
		out.push(`{"moveId":"h","move":{"type":"bid","markers":1,"workers":0},"expectedVersion":${x}}`);
		out.push(`{"moveId":${x},"move":{"type":"pass"}}`);
	}
	for (const t of ['fly', 'BID', 'bid ', 'place', 'move', 'carve', 'choose', 'action', 'rongo', 'mark', 'pass', 'undo', 'resign', 'chat'])
		out.push(JSON.stringify({ moveId: `t-${t.trim()}`, move: { type: t, hex: 'x', figure: 'worker', size: 9 } }));
	out.push(
		'{"__proto__":{"admin":true},"moveId":"h","move":{"type":"pass"}}',
		'{"moveId":"h","move":{"type":"pass","__proto__":{"polluted":1}}}',
		'{"moveId":"h","move":{"type":"pass","constructor":{"prototype":{"x":1}}}}',
		'{"moveId":"h","move":{"type":"bid","markers":1,"workers":0,"medicineMan":"yes"}}',
		'{"moveId":"h","move":{"type":"bid","markers":[],"workers":{}}}',
		'{"moveId":"h","move":[]}',
		'{"moveId":"h","move":null}',
		'{"moveId":"h","move":"pass"}',
		'{"moveId":"h","move":{"type":null}}',
		'{"moveId":"h"}',
		'{"move":{"type":"pass"}}',
		'{"moveId":"h","move":{"type":"pass"},"extra":1}',
		'{"moveId":"h","move":{"type":"pass"},"expectedVersion":"3"}',
		'{"moveId":"h","move":{"type":"pass"},"expectedVersion":null}',
		'{"moveId":"","move":{"type":"pass"}}',
		'{"moveId":"a/b","move":{"type":"pass"}}',
		`{"moveId":"${'x'.repeat(65)}","move":{"type":"pass"}}`,
		`{"moveId":"h","move":{"type":"pass","pad":"${'x'.repeat(17_000)}"}}`,
		`{"moveId":"h","move":${deep(40, '{"a":', '}').replace(/\{"a":\}/, '1')}}`,
		`{"moveId":"h","move":{"type":"pass","a":${deep(5000)}}}`,
		deep(10_000),
		deep(3000, '{"a":', '}'),
		'',
		' ',
		'{',
		'}',
		'[',
		'null',
		'true',
		'0',
		'"move"',
		'[]',
		'{}',
		"{'moveId':'h'}",
		'{"moveId":"h",}',
		'{"moveId":"h" "move":{}}',
		'{"moveId":"h","move":{"type":"pass"}} trailing',
		'\uFEFF{"moveId":"h","move":{"type":"pass"}}x',
		'{"moveId":"h","move":{"type":"pass"}}\u0000',
		'{"moveId":"\ud800","move":{"type":"pass"}}',
		'NaN',
		'undefined'
	);
	return out;
}

function hostileRequests(id: string, seated: HttpUser, stranger: HttpUser): Hostile[] {
	const reqs: Hostile[] = [];
	const movePath = `/api/games/${id}/moves`;
	for (const body of hostileMoveBodies()) {
		reqs.push({ who: seated, method: 'POST', path: movePath, body });
		reqs.push({ who: stranger, method: 'POST', path: movePath, body });
	}
	// Wrong content types with a well-formed (but illegal) move, and none at all.
	const illegal = JSON.stringify({ moveId: 'ct', move: { type: 'pass' } });
	for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx', 'json', 'application/javascript', 'text/json', '*/*', 'application/json-patch', 'application/ json'])
		for (const who of [seated, stranger]) reqs.push({ who, method: 'POST', path: movePath, body: illegal, headers: { 'content-type': ct } });
	// Oversized bodies, one of them a stream without a length.
	const big = JSON.stringify({ moveId: 'big', move: { type: 'bid', markers: 1, workers: 0, pad: 'x'.repeat(20_000) } });
	for (const who of [seated, stranger]) {
		reqs.push({ who, method: 'POST', path: movePath, body: big });
		reqs.push({ who, method: 'POST', path: movePath, body: 'x'.repeat(1_000_000) });
		reqs.push({
			who,
			method: 'POST',
			path: movePath,
			body: new ReadableStream({
				start(c) {
					for (let i = 0; i < 64; i++) c.enqueue(new TextEncoder().encode(' '.repeat(1024)));
					c.close();
				}
			})
		});
	}
	// Lobby endpoints: the game has started, so nothing there may change it either.
	for (const action of ['join', 'leave', 'start'])
		for (const body of ['{"inviteCode":123}', '{"inviteCode":"x","admin":true}', '{"__proto__":{}}', deep(100), '{', '[]', 'null', `{"inviteCode":"${'y'.repeat(70)}"}`, '{}', undefined])
			for (const who of [seated, stranger]) reqs.push({ who, method: 'POST', path: `/api/games/${id}/${action}`, body });
	// Create with bad bodies (none valid, so no game is made).
	for (const body of ['{}', '{"game":"chess","seats":3}', '{"game":"giants","seats":2}', '{"game":"giants","seats":6}', '{"game":"giants","seats":3.5}', '{"game":"giants","seats":"3"}', '{"game":"giants","seats":1e999}', '{"game":"giants","seats":3,"visibility":"secret"}', '{"game":"giants","seats":3,"timeLimit":"4d"}', '{"game":"giants","seats":3,"quickStart":"yes"}', '{"game":"giants","seats":3,"__proto__":{"x":1}}', '{"game":"giants","seats":3,"creator":"me"}', deep(64), '[', big])
		reqs.push({ who: stranger, method: 'POST', path: '/api/games', body });
	// Odd ids, odd queries, odd methods.
	for (const p of ['/api/games/%00', '/api/games/..%2f..%2fetc', `/api/games/${id.toUpperCase()}`, `/api/games/${id}x`, '/api/games/' + 'a'.repeat(300), `/api/games/${id}/moves/../../x`, '/api/games?status=closed', '/api/games?status=%27%20OR%201=1', '/api/games/__proto__', '/api/games/constructor'])
		reqs.push({ who: stranger, method: 'GET', path: p });
	for (const m of ['PUT', 'DELETE', 'PATCH']) for (const p of [movePath, `/api/games/${id}`, '/api/games']) reqs.push({ who: seated, method: m, path: p, body: illegal });
	reqs.push({ who: seated, method: 'GET', path: movePath });
	// Signed out, anything.
	for (const body of hostileMoveBodies()) reqs.push({ who: null, method: 'POST', path: movePath, body });
	return reqs;
}

describe('(g) hostile requests', () => {
	it('500+ malformed or hostile requests: all 4xx with a code, none 500, the game unchanged', async () => {
		const { id } = await newGame(players);
		// One legal bid in, so the game is mid-decision and has a sealed secret to protect.
		const v0 = await view(players[0], id);
		const bid = giants.legalMoves(v0.view!, v0.yourSeat!).at(-1)!;
		expect((await call(players[0], 'POST', `/api/games/${id}/moves`, { moveId: 'real', move: bid })).status).toBe(200);
		const before = await Promise.all([...players, outsider, null].map((u) => view(u, id)));
		const reqs = hostileRequests(id, players[1], outsider);
		expect(reqs.length).toBeGreaterThanOrEqual(500);
		const failures: string[] = [];
		for (let i = 0; i < reqs.length; i += 25) {
			await Promise.all(
				reqs.slice(i, i + 25).map(async (r, k) => {
					const headers: Record<string, string> = { origin: ORIGIN, ...(r.who ? { cookie: r.who.cookie } : {}) };
					if (r.body !== undefined && !(r.headers && 'content-type' in r.headers)) headers['content-type'] = 'application/json';
					const res = await exports.default.fetch(`${ORIGIN}${r.path}`, { method: r.method, headers: { ...headers, ...r.headers }, body: r.body as never });
					const text = await res.text();
					let code: unknown;
					try {
						code = JSON.parse(text).code;
					} catch {
						code = undefined;
					}
					if (res.status < 400 || res.status >= 500 || (typeof code !== 'string' && res.status !== 405 && res.status !== 404))
						failures.push(`#${i + k} ${r.method} ${r.path} ${String(r.body).slice(0, 60)} → ${res.status} ${text.slice(0, 120)}`);
				})
			);
		}
		expect(failures).toEqual([]);
		const after = await Promise.all([...players, outsider, null].map((u) => view(u, id)));
		expect(after.map((v) => v.version)).toEqual(before.map((v) => v.version));
		for (let i = 0; i < before.length; i++) expect(jsonEqual(after[i], before[i])).toBe(true);
	});
});
