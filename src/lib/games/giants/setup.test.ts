import { describe, expect, it } from 'vitest';
import { below, commitSeed, replay, seedRng, type LoggedMove, isOver, startState } from '$lib/engine';
import { giants, ENGINE_VERSION, type GiantsMove } from './index';
import { atPlacement, dice, drive, start } from './test-helpers';
import { giantsKind } from './kind';

describe('G-2 setup', () => {
	it.each([
		[3, 7],
		[4, 6],
		[5, 5]
	])('G-2.1/G-2.2: %i players: screens, bags and %i pedestals each', (players, pedestals) => {
		const s = start({ players });
		expect(s.players).toHaveLength(players);
		for (const p of s.players) {
			expect(p.behind).toEqual({ workers: 1, medicineMan: true, chief: true, markers: 2, pedestals, logs: 0 });
			expect(p.front).toEqual({ workers: 0, medicineMan: false, chief: false, markers: 0, rongo: 0 });
			// G-2.2: every other worker and tribe marker of the colour is in the bag.
			expect(p.bag).toEqual({ workers: 5, markers: 4 });
		}
	});

	it('G-2.1: quick start puts 2 workers behind each screen and leaves 4 in the bag', () => {
		const s = start({ players: 4, quickStart: true });
		for (const p of s.players) {
			expect(p.behind.workers).toBe(2);
			expect(p.bag.workers).toBe(4);
		}
		expect(s.options.quickStart).toBe(true);
	});

	it('G-2.1: fewer than 3 or more than 5 players are refused', () => {
		for (const players of [0, 2, 6, 3.5]) expect(startState(giants, { players }, 'x')).toMatchObject({ ok: false, code: 'BAD_CONFIG' });
	});

	it('G-2.1: colours default to the board order and may be chosen, distinct', () => {
		expect(start({ players: 3 }).players.map((p) => p.colour)).toEqual(['blue', 'green', 'red']);
		expect(start({ players: 3, colours: ['purple', 'red', 'blue'] }).players.map((p) => p.colour)).toEqual(['purple', 'red', 'blue']);
		expect(startState(giants, { players: 3, colours: ['red', 'red', 'blue'] }, 'x')).toMatchObject({ ok: false, code: 'BAD_CONFIG' });
	});

	it('G-2.3: an empty seed is refused', () => {
		expect(startState(giants, { players: 3 }, '')).toMatchObject({ ok: false, code: 'BAD_SEED' });
	});

	it('G-2.3: scores start at 0', () => {
		for (const p of start({ players: 5 }).players) {
			expect(p.score).toBe(0);
			expect(p.lent).toBe(0);
		}
	});

	it('G-2.3: the start player comes from the seed', () => {
		const seen = new Set<number>();
		for (let i = 0; i < 40; i++) {
			const seed = `seed-${i}`;
			const s = start({ players: 4 }, seed);
			// The first draw of the seeded generator picks the start player.
			expect(s.startPlayer).toBe(below(seedRng(seed), 4));
			expect(start({ players: 4 }, seed).startPlayer).toBe(s.startPlayer);
			seen.add(s.startPlayer);
		}
		expect([...seen].sort()).toEqual([0, 1, 2, 3]);
	});

	it('G-2.3: the creator may fix the start player', () => {
		for (let i = 0; i < 10; i++) expect(start({ players: 5, startPlayer: 3 }, `s${i}`).startPlayer).toBe(3);
		expect(startState(giants, { players: 3, startPlayer: 3 }, 'x')).toMatchObject({ ok: false, code: 'BAD_CONFIG' });
	});

	it.each([
		[3, 3, 0],
		[4, 3, 1],
		[5, 3, 2]
	])('G-2.4: %i players roll %i white and %i brown dice', (players, white, brown) => {
		const s = start({ players });
		expect(s.dice.filter((d) => d.colour === 'white')).toHaveLength(white);
		expect(s.dice.filter((d) => d.colour === 'brown')).toHaveLength(brown);
		expect(s.round).toBe(1);
	});

	it('G-1/G-2: the general supply holds the box minus the first roll', () => {
		const s = start({ players: 3, forcedDice: dice(3, [1, 2, 2]) });
		expect(s.supply).toEqual({ moai: [16, 10, 6], headdresses: 14, logs: 27, rongo: 30 });
		expect(s.display).toEqual([1, 2, 2]);
		expect(s.phase.kind).toBe('bid');
	});

	it('G-2.5: immediate scoring is an option recorded in the state', () => {
		expect(start({ players: 3 }).options.immediateScoring).toBe(false);
		expect(start({ players: 3, immediateScoring: true }).options.immediateScoring).toBe(true);
	});
});

