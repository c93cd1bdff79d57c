/**
 * Moa as a plug-in (engine/kind.ts): the engine plus seats, options, the status line, timeout moves,
 * bots, texts and the randomness check. The registry (src/lib/games/index.ts) imports this.
 */
import * as v from 'valibot';
import { fail, ok, type GameKind } from '$lib/engine';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { heuristicBot, randomBot } from './bots';
import { moa } from './index';
import { legalMoves } from './legal';
import { C, PLAYERS } from './rules';
import { scoreItems, standings } from './score';
import { logText, phaseName } from './text';
import type { MoaConfig, MoaEntry, MoaMove, MoaState, MoaView, Readable, Seat } from './types';
import { verify } from './verify';
import { writePosition } from './position';
import { moaQueue, turnOf } from './queue';
import { issueLines, startable } from '$lib/engine/scenario';

/** Moa has no creator options: the 2-player variant (M-11) follows from the number of players. */
export const MoaOptions = v.strictObject({});
export type MoaOptions = v.InferOutput<typeof MoaOptions>;

/**
 * Test seam (GameRoom.createScenario, `npm run scenario`): a fixed start player and colours, or a game
 * in progress (position.ts, docs/positions.md § Moa), which `config` refuses at once when impossible.
 */
const ScenarioExtra = v.strictObject({
	startPlayer: v.optional(v.pipe(v.number(), v.integer())),
	colours: v.optional(v.array(v.nullable(v.picklist(['red', 'yellow', 'green', 'blue', 'black'])))),
	position: v.optional(v.unknown())
});

/** The status line's phase: an owed exchange discard first (M-8.6), else the decision awaited. */
function phaseOf(s: Readable): string {
	return s.owe.some((n) => n > 0) ? 'discard' : s.phase.kind;
}

/**
 * A seat whose clock ran out: its owed discard (the first cards), no defence, a pass (or the end of
 * a turn whose action is taken), or the neutral's first placement.
 */
function timeoutMove(s: Readable, seat: Seat): { move: MoaMove; auto: string } | null {
	const legal = legalMoves(s, seat);
	const pickType = (t: MoaMove['type']) => legal.find((x) => x.type === t);
	const order: [MoaMove['type'], string][] = [
		['discard', 'discard'],
		['decline', 'decline'],
		['pass', 'pass'],
		['end', 'end'],
		['neutral', 'neutral']
	];
	for (const [t, auto] of order) {
		const move = pickType(t);
		if (move) return { move, auto };
	}
	return null;
}

/**
 * No real decision (engine/kind.ts `passive`): M-7.8 a pass, M-6.4 declining to defend, M-0.5 ending
 * a turn, and M-11.2 the placement for the neutral colour in the 2-player game (it plays nobody's own
 * position: a seat that only passes and places for the neutral has played no game of its own).
 */
function passive(m: MoaMove): boolean {
	return m.type === 'pass' || m.type === 'decline' || m.type === 'end' || m.type === 'neutral';
}

export const moaKind: GameKind<MoaConfig, MoaState, MoaMove, MoaView, MoaEntry, MoaOptions> = {
	...moa,
	seats: { min: PLAYERS.twoPlayerVariant ? 2 : PLAYERS.min, max: PLAYERS.max }, // M-2.1, M-11
	typicalMinutes: 90,
	options: MoaOptions,
	config(_options, players, scenario) {
		if (scenario === undefined) return ok({ players });
		const s = v.safeParse(ScenarioExtra, scenario);
		if (!s.success) return fail('BAD_CONFIG', issueLines(s.issues, 'scenario'));
		const config: MoaConfig = { ...(s.output as Omit<MoaConfig, 'players'>), players };
		return config.position === undefined ? ok(config) : startable(moa.start, config);
	},
	position: { write: writePosition, doc: 'docs/positions.md § Moa' },
	start: moa.start,
	status: (s) => {
		const r = s as Readable;
		return { round: r.period ? (r.period - 1) * C.roundsPerPeriod + r.round : null, phase: phaseOf(r) };
	},
	seatColour: (s, seat) => (s as Readable).colours[seat] ?? null,
	timeoutMove: (s, seat) => timeoutMove(s as Readable, seat),
	passive,
	// Issue 32: a seat may plan its defences ahead (queue.ts says which decisions and why).
	queue: moaQueue,
	turnOf: (s) => turnOf(s as Readable),
	bots: { heuristic: (view, seat, rng) => heuristicBot(view, seat, rng), random: (view, seat, rng) => randomBot(view, seat, rng) },
	defaultBot: 'heuristic',
	outcome(s) {
		const r = s as Readable;
		if (r.phase.kind !== 'over') return null;
		// M-10.5: places with its tie-breaker (own pieces on the board); still equal, shared.
		const rows = standings(r);
		return { reason: 'periods', rounds: C.periods * C.roundsPerPeriod, sheets: rows.map(({ seat, total }) => ({ seat, total, items: scoreItems(r, seat) })), places: rows.map((x) => x.rank) };
	},
	verify,
	texts: {
		name: () => m.moa_name(),
		blurb: () => m.moa_blurb(),
		phase: phaseName,
		reason: () => m.moa_reason_end(),
		logLine: (e, nameOf) => logText(e, nameOf),
		options: () => [],
		auto: (a) =>
			(
				{
					decline: m.moa_auto_decline,
					pass: m.moa_auto_pass,
					end: m.moa_auto_end,
					neutral: m.moa_auto_neutral,
					discard: m.moa_auto_discard
				} as Record<string, () => string>
			)[a]?.() ?? a
	}
};
