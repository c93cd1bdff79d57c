// Giants' full position (issue 34; position.ts, positionWrite.ts, docs/positions.md § Giants): every
// state play reaches, in every phase, written down and read back through JSON is the same state; with
// `fresh` and another seed the same game for every seat but for the dice to come; sealed decisions
// stay their seat's; an impossible position is refused naming its rule.
import { describe, expect, it } from 'vitest';
import { commitSeed, jsonEqual, playOut, randomLegal, replay, seedRng, type LogBatch, type Seat } from '$lib/engine';
import { giants } from './index';
import { giantsKind } from './kind';
import type { GiantsPosition } from './positionSchema';
import type { GiantsConfig, GiantsEntry, GiantsState } from './types';
import { dice, faces, start } from './test-helpers';

const OPTIONS = [
	{ quickStart: false, immediateScoring: false },
	{ quickStart: true, immediateScoring: true }
];

/** The scenario extra through JSON, as a file or a request body brings it. */
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The game the written `state` starts: config through the kind (which refuses at once), then start with `seed`. */
function readBack(state: GiantsState, seed: string, fresh = false) {
	const extra = json(giantsKind.position!.write(state, { fresh }));
	const c = giantsKind.config({ quickStart: state.options.quickStart, immediateScoring: state.options.immediateScoring }, state.players.length, extra);
	if (!c.ok) throw new Error(`${c.code}: ${c.message}`);
	const s = giantsKind.start(c.value, seed);
	if (!s.ok) throw new Error(`${s.code}: ${s.message}`);
	return { config: c.value, ...s.value };
}

/** A few random games (3–5 players, both option sets), every state of them. */
function* states(games = 6): Generator<{ state: GiantsState; seed: string; config: GiantsConfig }> {
	for (let g = 0; g < games; g++) {
		const players = 3 + (g % 3);
		const c = giantsKind.config(OPTIONS[g % 2], players);
		if (!c.ok) throw new Error(c.message);
		const seed = `giants-position-${g}`;
		const first = giantsKind.start(c.value, seed);
		if (!first.ok) throw new Error(first.message);
		const all: GiantsState[] = [first.value.state];
		playOut(giantsKind, { config: c.value, seed, bots: randomLegal(giantsKind), rng: seedRng(`${seed}/bots`), pick: 'random', onMove: ({ state }) => void all.push(state) });
		for (const state of all) yield { state, seed, config: c.value };
	}
}

describe('Giants positions: any state written and read back', () => {
	it('every state of random games, in every phase, is the same state read back with its seed, and nothing automatic is left to run', () => {
		const seen = new Set<string>();
		let i = 0;
		for (const { state, seed } of states()) {
			const ph = state.phase;
			// Every third state (a 1,000 or so), and every state of the rarer kinds.
			const rare = [
				ph.kind === 'bid' && ph.submitted.some(Boolean) && !ph.submitted.every(Boolean) && 'bid with some bids in',
				ph.kind === 'choice' && ph.submitted.some(Boolean) && 'choice with some choices in',
				ph.kind === 'carve' && ph.pass >= 2 && 'extra picks',
				state.dice.some((d) => d.broken) && 'a broken moai'
			].filter((x): x is string => typeof x === 'string');
			if (i++ % 3 !== 0 && rare.length === 0 && ph.kind !== 'over') continue;
			const back = readBack(state, seed);
			expect(jsonEqual(back.state, state), `${ph.kind} in round ${state.round}`).toBe(true);
			expect(back.log).toEqual([]);
			seen.add(ph.kind);
			for (const r of rare) seen.add(r);
			if (ph.kind === 'transport' && state.players.some((p) => p.passed)) seen.add('transport with passes');
			if (state.statues.some((st) => st.abandoned)) seen.add('abandoned statues');
		}
		expect([...seen].sort()).toEqual(
			['a broken moai', 'abandoned statues', 'bid', 'bid with some bids in', 'carve', 'choice', 'choice with some choices in', 'extra picks', 'over', 'place', 'transport', 'transport with passes'].sort()
		);
	}, 120_000);

	it('a game started from a round-start position (scores set by the position, immediate scoring) round-trips too', () => {
		const config: GiantsConfig = { players: 3, immediateScoring: true, startPlayer: 0, position: { round: 4, players: [{ score: 11, lent: 2, behind: { logs: 3 } }, null, { rongo: 3 }], statues: [{ kind: 'moai', size: 2, ahu: 'A01', owner: 0 }, { kind: 'headdress', hex: 'H05', marker: 1 }] } };
		const g = playOut(giantsKind, { config, seed: 'rs', bots: randomLegal(giantsKind), rng: seedRng('rs/bots'), maxMoves: 40 });
		const back = readBack(g.state, 'rs');
		expect(jsonEqual(back.state, g.state)).toBe(true);
	});

	it('a written position reads like the game: the board by hex, the statues, the phase and the sealed bids in', () => {
		const s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3, 1, 2, 2)) });
		const r = giants.apply(s, 1, { type: 'bid', markers: 1, workers: 1 });
		expect(r.ok).toBe(true);
		const { position } = giantsKind.position!.write(r.ok ? r.value.state : s) as { position: GiantsPosition };
		expect(position.phase).toEqual({ kind: 'bid', bids: [null, { markers: 1, workers: 1 }, null] });
		expect(position.dice).toEqual([1, 2, 2]);
		expect(position.players![0]).toMatchObject({ colour: 'blue', behind: { workers: 1, medicineMan: true, chief: true, markers: 2, logs: 0 } });
		expect(position.rng).toHaveLength(4);
		expect(giantsKind.position!.write(s, { fresh: true }).position).not.toHaveProperty('rng');
	});
});

