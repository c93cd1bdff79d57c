// Issue 35: tournaments through the real Worker, D1 and game rooms (src/lib/server/tournaments/,
// docs/tournaments.md). Games are decided by the bot (GameRoom.handToBot, what a round deadline
// does), so rounds pass in seconds: the pairings of a 12-player, 4-round Swiss at tables of 4 repeat
// only the meetings no pairing can avoid; byes; a withdrawal; a round deadline; standings with shared places; two sign-ups
// for the last place; a round never started twice; bad input. No kind is named: the kinds come from
// the registry by their seat ranges.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KINDS } from '$lib/games';
import { advance, startRound, tournamentCron } from '$lib/server/tournaments/tournaments';
import type { TournamentView } from '$lib/protocol/tournament';
import { DELETED_PLAYER } from '$lib/protocol/people';
import { call, signUp, type HttpUser } from './room-helpers';

const DAY = 86_400_000;

/** A registered kind that seats `n` at a table (and whose smallest table is `min`, when asked). */
function kindFor(n: number, min?: number) {
	const k = KINDS.find((x) => x.seats.min <= n && n <= x.seats.max && (min === undefined || x.seats.min === min));
	if (!k) throw new Error(`no registered kind seats ${n}`);
	return k;
}

async function organise(who: HttpUser, over: Record<string, unknown>) {
	const r = await call(who, 'POST', '/api/tournaments', {
		name: 'Test cup',
		format: 'swiss',
		rounds: 3,
		clock: { kind: 'perMove', days: 3 },
		signupUntil: Date.now() + 3 * DAY,
		minPlayers: 2,
		maxPlayers: 16,
		...over
	});
	expect(r.status, r.text).toBe(201);
	return r.json.id as string;
}

async function view(who: HttpUser | null, id: string): Promise<TournamentView> {
	const r = await call(who, 'GET', `/api/tournaments/${id}`);
	expect(r.status, r.text).toBe(200);
	return r.json as TournamentView;
}

async function players(n: number, prefix: string): Promise<HttpUser[]> {
	const out: HttpUser[] = [];
	for (let i = 0; i < n; i++) out.push(await signUp(`${prefix}${i}`));
	return out;
}

async function signUpAll(id: string, who: HttpUser[]) {
	for (const p of who) {
		const r = await call(p, 'POST', `/api/tournaments/${id}/signup`, {});
		expect(r.status, r.text).toBe(200);
	}
}

function room(gameId: string) {
	return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId));
}

