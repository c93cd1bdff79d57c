/**
 * Bots playing real games through the HTTP API (issue 12): the seed of `npm start` and
 * `npm run bots` share this loop. Each seat is played by the kind's default bot from that seat's
 * own view, as its signed-in player sees it, and every move goes over `POST /api/games/:id/moves`
 * with the version it was chosen at — so the room judges it exactly like a person's move.
 *
 * Nothing here names a kind: the kind comes from the registry by the game's own `kind` field.
 */
import { resultOf, type Kind, type RngState, type Seat } from '../../src/lib/engine/index';
import { ApiError, type GameView, type SeatInfo } from './client';

/** What the loop needs of a signed-in player; `Client` is one, the unit test has a fake. */
export interface Player {
	readonly username: string;
	game<V = unknown>(id: string): Promise<GameView<V>>;
	move(id: string, move: unknown, expectedVersion?: number): Promise<{ version: number }>;
	/**
	 * Optional: the player's live views of the game (its WebSocket, docs/api.md), each a whole
	 * GameView; returns a function that closes it. Saves a GET per move: over HTTP every request
	 * pays for the session lookup, so reading views from sockets makes a bot game ~3× faster.
	 * `onClose` when the socket ends (a server restart): the loop then reads over HTTP.
	 */
	watch?(id: string, onView: (g: GameView) => void, onClose: () => void): () => void;
}

/** How long to wait for a socket's event before reading the game over HTTP instead. */
const SOCKET_WAIT_MS = 3000;

/**
 * Each player's newest view of one game: from its socket where it has one, else (or when the
 * socket is late) from a GET. Versions only grow (docs/api.md), so the newest is the highest.
 */
class Views {
	private newest = new Map<Player, GameView>();
	private waiters = new Map<Player, { version: number; done: () => void }[]>();
	private closers: (() => void)[] = [];
	private live = new Set<Player>();

	constructor(
		private id: string,
		players: Iterable<Player>
	) {
		for (const p of players) {
			if (!p.watch) continue;
			this.live.add(p);
			const lost = () => {
				this.live.delete(p);
				(this.waiters.get(p) ?? []).forEach((w) => w.done());
				this.waiters.delete(p);
			};
			this.closers.push(p.watch(id, (g) => this.keep(p, g), lost));
		}
	}

	private keep(p: Player, g: GameView) {
		if ((this.newest.get(p)?.version ?? -1) >= g.version) return;
		this.newest.set(p, g);
		const ws = this.waiters.get(p) ?? [];
		this.waiters.set(p, ws.filter((w) => (w.version <= g.version ? (w.done(), false) : true)));
	}

	/** The player's view at `version` or newer. */
	async at(p: Player, version: number): Promise<GameView> {
		const have = this.newest.get(p);
		if (have && have.version >= version) return have;
		if (this.live.has(p)) {
			let timer: ReturnType<typeof setTimeout> | undefined;
			await new Promise<void>((done) => {
				timer = setTimeout(done, SOCKET_WAIT_MS);
				this.waiters.set(p, [...(this.waiters.get(p) ?? []), { version, done }]);
			});
			clearTimeout(timer);
			const now = this.newest.get(p);
			if (now && now.version >= version) return now;
		}
		const g = await p.game(this.id);
		this.keep(p, g);
		return this.newest.get(p)!;
	}

	close() {
		this.closers.forEach((c) => c());
	}
}

/** The seats the loop may move for, and whom to move next. */
export type Next =
	| { kind: 'over' }
	| { kind: 'waiting' }
	| { kind: 'move'; seat: Seat; username: string }
	/** Only seats nobody here plays are awaited (a person's turn). */
	| { kind: 'others'; awaited: SeatInfo[] };

/**
 * Whom to move next: the first awaited seat this side plays. During a sealed decision several
 * seats are awaited at once; each is played in turn, one move per version (a seat that has
 * decided is no longer awaited, so the loop moves on to the next).
 */
export function nextMover(g: Pick<GameView, 'status' | 'activeSeats' | 'seats'>, plays: (seat: SeatInfo) => boolean): Next {
	if (g.status === 'finished') return { kind: 'over' };
	if (g.status === 'waiting') return { kind: 'waiting' };
	const awaited = g.activeSeats.map((s) => g.seats.find((x) => x.seat === s)).filter((s): s is SeatInfo => !!s);
	const mine = awaited.find(plays);
	if (mine) return { kind: 'move', seat: mine.seat, username: mine.username };
	// A running game with nobody awaited would be an engine bug; report it as "others" with none.
	return { kind: 'others', awaited };
}

