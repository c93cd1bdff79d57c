/**
 * Take-away: the test kind (issue 11; issue 29), written as docs/adding-a-game.md says a kind is
 * written — its engine and texts here (./text.ts, ./messages/), its UI in tests/ui/takeaway/, its
 * registry lines in tests/games/extra.ts and tests/ui/extra.ts — and hosted by the unchanged
 * platform. It lives under tests/ because no site offers it: the test registries are put in place of
 * the app's empty ones only in the tests and a test build (tests/kinds/test-kinds.js).
 *
 * Two players take 1–3 stones in turn from one pile, or pass (a move that declines to act, like
 * Giants' and Moa's: `passive`); whoever takes the last stone wins; two passes in a row end the game
 * in a draw (a kind that can end level, which the platform must announce as a draw, not as a shared
 * victory). The start player is drawn from the seed, so the kind has a secret (the seed, hidden
 * until the end) and a random draw to verify.
 */
import * as v from 'valibot';
import { below, cloneJson, commitSeed, fail, ok, seedRng, type GameKind } from '$lib/engine';
import { m } from '$lib/paraglide/messages';
import { texts } from './text';

export interface TakeawayConfig {
	players: number;
	stones: number;
}
export interface TakeawayState {
	stones: number;
	turn: number;
	startPlayer: number;
	taken: number[];
	winner: number | null;
	/** Passes in a row; at two the game ends in a draw. */
	passes: number;
	draw: boolean;
	seed: string;
	seedCommitment: string;
}
export type TakeawayView = Omit<TakeawayState, 'seed'> & { seed: string | null };
export type TakeawayMove = { type: 'take'; n: number } | { type: 'pass' };
export type TakeawayEntry =
	| { type: 'start'; seat: number }
	| { type: 'take'; seat: number; n: number; left: number }
	| { type: 'pass'; seat: number }
	| { type: 'over'; winner: number }
	| { type: 'draw' };

const Options = v.strictObject({ stones: v.optional(v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(40)), 15) });
type TakeawayOptions = v.InferOutput<typeof Options>;
const Move = v.variant('type', [v.strictObject({ type: v.literal('take'), n: v.pipe(v.number(), v.integer()) }), v.strictObject({ type: v.literal('pass') })]);

const over = (s: TakeawayState | TakeawayView) => s.winner !== null || s.draw;

function start(config: TakeawayConfig, seed: string) {
	if (config.players !== 2 || !Number.isInteger(config.stones) || config.stones < 1) return fail('BAD_CONFIG', 'two players and a pile');
	const startPlayer = below(seedRng(seed), 2);
	const state: TakeawayState = { stones: config.stones, turn: startPlayer, startPlayer, taken: [0, 0], winner: null, passes: 0, draw: false, seed, seedCommitment: commitSeed(seed) };
	return ok({ state, log: [{ type: 'start', seat: startPlayer } as TakeawayEntry] });
}

