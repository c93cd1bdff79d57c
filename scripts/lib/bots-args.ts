/**
 * The command line of `npm run bots` (scripts/bots.ts), parsed without touching the network so the
 * unit test can check every refusal.
 */
export const USAGE = `Usage:
  npm run bots -- --game <id> [--seats <list>] [--join] [common options]
      plays the seats of the signed-in accounts in game <id> with the kind's default bot, until the
      game ends or only other seats (people) are awaited
  npm run bots -- --new [--kind <kind>] [--players <n>] [common options]
      creates a public game among the accounts and plays it to the end

  --seats <list>   only these seats: numbers as in the API (0 = first in playing order) or
                   usernames, comma-separated (e.g. --seats ben,caro,dan to leave ana to you)
  --join           a game still waiting for players: the accounts take its free seats (it starts
                   when full; the creator, if signed in here, starts it early otherwise)
Common options:
  --base <url>     the site (default http://localhost:8787, where npm start serves it)
  --user <name>    an account to play as (repeat for several); default: the demo accounts
  --password <pw>  the password of every --user (default: the demo accounts' password)
  --quiet          no line per move`;

export type BotsArgs =
	| { mode: 'help' }
	| {
			mode: 'game';
			game: string;
			seats: (number | string)[] | null;
			join: boolean;
			base: string;
			users: string[] | null;
			password: string | null;
			quiet: boolean;
	  }
	| {
			mode: 'new';
			kind: string | null;
			players: number | null;
			base: string;
			users: string[] | null;
			password: string | null;
			quiet: boolean;
	  };

export class UsageError extends Error {}

const VALUED = new Set(['--game', '--seats', '--base', '--user', '--password', '--kind', '--players']);
const FLAGS = new Set(['--new', '--join', '--quiet', '--help', '-h']);

export function parseBotsArgs(argv: readonly string[]): BotsArgs {
	const values = new Map<string, string[]>();
	const flags = new Set<string>();
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const eq = a.startsWith('--') ? a.indexOf('=') : -1;
		const name = eq > 0 ? a.slice(0, eq) : a;
		if (FLAGS.has(name) && eq < 0) {
			flags.add(name);
		} else if (VALUED.has(name)) {
			const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
			if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
			values.set(name, [...(values.get(name) ?? []), value]);
		} else {
			throw new UsageError(`unknown argument: ${a}`);
		}
	}
	if (flags.has('--help') || flags.has('-h')) return { mode: 'help' };
	const one = (name: string): string | null => {
		const v = values.get(name);
		if (v && v.length > 1) throw new UsageError(`${name} given twice`);
		return v?.[0] ?? null;
	};

	const base = (one('--base') ?? 'http://localhost:8787').replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(base);
	} catch {
		throw new UsageError(`--base: not a URL: ${base}`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--base: http or https only');
	if (url.pathname !== '/' || url.search || url.hash) throw new UsageError('--base: the site\'s origin only, e.g. http://localhost:8787');

	const users = values.get('--user') ?? null;
	const password = one('--password');
	if (password !== null && users === null) throw new UsageError('--password goes with --user');
	// Without --password, the --user accounts sign in with the demo password (USAGE says so; bots.ts).
	const quiet = flags.has('--quiet');
	const common = { base: url.origin, users, password, quiet };

	const game = one('--game');
	if (flags.has('--new') === (game !== null)) throw new UsageError('give either --game <id> or --new');
	if (game !== null) {
		for (const n of ['--kind', '--players']) if (values.has(n)) throw new UsageError(`${n} goes with --new`);
		if (!/^[A-Za-z0-9_-]{1,64}$/.test(game)) throw new UsageError(`--game: not a game id: ${game}`);
		const list = one('--seats');
		let seats: (number | string)[] | null = null;
		if (list !== null) {
			seats = list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
			if (seats.length === 0) throw new UsageError('--seats: no seat given');
		}
		return { mode: 'game', game, seats, join: flags.has('--join'), ...common };
	}
	for (const n of ['--seats']) if (values.has(n)) throw new UsageError(`${n} goes with --game`);
	if (flags.has('--join')) throw new UsageError('--join goes with --game');
	const p = one('--players');
	if (p !== null && !/^\d+$/.test(p)) throw new UsageError(`--players: not a number: ${p}`);
	return { mode: 'new', kind: one('--kind'), players: p === null ? null : Number(p), ...common };
}
