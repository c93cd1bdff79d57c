/**
 * Rapa Nui as a plug-in (engine/kind.ts): the engine plus seats, options, the status line, timeout
 * moves, bots, texts and the randomness check. The registry (src/lib/games/index.ts) imports this.
 */
import * as v from 'valibot';
import { fail, ok, type GameKind } from '$lib/engine';
import { issueLines, startable } from '$lib/engine/scenario';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { heuristicBot, randomBot, simpleBot } from './bots';
import { rapanui } from './index';
import { legalMoves } from './legal';
import { COLOURS, PLAYERS } from './rules';
import { scoreItems, standings } from './score';
import { logText, phaseName } from './text';
import type { Colour, RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState, RapaNuiView, Readable, Seat } from './types';
import { verify } from './verify';
import { writePosition } from './position';
import { plan } from './plan';
import { answers, check, due, options } from './queue';

/** Rapa Nui has no creator options (the rulebook has no variants). */
export const RapaNuiOptions = v.strictObject({});
export type RapaNuiOptions = v.InferOutput<typeof RapaNuiOptions>;

/**
 * Test seam (GameRoom.createScenario, `npm run scenario`): a fixed start player, colours, a fixed deck
 * order, or a game in progress (position.ts, docs/positions.md § Rapa Nui; setup validates it).
 */
const ScenarioExtra = v.strictObject({
	startPlayer: v.optional(v.pipe(v.number(), v.integer())),
	colours: v.optional(v.array(v.nullable(v.picklist(COLOURS as [Colour, ...Colour[]])))),
	deck: v.optional(v.array(v.string())),
	position: v.optional(v.unknown())
});

/** The status line's phase: step 1 and step 2 of a turn are told apart. */
function phaseOf(s: Readable): string {
	return s.phase.kind === 'turn' ? (s.phase.step === 1 ? 'buy' : 'play') : s.phase.kind;
}

/**
 * A seat whose clock ran out: the first legal play (a free single card comes first), the skip of
 * the first kind it may sacrifice or lay, column 1, fame, or no substitute card.
 */
function timeoutMove(s: Readable, seat: Seat): { move: RapaNuiMove; auto: string } | null {
	const legal = legalMoves(s, seat);
	if (s.phase.kind === 'substitute') return legal.length ? { move: { type: 'substitute', kind: null }, auto: 'substitute' } : null;
	if (s.phase.kind === 'moai') return legal.length ? { move: { type: 'moai', choice: 'fame' }, auto: 'moai' } : null;
	const move = legal.find((x) => x.type !== 'buy');
	return move ? { move, auto: move.type } : null;
}

/**
 * No real decision (engine/kind.ts `passive`): R-5.5's skip (no play is possible and nothing is
 * bought) and R-7.7's declined substitute card. Playing is mandatory, so a seat that is not
 * timed out always decides something in its turn; these two only decline.
 */
function passive(m: RapaNuiMove): boolean {
	return m.type === 'skip' || (m.type === 'substitute' && m.kind === null);
}

export const rapanuiKind: GameKind<RapaNuiConfig, RapaNuiState, RapaNuiMove, RapaNuiView, RapaNuiEntry, RapaNuiOptions> = {
	...rapanui,
	seats: { min: PLAYERS.min, max: PLAYERS.max },
	typicalMinutes: 45,
	options: RapaNuiOptions,
	config(_options, players, scenario) {
		if (scenario === undefined) return ok({ players });
		const s = v.safeParse(ScenarioExtra, scenario);
		if (!s.success) return fail('BAD_CONFIG', issueLines(s.issues, 'scenario'));
		const config = { ...(s.output as Omit<RapaNuiConfig, 'players'>), players };
		return config.position === undefined ? ok(config) : startable(rapanui.start, config);
	},
	start: rapanui.start,
	position: { write: writePosition, doc: 'docs/positions.md § Rapa Nui' },
	status: (s) => ({ round: null, phase: phaseOf(s as Readable) }),
	seatColour: (s, seat) => (s as Readable).colours[seat] ?? null,
	timeoutMove: (s, seat) => timeoutMove(s as Readable, seat),
	passive,
	bots: {
		heuristic: (view, seat, rng) => heuristicBot(view, seat, rng),
		simple: (view, seat, rng) => simpleBot(view, seat, rng),
		random: (view, seat, rng) => randomBot(view, seat, rng)
	},
	defaultBot: 'heuristic',
	outcome(s) {
		const r = s as Readable;
		if (r.phase.kind !== 'over') return null;
		// places with its tie-breakers (moai in the display, then wood); equal on all share.
		const rows = standings(r);
		return { reason: r.phase.reason, rounds: null, sheets: rows.map(({ seat, total }) => ({ seat, total, items: scoreItems(r, seat) })), places: rows.map((x) => x.rank) };
	},
	verify,
	// "always fame", "always wood" (no answer: "ask me"). The room plays it as the seat's own
	// choice the moment a moai scoring waits on the seat, so it looks like a choice made at once.
	standing: {
		answers: ['fame', 'wood'],
		answer: (s, seat, answer) =>
			s.phase.kind === 'moai' && s.phase.waiting.includes(seat) && (answer === 'fame' || answer === 'wood') ? { type: 'moai', choice: answer } : null
	},
	// Issue 32: the sacrifice, the moai choice and the substitute card — the decisions put in another
	// player's turn — may be planned ahead (queue.ts says which and why; plan.ts what a careful player queues).
	queue: { check, due, answers, options, plan },
	// every decision of a running game lies in the active player's turn — its buy, play and
	// draws, the sacrifice round its moai starts and the scoring that ends it, the moai
	// choice included: simultaneous and sealed, yet a step of that turn, and another seat's
	// choice there is one the rules put in someone else's turn (issue 32's "sealed decisions").
	turnOf: (s) => ((s as Readable).phase.kind === 'over' ? null : (s as Readable).active),
	texts: {
		name: () => m.rapanui_name(),
		blurb: () => m.rapanui_blurb(),
		phase: phaseName,
		reason: () => m.rapanui_reason_refill(),
		logLine: (e, nameOf) => logText(e, nameOf),
		options: () => [],
		auto: (a) =>
			(
				{
				play: m.rapanui_auto_play,
				skip: m.rapanui_auto_skip,
				sacrifice: m.rapanui_auto_sacrifice,
				supply: m.rapanui_auto_supply,
				draw: m.rapanui_auto_draw,
				moai: m.rapanui_auto_moai,
				substitute: m.rapanui_auto_substitute
				} as Record<string, () => string>
			)[a]?.() ?? a
	}
};
