// Issue 17, bots that play like people: every registered kind's default bot, on a small seeded
// sample at every table size (src/lib/engine/botmatch.ts; `npm run bench:bots` measures the same on
// larger samples, and the time per decision, which no test asserts):
//  (a) its self-play games end by the rules' normal end (not a safeguard of the kind) in ≥ 90%;
//  (b) with it in one seat and random bots in the others, it wins outright in ≥ 90%;
//  (d) it plays from a seat's view alone: given the view deeply frozen, it changes nothing, picks a
//      move the view itself lists as legal and the game accepts, and picks the same move again from
//      an equal copy of the view with the same random stream (nothing but its arguments decides).
// The samples are fixed counts and seeds, so a result changes only when a bot or a rule does.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cloneJson, isOver, deepFreeze, jsonEqual, playOut, seedRng, selfPlay, versusRandom, type Kind, type RngState } from '$lib/engine';
import { KIND_IDS, kindOf } from '$lib/games';

/** Games per kind: enough for a 90% bar to mean something, few enough for the file to take seconds. */
const SELF_PLAY_GAMES = 20;
const VERSUS_GAMES = 60;
/** Positions per kind at which the bot is asked from a frozen view (from a game at each end of the seat range). */
const POSITIONS = 40;
const SEED = 'bots-test';
/** Whole games of bots take seconds: vitest's limit per test, not a speed bar (bench:bots times the bots). */
const LIMIT = 60_000;

const kinds = KIND_IDS.map((id) => [id, kindOf(id)!] as const);

function configFor(kind: Kind, players: number): unknown {
	const c = kind.config(v.parse(kind.options, {}), players);
	if (!c.ok) throw new Error(c.message);
	return c.value;
}

/** States of a default-bot game, evenly spaced, each with the seats awaited there. */
function positions(kind: Kind, players: number, count: number): { state: unknown; seat: number }[] {
	const states: unknown[] = [];
	playOut(kind, { config: configFor(kind, players), seed: `${SEED}/positions/${players}`, onMove: ({ state }) => void states.push(state) });
	const out: { state: unknown; seat: number }[] = [];
	const running = states.filter((s) => !isOver(kind, s));
	for (let i = 0; i < count && running.length > 0; i++) {
		const state = running[Math.floor((i * running.length) / count)];
		for (const seat of kind.activeSeats(state)) out.push({ state, seat });
	}
	return out;
}

describe.each(kinds)('the default bot of %s (issue 17)', (_id, kind) => {
	const bot = kind.bots[kind.defaultBot];

	it(`(a) ends at least 90% of ${SELF_PLAY_GAMES} self-play games by the rules' normal end`, () => {
		const r = selfPlay(kind, { games: SELF_PLAY_GAMES, seed: SEED });
		expect(r.games).toBe(SELF_PLAY_GAMES);
		expect(r.normalEnds, `ends: ${JSON.stringify(r.reasons)}`).toBeGreaterThanOrEqual(Math.ceil(0.9 * SELF_PLAY_GAMES));
	}, LIMIT);

	it(`(b) wins at least 90% of ${VERSUS_GAMES} games outright against random bots`, () => {
		const r = versusRandom(kind, { games: VERSUS_GAMES, seed: SEED });
		expect(r.games).toBe(VERSUS_GAMES);
		expect(r.wins, `won ${r.wins}, shared ${r.shared}`).toBeGreaterThanOrEqual(Math.ceil(0.9 * VERSUS_GAMES));
	}, LIMIT);

	it('(d) plays from a frozen view alone: a legal move, the same again from an equal copy', () => {
		const sample = [...positions(kind, kind.seats.min, POSITIONS / 2), ...positions(kind, kind.seats.max, POSITIONS / 2)];
		expect(sample.length).toBeGreaterThanOrEqual(POSITIONS / 2);
		const rng = seedRng(`${SEED}/positions/bots`);
		for (const { state, seat } of sample) {
			const view = deepFreeze(kind.view(state, seat));
			const stream = [...rng] as RngState;
			const move = bot(view, seat, rng); // a write to the view throws: it is frozen (ES modules are strict)
			const legal = kind.legalMoves(view, seat);
			expect(legal.some((m) => jsonEqual(m, move)), `${JSON.stringify(move)} is not among the view's legal moves`).toBe(true);
			const applied = kind.apply(state, seat, move);
			expect(applied.ok, applied.ok ? '' : `${applied.code}: ${applied.message}`).toBe(true);
			expect(bot(cloneJson(view), seat, stream)).toEqual(move);
		}
	}, LIMIT);
});