/** Every open game of the running round goes to the bot (played to its end); then the round has passed. */
async function playRound(organiser: HttpUser, id: string): Promise<TournamentView> {
	const before = await view(organiser, id);
	const round = before.schedule.at(-1)!;
	for (const t of round.tables) if (!t.finished) expect((await room(t.gameId!).handToBot(null)).ok).toBe(true);
	// The rooms nudge the tournament when their game ends; the test waits for it (and nudges too: a
	// lost nudge is the cron's to make good, and any number of nudges must start one round).
	for (let i = 0; i < 100; i++) {
		await advance(env, id, Date.now());
		const v = await view(organiser, id);
		if (v.status === 'finished' || v.round > before.round) return v;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error('the round did not pass');
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('a 12-player Swiss over 4 rounds at tables of 4', () => {
	const kind = kindFor(4);
	it(`(${kind.id}) repeats only the meetings no pairing can avoid, rotates start seats, and ends with standings and a winner`, { timeout: 240_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: kind.id, tableSize: 4, rounds: 4, maxPlayers: 12, minPlayers: 4 });
		const field = await players(12, 'sw');
		await signUpAll(id, field);
		const start = await call(org, 'POST', `/api/tournaments/${id}/start`, {});
		expect(start.status, start.text).toBe(200);
		let v = await view(org, id);
		expect(v.status).toBe('running');
		for (let r = 1; r <= 4; r++) {
			expect(v.round).toBe(r);
			const tables = v.schedule[r - 1].tables;
			expect(tables.map((t) => t.players.length)).toEqual([4, 4, 4]);
			expect(v.schedule[r - 1].byes).toEqual([]);
			// The games are ordinary games with these players in these seats, marked with the tournament.
			for (const t of tables) {
				const g = await call(field[0], 'GET', `/api/games/${t.gameId}`);
				expect(g.status, g.text).toBe(200);
				expect(g.json.seats.map((s: { userId: string }) => s.userId)).toEqual(t.players.map((p) => p.id));
				expect(g.json.tournament).toEqual({ id, name: 'Test cup', round: r, table: t.table });
				expect(g.json.rated).toBe(true);
			}
			v = await playRound(org, id);
		}
		expect(v.status).toBe('finished');
		// Repeated meetings: the fewest possible. None can be avoided from round 2 on — a table of 4 in
		// round 2 takes its players from round 1's three tables, so two of them met (pigeonhole) — and
		// any two rounds share at least 3 pairs, so round r repeats at least 3·(r−1) meetings (each
		// earlier meeting of a pair counted once): 0, 3, 6, 9, which the pairing reaches
		// (docs/tournaments.md "Pairings"; src/lib/tournament/pairing.test.ts checks 200 result sets).
		const met = new Map<string, number>();
		const repeats: number[] = [];
		for (const round of v.schedule) {
			let n = 0;
			const pairs: string[] = [];
			for (const t of round.tables)
				for (let i = 0; i < t.players.length; i++)
					for (let j = i + 1; j < t.players.length; j++) {
						const k = pairKey(t.players[i].id, t.players[j].id);
						n += met.get(k) ?? 0;
						pairs.push(k);
					}
			for (const k of pairs) met.set(k, (met.get(k) ?? 0) + 1);
			repeats.push(n);
		}
		expect(repeats).toEqual([0, 3, 6, 9]);
		// Start seats rotate: nobody is first to sit more than twice in 4 rounds.
		const firsts = new Map<string, number>();
		for (const round of v.schedule) for (const t of round.tables) firsts.set(t.players[0].id, (firsts.get(t.players[0].id) ?? 0) + 1);
		expect(Math.max(...firsts.values())).toBeLessThanOrEqual(2);
		// Standings: everybody, points from the tables' places, the winners those in first place.
		expect(v.standings).toHaveLength(12);
		const total = v.schedule.flatMap((r) => r.tables.flatMap((t) => t.points ?? [])).reduce((a, b) => a + b, 0);
		expect(v.standings.reduce((a, s) => a + s.points, 0)).toBeCloseTo(total, 6);
		expect(v.winners.map((w) => w.id).sort()).toEqual(v.standings.filter((s) => s.place === 1).map((s) => s.player).sort());
		expect(v.winners.length).toBeGreaterThan(0);
		// The archive lists the tournament's games.
		const arch = await call(null, 'GET', `/api/archive?tournament=${id}`);
		expect(arch.status, arch.text).toBe(200);
		expect(new Set(arch.json.games.map((g: { id: string }) => g.id))).toEqual(new Set(v.schedule.flatMap((r) => r.tables.map((t) => t.gameId))));
		// The profile lists the tournament.
		const prof = await call(null, 'GET', `/api/players/${encodeURIComponent(field[0].username)}`);
		expect(prof.status, prof.text).toBe(200);
		expect(prof.json.tournaments.map((t: { id: string }) => t.id)).toContain(id);
	});
});

