// Issue 15, "People" — playing again: ratings (OpenSkill) written with a normal end's flush, exactly
// once; follows; invitations by name; rematches. Through the real Worker, D1 and Durable Objects
// (games of the test-only kind Take-away finish in a few moves, tests/games/takeaway/kind.ts); the
// rating batch is also driven directly (flushBatch, what the room's flusher calls) with finished
// payloads that a quick game cannot produce: ties, a dropped seat, a replayed flush, two games at once.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { D1Payload } from '$lib/protocol/room';
import { displayRating, flushBatch } from '$lib/server/people/ratings';
import { renderEvent } from '$lib/server/notify/render';
import { randomId } from '$lib/server/games';
import { call, signUp, type HttpUser } from './room-helpers';
import { signUp as signUpWithEmail } from './helpers';
import { changes, finishedGame as played, ratingRow, until, walkAway } from './rating-helpers';

/** A public (or private) Take-away game of a and b played to its end (rating-helpers.ts). */
const finishedGame = (a: HttpUser, b: HttpUser, visibility: 'public' | 'private' = 'public') => played(a, b, { visibility });

const KIND = 'takeaway';

let g = 0;
/** A finished payload as the room writes it (projection.ts d1Payload) for `users` with scores and winners. */
function payload(kind: string, users: HttpUser[], seats: { score: number; winner: 0 | 1; dropped?: number; decisions?: number }[], over: Partial<D1Payload['game']> = {}): D1Payload {
	const id = randomId();
	const t = Date.UTC(2030, 0, 1) + g++;
	return {
		game: {
			id, game: kind, status: 'finished', visibility: 'public', inviteCode: null, creatorId: users[0]?.id ?? 'nobody', options: '{}', seatsWanted: users.length,
			timeLimit: '3d', engineVersion: `${kind}@test`, version: 9, activeSeats: '[]', seedCommitment: null, createdAt: t, updatedAt: t, startedAt: t,
			finishedAt: t, rounds: 3, players: users.length, ...over
		},
		// Every seat decided something (ratings.ts ratable) unless a test says otherwise.
		seats: users.map((u, seat) => ({ userId: u.id, seat, colour: null, joinedAt: t, decisions: 1, ...seats[seat], dropped: seats[seat].dropped ?? 0 }))
	};
}

