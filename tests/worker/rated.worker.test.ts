// Issue 28, point 3 — "Ratings can be farmed with a second account": three private Moa games against
// an account that always passed took a rating from 1000 to 1336. Now (docs/people.md "Which games
// count"): rated or casual is chosen at creation and shown to all, private games are casual unless
// chosen rated, a game in which a seat made no real decision (only passes, timeouts, the bot) rates
// nobody, and a player who leaves (dropped to the bot, or their account deleted) ranks last instead of
// voiding the others' game. Through the real Worker, D1 and Durable Objects.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine';
import { kindOf } from '$lib/games';
import { call, signUp, type HttpUser } from './room-helpers';
import { changes, finishedGame, playMoves, playToEnd, ratingRow, until, walkAway } from './rating-helpers';

const PASSWORD = 'correct horse battery staple';

/**
 * A 2-player Moa game (M-11) of `farmer` and `alt`: the farmer plays the default bot's moves from
 * their own view, the second account answers everything with what a timeout would play, as its own
 * moves — it passes its turns (M-7.8), declines defences and places for the neutral (M-11.2).
 */
async function farm(farmer: HttpUser, alt: HttpUser, body: Record<string, unknown>): Promise<string> {
	const moa = kindOf('moa')!;
	const c = await call(farmer, 'POST', '/api/games', { kind: 'moa', seats: 2, ...body });
	expect(c.status).toBe(201);
	const id = c.json.id as string;
	expect((await call(alt, 'POST', `/api/games/${id}/join`, { inviteCode: c.json.inviteCode ?? undefined })).status).toBe(200);
	await playToEnd(id, [farmer, alt], (who, view, seat, k) =>
		who === alt ? moa.timeoutMove(view, seat)!.move : moa.bots[moa.defaultBot](view, seat, seedRng(`farm/${id}/${k}`))
	);
	return id;
}

describe('the farm (issue 28)', () => {
	it('as reported: a private Moa game against a second account that only passes moves nobody\'s rating', async () => {
		const [farmer, alt] = [await signUp('fa'), await signUp('fb')];
		const id = await farm(farmer, alt, { visibility: 'private' });
		expect(await changes(id)).toEqual([]);
		expect(await ratingRow(farmer.id, 'moa')).toBeNull();
		expect((await call(farmer, 'GET', `/api/games/${id}`)).json).toMatchObject({ status: 'finished', visibility: 'private', rated: false });
	});

	it('in a rated game too: a seat that made no real decision rates nobody', async () => {
		const [farmer, alt] = [await signUp('fc'), await signUp('fd')];
		const id = await farm(farmer, alt, { visibility: 'public' });
		expect(await changes(id)).toEqual([]);
		expect(await ratingRow(farmer.id, 'moa')).toBeNull();
		// The farmer won by the kind's scores: the result stands, it just moves no rating.
		expect(await env.DB.prepare('SELECT winner FROM seats WHERE game_id = ?1 AND user_id = ?2').bind(id, farmer.id).first()).toEqual({ winner: 1 });
		expect((await call(farmer, 'GET', `/api/games/${id}`)).json).toMatchObject({ status: 'finished', rated: true });
	});
});