describe('byes, withdrawals, deadlines, shared places', () => {
	const two = kindFor(2, 2);

	it(`(${two.id}) an odd field at tables of 2: one bye a round, never twice for one player while others had none`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 3, maxPlayers: 5 });
		const field = await players(5, 'by');
		await signUpAll(id, field);
		expect((await call(org, 'POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
		let v = await view(org, id);
		const byes = new Map<string, number>();
		for (let r = 1; r <= 3; r++) {
			const round = v.schedule[r - 1];
			expect(round.tables).toHaveLength(2);
			expect(round.byes).toHaveLength(1);
			byes.set(round.byes[0].id, (byes.get(round.byes[0].id) ?? 0) + 1);
			v = await playRound(org, id);
		}
		expect([...byes.values()].every((n) => n === 1)).toBe(true);
		// A bye is worth half a full table's points (docs/tournaments.md), and counts as one.
		for (const [player] of byes) {
			const s = v.standings.find((x) => x.player === player)!;
			expect(s.byes).toBe(1);
		}
		expect(v.status).toBe('finished');
	});

	it(`(${two.id}) a withdrawal after the start keeps the results, hands the open seat to the bot and pairs the player no more`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 3, maxPlayers: 4 });
		const field = await players(4, 'wd');
		await signUpAll(id, field);
		expect((await call(org, 'POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
		let v = await playRound(org, id);
		expect(v.round).toBe(2);
		const quitter = field[1];
		const w = await call(quitter, 'POST', `/api/tournaments/${id}/withdraw`, {});
		expect(w.status, w.text).toBe(200);
		// Their round-2 game: their seat is the bot's now.
		const table = v.schedule[1].tables.find((t) => t.players.some((p) => p.id === quitter.id))!;
		const g = await call(null, 'GET', `/api/games/${table.gameId}`);
		const seat = g.json.seats.find((s: { userId: string }) => s.userId === quitter.id).seat;
		expect(g.json.clocks[seat].dropped).toBe(true);
		expect((await call(quitter, 'POST', `/api/tournaments/${id}/withdraw`, {})).json.code).toBe('ALREADY_WITHDRAWN');
		v = await playRound(org, id);
		expect(v.round).toBe(3);
		// Round 3 pairs the three left: one table and a bye, without the quitter.
		const r3 = v.schedule[2];
		const seated = [...r3.tables.flatMap((t) => t.players), ...r3.byes].map((p) => p.id);
		expect(seated).not.toContain(quitter.id);
		expect(seated).toHaveLength(3);
		const q = v.standings.find((s) => s.player === quitter.id)!;
		expect(q.withdrawn).toBe(true);
		expect(q.games).toBe(2);
		expect(q.perRound[2]).toBeNull();
	});

	it(`(${two.id}) an account deleted mid-tournament: withdrawn, its results kept as a deleted player's, its id nowhere in the tournament`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 3, maxPlayers: 4 });
		const field = await players(4, 'dp');
		await signUpAll(id, field);
		// A sign-up to a tournament not yet started simply goes.
		const other = await organise(org, { kind: two.id, tableSize: 2, rounds: 1, maxPlayers: 4 });
		await signUpAll(other, [field[0]]);
		expect((await call(org, 'POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
		await playRound(org, id);
		const gone = field[0];
		const del = await call(gone, 'POST', '/api/me/delete', { password: 'correct horse battery staple', username: gone.username });
		expect(del.status, del.text).toBe(200);
		const v = await view(org, id);
		const row = v.playersList.find((p) => p.username === DELETED_PLAYER)!;
		expect(row.withdrawn).toBe(true);
		expect(v.standings.find((x) => x.player === row.id)!.games).toBe(1);
		const dump = JSON.stringify([v, await env.DB.prepare('SELECT * FROM tournament_tables WHERE tournament_id = ?1').bind(id).all(), await env.DB.prepare('SELECT * FROM tournament_players WHERE tournament_id = ?1').bind(id).all()]);
		expect(dump).not.toContain(gone.id);
		expect(dump).not.toContain(gone.username);
		expect((await view(org, other)).players).toBe(0);
		// The rounds go on without them.
		const next = await playRound(org, id);
		expect([...next.schedule[2].tables.flatMap((t) => t.players), ...next.schedule[2].byes].map((p) => p.id)).not.toContain(row.id);
	});

	it(`(${two.id}) a round deadline: the cron hands the unfinished games to the bot and the next round starts`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 2, maxPlayers: 4, roundDays: 2 });
		const field = await players(4, 'dl');
		await signUpAll(id, field);
		expect((await call(org, 'POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
		const v1 = await view(org, id);
		expect(v1.roundDeadline).toBeGreaterThan(Date.now() + 2 * DAY - 60_000);
		// Before the deadline the cron changes nothing.
		await tournamentCron(env, Date.now() + DAY);
		expect((await view(org, id)).round).toBe(1);
		await tournamentCron(env, Date.now() + 2 * DAY + 1000);
		let v = await view(org, id);
		for (let i = 0; i < 100 && v.round < 2; i++) {
			await new Promise((r) => setTimeout(r, 50));
			await advance(env, id, Date.now());
			v = await view(org, id);
		}
		expect(v.round).toBe(2);
		expect(v.schedule[0].tables.every((t) => t.finished && t.places!.every((p) => p !== null))).toBe(true);
	});

	it(`(${two.id}) shared places share the points, and equal standings share the place`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 1, maxPlayers: 4 });
		const field = await players(4, 'sh');
		await signUpAll(id, field);
		expect((await call(org, 'POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
		const v0 = await view(org, id);
		// Both games end; before the tournament reads them, one is made a shared first place — as a kind
		// reports a shared win (engine/outcome.ts places) — in the seats D1 holds.
		for (const t of v0.schedule[0].tables) await room(t.gameId!).handToBot(null);
		const [shared, plain] = v0.schedule[0].tables;
		for (let i = 0; i < 100; i++) {
			const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE id IN (?1, ?2) AND status = 'finished'").bind(shared.gameId, plain.gameId).first<number>('n');
			if (n === 2) break;
			await new Promise((r) => setTimeout(r, 50));
		}
		// The rooms' nudges may have recorded the results already: they are recorded again from D1.
		await env.DB.prepare('UPDATE seats SET place = 1 WHERE game_id = ?1').bind(shared.gameId).run();
		await env.DB.prepare("UPDATE tournament_tables SET places = NULL, finished_at = NULL WHERE game_id = ?1").bind(shared.gameId).run();
		await env.DB.prepare("UPDATE tournaments SET status = 'running', winners = NULL WHERE id = ?1").bind(id).run();
		await advance(env, id, Date.now());
		const v = await view(org, id);
		expect(v.status).toBe('finished');
		const t = v.schedule[0].tables.find((x) => x.gameId === shared.gameId)!;
		expect(t.places).toEqual([1, 1]);
		expect(t.points).toEqual([0.5, 0.5]);
		const byPlayer = new Map(v.standings.map((s) => [s.player, s]));
		const [a, b] = t.players.map((p) => byPlayer.get(p.id)!);
		expect(a.points).toBe(0.5);
		expect(a.place).toBe(b.place);
		// The plain table's winner is first alone; the loser last.
		const winnerOfPlain = plain.players[v.schedule[0].tables.find((x) => x.gameId === plain.gameId)!.places!.indexOf(1)].id;
		expect(byPlayer.get(winnerOfPlain)!.place).toBe(1);
		expect(v.winners.map((w) => w.id)).toEqual([winnerOfPlain]);
	});
});

