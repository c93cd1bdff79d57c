/**
 * The rulebook's worked examples (seeds 000/004), replayed from the scenario files beside this test
 * through the same loader the CLI uses (`npm run scenario -- <file>`). Each file's `note` maps the
 * example's hexes onto the reconstructed board; the assertions are what the rulebook states, or —
 * where our board or the spec cannot give exactly that — what it gives instead, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { giants, transportOptions, type GiantsState, type Seat } from '$lib/games/giants';
import { AHU } from '$lib/games/giants/board';
import { loadScenario, runScenario, stepIndex, type Scenario, type ScenarioRun } from '$lib/games/giants/scenario';
import { startState } from '$lib/engine';
import { scores as giantsScores } from '$lib/games/giants/score';

const DIR = new URL('./', import.meta.url);

function load(name: string): Scenario {
	const sc = loadScenario(JSON.parse(readFileSync(new URL(`${name}.json`, DIR), 'utf8')));
	if (!sc.ok) throw new Error(`${name}: ${sc.code} ${sc.message}`);
	return sc.value;
}

function replay(sc: Scenario): ScenarioRun {
	const r = runScenario(sc, { trace: true });
	if (!r.ok) throw new Error(`${sc.name}: setup refused: ${r.code} ${r.message}`);
	if (r.value.error) throw new Error(`${sc.name}: ${JSON.stringify(r.value.error)}`);
	return r.value;
}

/** A small scenario runner: the state after a labelled move, the entries it produced, its refusal. */
function scenario(name: string) {
	const sc = load(name);
	const run = replay(sc);
	const seat = (colour: string): Seat => sc.colours.indexOf(colour as never);
	const step = (label: string) => run.steps[stepIndex(sc, label)];
	return { sc, run, seat, step, after: (label: string) => step(label).state };
}

/** The rulebook's supply tables: what lies behind a screen, plus the rongo halves in front. */
function table(s: GiantsState, seat: Seat) {
	const p = s.players[seat];
	return {
		chief: p.behind.chief ? 1 : 0,
		medicineMan: p.behind.medicineMan ? 1 : 0,
		workers: p.behind.workers,
		logs: p.behind.logs,
		markers: p.behind.markers,
		rongo: p.front.rongo
	};
}

const statue = (s: GiantsState, id: string) => s.statues.find((x) => x.id === id)!;

describe('scenario files', () => {
	const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

	it('every file validates and replays without an unexpected refusal', () => {
		expect(files.length).toBeGreaterThanOrEqual(7);
		for (const f of files) {
			const sc = load(f.replace(/\.json$/, ''));
			replay(sc);
		}
	});

	it('a bad seat or an unknown field is a BAD_SCENARIO with the path to it', () => {
		const r = loadScenario({ players: 3, colours: ['green', 'red', 'blue'], moves: [{ seat: 'yellow', move: { type: 'pass' } }] });
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r).toMatchObject({ code: 'BAD_SCENARIO', message: expect.stringContaining('scenario.moves[0].seat: yellow is not playing') });
		const r2 = loadScenario({ players: 3, moves: [], extra: 1 });
		expect(!r2.ok && r2.message).toContain('scenario.extra');
	});

	it('expected outcomes (issue 11): view fields, log entries and scores after a move or at the end; an unmet one stops the run', () => {
		const sc = load('auction-example');
		const ok = runScenario({
			...sc,
			moves: sc.moves.map((m, i) => (i === 0 ? { ...m, expect: { view: { 'phase.kind': 'bid' }, log: [{ type: 'bid-in', seat: m.seat }] } } : m)),
			expect: { view: { round: 2 }, log: [{ type: 'round', round: 2 }], over: false }
		});
		expect(ok.ok && ok.value.error).toBeNull();
		const wrongView = runScenario({ ...sc, moves: sc.moves.map((m, i) => (i === 0 ? { ...m, expect: { view: { 'phase.kind': 'transport' } } } : m)) });
		expect(wrongView.ok && wrongView.value.error).toMatchObject({ index: 0, code: 'EXPECTATION', message: expect.stringContaining('view.phase.kind is "bid"') });
		const wrongLog = runScenario({ ...sc, expect: { log: [{ type: 'over' }] } });
		expect(wrongLog.ok && wrongLog.value.error).toMatchObject({ code: 'EXPECTATION', message: expect.stringContaining('no log entry matches') });
		const wrongScores = runScenario({ ...sc, expect: { scores: [99, 0, 0, 0, 0] } });
		expect(wrongScores.ok && wrongScores.value.error).toMatchObject({ code: 'EXPECTATION', message: expect.stringContaining('expected 99') });
		// The file names its kind; another kind's file is not a Giants scenario.
		expect(loadScenario({ kind: 'giants', players: 3 }).ok).toBe(true);
		expect(loadScenario({ kind: 'moa', players: 3 }).ok).toBe(false);
	});

	it('an illegal move stops the replay with its index, code and message', () => {
		const sc = load('auction-example');
		const bad = { ...sc, moves: [...sc.moves.slice(0, 5), { seat: 4, move: { type: 'carve', size: 3, workers: 0 } }] };
		const r = runScenario(bad);
		expect(r.ok && r.value.error).toMatchObject({ index: 5, seat: 4, code: 'NOT_YOUR_TURN' });
	});
});