describe('rated or casual, chosen at creation', () => {
	it('a rated public game in which both decided moves both ratings; the game\'s JSON and the lobby say Rated', async () => {
		const [a, b] = [await signUp('ra'), await signUp('rb')];
		const open = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2 });
		const casual = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, rated: false });
		expect((await call(b, 'GET', `/api/games/${open.json.id}`)).json.rated).toBe(true);
		expect((await call(b, 'GET', `/api/games/${casual.json.id}`)).json.rated).toBe(false);
		const listed = await until(async () => {
			const games = (await call(b, 'GET', '/api/games?status=open')).json.games as { id: string; rated: boolean }[];
			const mine = games.filter((g) => g.id === open.json.id || g.id === casual.json.id);
			return mine.length === 2 ? mine : null;
		}, 'both in the lobby');
		expect(Object.fromEntries(listed.map((g) => [g.id, g.rated]))).toEqual({ [open.json.id]: true, [casual.json.id]: false });
		const lobby = (await call(b, 'GET', '/lobby')).text;
		expect(lobby).toContain('Rated games move the players');
		expect(lobby).toMatch(/data-testid="rated-tag"[^>]*>Rated</);
		expect(lobby).toMatch(/data-testid="rated-tag"[^>]*>Casual</);
		// The game page says it before the join button.
		expect((await call(b, 'GET', `/games/${open.json.id}`)).text).toContain('Rated game: by joining you agree');
		expect((await call(b, 'GET', `/de/games/${casual.json.id}`)).text).toContain('Ungewertete Partie');

		const { id, winner } = await finishedGame(a, b);
		const rows = await until(async () => ((await changes(id)).length === 2 ? changes(id) : null), 'rated');
		expect(rows.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
		expect((await ratingRow(winner, 'takeaway'))!.mu).toBeGreaterThan(25);
	});

	it('`rated` is a boolean or absent: anything else is 400 BAD_REQUEST naming it, and makes no game', async () => {
		const a = await signUp('ha');
		for (const rated of ['yes', null, 1, 0, {}, [], 'true'])
			for (const body of [{ kind: 'takeaway', seats: 2, rated }, { game: 'takeaway', seats: 2, stones: 5, rated }]) {
				const r = await call(a, 'POST', '/api/games', body);
				expect(r.status, JSON.stringify(body)).toBe(400);
				expect(r.json).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('rated') });
			}
		expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM games WHERE creator_id = ?1').bind(a.id).first<{ n: number }>())!.n).toBe(0);
	});

	it('a casual public game never moves a rating', async () => {
		const [a, b] = [await signUp('ca'), await signUp('cb')];
		const { id } = await finishedGame(a, b, { rated: false });
		expect(await env.DB.prepare('SELECT rated FROM games WHERE id = ?1').bind(id).first()).toEqual({ rated: 0 });
		expect(await changes(id)).toEqual([]);
		expect(await ratingRow(a.id, 'takeaway')).toBeNull();
		// The archive row says so.
		const row = (await call(null, 'GET', `/api/archive?player=${a.username}`)).json.games.find((g: { id: string }) => g.id === id);
		expect(row.rated).toBe(false);
	});

	it('a private game is casual unless its creator chose rated; joining one chosen rated is agreeing, and it moves both ratings', async () => {
		const [a, b] = [await signUp('pa'), await signUp('pb')];
		const byDefault = await finishedGame(a, b, { visibility: 'private' });
		expect(await changes(byDefault.id)).toEqual([]);

		const c = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, visibility: 'private', rated: true, options: { stones: 5 } });
		expect(c.status).toBe(201);
		// The invite page says what joining means before the button.
		const invite = (await call(b, 'GET', `/invite/${c.json.inviteCode}`)).text;
		expect(invite).toContain('Rated game: by joining you agree that the result moves your rating');
		expect(invite.indexOf('data-testid="invite-rated"')).toBeLessThan(invite.indexOf('aria-describedby="invite-rated"'));
		expect((await call(b, 'POST', `/api/games/${c.json.id}/join`, { inviteCode: c.json.inviteCode })).status).toBe(200);
		await playToEnd(c.json.id, [a, b], () => ({ type: 'take', n: 1 }));
		expect((await until(async () => ((await changes(c.json.id)).length === 2 ? changes(c.json.id) : null), 'rated')).length).toBe(2);
	});

	it('a rematch keeps the choice of the game it follows', async () => {
		const [a, b] = [await signUp('ma'), await signUp('mb')];
		const { id } = await finishedGame(a, b, { rated: false });
		const offer = await call(a, 'POST', `/api/games/${id}/rematch`);
		expect(offer.status).toBe(201);
		expect((await call(a, 'GET', `/api/games/${offer.json.id}`)).json).toMatchObject({ visibility: 'private', rated: false });
	});
});

describe('leaving a rated game (issue 28, "also seen")', () => {
	it('the loser deletes their account mid-game: the winner\'s game stays rated, the quitter counts last', async () => {
		const [a, b] = [await signUp('qa'), await signUp('qb')];
		const c = await call(a, 'POST', '/api/games', { kind: 'takeaway', seats: 2, options: { stones: 15 } });
		const id = c.json.id as string;
		expect((await call(b, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
		// One stone each: both decided something.
		expect(await playMoves(id, [a, b], () => ({ type: 'take', n: 1 }), 2)).toBe(false);
		expect((await call(b, 'POST', '/api/me/delete', { password: PASSWORD, username: b.username })).status).toBe(200);
		// The bot plays b's seat from now on; a plays to the end, whoever the kind says won.
		await playToEnd(id, [a], () => ({ type: 'take', n: 1 }));
		const rows = await until(async () => ((await changes(id)).length > 0 ? changes(id) : null), 'rated');
		// Only a's rating is written (b's account is gone), and it rose: b counted as last.
		expect(rows.map((r) => r.user_id)).toEqual([a.id]);
		const mine = (await ratingRow(a.id, 'takeaway'))!;
		expect(mine.games).toBe(1);
		expect(mine.mu).toBeGreaterThan(25);
	});

	it('a player who walks away after deciding (three timeouts, then the bot) ranks last even when the bot wins for them', async () => {
		const { id, stayed, walker, walkerSeat } = await walkAway(await signUp('wa'), await signUp('wb'), true);
		// The kind's result stands: the bot won the walker's seat…
		expect(await env.DB.prepare('SELECT winner FROM seats WHERE game_id = ?1 AND seat = ?2').bind(id, walkerSeat).first()).toEqual({ winner: 1 });
		// …but the rating counts the walker last, and their rating (their account exists) falls.
		await until(async () => ((await changes(id)).length === 2 ? true : null), 'rated');
		expect((await ratingRow(stayed.id, 'takeaway'))!.mu).toBeGreaterThan(25);
		expect((await ratingRow(walker.id, 'takeaway'))!.mu).toBeLessThan(25);
	});
});

describe('provisional', () => {
	it('the profile API says so, and the page marks the number', async () => {
		const [a, b] = [await signUp('va'), await signUp('vb')];
		await finishedGame(a, b);
		const r = await until(async () => {
			const p = (await call(null, 'GET', `/api/players/${a.username}`)).json;
			return p.ratings.length ? p.ratings : null;
		}, 'rated');
		expect(r).toEqual([expect.objectContaining({ kind: 'takeaway', games: 1, provisional: true })]);
		const page = (await call(null, 'GET', `/players/${a.username}`)).text;
		expect(page).toContain('data-provisional');
		expect(page).toMatch(/<span aria-hidden="true">\?<\/span><span class="vh"> \(provisional\)<\/span>/);
	});
});