describe('Giants positions: fresh', () => {
	it('with another seed: the same game for every seat but the seed commitment; later dice come from the new seed, and its check confirms them', () => {
		let checked = 0;
		let rolled = 0;
		let i = 0;
		for (const { state, seed } of states(2)) {
			if (state.phase.kind === 'over' || i++ % 3 !== 0) continue;
			const other = `${seed}/played-on`;
			const back = readBack(state, other, true);
			expect(back.log).toEqual([]);
			for (const viewer of [null, ...state.players.map((_, i) => i)] as (Seat | null)[]) {
				const a = giants.view(back.state, viewer);
				const b = giants.view(state, viewer);
				expect(a.seedCommitment).toBe(commitSeed(other));
				expect(jsonEqual({ ...a, seedCommitment: '' }, { ...b, seedCommitment: '' })).toBe(true);
			}
			expect(back.state.secret.rng).toEqual(seedRng(other));
			if (checked++ % 60 !== 0) continue;
			// Played on to the end from there: the rolls of later rounds are the new seed's, and verified by it.
			const rest = playOut(giantsKind, { config: back.config, seed: other, bots: randomLegal(giantsKind), rng: seedRng(`${other}/bots`) });
			const again = replay(giantsKind, { game: 'giants', engineVersion: giants.engineVersion, config: back.config, seed: other }, rest.moves);
			expect(again.ok && jsonEqual(again.value, rest.state)).toBe(true);
			const check = giantsKind.verify({ config: back.config, seed: other, seedCommitment: commitSeed(other), moves: rest.moves, log: rest.log as LogBatch<GiantsEntry>[] });
			expect(check.ok).toBe(true);
			rolled += check.draws.length;
			// … and not the finished game's: its seed, which its history reveals, tells nothing of them.
			if (check.draws.length > 0) expect(giantsKind.verify({ config: back.config, seed, seedCommitment: commitSeed(seed), moves: rest.moves, log: rest.log as LogBatch<GiantsEntry>[] }).ok).toBe(false);
		}
		expect(checked).toBeGreaterThan(60);
		expect(rolled).toBeGreaterThan(0);
	}, 120_000);
});

describe('Giants positions: sealed decisions stay their seat’s', () => {
	it('a game from a written position shows each seat its own sealed bid and nobody another’s (G-0.2)', () => {
		let s = start({ players: 4, startPlayer: 0, forcedDice: dice(4, faces(4, 1, 2, 2, 3)) });
		const bids = [
			{ type: 'bid', markers: 2, workers: 1, chief: true },
			{ type: 'bid', markers: 1, workers: 0, medicineMan: true }
		] as const;
		bids.forEach((m, seat) => {
			const r = giants.apply(s, seat, m);
			if (!r.ok) throw new Error(r.message);
			s = r.value.state;
		});
		const back = readBack(s, 'sealed-seed').state;
		expect(back.secret.sealed.slice(0, 2)).toEqual([
			{ markers: 2, workers: 1, medicineMan: false, chief: true },
			{ markers: 1, workers: 0, medicineMan: true, chief: false }
		]);
		for (const viewer of [null, 0, 1, 2, 3] as (Seat | null)[]) {
			const view = giants.view(back, viewer);
			expect(view.mySealed).toEqual(viewer === 0 || viewer === 1 ? back.secret.sealed[viewer] : null);
			const text = JSON.stringify(view);
			expect(text).not.toContain('secret');
			expect(text).not.toContain('sealed-seed');
			// Who has bid is public (G-3.1); what, only to the bidder.
			expect(view.phase).toEqual({ kind: 'bid', submitted: [true, true, false, false] });
			expect(JSON.stringify(view.mySealed)).not.toBe(JSON.stringify(back.secret.sealed[viewer === 0 ? 1 : 0]));
		}
	});
});
