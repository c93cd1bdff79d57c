import { describe, expect, it } from 'vitest';
import { replay, type Replayable } from './replay';
import { fail, ok, type Game, type GameSetup, type LoggedMove } from './types';

/** A toy counter game: each seat adds 1–3 in turn; it ends at `target`. Enough to test replay. */
interface Cfg {
	target: number;
}
interface St {
	total: number;
	turn: number;
	seed: string;
}
type Mv = { add: number };
const counter: Game<Cfg, St, Mv, St, string> & Replayable<Cfg, St, string> = {
	id: 'counter',
	engineVersion: 'counter@2',
	start: (config, seed) => (config.target > 0 ? ok({ state: { total: 0, turn: 0, seed }, log: [] }) : fail('BAD_CONFIG', 'target must be positive')),
	apply: (s, seat, move) => {
		const m = move as Mv;
		if (seat !== s.turn) return fail('NOT_YOUR_TURN', 'not your turn');
		if (!m || ![1, 2, 3].includes(m.add)) return fail('BAD_MOVE', 'add 1–3');
		return ok({ state: { ...s, total: s.total + m.add, turn: 1 - s.turn }, log: [`${seat}+${m.add}`] });
	},
	legalMoves: () => [{ add: 1 }, { add: 2 }, { add: 3 }],
	view: (s) => s,
	activeSeats: (s) => [s.turn]
};

const setup: GameSetup<Cfg> = { game: 'counter', engineVersion: 'counter@2', config: { target: 10 }, seed: 's1' };
const log: LoggedMove<Mv>[] = [
	{ seat: 0, move: { add: 3 } },
	{ seat: 1, move: { add: 2 } },
	{ seat: 0, move: { add: 1 } }
];

describe('replay (conventions §6: the log is the truth)', () => {
	it('rebuilds the live state from setup and log', () => {
		let live = (counter.start(setup.config, setup.seed) as { value: { state: St } }).value.state;
		for (const e of log) live = (counter.apply(live, e.seat, e.move) as { value: { state: St } }).value.state;
		expect(replay(counter, setup, log)).toEqual({ ok: true, value: live });
		expect(live.total).toBe(6);
	});

	it('equals the live state at every prefix of the log', () => {
		for (let k = 0; k <= log.length; k++) {
			const r = replay(counter, setup, log.slice(0, k));
			expect(r.ok).toBe(true);
			if (r.ok) expect(r.value.total).toBe([0, 3, 5, 6][k]);
		}
	});

	it('passes the seed on to setup', () => {
		const r = replay(counter, { ...setup, seed: 'other' }, []);
		expect(r.ok && r.value.seed).toBe('other');
	});

	it('names the failing move of an invalid log', () => {
		const bad = [...log, { seat: 0, move: { add: 1 } }];
		const r = replay(counter, setup, bad);
		expect(r.ok).toBe(false);
		if (!r.ok) {
			expect(r.code).toBe('NOT_YOUR_TURN');
			expect(r.message).toMatch(/^move 4: /);
		}
	});

	it('returns a setup failure as it is', () => {
		const r = replay(counter, { ...setup, config: { target: 0 } }, log);
		expect(r).toMatchObject({ ok: false, code: 'BAD_CONFIG' });
	});
});

describe('replay refuses foreign setups (conventions §8)', () => {
	it('refuses a setup written by another engine version (ENGINE_VERSION)', () => {
		const r = replay(counter, { ...setup, engineVersion: 'counter@1' }, log);
		expect(r).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
		if (!r.ok) expect(r.message).toContain('counter@1');
	});

	it('refuses a setup of another game (WRONG_GAME)', () => {
		const r = replay(counter, { ...setup, game: 'giants' }, log);
		expect(r).toMatchObject({ ok: false, code: 'WRONG_GAME' });
	});
});