describe('ratings', () => {
	// The ranking itself (winners, ties, quitters last): src/lib/server/people/ratings.test.ts.
	it('a newcomer shows 1000', () => {
		expect(displayRating(25, 25 / 3)).toBe(1000);
	});

	it('a normal end rates both players once; profile and archive show it', async () => {
		const [a, b] = [await signUp('ra'), await signUp('rb')];
		const { id, winner } = await finishedGame(a, b);
		const loser = winner === a.id ? b : a;
		const rows = await until(async () => ((await changes(id)).length === 2 ? changes(id) : null), 'rated');
		const w = (await ratingRow(winner, KIND))!;
		const l = (await ratingRow(loser.id, KIND))!;
		expect(w.games).toBe(1);
		expect(l.games).toBe(1);
		expect(w.mu).toBeGreaterThan(25);
		expect(l.mu).toBeLessThan(25);
		expect(rows.every((r) => r.before_mu === 25 && r.kind === KIND)).toBe(true);

		const prof = await call(null, 'GET', `/api/players/${loser.username}`);
		expect(prof.status).toBe(200);
		expect(prof.json.ratings).toEqual([{ kind: KIND, rating: displayRating(l.mu, l.sigma), games: 1, provisional: true }]);
		const page = await call(null, 'GET', `/players/${loser.username}`);
		expect(page.text).toContain(new Intl.NumberFormat('en').format(displayRating(l.mu, l.sigma)));

		const arch = await call(null, 'GET', `/api/archive?player=${a.username}`);
		const row = arch.json.games.find((x: { id: string }) => x.id === id);
		expect(row.players.map((p: { username: string; rating: unknown }) => [p.username, p.rating]).sort()).toEqual(
			[
				[winner === a.id ? a.username : b.username, { before: 1000, after: displayRating(w.mu, w.sigma) }],
				[loser.username, { before: 1000, after: displayRating(l.mu, l.sigma) }]
			].sort()
		);
	});

	it('a replayed flush does not count twice', async () => {
		const us = [await signUp('rp'), await signUp('rq')];
		const p = payload('replaykind', us, [{ score: 5, winner: 1 }, { score: 2, winner: 0 }]);
		await flushBatch(env.DB, p, []);
		const once = await ratingRow(us[0].id, 'replaykind');
		await flushBatch(env.DB, p, []);
		await flushBatch(env.DB, { ...p, game: { ...p.game, version: 10 } }, []);
		expect(await ratingRow(us[0].id, 'replaykind')).toEqual(once);
		expect(once!.games).toBe(1);
		expect((await changes(p.game.id)).length).toBe(2);
	});

	it('a seat played by the bot at the end ranks last, whatever the bot scored (issue 28); no rating for a game closed before its start', async () => {
		const us = [await signUp('rd'), await signUp('re'), await signUp('rf')];
		// The bot won for the seat its player left: the game's result stays, the rating counts the seat last.
		const dropped = payload('dropkind', us, [{ score: 5, winner: 1, dropped: 1 }, { score: 2, winner: 0 }, { score: 1, winner: 0 }]);
		await flushBatch(env.DB, dropped, []);
		expect(await env.DB.prepare('SELECT score, winner, dropped FROM seats WHERE game_id = ?1 AND seat = 0').bind(dropped.game.id).first()).toEqual({ score: 5, winner: 1, dropped: 1 });
		expect((await changes(dropped.game.id)).length).toBe(3);
		const [q, first, second] = await Promise.all(us.map((u) => ratingRow(u.id, 'dropkind')));
		expect(q!.mu).toBeLessThan(second!.mu);
		expect(second!.mu).toBeLessThan(first!.mu);
		const closed = payload('dropkind', [], []);
		closed.game.startedAt = null;
		await flushBatch(env.DB, closed, []);
		expect(await changes(closed.game.id)).toEqual([]);
	});

	it('through the room: a seat that only timed out until the bot took it decided nothing, so the game is not rated', async () => {
		const { id } = await walkAway(await signUp('da'), await signUp('db'), false);
		expect(await changes(id)).toEqual([]);
	});

	it('ties: a shared victory and equal totals give equal changes', async () => {
		const us = [await signUp('ta'), await signUp('tb'), await signUp('tc'), await signUp('td')];
		const p = payload('tiekind', us, [{ score: 9, winner: 1 }, { score: 7, winner: 1 }, { score: 3, winner: 0 }, { score: 3, winner: 0 }]);
		await flushBatch(env.DB, p, []);
		const r = await Promise.all(us.map((u) => ratingRow(u.id, 'tiekind')));
		expect(r[0]!.mu).toBeCloseTo(r[1]!.mu, 9);
		expect(r[2]!.mu).toBeCloseTo(r[3]!.mu, 9);
		expect(r[0]!.mu).toBeGreaterThan(r[2]!.mu);
	});

	it('two games of the same players finishing at once: each counted once, the second from the first one\'s result', async () => {
		const us = [await signUp('ca'), await signUp('cb')];
		const p1 = payload('racekind', us, [{ score: 5, winner: 1 }, { score: 2, winner: 0 }]);
		const p2 = payload('racekind', us, [{ score: 1, winner: 0 }, { score: 6, winner: 1 }]);
		await Promise.all([flushBatch(env.DB, p1, []), flushBatch(env.DB, p2, [])]);
		expect((await ratingRow(us[0].id, 'racekind'))!.games).toBe(2);
		expect((await ratingRow(us[1].id, 'racekind'))!.games).toBe(2);
		const [c1, c2] = [await changes(p1.game.id), await changes(p2.game.id)];
		// One of them was rated first; the other started from its results, for both players.
		const [first, second] = c1[0].before_mu === 25 ? [c1, c2] : [c2, c1];
		for (let i = 0; i < 2; i++) {
			expect(first[i].before_mu).toBe(25);
			expect(second[i].before_mu).toBe(first[i].after_mu);
			expect(second[i].before_sigma).toBe(first[i].after_sigma);
		}
	});
});

