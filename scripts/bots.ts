/**
 * npm run bots -- --game <id> [--seats 1,2,3 | ben,caro] [--join] [--base URL] [--user NAME … --password PW]
 * npm run bots -- --new [--kind KIND] [--players N] [--base URL] [--user NAME … --password PW]
 *
 * Finishes a game with bots from the command line (issue 12): signs in as the demo accounts (or the
 * given ones) and plays their seats with the kind's default bot through the HTTP API, each seat
 * from its own view, until the game ends or only seats nobody here plays are awaited. `--help`
 * lists every option (scripts/lib/bots-args.ts). Exit code 0 when it got as far as it could, 1 on
 * any error (an unknown game, a server that does not answer, a refused sign-in).
 */
import { seedRng } from '../src/lib/engine/index';
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';
import { describeOutcome, keyOf, playGame } from './lib/botplay';
import { parseBotsArgs, USAGE, UsageError, type BotsArgs } from './lib/bots-args';
import { ApiError, Client, type GameView, type SeatInfo } from './lib/client';
import { DEMO_PASSWORD, DEMO_USERS, newGame } from './lib/seed';

class Failure extends Error {}

async function signIn(base: string, users: readonly string[], password: string): Promise<Client[]> {
	const clients: Client[] = [];
	for (const name of users) {
		const c = new Client(base, name);
		try {
			await c.signin(name, password);
		} catch (e) {
			if (e instanceof ApiError && (e.status === 401 || e.status === 400))
				throw new Failure(`cannot sign in as ${name} on ${base} (${e.code})` + (password === DEMO_PASSWORD ? ' — run `npm start` first, it creates the demo accounts' : ''));
			throw e;
		}
		clients.push(c);
	}
	return clients;
}

/** The game as the first of the accounts that may see it (a private game: only its players). */
async function find(clients: readonly Client[], id: string): Promise<GameView> {
	for (const c of clients) {
		try {
			return await c.game(id);
		} catch (e) {
			if (!(e instanceof ApiError) || e.status !== 404) throw e;
		}
	}
	throw new Failure(`no game ${id} on ${clients[0]?.base} (or it is private and none of ${clients.map((c) => c.username).join(', ')} plays in it)`);
}

const seatName = (s: SeatInfo) => `${s.username} (seat ${s.seat})`;

