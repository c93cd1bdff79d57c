/**
 * Giants as a plug-in (issue 11): the engine (index.ts) plus everything the platform needs from a
 * kind (engine/kind.ts) — seats, options, status line, timeout moves, bots, texts, randomness check.
 * The registry (src/lib/games/index.ts) is the only platform file that imports this.
 */
import * as v from 'valibot';
import { fail, ok, type GameKind } from '$lib/engine';
import { startable } from '$lib/engine/scenario';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { greedyBot, randomBot } from './bots';
import { heuristicBot } from './heuristic';
import { giants } from './index';
import { outcome } from './score';
import { giantsQueue } from './queue';
import { turnOf } from './queueOptions';
import { overReason, phaseName } from './text';
import { logText } from './logText';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState, GiantsView, Readable } from './types';
import { verify } from './verify';
import { legacyExport } from './export';
import { writePosition } from './positionWrite';

/** G-2.1: the two options of the rulebook; both off unless the creator turns them on. */
export const GiantsOptions = v.strictObject({
	quickStart: v.optional(v.boolean(), false),
	immediateScoring: v.optional(v.boolean(), false)
});
export type GiantsOptions = v.InferOutput<typeof GiantsOptions>;

/**
 * Test seam (GameRoom.createScenario): a scenario's extra config (docs/giants-notation.md). The
 * seat count comes from the seated players and the colours from the board, so a scenario file's
 * `players` and `colours` are ignored; setup validates the rest.
 */
const ScenarioExtra = v.pipe(
	v.looseObject({
		startPlayer: v.optional(v.number()),
		forcedDice: v.optional(v.array(v.array(v.number()))),
		position: v.optional(v.looseObject({}))
	}),
	v.transform(({ startPlayer, forcedDice, position }) => ({
		...(startPlayer !== undefined ? { startPlayer } : {}),
		...(forcedDice !== undefined ? { forcedDice } : {}),
		...(position !== undefined ? { position } : {})
	}))
);

/** G-3.1 a bid of nothing, G-3.3 decline carving, G-4.5 pass, G-6.0 an empty choice. */
function timeoutMove(s: Readable): { move: GiantsMove; auto: string } | null {
	switch (s.phase.kind) {
		case 'bid':
			return { move: { type: 'bid', markers: 0, workers: 0 }, auto: 'bid' };
		case 'carve':
			return { move: { type: 'pass' }, auto: 'decline' };
		case 'place':
		case 'transport':
			return { move: { type: 'pass' }, auto: 'pass' };
		case 'choice':
			return { move: { type: 'choose', mark: [], release: [] }, auto: 'choose' };
		default:
			return null;
	}
}

/**
 * No real decision (engine/kind.ts `passive`): G-3.1 a bid of nothing, G-3.3 declining to carve,
 * G-4.5 a pass, G-6.0 an empty choice — exactly what the room plays for a seat whose clock ran out.
 */
function passive(m: GiantsMove): boolean {
	switch (m.type) {
		case 'pass':
			return true;
		case 'bid':
			return m.markers === 0 && m.workers === 0 && !m.medicineMan && !m.chief;
		case 'choose':
			return m.mark.length === 0 && m.release.length === 0;
		default:
			return false;
	}
}

export const giantsKind: GameKind<GiantsConfig, GiantsState, GiantsMove, GiantsView, GiantsEntry, GiantsOptions> = {
	...giants,
	seats: { min: 3, max: 5 }, // G-2.1
	typicalMinutes: 90,
	options: GiantsOptions,
	config(options, players, scenario) {
		let extra = {};
		if (scenario !== undefined) {
			const s = v.safeParse(ScenarioExtra, scenario);
			if (!s.success) return fail('BAD_CONFIG', `scenario: ${s.issues[0].message}`);
			extra = s.output;
		}
		const config: GiantsConfig = { ...(extra as Partial<GiantsConfig>), players, quickStart: options.quickStart, immediateScoring: options.immediateScoring };
		// An impossible starting position is refused here (400 BAD_POSITION at POST /api/dev/scenario), not at the start.
		return config.position === undefined ? ok(config) : startable(giants.start, config);
	},
	start: giants.start,
	status: (s) => ({ round: (s as Readable).round, phase: (s as Readable).phase.kind }),
	seatColour: (s, seat) => (s as Readable).players[seat]?.colour ?? null,
	timeoutMove: (s) => timeoutMove(s as Readable),
	passive,
	// Issue 32: the turns of phases 3 and 4 may be planned ahead (queueOptions.ts says which and why).
	queue: giantsQueue,
	turnOf: (s) => turnOf(s as Readable),
	bots: {
		heuristic: (view, seat, rng) => heuristicBot(view, seat, rng),
		greedy: (view, seat, rng) => greedyBot(view, seat, rng),
		random: (view, seat, rng) => randomBot(view, seat, rng)
	},
	defaultBot: 'heuristic',
	// G-6.4: the digital safeguard's ends; G-6.1 (pedestals) is the rules' own.
	safeguards: ['round-limit', 'no-erect'],
	outcome: (s) => outcome(s as Readable),
	verify,
	// Issue 34: any state written down and read back (position.ts, positionWrite.ts).
	position: { write: writePosition, doc: 'docs/positions.md § Giants' },
	legacyExport: (raw) => legacyExport(raw),
	texts: {
		name: () => m.giants_name(),
		blurb: () => m.giants_blurb(),
		phase: phaseName,
		reason: (r) => overReason(r as 'pedestals' | 'round-limit' | 'no-erect'),
		// The game at the entry, when given, tells a moved statue's size ("the size-2 moai").
		logLine: (e, nameOf, at) => logText(e, nameOf, at ? (id) => (at as Readable).statues.find((st) => st.id === id)?.size : undefined),
		options: (o) => [o.quickStart === true ? m.lobby_quick_start() : '', o.immediateScoring === true ? m.lobby_immediate_scoring() : ''].filter(Boolean),
		auto: (a) => (a === 'bid' ? m.giants_auto_bid() : a === 'decline' ? m.giants_auto_decline() : a === 'choose' ? m.giants_auto_choose() : m.giants_auto_pass())
	}
};
