// The contract every kind keeps (engine/kind.ts; docs/adding-a-game.md): run against each registered
// kind, the test kind Take-away among them (registered in the tests: tests/kinds/test-kinds.js).
// What the platform relies on without looking inside a state: defaults fill the options, every seat
// count starts, the default bot finishes a game from its own view, the automatic move is legal
// wherever a clock can run out, the seed stays out of every view and log until the end, the outcome
// agrees with the scores, the one replay rebuilds the game, the randomness check confirms it, and
// the texts word every phase and log entry.
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutcome, commitSeed, fuzzContract, isOver, jsonEqual, playOut, randomLegal, replay, resultOf, seedRng, type Kind } from '$lib/engine';
import { KINDS } from '$lib/games';
import { overwriteGetLocale } from '$lib/paraglide/runtime';

overwriteGetLocale(() => 'en');
afterAll(() => overwriteGetLocale(() => 'en'));

const MOVE_CAP = 20_000;

/** One game to the end by the kind's default bot (the one playOut), each seat from its own view; automatic moves checked on the way. */
function playThrough(kind: Kind, players: number, seed: string) {
	const config = kind.config(v.parse(kind.options, {}), players);
	if (!config.ok) throw new Error(config.message);
	let timeoutsChecked = 0;
	const g = playOut(kind, {
		config: config.value,
		seed,
		rng: seedRng(`${seed}/bots`),
		maxMoves: MOVE_CAP,
		onMove: ({ index, state }) => {
			// Wherever a clock can run out, the kind's automatic move is accepted (autoplay.ts relies on it).
			if (index % 7 !== 0 || isOver(kind, state)) return;
			for (const s of kind.activeSeats(state)) {
				const auto = kind.timeoutMove(state, s);
				expect(auto, `no automatic move for seat ${s}`).not.toBeNull();
				const r = kind.apply(state, s, auto!.move);
				expect(r.ok, r.ok ? '' : `${r.code}: ${r.message}`).toBe(true);
				expect(kind.texts.auto(auto!.auto)).not.toBe('');
				timeoutsChecked++;
			}
		}
	});
	return { config: config.value, ...g, timeoutsChecked };
}