describe('concurrency', () => {
	const two = kindFor(2, 2);

	it('two sign-ups for the last place: one gets it, the other is told it is full', async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, maxPlayers: 3 });
		const field = await players(4, 'cc');
		await signUpAll(id, field.slice(0, 2));
		const [x, y] = await Promise.all([call(field[2], 'POST', `/api/tournaments/${id}/signup`, {}), call(field[3], 'POST', `/api/tournaments/${id}/signup`, {})]);
		expect([x.status, y.status].sort()).toEqual([200, 409]);
		expect([x, y].find((r) => r.status === 409)!.json.code).toBe('TOURNAMENT_FULL');
		const v = await view(org, id);
		expect(v.players).toBe(3);
		expect(v.playersList).toHaveLength(3);
	});

	it(`(${two.id}) a round is never started twice, however many start it at once`, { timeout: 120_000 }, async () => {
		const org = await signUp('org');
		const id = await organise(org, { kind: two.id, tableSize: 2, rounds: 2, maxPlayers: 4 });
		const field = await players(4, 'rr');
		await signUpAll(id, field);
		// Two starts at once: one answers round 1, the other that it has started.
		const starts = await Promise.all([call(org, 'POST', `/api/tournaments/${id}/start`, {}), call(org, 'POST', `/api/tournaments/${id}/start`, {})]);
		expect(starts.map((s) => s.status).sort()).toEqual([200, 409]);
		const v = await view(org, id);
		for (const t of v.schedule[0].tables) await room(t.gameId!).handToBot(null);
		for (let i = 0; i < 100; i++) {
			const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE tournament_id = ?1 AND status = 'finished'").bind(id).first<number>('n');
			if (n === 2) break;
			await new Promise((r) => setTimeout(r, 50));
		}
		const started = await Promise.all([...Array(6)].map(() => startRound(env, id, 2, Date.now())));
		await Promise.all([...Array(4)].map(() => advance(env, id, Date.now())));
		expect(started.filter(Boolean).length).toBeLessThanOrEqual(1);
		const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM tournament_tables WHERE tournament_id = ?1 AND round = 2').bind(id).first<number>('n');
		expect(rows).toBe(2);
		const games = await env.DB.prepare('SELECT COUNT(*) AS n FROM games WHERE tournament_id = ?1').bind(id).first<number>('n');
		expect(games).toBe(4);
		expect((await view(org, id)).round).toBe(2);
	});
});