export interface PlayOptions {
	id: string;
	kind: Kind;
	/** Signed-in players by lower-case username. */
	players: ReadonlyMap<string, Player>;
	/** Which seats to play (default: every seat whose user is in `players`). */
	plays?: (seat: SeatInfo) => boolean;
	rng: RngState;
	/** Stop after this many moves (default: no limit but `safety`). */
	maxMoves?: number;
	/** Stop as soon as this holds before a move (e.g. "ana is awaited"). */
	until?: (g: GameView) => boolean;
	/** Moves before giving up on a game that does not end (a bot or engine bug); default 5,000. */
	safety?: number;
	onMove?(m: { seat: Seat; username: string; move: unknown; version: number; index: number }): void;
	/** After a refused move that is retried (a stale version: someone else moved meanwhile). */
	onRetry?(why: string): void;
}

export interface PlayResult {
	moves: number;
	/** The game as last read (by one of the players). */
	game: GameView;
	stop: 'over' | 'others' | 'until' | 'max' | 'waiting';
	/** For 'others': the awaited seats nobody here plays. */
	awaited: SeatInfo[];
}

/** Consecutive refusals tolerated before the loop gives up (each one refetches the game). */
const MAX_RETRIES = 10;

export const keyOf = (username: string) => username.toLowerCase();

/** Plays the game with bots until it ends, only other seats are awaited, or a stop condition holds. */
export async function playGame(o: PlayOptions): Promise<PlayResult> {
	const plays = o.plays ?? ((s: SeatInfo) => o.players.has(keyOf(s.username)));
	const bot = o.kind.bots[o.kind.defaultBot];
	const safety = o.safety ?? 5000;
	const reader: Player | undefined = o.players.values().next().value;
	if (!reader) throw new Error('no signed-in player to play with');
	const views = new Views(o.id, o.players.values());
	try {
		let g = await views.at(reader, 0);
		let moves = 0;
		let retries = 0;
		for (;;) {
			if (o.until?.(g)) return { moves, game: g, stop: 'until', awaited: [] };
			const next = nextMover(g, plays);
			if (next.kind === 'over' || next.kind === 'waiting') return { moves, game: g, stop: next.kind, awaited: [] };
			if (next.kind === 'others') return { moves, game: g, stop: 'others', awaited: next.awaited };
			if (o.maxMoves !== undefined && moves >= o.maxMoves) return { moves, game: g, stop: 'max', awaited: [] };
			if (moves >= safety) throw new Error(`game ${o.id}: still running after ${moves} bot moves; giving up`);

			const player = o.players.get(keyOf(next.username));
			if (!player) throw new Error(`no signed-in player for ${next.username}`);
			// The bot chooses from the seat's own view (what that player could know), never another's.
			const own = await views.at(player, g.version);
			if (own.version !== g.version || own.yourSeat !== next.seat || !own.activeSeats.includes(next.seat)) {
				// The game moved on between the two reads: decide again from the newer one.
				g = own;
				continue;
			}
			const move = bot(own.view, next.seat, o.rng);
			let target: number;
			try {
				const r = await player.move(o.id, move, own.version);
				moves++;
				retries = 0;
				target = r.version;
				o.onMove?.({ seat: next.seat, username: next.username, move, version: r.version, index: moves });
			} catch (e) {
				if (!(e instanceof ApiError) || !retryable(e) || ++retries > MAX_RETRIES) throw e;
				const current = Number(e.body.currentVersion);
				if (e.code !== 'STALE_VERSION') {
					// Refused although nobody moved: the bot chose a move the room will never take.
					const now = await player.game(o.id);
					if (now.version === own.version) throw new Error(`game ${o.id}: ${next.username}'s bot move was refused at version ${own.version}: ${e.message}`);
				}
				o.onRetry?.(`${next.username}'s move came too late (${e.code}): the game moved on; choosing again`);
				target = Number.isInteger(current) && current > own.version ? current : own.version + 1;
			}
			g = await views.at(player, target);
		}
	} finally {
		views.close();
	}
}

/** A refusal that reading the game again may cure: someone else moved first (a stale version, or
 * the engine's "not your turn" when the move was sent without a version). */
function retryable(e: ApiError): boolean {
	return e.code === 'STALE_VERSION' || e.status === 422;
}

/** One line for a finished game: who won, with the scores. */
export function describeOutcome(kind: Kind, g: GameView): string {
	if (g.status !== 'finished' || g.view === null) return `not finished (version ${g.version})`;
	const outcome = kind.outcome(g.view);
	if (!outcome) return 'finished without a result';
	const out = resultOf(outcome);
	const name = (seat: Seat) => g.seats.find((s) => s.seat === seat)?.username ?? `seat ${seat}`;
	const winners = out.winners.map(name);
	const scores = out.scores.map((score, seat) => `${name(seat)} ${score}`).join(', ');
	const who = out.result === 'draw' ? 'a draw' : out.result === 'win' ? `${winners[0]} won` : `${winners.join(' and ')} won (shared)`;
	return `${who} — ${scores}`;
}