describe('auction example (5 players, roll 1-2-2-3-0)', () => {
	const { run, seat, step, after } = scenario('auction-example');
	const [blue, green, red, yellow, purple] = ['blue', 'green', 'red', 'yellow', 'purple'].map(seat);

	it('G-3.0.1: the 0 is no moai; a 1, two 2s and a 3 are on display', () => {
		const s = after('bids-in');
		expect(s.dice.map((d) => d.face)).toEqual([1, 2, 2, 3, 0]);
	});

	it('G-3.2: Blue and Green bid most markers, Blue has more rongo halves; Red before Yellow by player order; Purple last', () => {
		const bids = step('bids-in').log.find((e) => e.type === 'bids');
		expect(bids && bids.type === 'bids' && bids.order).toEqual([blue, green, red, yellow, purple]);
	});

	it('G-3.3: Blue takes the 3 with its 3 sculptors, Green the 1, Red a 2', () => {
		for (const [label, who, size] of [
			['blue-takes-3', blue, 3],
			['green-takes-1', green, 1],
			['red-takes-2', red, 2]
		] as const) {
			const carve = step(label).log[0];
			expect(carve).toMatchObject({ type: 'carve', seat: who, size });
		}
	});

	it('G-3.3/G-3.6: Yellow cannot take the last 2 with 1 sculptor and is skipped', () => {
		const log = step('red-takes-2').log;
		expect(log).toContainEqual({ type: 'pass', seat: yellow, phase: 'carve', auto: true });
		const s = after('red-takes-2');
		expect(s.phase).toMatchObject({ kind: 'carve', turn: green, pass: 2 });
		expect(s.display).toEqual([2]);
	});

	it('G-3.4: Green takes the last 2 with its 2 leftover sculptors; Purple carved nothing', () => {
		const s = run.state;
		expect(step('green-takes-2').log[0]).toMatchObject({ type: 'carve', seat: green, size: 2, sculptors: { workers: 2 } });
		const sizes = (who: Seat) => s.statues.filter((x) => x.owner === who).map((x) => x.size).sort();
		expect([blue, green, red, yellow, purple].map(sizes)).toEqual([[3], [1, 2], [2], [], []]);
		expect(s.phase.kind).toBe('place');
		// G-3.5: everything bid lies in front of the screens for the round.
		expect(s.players[yellow].front).toMatchObject({ markers: 1, workers: 1 });
		expect(s.players[blue].front).toMatchObject({ markers: 2, workers: 3 });
	});
});

