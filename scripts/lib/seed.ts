/**
 * Demo data for `npm start`, written only through the HTTP API (so the GameRoom holds the moves
 * exactly as if people had played them):
 * - the accounts ana, ben, caro and dan (password DEMO_PASSWORD), with addresses <name>@rongo.invalid
 *   so their turn emails show up in the development mailbox;
 * - a 4-player Giants game in progress: created by ana, joined by the others (it starts when
 *   full), then SEED_MOVES moves chosen by the engine's greedy bot from each seat's own view;
 * - an open public 3-player game by dan, waiting for players.
 * Idempotent: if ana already has games, nothing is added.
 */
import { seedRng } from '../../src/lib/engine/index';
import { greedyBot } from '../../src/lib/games/giants/bots';
import { giants, type GiantsView } from '../../src/lib/games/giants/index';
import { Client } from './client';

export const DEMO_USERS = ['ana', 'ben', 'caro', 'dan'] as const;
export const DEMO_PASSWORD = 'moai-demo-password';
const SEED_MOVES = 10;

export async function seed(base: string): Promise<string> {
	const clients = DEMO_USERS.map((name) => new Client(base, name));
	for (const c of clients) await c.signupOrSignin(c.username, DEMO_PASSWORD);
	const [ana, ben, caro, dan] = clients;
	// Addresses for the turn emails, which the development mailbox (/dev/mailbox) keeps.
	for (const c of clients) await c.api('PUT', '/api/me/settings', { email: `${c.username}@rongo.invalid` });

	const mine = await ana.mine();
	const count = ['games', 'active', 'waiting', 'finished', 'yourTurn']
		.map((k) => (Array.isArray(mine?.[k]) ? mine[k].length : 0))
		.reduce((a, b) => a + b, Array.isArray(mine) ? mine.length : 0);
	if (count > 0) return `  demo data already there (ana has ${count} game(s)); nothing added`;

	const { id } = await ana.createGame({ seats: 4, visibility: 'public', timeLimit: '3d' });
	for (const c of [ben, caro, dan]) await c.join(id);
	// Full games start by themselves (design "GameRoom"); start explicitly if not.
	let g = await ana.game<GiantsView>(id);
	if (g.status === 'waiting') await ana.start(id);

	const rng = seedRng('rongo-demo-seed');
	let played = 0;
	while (played < SEED_MOVES) {
		g = await ana.game<GiantsView>(id);
		if (!g.view || giants.isOver(g.view)) break;
		const seat = giants.activeSeats(g.view)[0];
		const owner = g.seats.find((s) => s.seat === seat);
		const client = clients.find((c) => c.username === owner?.username);
		if (seat === undefined || !client) break;
		const own = await client.game<GiantsView>(id);
		const move = greedyBot(own.view!, seat, rng);
		await client.move(id, move, own.version);
		played++;
	}

	const open = await dan.createGame({ seats: 3, visibility: 'public', quickStart: true, timeLimit: '1d' });
	return (
		`  Giants game in progress: /games/${id} (${played} moves played)\n` +
		`  Open game waiting for players: /games/${open.id}`
	);
}
