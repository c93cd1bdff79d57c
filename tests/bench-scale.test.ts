/**
 * bench:scale's capacity model (bench/lib/scale.ts): its arithmetic on round made-up figures — not
 * the limits' values, which are Cloudflare's and change with its pages.
 */
import { describe, expect, it } from 'vitest';
import { blend, d1BusyMs, first, gamesInProgress, gamesUntilFull, limitValues, moveOut, movesPerSecondPerGame, PLAN, postmanMs, rows, TODAY, toScaleInput, type KindCost, type KindPace, type ScaleInput } from '../bench/lib/scale';

const cost = (moves: number, k = 1): KindCost => ({
	moves,
	workerRequests: 2 * moves,
	workerCpuMs: 10 * moves * k,
	doRequests: 4 * moves,
	d1RowsRead: 0,
	d1RowsWritten: 10 * moves * k,
	d1Queries: 9 * moves * k,
	d1WriteQueries: 4 * moves * k,
	d1SqlMs: moves * k,
	doRowsRead: 0,
	doRowsWritten: 0,
	d1StoredBytes: 1000 * moves,
	doStoredBytes: 0
});
const input: ScaleInput = { format: 'rongo-scale/1', label: 't', date: 'd', source: 's', kinds: { a: cost(100), b: cost(50, 3) } };
// a: 100 moves in 1 day; b: 50 moves in 0.5 day — the same pace, 100 moves a day.
const pace = (moves: number, days: number, loud = 0.5): KindPace => ({ moves, days, loudPerMove: loud, inappPerMove: loud, seats: 3 });
const paces = { a: pace(100, 1), b: pace(50, 0.5, 0.25) };

