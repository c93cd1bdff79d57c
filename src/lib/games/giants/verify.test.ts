// G-0.3: every roll of a finished game recomputed from the revealed seed (the kind's `verify`).
import { describe, expect, it } from 'vitest';
import { seedRng, buildExport, playOut, type ExportedMove, type GameExportV2, startState, erase } from '$lib/engine';
import { randomBot } from './bots';
import { giants } from './index';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState } from './types';
import { giantsKind } from './kind';
import { rollsOf, verifyDice, type PublicLog } from './verify';

type GiantsExport = GameExportV2<GiantsConfig, GiantsMove>;

/** A whole random-bot game as an export, plus every state and the public log the room would serve. */
function botGame(config: GiantsConfig, seed: string) {
	const states: GiantsState[] = [];
	const g = playOut(giantsKind, {
		config,
		seed,
		bots: randomBot as never,
		rng: seedRng('history-test:' + seed),
		onMove: ({ state }) => void states.push(state as GiantsState)
	});
	const set = startState(giants, config, seed);
	if (!set.ok) throw new Error(set.message);
	states.unshift(set.value);
	const s = g.state;
	// A clock change may take a version without a move: leave a gap now and then.
	const moves: ExportedMove[] = [];
	for (const [i, m] of g.moves.entries()) moves.push({ ...m, version: (moves.at(-1)?.version ?? 1) + 1 + (i % 50 === 49 ? 1 : 0), at: 1000 * i });
	const log: PublicLog = g.log.map((b, i) => ({ version: i === 0 ? 1 : moves[i - 1].version, log: b.log as GiantsEntry[] }));
	const e = buildExport({
		kind: erase(giantsKind),
		id: 'g1',
		config,
		options: { quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring },
		seed,
		engineVersion: giants.engineVersion,
		players: Array.from({ length: config.players }, (_, seat) => ({ seat, username: `p${seat}` })),
		createdAt: 0,
		startedAt: 0,
		finishedAt: 1,
		startVersion: 1,
		moves,
		final: s
	});
	return { e: e as GiantsExport, states, log };
}

const game = botGame({ players: 4 }, 'history-4p');

describe('verifyDice', () => {
	it('confirms every roll of an honest game from the seed alone', () => {
		const r = verifyDice(dice(game.e), game.log);
		expect(r.commitmentOk).toBe(true);
		expect(r.rounds.length).toBe(game.e.result.rounds);
		expect(r.rounds.map((x) => x.round)).toEqual(Array.from({ length: r.rounds.length }, (_, i) => i + 1));
		expect(r.rounds.every((x) => x.status === 'confirmed')).toBe(true);
		expect(r.rounds[0].expected).toEqual(r.rounds[0].shown);
		expect(r.rounds[0].expected.map((d) => d.colour)).toEqual(['white', 'white', 'white', 'brown']);
		expect(r.ok).toBe(true);
	});

	it('flags a roll the log showed differently from what the seed gives', () => {
		const log = structuredClone(game.log);
		const roll = log.flatMap((b) => b.log).filter((x) => x.type === 'roll')[2];
		if (roll.type !== 'roll') throw new Error('unreachable');
		roll.dice[1].face = (roll.dice[1].face + 1) % 4;
		const r = verifyDice(dice(game.e), log);
		expect(r.rounds.filter((x) => x.status === 'mismatch').map((x) => x.round)).toEqual([3]);
		expect(r.ok).toBe(false);
	});

	it('flags a revealed seed that does not match the commitment', () => {
		const r = verifyDice(dice({ ...game.e, seed: 'another seed' }), game.log);
		expect(r.commitmentOk).toBe(false);
		expect(r.ok).toBe(false);
		// And the rolls from another seed do not match what was shown.
		expect(r.rounds.some((x) => x.status === 'mismatch')).toBe(true);
	});

	it('flags a missing round (the stream would be out of step)', () => {
		const log = game.log.filter((b) => !b.log.some((x) => x.type === 'round' && x.round === 2));
		const r = verifyDice(dice(game.e), log);
		expect(r.rounds[0].status).toBe('confirmed');
		expect(r.rounds[1].status).toBe('mismatch');
	});

	it('marks forced rounds of a test scenario and confirms the seeded ones after them', () => {
		const forced = botGame({ players: 3, startPlayer: 0, forcedDice: [[1, 2, 3]] }, 'forced');
		const r = verifyDice(dice(forced.e), forced.log);
		expect(r.rounds[0]).toMatchObject({ round: 1, status: 'forced' });
		expect(r.rounds.slice(1).every((x) => x.status === 'confirmed')).toBe(true);
		expect(r.ok).toBe(true);
		expect(rollsOf(forced.log)[0].dice.map((d) => d.face)).toEqual([1, 2, 3]);
	});
});

/** The check's input from an export. */
function dice(e: GiantsExport) {
	return { config: e.config, seed: e.seed, seedCommitment: e.seedCommitment };
}