describe('placement example (4 players: Blue, Yellow, Red, Green)', () => {
	const { run, seat, step, after } = scenario('placement-example');
	const [blue, yellow, red, green] = ['blue', 'yellow', 'red', 'green'].map(seat);
	const row = (s: GiantsState, who: Seat) => {
		const t = table(s, who);
		return { chief: t.chief, medicineMan: t.medicineMan, workers: t.workers, markers: t.markers, logs: t.logs };
	};
	const mat = (chief: number, medicineMan: number, workers: number, markers: number, logs = 0) => ({ chief, medicineMan, workers, markers, logs });

	it('after the auction: Blue chief+MM+worker, Yellow MM+worker, Red MM+worker, Green chief+MM+marker', () => {
		const s = after('auction-done');
		expect(row(s, blue)).toEqual(mat(1, 1, 1, 0));
		expect(row(s, yellow)).toEqual(mat(0, 1, 1, 0));
		expect(row(s, red)).toEqual(mat(0, 1, 1, 0));
		expect(row(s, green)).toEqual(mat(1, 1, 0, 1));
	});

	it('G-4.1/G-4.2 first round: a worker, the hut (marker), a forest of 4 (logs), the village (worker)', () => {
		expect(step('r1-yellow').log[0]).toMatchObject({ action: 'hut', gained: 1 });
		expect(step('r1-red').log[0]).toMatchObject({ action: 'forest', gained: 4 });
		expect(step('r1-green').log[0]).toMatchObject({ action: 'village', gained: 1 });
		const s = after('r1-green');
		expect(row(s, blue)).toEqual(mat(1, 1, 0, 0));
		expect(row(s, yellow)).toEqual(mat(0, 0, 1, 1));
		expect(row(s, red)).toEqual(mat(0, 0, 1, 0, 4));
		expect(row(s, green)).toEqual(mat(1, 0, 1, 1));
		expect(s.forestsCut).toEqual(['H10']);
	});

	it('G-4.4/G-4.6 second round: Red’s worker and a log join Yellow’s worker; Green buys a rongo half', () => {
		const s = after('r2-green');
		expect(s.board.H26.workers).toEqual([0, 1, 1, 0]);
		expect(s.board.H26.logs).toBe(1);
		expect(row(s, blue)).toEqual(mat(1, 0, 0, 1));
		expect(row(s, yellow)).toEqual(mat(0, 0, 0, 1));
		expect(row(s, red)).toEqual(mat(0, 0, 0, 0, 3));
		expect(row(s, green)).toEqual(mat(1, 0, 1, 0));
		expect(s.players[green].front).toMatchObject({ markers: 2, rongo: 1 }); // its bid marker and the one for the half
	});

	it('G-4.1/G-0.4 third round: Red, with only logs, passes (automatically)', () => {
		expect(step('r3-yellow').log).toContainEqual({ type: 'pass', seat: red, phase: 'place', auto: true });
		const s = after('r3-green');
		expect(row(s, blue)).toEqual(mat(0, 0, 0, 1));
		expect(row(s, yellow)).toEqual(mat(0, 0, 0, 0));
		expect(row(s, green)).toEqual(mat(1, 0, 0, 0));
	});

	it('G-4.5 last round: Blue keeps its marker and passes, Yellow passes, Green places its chief; the phase ends', () => {
		expect(step('r4-blue').log[0]).toEqual({ type: 'pass', seat: blue, phase: 'place', auto: false });
		expect(step('r4-blue').log).toContainEqual({ type: 'pass', seat: yellow, phase: 'place', auto: true });
		expect(step('r4-green').log).toContainEqual({ type: 'phase', phase: 'transport' });
		expect(row(run.state, blue)).toEqual(mat(0, 0, 0, 1, 0));
		expect(run.state.board.H25.chiefs[green]).toBe(1);
	});
});

describe('transport examples: lending (G-5.2, G-5.3)', () => {
	const { seat, step, after } = scenario('transport-lending');
	const [, , red, yellow] = ['blue', 'green', 'red', 'yellow'].map(seat);

	it('G-5.2: one Blue worker on hex D cannot carry a 2-moai', () => {
		expect(step('blue-via-D').refused?.code).toBe('CANNOT_CARRY');
	});

	it('G-5.3: Yellow’s chief on A earns 2 (the size); Blue’s worker+log on B earns nobody anything; Red’s worker on C earns 1', () => {
		const move = step('blue-transport').log[0];
		expect(move).toMatchObject({
			type: 'move',
			from: 'H28',
			lent: [
				{ hex: 'H27', seat: yellow, figure: 'chief', points: 2 },
				{ hex: 'H32', seat: red, figure: 'worker', points: 1 }
			]
		});
		const s = after('blue-transport');
		expect(s.players.map((p) => p.lent)).toEqual([0, 0, 1, 2]);
		expect(s.players.map((p) => p.score)).toEqual([0, 0, 1, 2]);
	});

	it('G-5.2/G-5.3: logs never carry alone: Red’s worker beside its 2 logs is used and earns 1; on B Yellow needs nobody', () => {
		const move = step('yellow-transport').log[0];
		expect(move).toMatchObject({ type: 'move', seat: yellow, path: ['H19', 'H12'], lent: [{ hex: 'H19', seat: red, figure: 'worker', count: 1, points: 1 }] });
		expect(after('yellow-transport').players[red].lent).toBe(2);
	});
});