describe.each(KINDS.map((k) => [k.id, k] as const))('the kind contract: %s', (_id, kind) => {
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
		expect(isOver(kind, g.state), `${kind.id} did not finish in ${MOVE_CAP} moves`).toBe(true);
		expect(g.timeoutsChecked).toBeGreaterThan(0);
		// The seed is nobody's while the game runs: not in any view nor any log entry.
		const running = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: g.config, seed }, g.moves.slice(0, 1));
		expect(running.ok).toBe(true);
		if (running.ok) for (const viewer of [null, 0]) expect(JSON.stringify(kind.view(running.value, viewer))).not.toContain(seed);
		expect(JSON.stringify(g.log)).not.toContain(seed);
		// The outcome is the one truth about the end: well formed, and the same read from any view.
		const out = kind.outcome(g.state)!;
		const valid = checkOutcome(out, kind.seats.min);
		expect(valid.ok, valid.ok ? '' : valid.message).toBe(true);
		for (const viewer of [null, 0]) expect(kind.outcome(kind.view(g.state, viewer))).toEqual(out);
		expect(['win', 'shared', 'draw']).toContain(resultOf(out).result);
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

	// Issue 29 (engine/kind.ts `PositionFormat`): a position is a full state written down.
	it.skipIf(!kind.position)('position: every state of random games, written and read back with its seed, is the same state; a game from one replays and verifies', () => {
		const format = kind.position!;
		const options = v.parse(kind.options, {});
		let checked = 0;
		for (let g = 0; g < 4; g++) {
			const players = kind.seats.min + (g % (kind.seats.max - kind.seats.min + 1));
			const config = kind.config(options, players);
			if (!config.ok) throw new Error(config.message);
			const seed = `position-${kind.id}-${g}`;
			const back = (state: unknown) => {
				// Through JSON, as a file or a request body brings it.
				const extra = JSON.parse(JSON.stringify(format.write(state))) as Record<string, unknown>;
				const c = kind.config(options, players, extra);
				if (!c.ok) throw new Error(`${c.code}: ${c.message}`);
				const s = kind.start(c.value, seed);
				if (!s.ok) throw new Error(`${s.code}: ${s.message}`);
				return { config: c.value, state: s.value.state };
			};
			const out = playOut(kind, {
				config: config.value,
				seed,
				bots: randomLegal(kind),
				rng: seedRng(`${seed}/bots`),
				onMove: ({ index, state }) => {
					if (index % 3 !== 0) return;
					expect(jsonEqual(back(state).state, state), `${kind.id} move ${index}: the state read back differs`).toBe(true);
					checked++;
				}
			});
			expect(jsonEqual(back(out.state).state, out.state), `${kind.id}: the final state read back differs`).toBe(true);
			// A game from a position (the middle of this one) is an ordinary game of its config and seed.
			const mid = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed }, out.moves.slice(0, Math.floor(out.moves.length / 2)));
			if (!mid.ok) throw new Error(mid.message);
			const from = back(mid.value);
			const rest = playOut(kind, { config: from.config, seed, bots: randomLegal(kind), rng: seedRng(`${seed}/rest`) });
			expect(isOver(kind, rest.state)).toBe(true);
			const again = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: from.config, seed }, rest.moves);
			expect(again.ok && jsonEqual(again.value, rest.state)).toBe(true);
			expect(kind.verify({ config: from.config, seed, seedCommitment: commitSeed(seed), moves: rest.moves, log: rest.log }).ok).toBe(true);
		}
		expect(checked).toBeGreaterThan(20);
		expect(format.doc).toMatch(/^docs\/.+\.md/);
	});

	// Issue 34 (engine/kind.ts `WriteOptions`): a game played on from a position has its own seed for
	// everything random from then on. Generic: what is unseen is judged only through the kind's own
	// views, writes and randomness check, never by looking inside a state.
	it.skipIf(!kind.position)('fresh position: the same game for every seat, everything unseen drawn anew from the new seed; idempotent; verified', () => {
		const format = kind.position!;
		const options = v.parse(kind.options, {});
		const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as Record<string, unknown>;
		/** A view with the game's commitment (the one thing a view shows of its seed while it runs) masked. */
		const masked = (x: unknown, seed: string) => JSON.stringify(x).replaceAll(commitSeed(seed), '<commitment>');
		let checked = 0;
		let running = 0;
		let redrawn = 0;
		for (let g = 0; g < 4; g++) {
			const players = kind.seats.min + (g % (kind.seats.max - kind.seats.min + 1));
			const seats = Array.from({ length: players }, (_, i) => i);
			const config = kind.config(options, players);
			if (!config.ok) throw new Error(config.message);
			const seed = `fresh-${kind.id}-${g}`;
			const startFresh = (extra: Record<string, unknown>, newSeed: string) => {
				const c = kind.config(options, players, extra);
				if (!c.ok) throw new Error(`${c.code}: ${c.message}`);
				const s = kind.start(c.value, newSeed);
				if (!s.ok) throw new Error(`${s.code}: ${s.message}`);
				return { config: c.value, state: s.value.state };
			};
			const check = (state: unknown, index: number) => {
				const at = `${kind.id} game ${g} move ${index}`;
				// Through JSON, as a link or a request body brings it.
				const fresh = json(format.write(state, { fresh: true }));
				const a = startFresh(fresh, `${seed}/another seed`);
				const b = startFresh(fresh, `${seed}/a third seed`);
				// Idempotent: the fresh game written fresh is the same position (nothing seen was lost or redrawn).
				expect(json(format.write(a.state, { fresh: true })), `${at}: the fresh position is not idempotent`).toEqual(fresh);
				expect(json(format.write(b.state, { fresh: true })), `${at}: the fresh position is not idempotent`).toEqual(fresh);
				// The same decision awaits the same seats, with the same choices, and the same end.
				expect(kind.activeSeats(a.state), at).toEqual(kind.activeSeats(state));
				expect(kind.status(a.state), at).toEqual(kind.status(state));
				expect(kind.outcome(a.state), at).toEqual(kind.outcome(state));
				for (const seat of seats) expect(jsonEqual(kind.legalMoves(a.state, seat), kind.legalMoves(state, seat)), `${at}: seat ${seat}'s legal moves differ`).toBe(true);
				if (kind.outcome(state) === null) {
					// While it runs, every seat and a spectator see the same game; only the commitment is the new seed's.
					for (const viewer of [null, ...seats]) {
						const va = kind.view(a.state, viewer);
						expect(JSON.stringify(va), `${at}: the new game shows no commitment of its own seed`).toContain(commitSeed(`${seed}/another seed`));
						expect(JSON.stringify(va), `${at}: the new game shows the original's commitment`).not.toContain(commitSeed(seed));
						expect(masked(va, `${seed}/another seed`), `${at}: viewer ${viewer} sees another game`).toBe(masked(kind.view(state, viewer), seed));
						expect(masked(kind.view(b.state, viewer), `${seed}/a third seed`)).toBe(masked(va, `${seed}/another seed`));
					}
					running++;
					// The seed decides what is unseen: two seeds, two full positions (while something is left to draw).
					if (!jsonEqual(json(format.write(a.state)), json(format.write(b.state)))) redrawn++;
				}
				checked++;
				return a;
			};
			const out = playOut(kind, {
				config: config.value,
				seed,
				bots: randomLegal(kind),
				rng: seedRng(`${seed}/bots`),
				onMove: ({ index, state }) => {
					if (index % 5 === 0) check(state, index);
				}
			});
			check(out.state, out.moves.length);
			// A game played on from the middle, with its own seed: it replays and its randomness check
			// confirms it with that seed and its commitment, not with the original's.
			const mid = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed }, out.moves.slice(0, Math.floor(out.moves.length / 2)));
			if (!mid.ok) throw new Error(mid.message);
			const from = startFresh(json(format.write(mid.value, { fresh: true })), `${seed}/play on`);
			const rest = playOut(kind, { config: from.config, seed: `${seed}/play on`, bots: randomLegal(kind), rng: seedRng(`${seed}/rest`) });
			expect(isOver(kind, rest.state)).toBe(true);
			const again = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: from.config, seed: `${seed}/play on` }, rest.moves);
			expect(again.ok && jsonEqual(again.value, rest.state)).toBe(true);
			const revealed = { config: from.config, seed: `${seed}/play on`, seedCommitment: commitSeed(`${seed}/play on`), moves: rest.moves, log: rest.log };
			expect(kind.verify(revealed)).toMatchObject({ ok: true, commitment: true });
			expect(kind.verify({ ...revealed, seedCommitment: commitSeed(seed) }).commitment).toBe(false);
		}
		expect(checked).toBeGreaterThan(20);
		// Most running positions still have something unseen, and the new seed draws it anew.
		expect(redrawn).toBeGreaterThan(running / 2);
	});

	it('passes the contract-level fuzzer (what `npm run fuzz` runs for a kind without its own)', () => {
		const n = kind.id === 'takeaway' ? 40 : 2;
		for (let i = 0; i < n; i++) {
			const r = fuzzContract(kind, i, 'contract');
			expect(r.checks).toBeGreaterThan(0);
			expect(r.reason === 'cap' ? kind.id : 'ok').toBe('ok');
		}
	});
});