describe('bench:scale model', () => {
	it('a game in progress moves moves/duration', () => {
		expect(movesPerSecondPerGame(pace(86_400, 1))).toBe(1);
		expect(movesPerSecondPerGame(pace(100, 1))).toBeCloseTo(100 / 86_400, 12);
	});

	it('blends the kinds by their share of the moves (games share × pace)', () => {
		const even = blend(input, paces);
		expect(even.weights.a).toBeCloseTo(0.5);
		expect(even.perMove.d1Writes).toBeCloseTo(0.5 * 4 + 0.5 * 12);
		expect(even.perMove.d1Reads).toBeCloseTo(0.5 * 5 + 0.5 * 15);
		expect(even.perMove.loud).toBeCloseTo(0.375);
		expect(even.pace).toBeCloseTo(100 / 86_400, 12);
		// Three games of a to one of b: a makes 3/4 of the moves.
		const skewed = blend(input, paces, { a: 3, b: 1 });
		expect(skewed.weights.a).toBeCloseTo(0.75);
		expect(skewed.perMove.d1Writes).toBeCloseTo(0.75 * 4 + 0.25 * 12);
		// A kind twice as fast makes twice the moves per game in progress.
		const fast = blend(input, { a: pace(100, 1), b: pace(50, 0.25) });
		expect(fast.weights.b).toBeCloseTo(2 / 3);
		// A run without D1 statements cannot be modelled (the D1 rows would be NaN).
		expect(() => blend({ ...input, kinds: { a: { ...cost(100), d1Queries: undefined } } }, paces)).toThrow(/no D1 statements/);
		// Only players with an address are sent to.
		expect(blend(input, paces, {}, { emailShare: 0.5, roomRequestsPerMove: 2 }).perMove.loud).toBeCloseTo(0.1875);
	});

	it('saturates each resource at limit ÷ use, and games in progress at that rate ÷ pace', () => {
		const L = { ...limitValues(), d1ReadMs: 1, d1WriteMs: 3, d1Thread: 1000, doRequests: 1000, sendLatency: 100, postmanD1Rtt: 5, emailDaily: 86_400 };
		const m = blend(input, paces).perMove;
		expect(d1BusyMs(m, L)).toBeCloseTo(10 * 1 + 8 * 3);
		expect(d1BusyMs(m, L, 0)).toBeCloseTo(8 * 3);
		expect(postmanMs(m, L, 2)).toBeCloseTo(0.375 * 2 * (100 + 4 * 5));
		const rs = rows(m, L, TODAY);
		expect(rs[0].movesPerSecond).toBeCloseTo(1000 / 34);
		expect(rs[1].movesPerSecond).toBeCloseTo(1000 / 2); // local SQL time: 0.5 × 1 + 0.5 × 3 ms
		expect(rs[3].movesPerSecond).toBeCloseTo(1000 / 90);
		expect(rs.find((r) => r.kind === 'quota')!.movesPerSecond).toBeCloseTo(1 / 0.375);
		expect(rs.filter((r) => r.movesPerSecond === Infinity).length).toBe(3);
		// The quota and the optimistic bound never give first; `documented` skips assumed rows.
		expect(first(rs).resource).toMatch(/postman.*sending/);
		expect(first(rs, true)).toBe(rs[0]);
		expect(gamesInProgress(10, 0.001)).toBeCloseTo(10_000);
		// More postmen, parallel sends, shards, replicas scale their rows.
		const more = rows(m, L, { ...TODAY, postmen: 4, sendParallel: 2, d1Shards: 2, readsOnPrimary: 0 });
		expect(more[3].movesPerSecond).toBeCloseTo((8 * 1000) / 90);
		expect(more[0].movesPerSecond).toBeCloseTo(2000 / 24);
		expect(more[1].movesPerSecond).toBeCloseTo(2000 / (2 * (24 / 34)));
	});

	it('takes tables out of D1 in proportion to their statements', () => {
		const m = blend(input, paces).perMove;
		const out = moveOut(m, { inbox: { reads: 1, writes: 3 }, games: { reads: 1, writes: 1 } }, ['inbox']);
		expect(out.d1Writes).toBeCloseTo(m.d1Writes / 4);
		expect(out.d1Reads).toBeCloseTo(m.d1Reads / 2);
		expect(out.d1SqlMs).toBeCloseTo(m.d1SqlMs / 3);
		expect(out.d1RowsWritten).toBeCloseTo(m.d1RowsWritten / 4);
		// The plan's steps only ever raise the ceiling.
		let s = { m, o: TODAY };
		let before = first(rows(s.m, limitValues(), s.o)).movesPerSecond;
		for (const step of PLAN) {
			s = step.apply(s, { inbox: { reads: 0, writes: 3 }, games: { reads: 0, writes: 1 } });
			const after = first(rows(s.m, limitValues(), s.o)).movesPerSecond;
			expect(after).toBeGreaterThanOrEqual(before);
			before = after;
		}
	});

	it('counts the finished games 10 GB holds', () => {
		expect(gamesUntilFull({ d1Bytes: 1000, movesPerGame: 100 }, { d1Size: 10e9 })).toBe(100_000);
	});

	it('reads bench:load --json and refuses anything else', () => {
		const json = [{ kind: 'a', moves: 10, counts: { ...cost(10), moves: undefined }, usdPerMove: 1 }];
		const got = toScaleInput(json, { label: 'l', date: 'd', source: 's' });
		expect(got.kinds.a.moves).toBe(10);
		expect(got.kinds.a.d1WriteQueries).toBe(40);
		expect(toScaleInput({ kinds: json }, { label: 'l', date: 'd', source: 's' }).kinds.a.workerRequests).toBe(20);
		expect(toScaleInput(input, { label: 'x', date: 'x', source: 'x' })).toBe(input);
		expect(got.d1ByTable).toBeUndefined();
		// D1 rows per move by table, weighted by each kind's moves.
		const byTable = toScaleInput(
			[
				{ kind: 'a', moves: 10, counts: cost(10), rowsPerMoveByTable: { d1: { inbox: 4, games: 1 }, do: { moves: 2 } } },
				{ kind: 'b', moves: 30, counts: cost(30), rowsPerMoveByTable: { d1: { inbox: 0 } } }
			],
			{ label: 'l', date: 'd', source: 's' }
		).d1ByTable!;
		expect(byTable.inbox.writes).toBeCloseTo(1);
		expect(byTable.games.writes).toBeCloseTo(0.25);
		expect(byTable.moves).toBeUndefined();
		expect(() => toScaleInput({ nope: 1 }, { label: 'l', date: 'd', source: 's' })).toThrow(/neither/);
		expect(() => toScaleInput([{ kind: 'a' }], { label: 'l', date: 'd', source: 's' })).toThrow(/without/);
	});
});
