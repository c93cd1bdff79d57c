/**
 * Demo data for `npm start`, written only through the HTTP API (so the GameRoom holds the moves
 * exactly as if people had played them):
 * - the accounts ana, ben, caro and dan (password DEMO_PASSWORD), with addresses <name>@rongo.invalid
 *   so their turn emails show up in the development mailbox;
 * - for every registered kind (issue 11): a game in progress created by ana, joined by the others up
 *   to the kind's seats (it starts when full), then SEED_MOVES moves chosen by the kind's default bot
 *   from each seat's own view; and an open public game by dan, waiting for players.
 * Idempotent: if ana already has games, nothing is added.
 */
import { seedRng } from '../../src/lib/engine/index';
import { KINDS } from '../../src/lib/games/index';
import { Client } from './client';

export const DEMO_USERS = ['ana', 'ben', 'caro', 'dan'] as const;
export const DEMO_PASSWORD = 'moai-demo-password';
const SEED_MOVES = 10;

export async function seed(base: string): Promise<string> {
	const clients = DEMO_USERS.map((name) => new Client(base, name));
	for (const c of clients) await c.signupOrSignin(c.username, DEMO_PASSWORD);
	const [ana, , , dan] = clients;
	// Addresses for the turn emails, which the development mailbox (/dev/mailbox) keeps.
	for (const c of clients) await c.api('PUT', '/api/me/settings', { email: `${c.username}@rongo.invalid` });

	const mine = await ana.mine();
	const count = ['games', 'active', 'waiting', 'finished', 'yourTurn']
		.map((k) => (Array.isArray(mine?.[k]) ? mine[k].length : 0))
		.reduce((a, b) => a + b, Array.isArray(mine) ? mine.length : 0);
	if (count > 0) return `  demo data already there (ana has ${count} game(s)); nothing added`;

	const lines: string[] = [];
	for (const kind of KINDS) {
		const seats = Math.min(Math.max(4, kind.seats.min), kind.seats.max, clients.length);
		if (seats < kind.seats.min) continue; // more seats than demo accounts
		const { id } = await ana.createGame({ kind: kind.id, seats, visibility: 'public', timeLimit: '3d' });
		for (const c of clients.slice(1, seats)) await c.join(id);
		// Full games start by themselves (design "GameRoom"); start explicitly if not.
		let g = await ana.game<unknown>(id);
		if (g.status === 'waiting') await ana.start(id);

		const rng = seedRng(`rongo-demo-seed/${kind.id}`);
		const bot = kind.bots[kind.defaultBot];
		let played = 0;
		while (played < SEED_MOVES) {
			g = await ana.game<unknown>(id);
			if (!g.view || kind.isOver(g.view)) break;
			const seat = g.activeSeats[0];
			const owner = g.seats.find((s) => s.seat === seat);
			const client = clients.find((c) => c.username === owner?.username);
			if (seat === undefined || !client) break;
			const own = await client.game<unknown>(id);
			await client.move(id, bot(own.view, seat, rng), own.version);
			played++;
		}
		const open = await dan.createGame({ kind: kind.id, seats: Math.min(3, kind.seats.max), visibility: 'public', timeLimit: '1d' });
		lines.push(`  ${kind.texts.name()} game in progress: /games/${id} (${played} moves played)`, `  ${kind.texts.name()} game waiting for players: /games/${open.id}`);
	}
	return lines.join('\n');
}