export const takeaway: GameKind<TakeawayConfig, TakeawayState, TakeawayMove, TakeawayView, TakeawayEntry, TakeawayOptions> = {
	id: 'takeaway',
	engineVersion: 'takeaway@1',
	seats: { min: 2, max: 2 },
	typicalMinutes: 2,
	options: Options,
	config: (options, players) => ok({ players, stones: options.stones }),
	start,
	apply(state, seat, raw) {
		const m = v.safeParse(Move, raw);
		if (!m.success) return fail('BAD_MOVE', 'expected {type: "take", n} or {type: "pass"}');
		if (over(state)) return fail('GAME_OVER', 'the game is over');
		if (seat !== state.turn) return fail('NOT_YOUR_TURN', 'it is not your turn');
		if (m.output.type === 'pass') {
			const s = { ...cloneJson(state), turn: 1 - seat, passes: state.passes + 1 };
			const log: TakeawayEntry[] = [{ type: 'pass', seat }];
			if (s.passes >= 2) {
				s.draw = true;
				log.push({ type: 'draw' });
			}
			return ok({ state: s, log });
		}
		const n = m.output.n;
		if (n < 1 || n > 3 || n > state.stones) return fail('BAD_TAKE', 'take 1 to 3 stones, no more than are left');
		const s = cloneJson(state);
		s.stones -= n;
		s.taken[seat] += n;
		s.passes = 0;
		const log: TakeawayEntry[] = [{ type: 'take', seat, n, left: s.stones }];
		if (s.stones === 0) {
			s.winner = seat;
			log.push({ type: 'over', winner: seat });
		} else s.turn = 1 - seat;
		return ok({ state: s, log });
	},
	legalMoves: (s, seat) =>
		over(s) || seat !== s.turn ? [] : [...[1, 2, 3].filter((n) => n <= s.stones).map((n): TakeawayMove => ({ type: 'take', n })), { type: 'pass' }],
	passive: (m) => m.type === 'pass',
	view: (s) => ({ ...cloneJson(s), seed: over(s) ? s.seed : null }),
	activeSeats: (s) => (over(s) ? [] : [s.turn]),
	status: (s) => ({ round: null, phase: over(s) ? 'over' : 'take' }),
	seatColour: (_s, seat) => (seat === 0 ? 'black' : 'white'),
	timeoutMove: (s) => (over(s) ? null : { move: { type: 'take', n: 1 }, auto: 'one' }),
	bots: {
		/** Leaves a multiple of four when it can (the winning strategy), else takes one. */
		optimal: (s) => ({ type: 'take', n: s.stones % 4 || 1 }),
		one: () => ({ type: 'take', n: 1 })
	},
	defaultBot: 'optimal',
	/** A standing answer (engine/kind.ts `Standing`): "always take one" plays itself on the seat's turn. */
	standing: { answers: ['one'], answer: (s, seat, answer) => (answer === 'one' && !over(s) && s.turn === seat ? { type: 'take', n: 1 } : null) },
	/**
	 * Plan ahead (engine/kind.ts `Queueing`, issue 32): any move may be queued; it is played on the
	 * seat's turn if it is legal then (a take of more stones than are left is not). Everything here is
	 * public, so the view tells legality exactly.
	 */
	queue: {
		check: (_view, _seat, raw) => {
			const m = v.safeParse(Move, raw);
			if (!m.success) return fail('NOT_QUEUEABLE', 'expected {type: "take", n} or {type: "pass"}');
			if (m.output.type === 'take' && (m.output.n < 1 || m.output.n > 3)) return fail('BAD_TAKE', 'take 1 to 3 stones');
			return ok(m.output);
		},
		due: (view, seat, move) => (!over(view) && view.turn === seat && (move.type === 'pass' || move.n <= view.stones) ? move : null),
		options: (view) => (over(view) ? [] : [...[1, 2, 3].filter((n) => n <= view.stones).map((n): TakeawayMove => ({ type: 'take', n })), { type: 'pass' }]),
		plan: (view) => (over(view) ? [] : [[{ type: 'take', n: Math.min(3, view.stones) }, { type: 'take', n: 1 }]])
	},
	turnOf: (s) => (over(s) ? null : s.turn),
	outcome: (s) => {
		if (!over(s)) return null;
		const sheets = [0, 1].map((seat) => ({ seat, total: s.taken[seat], items: [{ kind: 'stones', points: s.taken[seat] }] }));
		if (s.draw) return { reason: 'passes', rounds: null, sheets, places: [1, 1], draw: true };
		return { reason: 'last-stone', rounds: null, sheets, places: [0, 1].map((seat) => (seat === s.winner ? 1 : 2)) };
	},
	verify(g) {
		const recomputed = String(below(seedRng(g.seed), 2));
		const shown = g.log.flatMap((b) => b.log).find((e) => e.type === 'start');
		const status = shown && String(shown.seat) === recomputed ? 'confirmed' : 'mismatch';
		const commitment = commitSeed(g.seed) === g.seedCommitment;
		return { commitment, draws: [{ label: m.takeaway_draw_start_player(), shown: shown ? String(shown.seat) : '—', recomputed, status }], ok: commitment && status === 'confirmed' };
	},
	texts
};