describe('transport examples: erecting and crowning (G-5.4, G-5.5)', () => {
	const { seat, step, after } = scenario('transport-erect-crown');
	const [, , red, yellow] = ['blue', 'green', 'red', 'yellow'].map(seat);

	it('G-5.2: Red’s 3-moai could be carried onto C (Green’s chief) …', () => {
		const s = after('placed');
		const opts = transportOptions(s, red, 'm1')!;
		expect(opts.reach.find((r) => r.hex === 'H30')).toMatchObject({ erect: [] });
		// … and on B it may be erected on either of the two ahus there.
		expect(opts.reach.find((r) => r.hex === 'H31')).toMatchObject({ erect: ['A18', 'A19'] });
		const moves = giants.legalMoves(s, red);
		expect(moves).toContainEqual({ type: 'move', statue: 'm1', path: ['H31'], erect: 'A18' });
		expect(moves).toContainEqual({ type: 'move', statue: 'm1', path: ['H31'], erect: 'A19' });
	});

	it('G-5.4: … but not erected there, since no Red figure stands on C', () => {
		expect(step('red-erect-C').refused).toEqual({ code: 'CANNOT_ERECT', message: 'G-5.4: none of your figures stands on H30' });
	});

	it('G-5.3/G-5.4: erecting at B borrows two Yellow workers: Yellow earns 2; Red’s marker comes back', () => {
		expect(step('red-erect-B').log[0]).toMatchObject({ erect: 'A18', lent: [{ hex: 'H31', seat: yellow, count: 2, points: 2 }] });
		const s = after('red-erect-B');
		expect(s.ahus.A18).toEqual({ pedestal: red, moai: 'm1', crown: null });
		expect(s.players[red].behind.markers).toBe(3);
		expect(s.players[yellow].lent).toBe(2);
	});

	it('G-5.5: Yellow may go on to B or crown the erected moai next to D at once (its worker stands on D)', () => {
		const moves = giants.legalMoves(after('red-erect-B'), yellow);
		expect(moves).toContainEqual({ type: 'move', statue: 'h3', path: [], crown: 'A20' });
		expect(moves).toContainEqual({ type: 'move', statue: 'h3', path: ['H31'] });
		const s = after('yellow-crowns');
		expect(s.ahus.A20.crown).toBe('h3');
		expect(statue(s, 'h3').loc).toEqual({ kind: 'ahu', ahu: 'A20' });
		expect(statue(s, 'h3').marker).toBeNull(); // G-5.6: the marker returns on crowning
	});
});

describe('transport examples: marking and the abandoned headdress (G-5.6–G-5.8)', () => {
	const { seat, step, after } = scenario('transport-marking-abandoned');
	const [blue, green, red, yellow] = ['blue', 'green', 'red', 'yellow'].map(seat);

	it('G-5.7/G-5.8: a headdress neither moved nor marked goes onto the headdress quarry and is abandoned', () => {
		const log = step('round1-placed').log;
		expect(log).toContainEqual({ type: 'unmoved', statues: [{ statue: 'h1', hex: 'H13' }] });
		expect(log).toContainEqual({ type: 'abandoned', statues: ['h1'] });
		expect(statue(after('round1-placed'), 'h1')).toMatchObject({ loc: { kind: 'hex', hex: 'H13' }, owner: null, abandoned: true });
	});

	it('G-5.6: Blue brings its 3-moai to A, cannot go further, and marks it there', () => {
		const before = after('round2-placed');
		const reach = transportOptions(before, blue, 'm2')!.reach.map((r) => r.hex);
		expect(reach.sort()).toEqual(['H27', 'H28']);
		const s = after('blue-marks-moai');
		expect(statue(s, 'm2')).toMatchObject({ loc: { kind: 'hex', hex: 'H27' }, marker: blue, owner: blue });
		expect(s.players[blue].behind.markers).toBe(1);
	});

	it('G-5.8: an abandoned statue may be handled by anybody, if the turn ends with it marked (or erected, crowning)', () => {
		expect(giants.legalMoves(after('blue-marks-moai'), green)).toContainEqual({ type: 'mark', statue: 'h1' });
		expect(step(`blue-marks-moai`).state.phase).toMatchObject({ kind: 'transport', turn: green });
	});

	it('G-5.3: Blue carries it three hexes: Red earns 1 (A), Blue’s own worker nothing (B), Yellow 1 (C); then Blue marks it', () => {
		expect(step('blue-takes-headdress').log[0]).toMatchObject({
			from: 'H13',
			path: ['H14', 'H15', 'H16'],
			mark: true,
			lent: [
				{ hex: 'H14', seat: red, points: 1 },
				{ hex: 'H16', seat: yellow, points: 1 }
			]
		});
		const s = after('blue-takes-headdress');
		expect(statue(s, 'h1')).toMatchObject({ loc: { kind: 'hex', hex: 'H16' }, marker: blue, owner: blue, abandoned: false });
		expect(s.players.map((p) => p.lent)).toEqual([0, 0, 1, 1]);
		// It could go no further: besides the hexes it came over (no hex twice in one movement, G-5.2)
		// every neighbour of H16 is empty.
		expect(transportOptions(s, blue, 'h1')!.reach.map((r) => r.hex).sort()).toEqual(['H14', 'H15', 'H16']);
	});

	it('G-5.6: now nobody else may take it', () => {
		const s = after('blue-takes-headdress');
		for (const other of [green, red, yellow]) expect(giants.legalMoves(s, other).some((m) => 'statue' in m && m.statue === 'h1')).toBe(false);
		// G-6.0: the marked statues stay marked into the next round.
		const next = after('round2-over');
		expect(next.round).toBe(3);
		expect(['m2', 'h1'].map((id) => statue(next, id).marker)).toEqual([blue, blue]);
	});
});

