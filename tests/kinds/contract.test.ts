// The contract every kind keeps (engine/kind.ts; docs/adding-a-game.md): run against each registered
// kind and the test-only Take-away. What the platform relies on without looking inside a state:
// defaults fill the options, every seat count starts, the default bot finishes a game from its own
// view, the automatic move is legal wherever a clock can run out, the seed stays out of every view
// and log until the end, the outcome agrees with the scores, the one replay rebuilds the game, the
// randomness check confirms it, and the texts word every phase and log entry.
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { commitSeed, jsonEqual, replay, seedRng, type AnyKind, type LogBatch } from '$lib/engine';
import { KINDS } from '$lib/games';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { takeaway } from '../games/takeaway/kind';

overwriteGetLocale(() => 'en');
afterAll(() => overwriteGetLocale(() => 'en'));

const MOVE_CAP = 20_000;

/** One game to the end by the kind's default bot, each seat from its own view; every position's automatic moves checked. */
function playThrough(kind: AnyKind, players: number, seed: string) {
	const opts = v.parse(kind.options, {});
	const config = kind.config(opts, players);
	if (!config.ok) throw new Error(config.message);
	const start = kind.start(config.value, seed);
	if (!start.ok) throw new Error(start.message);
	let state = start.value.state;
	const log: LogBatch[] = [{ version: 0, log: start.value.log }];
	const moves: { seat: number; move: unknown }[] = [];
	const bot = kind.bots[kind.defaultBot];
	const rng = seedRng(`${seed}/bots`);
	let timeoutsChecked = 0;
	while (!kind.isOver(state) && moves.length < MOVE_CAP) {
		const seat = kind.activeSeats(state)[0];
		// Wherever a clock can run out, the kind's automatic move is accepted (autoplay.ts relies on it).
		if (moves.length % 7 === 0) {
			for (const s of kind.activeSeats(state)) {
				const auto = kind.timeoutMove(state, s);
				expect(auto, `no automatic move for seat ${s}`).not.toBeNull();
				const r = kind.apply(state, s, auto!.move);
				expect(r.ok, r.ok ? '' : `${r.code}: ${r.message}`).toBe(true);
				expect(kind.texts.auto(auto!.auto)).not.toBe('');
				timeoutsChecked++;
			}
		}
		const move = bot(kind.view(state, seat), seat, rng);
		const r = kind.apply(state, seat, move);
		if (!r.ok) throw new Error(`${kind.id}: the bot's move was refused: ${r.code}`);
		moves.push({ seat, move });
		log.push({ version: moves.length, log: r.value.log });
		state = r.value.state;
	}
	return { config: config.value, state, log, moves, timeoutsChecked };
}

const ALL: AnyKind[] = [...KINDS, takeaway];

describe.each(ALL.map((k) => [k.id, k] as const))('the kind contract: %s', (_id, kind) => {
	it('options: the schema fills every default; every seat count in range starts', () => {
		const opts = v.parse(kind.options, {});
		expect(opts).toBeTypeOf('object');
		for (let n = kind.seats.min; n <= kind.seats.max; n++) {
			const c = kind.config(opts, n);
			expect(c.ok).toBe(true);
			const s = c.ok && kind.start(c.value, `seats-${n}`);
			expect(s && s.ok).toBe(true);
		}
		expect(kind.seats.min).toBeGreaterThanOrEqual(1);
		expect(kind.typicalMinutes).toBeGreaterThan(0);
		expect(kind.bots[kind.defaultBot]).toBeTypeOf('function');
	});

	it('a game to the end: bots, automatic moves, secrets, outcome, replay, randomness and texts', () => {
		const seed = `contract-${kind.id}-seed-7f3a`;
		const g = playThrough(kind, kind.seats.min, seed);
		expect(kind.isOver(g.state), `${kind.id} did not finish in ${MOVE_CAP} moves`).toBe(true);
		expect(g.timeoutsChecked).toBeGreaterThan(0);
		// The seed is nobody's while the game runs: not in any view nor any log entry.
		const running = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: g.config, seed }, g.moves.slice(0, 1));
		expect(running.ok).toBe(true);
		if (running.ok) for (const viewer of [null, 0]) expect(JSON.stringify(kind.view(running.value, viewer))).not.toContain(seed);
		expect(JSON.stringify(g.log)).not.toContain(seed);
		// The outcome agrees with the scores.
		const out = kind.outcome(g.state)!;
		const sheets = kind.scores(g.state);
		expect(out.scores).toEqual(sheets.map((s) => s.total));
		expect(out.winners).toEqual(sheets.filter((s) => s.winner).map((s) => s.seat));
		expect(kind.texts.reason(out.reason)).not.toBe('');
		// The one replay rebuilds exactly this game; the randomness check confirms it, and not another seed.
		const r = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: g.config, seed }, g.moves);
		expect(r.ok && jsonEqual(r.value, g.state)).toBe(true);
		const revealed = { config: g.config, seed, seedCommitment: '', moves: g.moves, log: g.log };
		expect(kind.verify({ ...revealed, seedCommitment: commitSeed(seed) })).toMatchObject({ ok: true, commitment: true });
		expect(kind.verify({ ...revealed, seed: seed + 'x', seedCommitment: commitSeed(seed) }).ok).toBe(false);
		// Texts word every phase met and every log entry.
		expect(kind.texts.name()).not.toBe('');
		expect(kind.texts.blurb()).not.toBe('');
		expect(kind.texts.phase(kind.status(g.state).phase)).not.toBe('');
		for (const b of g.log) for (const e of b.log) expect(kind.texts.logLine(e, (s) => `P${s}`)).not.toBe('');
	});
});