async function main(args: Exclude<BotsArgs, { mode: 'help' }>) {
	const clients = await signIn(args.base, args.users ?? [...DEMO_USERS], args.password ?? DEMO_PASSWORD);
	const say = (line: string) => console.log(line);
	let id: string;

	if (args.mode === 'new') {
		const kind = kindOf(args.kind ?? LEGACY_KIND_ID);
		if (!kind) throw new Failure(`no kind ${args.kind}; registered: ${KIND_IDS.join(', ')}`);
		const players = args.players ?? Math.min(kind.seats.max, Math.max(kind.seats.min, clients.length));
		if (players < kind.seats.min || players > kind.seats.max) throw new Failure(`${kind.id} takes ${kind.seats.min}–${kind.seats.max} players, not ${players}`);
		if (players > clients.length) throw new Failure(`${players} players need ${players} accounts; signed in: ${clients.map((c) => c.username).join(', ')}`);
		id = await newGame(clients, kind, players);
		say(`Created a ${kind.texts.name()} game for ${clients.slice(0, players).map((c) => c.username).join(', ')}: ${args.base}/games/${id}`);
	} else {
		id = args.game;
	}

	let g = await find(clients, id);
	const kind = kindOf(g.kind);
	if (!kind) throw new Failure(`game ${id} is of a kind this checkout does not know (${String(g.kind)})`);
	const mine = new Map(clients.map((c) => [keyOf(c.username), c]));

	if (g.status === 'waiting') {
		if (args.mode !== 'game' || !args.join)
			throw new Failure(`game ${id} is waiting for players (${g.seats.length} of ${String(g.seatsWanted)}); pass --join to seat the accounts in it`);
		for (const c of clients) {
			if (g.status !== 'waiting' || g.seats.length >= Number(g.seatsWanted)) break;
			if (g.seats.some((s) => keyOf(s.username) === keyOf(c.username))) continue;
			await c.join(id);
			say(`${c.username} joined`);
			g = await c.game(id);
		}
		const creator = clients.find((c) => g.seats.some((s) => s.userId === g.creatorId && keyOf(s.username) === keyOf(c.username)));
		if (g.status === 'waiting' && creator) {
			await creator.start(id);
			say(`${creator.username} started the game early`);
		}
		g = await find(clients, id);
		if (g.status === 'waiting') throw new Failure(`game ${id} is still waiting for players and none of the accounts may start it`);
	}

	if (g.status === 'finished') {
		say(`Game ${id} is over already: ${describeOutcome(kind, g)}`);
		say(`Game:    ${args.base}/games/${id}\nHistory: ${args.base}/games/${id}/history`);
		return;
	}

	// Which seats to play: the signed-in accounts' seats, narrowed by --seats.
	const ours = g.seats.filter((s) => mine.has(keyOf(s.username)));
	let play = ours;
	if (args.mode === 'game' && args.seats) {
		play = args.seats.map((want) => {
			const s = g.seats.find((x) => (typeof want === 'number' ? x.seat === want : keyOf(x.username) === keyOf(want)));
			if (!s) throw new Failure(`--seats: game ${id} has no seat ${want} (seats: ${g.seats.map(seatName).join(', ')})`);
			if (!mine.has(keyOf(s.username))) throw new Failure(`--seats: seat ${s.seat} is ${s.username}'s, who is not signed in here (pass --user ${s.username} --password …)`);
			return s;
		});
	}
	if (play.length === 0)
		throw new Failure(`none of ${clients.map((c) => c.username).join(', ')} plays in game ${id} (players: ${g.seats.map((s) => s.username).join(', ')})`);
	const seatsPlayed = new Set(play.map((s) => s.seat));
	say(`Playing ${play.map(seatName).join(', ')} with the ${kind.defaultBot} bot, the default for ${kind.texts.name()}`);

	const r = await playGame({
		id,
		kind,
		// Only the seated accounts: each follows the game over its own socket.
		players: new Map([...mine].filter(([k]) => g.seats.some((s) => keyOf(s.username) === k))),
		plays: (s) => seatsPlayed.has(s.seat),
		rng: seedRng(`bots/${id}/${Date.now()}`),
		onMove: ({ index, username, seat, move, version }) => {
			if (!args.quiet) say(`  ${String(index).padStart(3)}. ${username} (seat ${seat}): ${moveType(move)} → version ${version}`);
		},
		onRetry: (why) => say(`  … ${why}`)
	});

	const moves = `${r.moves} move${r.moves === 1 ? '' : 's'} made`;
	if (r.stop === 'over') say(`Game over (${moves}): ${describeOutcome(kind, r.game)}`);
	else if (r.stop === 'others') say(`Stopped (${moves}): now awaited ${r.awaited.map(seatName).join(', ') || 'nobody'}, not played by bots here`);
	else say(`Stopped (${moves}): ${r.stop}`);
	say(`Game:    ${args.base}/games/${id}`);
	if (r.game.status === 'finished') say(`History: ${args.base}/games/${id}/history`);
}

/** A move's short name for the progress lines (every kind's moves carry a `type`, conventions §2). */
function moveType(move: unknown): string {
	return move && typeof move === 'object' && 'type' in move ? String((move as { type: unknown }).type) : JSON.stringify(move);
}

let args: BotsArgs;
try {
	args = parseBotsArgs(process.argv.slice(2));
} catch (e) {
	console.error(`${e instanceof UsageError ? e.message : String(e)}\n\n${USAGE}`);
	process.exit(1);
}
if (args.mode === 'help') {
	console.log(USAGE);
	process.exit(0);
}
try {
	await main(args);
} catch (e) {
	if (e instanceof Failure) console.error(e.message);
	else if (e instanceof TypeError && /fetch failed/.test(e.message)) console.error(`${args.base} does not answer — is the site running (npm start)?`);
	else console.error(e instanceof Error ? e.message : e);
	process.exit(1);
}
