/**
 * Demo data for `npm start`, written only through the HTTP API (so the GameRoom holds the moves
 * exactly as if people had played them):
 * - the accounts ana, ben, caro and dan (password DEMO_PASSWORD), with addresses <name>@rongo.invalid
 *   so their turn emails show up in the development mailbox;
 * - for every registered kind (issue 11):
 *   - FINISHED_GAMES games played to the end by the kind's default bot (issue 12: /archive, the
 *     profiles and a game's history have something to show at once), with different player counts;
 *   - a game in progress created by ana, joined by the others up to the kind's seats (it starts when
 *     full), SEED_MOVES bot moves, then more until ana is awaited (My games shows "Your turn");
 *   - an open public game by dan, waiting for players.
 * - issue 35: a tournament of the four with its first round played, and one open for sign-up.
 *   Every bot move is chosen from its seat's own view (scripts/lib/botplay.ts).
 * Idempotent: if ana already has games, nothing is added.
 * While it runs, the landing page, the lobby and the archive say the demo data is still being made
 * (issue 30): it marks its start and end through the dev-only POST and DELETE /dev/seed.
 */
import { seedRng, type Kind } from '../../src/lib/engine/index';
import { KINDS } from '../../src/lib/games/index';
import { keyOf, playGame, type Player } from './botplay';
import { confirmAddress } from './mail';
import { Client, type GameView } from './client';

export const DEMO_USERS = ['ana', 'ben', 'caro', 'dan'] as const;
export const DEMO_PASSWORD = 'moai-demo-password';
const SEED_MOVES = 10;
const FINISHED_GAMES = 2;

/** The player counts of a kind's finished demo games: spread over its range, within the demo accounts. */
export function finishedSeatCounts(seats: { min: number; max: number }, accounts: number, games = FINISHED_GAMES): number[] {
	const hi = Math.min(seats.max, accounts);
	if (hi < seats.min) return [];
	// Largest first, then down towards the minimum, round and round.
	return Array.from({ length: games }, (_, i) => hi - (i % (hi - seats.min + 1)));
}

/** Creates a public game of `kind` by `clients[0]`, the next ones join until it is full (it then starts). */
export async function newGame(clients: readonly Client[], kind: Kind, seats: number, timeLimit: '1d' | '3d' = '3d'): Promise<string> {
	const [creator, ...others] = clients;
	const { id } = await creator.createGame({ kind: kind.id, seats, visibility: 'public', timeLimit });
	for (const c of others.slice(0, seats - 1)) await c.join(id);
	// Full games start by themselves (design "GameRoom"); start explicitly if not.
	const g = await creator.game(id);
	if (g.status === 'waiting') await creator.start(id);
	return id;
}

const byName = (clients: readonly Client[]) => new Map<string, Player>(clients.map((c) => [keyOf(c.username), c]));

/** Tells the site the seed started or finished (src/lib/server/dev-seed.ts); a site without the endpoint is no reason to stop. */
export async function markSeed(base: string, state: 'started' | 'finished'): Promise<void> {
	try {
		const res = await fetch(`${base}/dev/seed`, { method: state === 'started' ? 'POST' : 'DELETE', headers: { origin: base } });
		await res.arrayBuffer();
	} catch {
		/* the notice is a courtesy */
	}
}

export async function seed(base: string): Promise<string> {
	await markSeed(base, 'started');
	try {
		return await seedAll(base);
	} finally {
		await markSeed(base, 'finished');
	}
}