describe('bad input and privacy', () => {
	const two = kindFor(2, 2);

	it('refuses with stable codes and changes nothing', async () => {
		const org = await signUp('org');
		const bad = async (body: Record<string, unknown>, code: string) => {
			const r = await call(org, 'POST', '/api/tournaments', {
				name: 'x', kind: two.id, tableSize: 2, format: 'swiss', rounds: 2, clock: { kind: 'perMove', days: 3 },
				signupUntil: Date.now() + DAY, minPlayers: 2, maxPlayers: 8, ...body
			});
			expect(r.status, r.text).toBe(400);
			expect(r.json.code).toBe(code);
		};
		await bad({ kind: 'no-such-kind' }, 'UNKNOWN_KIND');
		await bad({ tableSize: 9 }, 'BAD_TABLE_SIZE');
		await bad({ name: '' }, 'BAD_REQUEST');
		await bad({ name: 'x'.repeat(81) }, 'BAD_REQUEST');
		await bad({ minPlayers: 9 }, 'BAD_REQUEST');
		await bad({ signupUntil: Date.now() - 1 }, 'BAD_REQUEST');
		await bad({ rounds: 0 }, 'BAD_REQUEST');
		await bad({ format: 'knockout' }, 'BAD_REQUEST');
		await bad({ options: { nonsense: true } }, 'BAD_OPTIONS');
		await bad({ format: 'roundRobin', maxPlayers: 40, tableSize: 2 }, 'BAD_REQUEST');
		expect((await call(null, 'POST', '/api/tournaments', {})).status).toBe(401);
		expect((await call(org, 'GET', '/api/tournaments/aaaaaaaaaaaaaaaa')).status).toBe(404);
		expect((await call(org, 'GET', '/api/tournaments?status=nope')).status).toBe(400);
		const mine = await call(org, 'GET', '/api/tournaments?mine=1');
		expect(mine.json.tournaments).toEqual([]);
	});

	it('a private tournament is seen by its organiser, its players and holders of its link only; its code reaches nobody else', async () => {
		const org = await signUp('org');
		const r = await call(org, 'POST', '/api/tournaments', {
			name: 'Invitation only <script>', kind: two.id, tableSize: 2, format: 'swiss', rounds: 1, clock: { kind: 'perMove', days: 3 },
			signupUntil: Date.now() + DAY, minPlayers: 2, maxPlayers: 8, visibility: 'private'
		});
		expect(r.status).toBe(201);
		const { id, inviteCode } = r.json as { id: string; inviteCode: string };
		const [guest, stranger] = [await signUp('gu'), await signUp('st')];
		expect((await call(stranger, 'GET', `/api/tournaments/${id}`)).status).toBe(404);
		expect((await call(stranger, 'POST', `/api/tournaments/${id}/signup`, {})).status).toBe(404);
		const listed = await call(stranger, 'GET', '/api/tournaments');
		expect(listed.json.tournaments.map((t: { id: string }) => t.id)).not.toContain(id);
		const byLink = await call(guest, 'GET', `/api/tournaments/${id}?invite=${inviteCode}`);
		expect(byLink.status).toBe(200);
		// A link holder not yet in it does not get the code back (they have it; nobody they show the page to should).
		expect(byLink.json.inviteCode).toBeNull();
		expect(byLink.json.name).toBe('Invitation only <script>');
		expect((await call(guest, 'POST', `/api/tournaments/${id}/signup`, { inviteCode })).status).toBe(200);
		const inside = await call(guest, 'GET', `/api/tournaments/${id}`);
		expect(inside.status).toBe(200);
		expect(inside.json.inviteCode).toBe(inviteCode);
		expect(JSON.stringify((await call(stranger, 'GET', '/api/tournaments?status=signup')).json)).not.toContain(inviteCode);
	});
});
