// G-0.3: every roll of a finished game recomputed from the revealed seed (the kind's `verify`).
import { describe, expect, it } from 'vitest';
import { botGame, type GiantsExport } from './test-helpers';
import { rollsOf, verifyDice } from './verify';

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