describe('G-0.2/G-0.3 the seed in views', () => {
	it('G-0.3: every view carries the commitment (SHA-256 of the seed) from the start', () => {
		const s = start({ players: 3 }, 'the-secret-seed');
		for (const viewer of [0, 1, 2, null]) expect(giants.view(s, viewer).seedCommitment).toBe(commitSeed('the-secret-seed'));
	});

	it('G-0.2: the seed appears in no view while the game runs', () => {
		const s = start({ players: 3 }, 'the-secret-seed');
		for (const viewer of [0, 1, 2, null]) {
			const v = giants.view(s, viewer);
			expect(v.seed).toBeNull();
			expect(JSON.stringify(v)).not.toContain('the-secret-seed');
			expect(v).not.toHaveProperty('secret');
		}
	});

	it('G-0.3: the seed is revealed in every view once the game is over', () => {
		// Seat 0 has a moai on each of its 7 pedestals: the game ends after the next phase 4 (G-6.1).
		const statues = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07'].map((ahu) => ({ kind: 'moai' as const, size: 1 as const, ahu, owner: 0 }));
		let s = start({ players: 3, startPlayer: 0, forcedDice: dice(3), position: { round: 2, statues } }, 'revealed-seed');
		s = drive(s, {}); // everybody passes phase 3
		s = drive(s, {}); // and phase 4
		expect(isOver(giantsKind, s)).toBe(true);
		for (const viewer of [0, 2, null]) expect(giants.view(s, viewer).seed).toBe('revealed-seed');
		expect(commitSeed(giants.view(s, null).seed!)).toBe(s.seedCommitment);
	});
});

describe('G-0.3 replay of a Giants game (conventions §6, §8)', () => {
	const config = { players: 3, startPlayer: 0 };
	const log: LoggedMove<GiantsMove>[] = [
		{ seat: 0, move: { type: 'bid', markers: 1, workers: 1 } },
		{ seat: 1, move: { type: 'bid', markers: 0, workers: 0, chief: true } },
		{ seat: 2, move: { type: 'bid', markers: 2, workers: 0 } }
	];

	it('G-0.3: setup plus log rebuilds the live state, rolls included', () => {
		let live = start(config, 'replay-seed');
		for (const e of log) {
			const r = giants.apply(live, e.seat, e.move);
			expect(r.ok).toBe(true);
			if (r.ok) live = r.value.state;
		}
		const r = replay(giants, { game: 'giants', engineVersion: ENGINE_VERSION, config, seed: 'replay-seed' }, log);
		expect(r).toEqual({ ok: true, value: live });
	});

	it('conventions §8: a setup of another engine version is refused', () => {
		const r = replay(giants, { game: 'giants', engineVersion: 'giants@0', config, seed: 'replay-seed' }, log);
		expect(r).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
		expect(giants.engineVersion).toBe(ENGINE_VERSION);
	});

	it('G-0.3: the same seed gives the same dice; the dice depend on the seed', () => {
		const rolls = (seed: string) => start({ players: 5 }, seed).dice.map((d) => d.face);
		expect(rolls('a')).toEqual(rolls('a'));
		const distinct = new Set(Array.from({ length: 20 }, (_, i) => rolls(`d${i}`).join()));
		expect(distinct.size).toBeGreaterThan(1);
	});
});

describe('G-2 scenario positions', () => {
	it('a position that needs more pieces than the box holds is refused', () => {
		const r = startState(giants, { players: 3, position: { players: [{ behind: { workers: 7 } }] } }, 'x');
		expect(r).toMatchObject({ ok: false, code: 'BAD_POSITION' });
	});

	it('a position keeps every component: bags are recomputed', () => {
		const s = atPlacement(3, { players: [{ behind: { workers: 4, markers: 5 } }] });
		expect(s.players[0].bag).toEqual({ workers: 2, markers: 1 });
		expect(s.phase.kind).toBe('place');
	});
});