describe('scoring example (G-6.2)', () => {
	const { sc, run, seat } = scenario('scoring-example');
	const [blue, red, yellow] = ['blue', 'red', 'yellow'].map(seat);
	const items = (s: GiantsState, who: Seat) => giantsScores(s)[who].items;

	it('Blue: a 3-moai on an ahu of value 9: 9 × 3 = 27', () => {
		expect(AHU.get('A01')!.moaiValue).toBe(9);
		expect(items(run.state, blue)).toEqual([{ kind: 'moai', points: 27, detail: { ahu: 'A01', size: 3, value: 9 } }]);
	});

	it('Red: a 1-moai on an ahu of value 8: 8', () => {
		expect(items(run.state, red)).toEqual([{ kind: 'moai', points: 8, detail: { ahu: 'A17', size: 1, value: 8 } }]);
	});

	it('Yellow: a crowned 2-moai — rulebook 8 × 2 + 6 = 22; our board has no (8, 6) ahu, so A04 (6, 6) gives 6 × 2 + 6 = 18', () => {
		const sheet = giantsScores(run.state)[yellow];
		expect(sheet.items).toEqual([
			{ kind: 'moai', points: 12, detail: { ahu: 'A04', size: 2, value: 6 } },
			{ kind: 'headdress', points: 6, detail: { ahu: 'A04', value: 6 } }
		]);
		expect(sheet.total).toBe(18);
		// The same formula on the rulebook's ahu gives its 22.
		const rulebook = { moaiValue: 8, headdressValue: 6 };
		expect(rulebook.moaiValue * 2 + rulebook.headdressValue).toBe(22);
		expect([...AHU.values()].some((a) => a.moaiValue === 8 && a.headdressValue === 6)).toBe(false);
	});

	it('G-6.2: without immediate scoring the score track holds only lending points until the end', () => {
		expect(run.state.players.map((p) => p.score)).toEqual([0, 0, 0]);
		expect(giantsScores(run.state).map((x) => x.total)).toEqual([27, 8, 18]);
	});

	it('G-2.5: with immediate scoring each moai scores when erected; the headdress still only at the end', () => {
		const r = runScenario({ ...sc, config: { ...sc.config, immediateScoring: true } }, { trace: true });
		if (!r.ok || r.value.error) throw new Error('immediate-scoring replay failed');
		const at = (label: string) => r.value.steps[stepIndex(sc, label)];
		expect(at('blue-erects').log[0]).toMatchObject({ erect: 'A01', points: 27 });
		expect(at('red-erects').log[0]).toMatchObject({ erect: 'A17', points: 8 });
		expect(at('yellow-erects').log[0]).toMatchObject({ erect: 'A04', points: 12 });
		expect(at('yellow-crowns').log[0]).not.toHaveProperty('points');
		expect(r.value.state.players.map((p) => p.score)).toEqual([27, 8, 12]);
		expect(giantsScores(r.value.state).map((x) => x.total)).toEqual([27, 8, 18]);
	});
});