describe('follows', () => {
	it('follow, list both ways, unfollow; self and unknown refused; signed out 401', async () => {
		const [a, b] = [await signUp('fa'), await signUp('fb')];
		expect(await call(a, 'PUT', `/api/players/${b.username}/follow`)).toMatchObject({ status: 200, json: { following: true, username: b.username } });
		expect((await call(a, 'PUT', `/api/players/${b.username}/follow`)).status).toBe(200);
		expect((await call(a, 'GET', `/api/players/${b.username}/follow`)).json.following).toBe(true);
		const mine = await call(a, 'GET', '/api/me/follows');
		expect(mine.json.following.map((p: { username: string }) => p.username)).toEqual([b.username]);
		const theirs = await call(b, 'GET', '/api/me/follows');
		expect(theirs.json.followers.map((p: { username: string }) => p.username)).toEqual([a.username]);
		expect(JSON.stringify(theirs.json)).not.toContain(a.id);

		expect(await call(a, 'PUT', `/api/players/${a.username}/follow`)).toMatchObject({ status: 400, json: { code: 'SELF_FOLLOW' } });
		expect(await call(a, 'PUT', '/api/players/nobody_zz9x/follow')).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		expect(await call(a, 'PUT', '/api/players/%3Cscript%3E/follow')).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		expect((await call(null, 'PUT', `/api/players/${b.username}/follow`)).status).toBe(401);

		// The profile page offers the button to others (not on one's own page).
		expect((await call(a, 'GET', `/players/${b.username}`)).text).toMatch(/class="follow[^>]*>\s*<button[^>]*>\s*Unfollow/);
		expect((await call(b, 'GET', `/players/${b.username}`)).text).not.toContain('class="follow');

		expect(await call(a, 'DELETE', `/api/players/${b.username}/follow`)).toMatchObject({ status: 200, json: { following: false } });
		expect((await call(a, 'GET', '/api/me/follows')).json.following).toEqual([]);
		// A database check backs the route: nobody follows themself.
		await expect(env.DB.prepare('INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?1, 0)').bind(a.id).run()).rejects.toThrow();
	});

	it('games of people I follow: their public games, never their private ones', async () => {
		const [a, b] = [await signUp('ga'), await signUp('gb')];
		await call(a, 'PUT', `/api/players/${b.username}/follow`);
		const pub = await call(b, 'POST', '/api/games', { kind: KIND, seats: 2 });
		const priv = await call(b, 'POST', '/api/games', { kind: KIND, seats: 2, visibility: 'private' });
		const games = await until(async () => {
			const r = await call(a, 'GET', '/api/me/follows');
			return r.json.games.some((x: { id: string }) => x.id === pub.json.id) ? r.json.games : null;
		}, 'followed game listed');
		expect(games.map((x: { id: string }) => x.id)).not.toContain(priv.json.id);
		expect(games.find((x: { id: string }) => x.id === pub.json.id)).toMatchObject({ kind: KIND, status: 'waiting', players: [b.username] });
		expect((await call(a, 'GET', '/')).text).toContain(`/games/${pub.json.id}`);
	});
});

describe('invite a player by name', () => {
	it('into a waiting private game: the invitee is notified with the link; stable refusals', async () => {
		const [a, b, c] = [await signUp('ia'), await signUp('ib'), await signUp('ic')];
		const priv = await call(a, 'POST', '/api/games', { kind: KIND, seats: 2, visibility: 'private' });
		const id = priv.json.id as string;
		const inv = (who: HttpUser, gameId: string, username: unknown) => call(who, 'POST', `/api/games/${gameId}/invite`, { username });

		expect(await inv(a, id, 'nobody_q7zz')).toMatchObject({ status: 404, json: { code: 'UNKNOWN_PLAYER' } });
		expect(await inv(a, id, a.username)).toMatchObject({ status: 409, json: { code: 'ALREADY_SEATED' } });
		expect(await inv(a, id, 42)).toMatchObject({ status: 400, json: { code: 'BAD_REQUEST' } });
		expect((await call(a, 'POST', `/api/games/${id}/invite`, '{"username":')).json.code).toBe('BAD_JSON');
		// Not a player: the private game does not exist for c.
		expect(await inv(c, id, b.username)).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
		const pub = await call(a, 'POST', '/api/games', { kind: KIND, seats: 2 });
		expect(await inv(a, pub.json.id, b.username)).toMatchObject({ status: 409, json: { code: 'NOT_PRIVATE' } });

		expect(await inv(a, id, b.username.toUpperCase())).toMatchObject({ status: 200, json: { username: b.username, invited: true } });
		expect(await inv(a, id, b.username)).toMatchObject({ status: 200, json: { invited: false } });
		const ev = await env.DB.prepare("SELECT * FROM notification_events WHERE user_id = ?1 AND kind = 'invite'").bind(b.id).all<Record<string, string>>();
		expect(ev.results.length).toBe(1);
		const data = JSON.parse(ev.results[0].data);
		expect(data).toMatchObject({ gameId: id, from: a.username, invite: priv.json.inviteCode, kind: KIND });
		const msg = renderEvent({ id: ev.results[0].id, userId: b.id, gameId: id, version: 0, gameOpen: false, createdAt: 0, kind: 'invite', data }, { id: b.id, username: b.username, email: null, locale: 'de', webhookUrl: null }, 'https://rongo.example', 0);
		expect(msg.url).toBe(`https://rongo.example/de/games/${id}?invite=${priv.json.inviteCode}`);
		expect(msg.subject).toContain(a.username);
		// The postman delivers it to b's in-app inbox (b's defaults: every channel on).
		await until(async () => (await call(b, 'GET', '/api/me/inbox')).text.includes(`/games/${id}?invite=`), 'in b\'s inbox');

		// Email as the invitees' preferences say: d wants every notification by email, e none.
		const d = await signUpWithEmail('id', { email: `inv-d-${Date.now()}@mail.example` });
		const e = await signUpWithEmail('ie', { email: `inv-e-${Date.now()}@mail.example` });
		await env.DB.batch([
			env.DB.prepare("INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'email', 'turn')").bind(d.id),
			env.DB.prepare("INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, 'email', 'off')").bind(e.id),
			// Email goes to verified addresses only (docs/security.md "Email verification").
			env.DB.prepare('UPDATE users SET email_verified_at = 1 WHERE id IN (?1, ?2)').bind(d.id, e.id)
		]);
		expect((await inv(a, id, d.username)).json.invited).toBe(true);
		expect((await inv(a, id, e.username)).json.invited).toBe(true);
		const mail = await until(
			() => env.DB.prepare("SELECT subject, text FROM dev_mailbox WHERE to_address = ?1 AND subject LIKE '%invites you%'").bind(d.email).first<{ subject: string; text: string }>(),
			'the invitation mail'
		);
		expect(mail.subject).toBe(`${a.username} invites you to a game of Take-away`);
		expect(mail.text).toContain(`/games/${id}?invite=${priv.json.inviteCode}`);
		await until(async () => (await call(e, 'GET', '/api/me/inbox')).text.includes(`/games/${id}?invite=`), 'in e\'s inbox');
		expect(await env.DB.prepare("SELECT 1 AS x FROM dev_mailbox WHERE to_address = ?1 AND subject LIKE '%invites you%'").bind(e.email).first()).toBeNull();

		// Started: no more invitations.
		expect((await call(b, 'POST', `/api/games/${id}/join`, { inviteCode: priv.json.inviteCode })).status).toBe(200);
		expect(await inv(a, id, c.username)).toMatchObject({ status: 409, json: { code: 'NOT_WAITING' } });
	});
});

describe('rematch', () => {
	it('offered once, accepted by the other player: the new game starts and links back', async () => {
		const [a, b, c] = [await signUp('ma'), await signUp('mb'), await signUp('mc')];
		const running = await call(a, 'POST', '/api/games', { kind: KIND, seats: 2, options: { stones: 7 } });
		await call(b, 'POST', `/api/games/${running.json.id}/join`, {});
		await until(async () => (await env.DB.prepare("SELECT 1 AS x FROM games WHERE id = ?1 AND status = 'active'").bind(running.json.id).first()) !== null, 'active');
		expect(await call(a, 'POST', `/api/games/${running.json.id}/rematch`)).toMatchObject({ status: 409, json: { code: 'NOT_FINISHED' } });

		const { id } = await finishedGame(a, b);
		expect(await call(c, 'POST', `/api/games/${id}/rematch`)).toMatchObject({ status: 403, json: { code: 'NOT_SEATED' } });
		expect((await call(null, 'POST', `/api/games/${id}/rematch`)).status).toBe(401);
		expect(await call(a, 'POST', '/api/games/zzzzzzzzzzzzzzzz/rematch')).toMatchObject({ status: 404 });

		const offer = await call(a, 'POST', `/api/games/${id}/rematch`);
		expect(offer).toMatchObject({ status: 201, json: { created: true, by: a.username } });
		const again = await call(b, 'POST', `/api/games/${id}/rematch`);
		expect(again).toMatchObject({ status: 200, json: { created: false, id: offer.json.id, inviteCode: offer.json.inviteCode, by: a.username } });
		expect((await call(b, 'GET', `/api/games/${id}/rematch`)).json.rematch).toEqual({ id: offer.json.id, inviteCode: offer.json.inviteCode, by: a.username });
		expect((await call(c, 'GET', `/api/games/${id}/rematch`)).json.rematch).toBeNull();

		const v = (await call(a, 'GET', `/api/games/${offer.json.id}`)).json;
		// Private like every rematch, and rated like the public game it follows (issue 28: the choice is kept).
		expect(v).toMatchObject({ kind: KIND, status: 'waiting', visibility: 'private', rated: true, seatsWanted: 2, options: { stones: 5 } });
		const ev = await env.DB.prepare("SELECT data FROM notification_events WHERE user_id = ?1 AND kind = 'invite' AND game_id = ?2").bind(b.id, offer.json.id).first<{ data: string }>();
		expect(JSON.parse(ev!.data)).toMatchObject({ rematchOf: id, from: a.username, invite: offer.json.inviteCode });

		// The finished game's page shows b the offer; Accept is the ordinary join with the code.
		expect((await call(b, 'GET', `/games/${id}`)).status).toBe(200);
		expect((await call(b, 'POST', `/api/games/${offer.json.id}/join`, { inviteCode: offer.json.inviteCode })).status).toBe(200);
		expect((await call(b, 'GET', `/api/games/${offer.json.id}`)).json.status).toBe('active');
		const back = await until(async () => (await call(b, 'GET', `/api/games/${offer.json.id}/rematch`)).json?.rematchOf, 'link back');
		expect(back).toBe(id);
	});

	it('the creator starts early with those who accepted (a three-player kind)', async () => {
		const [a, b, c] = [await signUp('ea'), await signUp('eb'), await signUp('ec')];
		// A finished three-player game of a kind for 2–5 (its rows as a room writes them).
		const p = payload('moa', [a, b, c], [{ score: 30, winner: 1 }, { score: 20, winner: 0 }, { score: 10, winner: 0 }]);
		await flushBatch(env.DB, p, []);
		const offer = await call(b, 'POST', `/api/games/${p.game.id}/rematch`);
		expect(offer.status).toBe(201);
		const nid = offer.json.id as string;
		expect((await call(b, 'GET', `/api/games/${nid}`)).json).toMatchObject({ kind: 'moa', seatsWanted: 3, status: 'waiting' });
		expect((await call(a, 'POST', `/api/games/${nid}/join`, { inviteCode: offer.json.inviteCode })).status).toBe(200);
		// c has not answered; only the creator may start.
		expect((await call(a, 'POST', `/api/games/${nid}/start`)).status).toBe(403);
		expect((await call(b, 'POST', `/api/games/${nid}/start`)).status).toBe(200);
		const v = (await call(a, 'GET', `/api/games/${nid}`)).json;
		expect(v.status).toBe('active');
		expect(v.seats.map((s: { userId: string }) => s.userId).sort()).toEqual([a.id, b.id].sort());
		// Someone else's code is no key to an unrelated game: c has no seat until joining.
		expect((await call(c, 'POST', `/api/games/${nid}/join`, { inviteCode: offer.json.inviteCode })).json.code).toBe('NOT_WAITING');
	});
});
