/**
 * How good a kind's bot is (issue 17), through the kind contract only: self-play games (does it end
 * games by the rules' normal end, not a digital safeguard?), games of the bot against random bots
 * (does it win?), and how long it thinks per move. `npm run bench:bots` prints the figures, a kind's
 * bot spec (tests/bots.test.ts, every registered kind) checks them on a small seeded sample.
 *
 * Every bot here plays through `playOut`, so it sees only its own seat's view, never the state.
 * Pure: the clock is passed in (`now`), as bench:bots does; without one, no times are taken.
 */
import * as v from 'valibot';
import type { Bot, GameKind, Kind } from './kind';
import { resultOf } from './outcome';
import { playOut, randomLegal } from './playout';
import { seedRng } from './seed';
import type { Seat } from './types';

export interface BotMatchOptions {
	/** The bot under test (default: the kind's default bot). */
	bot?: string;
	games: number;
	seed?: string;
	/** A clock in milliseconds, to time each decision of the bot under test. */
	now?: () => number;
}

export interface SelfPlayReport {
	games: number;
	/** Games by the kind's end reason. */
	reasons: Record<string, number>;
	/** Games that ended by the rules' normal end (no safeguard reason, not cut off). */
	normalEnds: number;
	moves: number;
	/** Each decision's time in ms (only with `now`). */
	times: number[];
}

export interface VersusReport {
	games: number;
	/** Games the bot won outright (a score above every random seat's). */
	wins: number;
	/** Games it shared the win with a random seat. */
	shared: number;
	times: number[];
}

/** Seat counts cycle through the kind's range, so every table size is measured. */
export const playersFor = (kind: Kind, game: number) => kind.seats.min + (game % (kind.seats.max - kind.seats.min + 1));

function configFor(kind: Kind, players: number): unknown {
	const c = kind.config(v.parse(kind.options, {}), players);
	if (!c.ok) throw new Error(`${kind.id}: config refused for ${players} players: ${c.message}`);
	return c.value;
}

function timed(bot: Bot<unknown, unknown>, times: number[], now?: () => number): Bot<unknown, unknown> {
	if (!now) return bot;
	return (view, seat, rng) => {
		const t0 = now();
		const m = bot(view, seat, rng);
		times.push(now() - t0);
		return m;
	};
}

function botOf(kind: Kind, name = kind.defaultBot): Bot<unknown, unknown> {
	const bot = kind.bots[name];
	if (!bot) throw new Error(`${kind.id} has no bot ${name} (bots: ${Object.keys(kind.bots).join(', ')})`);
	return bot;
}

/** The safeguard reasons of a kind (`GameKind.safeguards`): ends that are not the rules' own. */
const safeguards = (kind: Kind) => new Set<string>(kind.safeguards ?? []);

/** Games of the bot against itself at every table size. */
export function selfPlay(kind: Kind, o: BotMatchOptions): SelfPlayReport {
	const times: number[] = [];
	const bot = timed(botOf(kind, o.bot), times, o.now);
	const r: SelfPlayReport = { games: 0, reasons: {}, normalEnds: 0, moves: 0, times };
	const guard = safeguards(kind);
	for (let g = 0; g < o.games; g++) {
		const seed = `${o.seed ?? 'botmatch'}/self/${g}`;
		const out = playOut(kind, { config: configFor(kind, playersFor(kind, g)), seed, bots: bot, pick: 'random' });
		const reason = out.over ? (kind.outcome(out.state)?.reason ?? 'unknown') : 'cut-off';
		r.games++;
		r.moves += out.moves.length;
		r.reasons[reason] = (r.reasons[reason] ?? 0) + 1;
		if (out.over && !guard.has(reason)) r.normalEnds++;
	}
	return r;
}

/** Games of the bot in one seat (rotating) against random bots in all others, at every table size. */
export function versusRandom(kind: Kind, o: BotMatchOptions): VersusReport {
	const times: number[] = [];
	const bot = timed(botOf(kind, o.bot), times, o.now);
	const random = randomLegal(kind);
	const r: VersusReport = { games: 0, wins: 0, shared: 0, times };
	for (let g = 0; g < o.games; g++) {
		const players = playersFor(kind, g);
		const hero: Seat = g % players;
		const bots = Array.from({ length: players }, (_, s) => (s === hero ? bot : random));
		const seed = `${o.seed ?? 'botmatch'}/versus/${g}`;
		const out = playOut(kind, { config: configFor(kind, players), seed, bots, pick: 'random', rng: seedRng(seed + '/bots') });
		r.games++;
		const outcome = kind.outcome(out.state);
		const result = outcome && resultOf(outcome);
		if (!out.over || !result || !result.winners.includes(hero)) continue;
		if (result.result === 'win') r.wins++;
		else r.shared++;
	}
	return r;
}

/** The q-quantile (0..1) of a sample, nearest rank; NaN for none. */
export function quantile(xs: readonly number[], q: number): number {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