describe('example round (3 players: Green, Red, Blue)', () => {
	const { run, seat, step, after } = scenario('example-round');
	const [green, red, blue] = ['green', 'red', 'blue'].map(seat);
	type Row = ReturnType<typeof table>;
	const row = (chief: number, medicineMan: number, workers: number, logs: number, markers: number, rongo: number): Row => ({
		chief,
		medicineMan,
		workers,
		logs,
		markers,
		rongo
	});
	const tables = (s: GiantsState) => [green, red, blue].map((x) => table(s, x));

	it('start materials as in the table; Green’s and Blue’s markers on their moai on the board', () => {
		const start = startState(giants, load('example-round').config, 'x');
		if (!start.ok) throw new Error(start.message);
		expect(tables(start.value)).toEqual([row(1, 1, 3, 0, 2, 2), row(1, 1, 3, 5, 3, 1), row(1, 1, 4, 0, 3, 1)]);
		expect(start.value.statues.map((x) => [x.id, x.size, x.marker])).toEqual([
			['m1', 1, green],
			['m2', 2, blue],
			['h3', 1, null]
		]);
	});

	it('G-3.2/G-3.3: equal bids of 2 markers; Green (2 halves) takes the 1, Red (order) the 3 with its chief; Blue cannot take the 2, which goes back', () => {
		const s = after('auction-done');
		const log = step('auction-done').log;
		expect(log).toContainEqual({ type: 'pass', seat: blue, phase: 'carve', auto: true });
		expect(log).toContainEqual({ type: 'display-returned', sizes: [2] });
		expect(s.statues.filter((x) => x.loc.kind === 'front').map((x) => [x.owner, x.size])).toEqual([
			[green, 1],
			[red, 3]
		]);
		// The table after the auction.
		expect(tables(s)).toEqual([row(1, 1, 2, 0, 0, 2), row(0, 1, 3, 5, 1, 1), row(1, 1, 3, 0, 1, 1)]);
	});

	it('G-4.1–G-4.4: the tables after each round of placements', () => {
		expect(tables(after('table-1'))).toEqual([row(1, 0, 3, 0, 0, 2), row(0, 1, 2, 3, 1, 1), row(0, 1, 3, 0, 1, 1)]);
		// G-4.3: Green's chief takes the village action for a rongo tablet.
		expect(tables(after('table-2'))).toEqual([row(0, 0, 4, 0, 0, 0), row(0, 1, 1, 1, 1, 1), row(0, 1, 2, 0, 1, 1)]);
		expect(tables(after('table-3'))).toEqual([row(0, 0, 3, 0, 0, 0), row(0, 1, 0, 1, 1, 1), row(0, 0, 2, 0, 1, 1)]);
		// Misprint (giants.md, notes): the rulebook keeps Blue at 1 marker and 1 half after "Nimmt sich
		// eine Rongo-Tafelhälfte"; by G-4.4 Blue now has 0 markers and 2 halves (a whole tablet).
		expect(tables(after('table-4'))).toEqual([row(0, 0, 2, 0, 0, 0), row(0, 0, 0, 0, 1, 1), row(0, 0, 2, 0, 0, 2)]);
		expect(after('table-4').ahus.A21.pedestal).toBe(red); // G-4.2: Red's medicine man reserves the ahu at B
		expect(tables(after('table-5'))).toEqual([row(0, 0, 1, 0, 0, 0), row(0, 0, 0, 0, 1, 1), row(0, 0, 1, 0, 0, 2)]);
		// End of phase 3: Green and Blue pass by themselves; Red keeps 1 marker.
		expect(step('placed').log).toContainEqual({ type: 'phase', phase: 'transport' });
		expect(tables(after('placed'))).toEqual([row(0, 0, 0, 0, 0, 0), row(0, 0, 0, 0, 1, 1), row(0, 0, 0, 0, 0, 2)]);
	});

	it('G-5.8: Green could not use the abandoned headdress (no marker, no erected moai), so moves its old 1-moai to A and erects it; its marker comes back', () => {
		const moves = giants.legalMoves(after('placed'), green);
		expect(moves.some((m) => 'statue' in m && m.statue === 'h3')).toBe(false);
		expect(step('green-erects').log[0]).toMatchObject({ statue: 'm1', erect: 'A18', lent: [] });
		expect(after('green-erects').players[green].behind.markers).toBe(1);
	});

	it('G-5.3: Red takes the abandoned headdress to B and marks it; Blue earns 3 — here for its chief and two workers', () => {
		// The rulebook credits Blue 3 points. By G-5.3 a foreign chief carrying a headdress earns 1
		// (its size), so on our board Blue lends three figures, one point each.
		const move = step('red-takes-headdress').log[0];
		expect(move).toMatchObject({ statue: 'h3', mark: true });
		expect(move.type === 'move' && move.lent).toEqual([
			{ hex: 'H14', seat: blue, figure: 'chief', count: 1, points: 1 },
			{ hex: 'H15', seat: blue, figure: 'worker', count: 1, points: 1 },
			{ hex: 'H16', seat: blue, figure: 'worker', count: 1, points: 1 }
		]);
		expect(after('red-takes-headdress').players[blue].lent).toBe(3);
	});

	it('G-5.4/G-5.3: Blue erects its 2-moai at C (Red earns 1)', () => {
		expect(step('blue-erects').log[0]).toMatchObject({ statue: 'm2', erect: 'A20', lent: [{ seat: red, points: 1 }] });
	});

	it('G-5.6/G-5.7: Green marks its unmoved 1-moai, which is first put on the moai quarry, with the marker it got back', () => {
		expect(step('green-marks').log[0]).toEqual({ type: 'mark', seat: green, statue: 'm4', hex: 'H28' });
		expect(after('green-marks').players[green].behind.markers).toBe(0);
	});

	it('G-5.4/G-5.3: Red erects its 3-moai on its reservation at B (Green earns 1)', () => {
		expect(step('red-erects').log[0]).toMatchObject({ statue: 'm5', erect: 'A21', lent: [{ hex: 'H33', seat: green, points: 1 }] });
		expect(after('red-erects').players[red].behind.pedestals).toBe(6); // the reservation's pedestal
	});

	it('G-5.5: Blue crowns its moai at C; Red crowns its moai at B from where the headdress lies', () => {
		expect(step('blue-crowns').log[0]).toMatchObject({ statue: 'h6', crown: 'A20' });
		// Not in the rulebook: Blue has four figures for the five hexes from the quarry to C on our
		// board, so it borrows Red's worker on H25 (G-5.3: Red earns 1).
		expect(step('blue-crowns').log[0]).toMatchObject({ lent: [{ hex: 'H25', seat: red, points: 1 }] });
		expect(step('red-crowns').log[0]).toMatchObject({ statue: 'h3', path: [], crown: 'A21' });
		expect(after('red-crowns').players[red].behind.markers).toBe(1);
	});

	it('G-5.9/G-6.0: the phase ends, Red’s 5 logs leave the game, Green keeps its marker on the 1-moai', () => {
		expect(step('red-crowns').log).toContainEqual({ type: 'logs-out', count: 5 });
		expect(run.state.round).toBe(3);
		expect(run.state.startPlayer).toBe(red);
		expect(statue(run.state, 'm4')).toMatchObject({ loc: { kind: 'hex', hex: 'H28' }, marker: green, abandoned: false });
	});

	it('G-6.2: points — Blue 2×5 = 10 and 6, Red 3×3 = 9 and 8, lending 3 (Blue), 1 (Green), 1+1 (Red)', () => {
		const sheets = giantsScores(run.state);
		const by = (who: Seat, kind: string) => sheets[who].items.filter((i) => i.kind === kind).map((i) => i.points);
		expect(by(blue, 'moai')).toEqual([10]);
		expect(by(blue, 'headdress')).toEqual([6]);
		expect(by(red, 'moai')).toEqual([9]);
		expect(by(red, 'headdress')).toEqual([8]);
		expect(by(green, 'lending')).toEqual([1]);
		expect(by(blue, 'lending')).toEqual([3]);
		expect(by(red, 'lending')).toEqual([2]);
		// Blue's two rongo halves (see the misprint above) make a tablet: 3 points at the end.
		expect(by(blue, 'rongo')).toEqual([3]);
		expect(run.state.players.map((p) => p.score)).toEqual([1, 2, 3]);
	});
});