async function seedAll(base: string): Promise<string> {
	const clients = DEMO_USERS.map((name) => new Client(base, name));
	for (const c of clients) await c.signupOrSignin(c.username, DEMO_PASSWORD);
	const [ana, , , dan] = clients;

	const mine = await ana.mine();
	const count = ['games', 'active', 'waiting', 'finished', 'yourTurn']
		.map((k) => (Array.isArray(mine?.[k]) ? mine[k].length : 0))
		.reduce((a, b) => a + b, Array.isArray(mine) ? mine.length : 0);
	if (count > 0) return `  demo data already there (ana has ${count} game(s)); nothing added`;

	const lines: string[] = [];
	// Finished games first, before the demo accounts have email addresses: their many turns would
	// otherwise fill the development mailbox, which is there to show the game in progress.
	// Played side by side: each game is its own room, and the wait for one's answers is the other's turn.
	const finished = KINDS.flatMap((kind) =>
		finishedSeatCounts(kind.seats, clients.length).map(async (seats, i) => {
			// A different creator each time, so the games do not all look alike in the archive.
			const order = [...clients.slice(i % clients.length), ...clients.slice(0, i % clients.length)];
			const id = await newGame(order, kind, seats);
			const r = await playGame({ id, kind, players: byName(order.slice(0, seats)), rng: seedRng(`rongo-demo-seed/${kind.id}/finished/${i}`) });
			if (r.stop !== 'over') throw new Error(`${kind.id}: finished demo game ${id} stopped (${r.stop}) after ${r.moves} moves`);
			return `  ${kind.texts.name()} game played to the end (${seats} players, ${r.moves} moves): /games/${id}/history`;
		})
	);
	lines.push(...(await Promise.all(finished)));

	// Addresses for the turn emails, which the development mailbox (/dev/mailbox) keeps. Email goes
	// to verified addresses only (issue 15): where the mailbox is on, each confirms the mailed link.
	const mailbox = (await fetch(`${base}/dev/mailbox`)).ok;
	for (const c of clients) {
		const address = `${c.username}@rongo.invalid`;
		await c.api('PUT', '/api/me/settings', { email: address });
		if (mailbox) await confirmAddress(base, c, address);
	}

	for (const kind of KINDS) {
		const seats = Math.min(Math.max(4, kind.seats.min), kind.seats.max, clients.length);
		if (seats < kind.seats.min) continue; // more seats than demo accounts
		const id = await newGame(clients, kind, seats);
		const rng = seedRng(`rongo-demo-seed/${kind.id}`);
		const players = byName(clients.slice(0, seats));
		const first = await playGame({ id, kind, players, rng, maxMoves: SEED_MOVES });
		// Then on until ana is awaited, so her My games shows "Your turn" (her move, not a bot's).
		const anaAwaited = (g: GameView) => g.activeSeats.some((s) => g.seats.find((x) => x.seat === s)?.username === ana.username);
		const more = await playGame({ id, kind, players, rng, until: anaAwaited });
		const played = first.moves + more.moves;
		const awaited = more.stop === 'until' ? ', ana to move' : ` (${more.stop}: ana is not awaited)`;
		const open = await dan.createGame({ kind: kind.id, seats: Math.min(3, kind.seats.max), visibility: 'public', timeLimit: '1d' });
		lines.push(
			`  ${kind.texts.name()} game in progress: /games/${id} (${played} moves played${awaited})`,
			`  ${kind.texts.name()} game waiting for players: /games/${open.id}`
		);
	}
	lines.push(...(await demoTournaments(clients)));
	return lines.join('\n');
}

/**
 * Issue 35: a Swiss tournament of the four demo accounts at tables of 2, its first round played to
 * the end by the bots (the second then starts by itself, as on the real site), and one open for
 * sign-up — so /tournaments shows a running one with standings and one to join.
 */
async function demoTournaments(clients: readonly Client[]): Promise<string[]> {
	const kind = KINDS.find((k) => k.seats.min <= 2 && k.seats.max >= 2);
	if (!kind) return [];
	const [ana, ben, , dan] = clients;
	const day = 86_400_000;
	const base = { kind: kind.id, tableSize: 2, format: 'swiss', clock: { kind: 'perMove', days: 3 }, roundDays: 14, minPlayers: 2, rated: true, visibility: 'public' };
	const cup = await dan.api<{ id: string }>('POST', '/api/tournaments', { ...base, name: 'Rongo autumn cup', rounds: 3, maxPlayers: 8, signupUntil: Date.now() + 7 * day });
	for (const c of clients) await c.api('POST', `/api/tournaments/${cup.id}/signup`, {});
	await dan.api('POST', `/api/tournaments/${cup.id}/start`, {});
	const view = await dan.api<{ schedule: { tables: { gameId: string }[] }[] }>('GET', `/api/tournaments/${cup.id}`);
	await Promise.all(
		view.schedule[0].tables.map((t, i) =>
			playGame({ id: t.gameId, kind, players: byName(clients), rng: seedRng(`rongo-demo-seed/tournament/${i}`) })
		)
	);
	const open = await ben.api<{ id: string }>('POST', '/api/tournaments', {
		...base,
		name: 'Rongo winter cup',
		rounds: 4,
		maxPlayers: 16,
		signupUntil: Date.now() + 14 * day
	});
	await ana.api('POST', `/api/tournaments/${open.id}/signup`, {});
	return [`  ${kind.texts.name()} tournament, round 1 played: /tournaments/${cup.id}`, `  ${kind.texts.name()} tournament open for sign-up: /tournaments/${open.id}`];
}
