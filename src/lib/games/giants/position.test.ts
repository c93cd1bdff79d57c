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

/** `config` with a hand-written full position (3 players unless said), as POST /api/dev/scenario gets it. */
function configWith(position: unknown, players = 3) {
	return giantsKind.config({ quickStart: false, immediateScoring: false }, players, json({ position }));
}

/** A phase 3 as a person writes it: blue's worker with a log on H05, green's chief on the village, red has passed. */
const PLACE = {
	round: 3,
	startPlayer: 1,
	phase: { kind: 'place', turn: 'blue' },
	players: [
		{ behind: { workers: 1, markers: 1, logs: 1 }, front: { workers: 1, markers: 1, rongo: 1 } },
		{ behind: { workers: 2 }, chiefActionUsed: true, lent: 2, score: 2 },
		{ passed: true, front: { rongo: 2 } }
	],
	board: { H05: { workers: [1, 0, 0], logs: 1 }, H02: { chiefs: [0, 1, 0] } },
	statues: [
		{ kind: 'moai', size: 2, ahu: 'A04', owner: 'blue' },
		{ kind: 'headdress', ahu: 'A04', owner: 'green' },
		{ kind: 'moai', size: 1, hex: 'H07', marker: 'red' },
		{ kind: 'moai', size: 3, hex: 'H20' },
		{ kind: 'moai', size: 1, front: 'green' }
	],
	reserved: { A10: 'green' },
	forestsCut: ['H04'],
	dice: [1, 0, { face: 2 }],
	logsOut: 4
};

describe('Giants positions: written by hand', () => {
	it('a phase 3 reads with its bags, supplies, pedestals and ahus derived (G-1, G-2.1, G-2.2)', () => {
		const c = configWith(PLACE);
		if (!c.ok) throw new Error(c.message);
		const r = giantsKind.start(c.value, 'hand');
		if (!r.ok) throw new Error(r.message);
		const s = r.value.state;
		expect(r.value.log).toEqual([]);
		expect(s.phase).toEqual({ kind: 'place', turn: 0 });
		expect(s.players[0]).toMatchObject({ behind: { workers: 1, medicineMan: true, chief: true, markers: 1, pedestals: 6, logs: 1 }, bag: { workers: 3, markers: 4 } });
		expect(s.players[1]).toMatchObject({ behind: { chief: false, pedestals: 6 }, bag: { workers: 4, markers: 4 }, chiefActionUsed: true, score: 2 });
		expect(s.players[2]).toMatchObject({ passed: true, bag: { workers: 5, markers: 3 } });
		expect(s.ahus.A04).toEqual({ pedestal: 0, moai: 'm1', crown: 'h2' });
		expect(s.ahus.A10).toEqual({ pedestal: 1, moai: null, crown: null });
		expect(s.statues.map((st) => [st.id, st.owner, st.marker, st.abandoned])).toEqual([
			['m1', 0, null, false],
			['h2', 1, null, false],
			['m3', 2, 2, false],
			['m4', null, null, true],
			['m5', 1, null, false]
		]);
		expect(s.supply).toEqual({ moai: [15, 11, 5], headdresses: 13, logs: 21, rongo: 27 });
		expect(s.nextStatue).toBe(6);
		expect(s.dice.map((d) => d.colour + d.size)).toEqual(['white1', 'white0', 'white2']);
		expect(s.display).toEqual([]);
		expect(s.secret.rng).toEqual(seedRng('hand'));
		// Written again, it reads as the same state.
		expect(jsonEqual(readBack(s, 'hand').state, s)).toBe(true);
	});

	it('what the position leaves due runs at the start (G-0.4): the last bid in reveals the bids; a seat with only a pass passes', () => {
		const bids = { round: 2, phase: { kind: 'bid', bids: [{ markers: 1, workers: 1 }, { markers: 0, workers: 0 }, { markers: 2, workers: 0, chief: true }] }, dice: [2, 0, 1] };
		const c = configWith(bids);
		const r = c.ok ? giantsKind.start(c.value, 'due') : c;
		if (!r.ok) throw new Error(r.message);
		expect(r.value.log.map((e) => e.type)).toContain('bids');
		expect(r.value.state.phase).toMatchObject({ kind: 'carve', order: [2, 0, 1], turn: 2 });
	});

	it('an end written by hand: the final scores follow when left out (G-6.1, G-6.2)', () => {
		const ahus = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07'];
		const c = configWith({ round: 9, phase: { kind: 'over', reason: 'pedestals' }, players: [null, { lent: 4 }], statues: ahus.map((ahu) => ({ kind: 'moai', ahu, owner: 'blue' })) });
		const r = c.ok ? giantsKind.start(c.value, 'end') : c;
		if (!r.ok) throw new Error(r.message);
		const out = giantsKind.outcome(r.value.state)!;
		expect(out.reason).toBe('pedestals');
		expect(r.value.state.players.map((p) => p.score)).toEqual(out.sheets.map((sh) => sh.total));
		expect(out.sheets[1].total).toBe(4);
	});

	it('a full position goes through the scenario extra like a round-start one; the round-start one keeps its meaning', () => {
		const round = giantsKind.config({ quickStart: false, immediateScoring: false }, 3, { position: { round: 2, statues: [{ kind: 'moai', hex: 'H07' }] } });
		expect(round.ok).toBe(true);
		const s = round.ok && giantsKind.start(round.value, 'r');
		expect(s && s.ok && s.value.state.round).toBe(2);
		expect(s && s.ok && s.value.log[0]).toEqual({ type: 'round', round: 2, startPlayer: expect.any(Number) });
	});
});

describe('Giants positions: an impossible one is refused at once, naming its rule (BAD_POSITION)', () => {
	const cases: [string, (p: typeof PLACE) => unknown, RegExp][] = [
		['input validation, with its path', (p) => ({ ...p, players: [{ behind: { workers: -1 } }] }), /^position\.players\[0\]\.behind\.workers: /],
		['a phase of no game', (p) => ({ ...p, phase: { kind: 'dance' } }), /^position\.phase\.kind: /],
		['a seat that does not exist', (p) => ({ ...p, phase: { kind: 'place', turn: 'purple' } }), /purple is not a seat/],
		['two seats of one colour (G-2.1)', (p) => ({ ...p, players: [{ colour: 'red' }, { colour: 'red' }] }), /^G-2\.1: each player takes a colour of their own \(red, red, blue\)/],
		['more workers than a colour has (G-1)', (p) => ({ ...p, players: [{ behind: { workers: 6 } }] }), /G-1: seat 0 has 7 workers/],
		['a second chief (G-1, every piece exactly once)', (p) => ({ ...p, players: [p.players[0], { behind: { chief: true } }] }), /^G-1 \(every piece exactly once\): seat 1 chief: 2, expected 1/],
		['more rongo halves than the box holds (G-1)', (p) => ({ ...p, players: [{ front: { rongo: 30 } }, null, { front: { rongo: 2 } }] }), /G-1: 32 rongo halves/],
		['more moai of a size than the box holds (G-1)', (p) => ({ ...p, statues: Array(7).fill({ kind: 'moai', size: 3, hex: 'H20' }) }), /^G-1: 7 size-3 moai in the game; the box holds 6/],
		['a forest that is none (G-1)', (p) => ({ ...p, forestsCut: ['H05'] }), /^G-1: H05 is not one of the 7 forests/],
		['logs alone on a hex (G-4.1)', (p) => ({ ...p, board: { ...p.board, H06: { logs: 1 } }, logsOut: 3 }), /G-4\.1: the logs on H06/],
		['figures on the board during the auction (G-6.0)', (p) => ({ ...p, phase: { kind: 'bid' }, dice: [1, 1, 1], statues: [] }), /^G-6\.0, G-4\.1: /],
		['logs on the board after phase 4 (G-5.9)', (p) => ({ ...p, phase: { kind: 'choice' } }), /G-5\.9: /],
		['a statue in two places', (p) => ({ ...p, statues: [{ kind: 'moai', hex: 'H07', ahu: 'A01', owner: 0 }] }), /exactly one/],
		['a moai on an ahu without its erector (G-5.4)', (p) => ({ ...p, statues: [{ kind: 'moai', ahu: 'A01' }] }), /G-5\.4: a moai on A01 stands on its erector's pedestal/],
		['a moai on another seat’s reservation (G-5.4)', (p) => ({ ...p, statues: [{ kind: 'moai', ahu: 'A10', owner: 0 }] }), /G-5\.4: A10 is reserved by another seat/],
		['a headdress crowning no moai (G-5.5)', (p) => ({ ...p, statues: [{ kind: 'headdress', ahu: 'A01', owner: 0 }] }), /G-5\.5: /],
		['a marker on an erected moai (G-5.6)', (p) => ({ ...p, statues: [{ kind: 'moai', ahu: 'A01', owner: 0, marker: 0 }] }), /G-5\.6: /],
		['an abandoned statue with an owner (G-5.8)', (p) => ({ ...p, statues: [{ kind: 'moai', hex: 'H07', owner: 1, abandoned: true }] }), /G-5\.8: /],
		['a statue in front of a screen in phase 5 (G-5.7)', (p) => ({ ...p, board: {}, phase: { kind: 'choice' } }), /G-5\.7: statues lie in front of a screen/],
		['an unmoved statue off its quarry (G-5.7)', (p) => ({ ...p, board: {}, phase: { kind: 'choice' }, statues: [{ kind: 'moai', hex: 'H07', owner: 0, unmoved: true }] }), /G-5\.7: an unmoved statue lies unmarked on its quarry/],
		['dice for another number of players (G-2.4)', (p) => ({ ...p, dice: [1, 2, 3, 1] }), /^G-2\.4: 4 dice; 3 players roll 3/],
		['a broken moai while the supply holds that size (G-3.0.3)', (p) => ({ ...p, board: {}, phase: { kind: 'bid' }, statues: [], dice: [1, { face: 2, broken: true }, 1] }), /G-3\.0\.3: /],
		['an auction with nothing on display (G-0.4)', (p) => ({ ...p, board: {}, players: [], phase: { kind: 'bid' }, statues: [], dice: [0, 0, 0] }), /^G-0\.4: /],
		['a bid of more than lies behind the screen (G-3.1)', (p) => ({ ...p, board: {}, players: [], phase: { kind: 'bid', bids: [{ markers: 3, workers: 0 }] }, statues: [], dice: [1, 1, 1] }), /^G-3\.1: seat 0 bids more/],
		['a carving turn of a seat that cannot carve (G-3.6)', (p) => ({ ...p, board: {}, players: [{ front: { workers: 1 } }, { front: { chief: true } }], phase: { kind: 'carve', turn: 0 }, statues: [], dice: [2, 2, 2] }), /G-3\.6: seat 0 has no possible choice/],
		['unassigned figures that were never bid (G-3.3)', (p) => ({ ...p, board: {}, players: [{ front: { workers: 1 } }], phase: { kind: 'carve', turn: 0, left: [{ workers: 2 }] }, statues: [], dice: [1, 1, 1] }), /G-3\.3: seat 0's unassigned figures/],
		['the turn of a seat that passed (G-4.5)', (p) => ({ ...p, phase: { kind: 'place', turn: 'red' } }), /G-4\.5: seat 2 has passed/],
		['a pass outside phases 3 and 4 (G-4.5)', (p) => ({ ...p, board: {}, players: [{ passed: true }], phase: { kind: 'bid' }, statues: [], dice: [1, 1, 1] }), /G-4\.5: seat 0: passing belongs/],
		['a phase 5 with nobody to ask (G-6.0)', (p) => ({ ...p, board: {}, phase: { kind: 'choice' }, statues: [] }), /G-6\.0: nobody has an end-of-round choice/],
		['a choice of a seat that is not asked (G-6.0)', (p) => ({ ...p, board: {}, phase: { kind: 'choice', choices: [{ mark: [], release: [] }] }, statues: [{ kind: 'moai', hex: 'H07', marker: 'red' }] }), /G-6\.0: seat 0 has no end-of-round choice/],
		['a choice that marks a statue not its own (G-6.0)', (p) => ({ ...p, board: {}, phase: { kind: 'choice', choices: [null, null, { mark: ['m1'], release: [] }] }, statues: [{ kind: 'moai', hex: 'H07', marker: 'red' }] }), /seat 2's choice: G-6\.0: only your unmoved statues/],
		['an end that is not one (G-6.1, G-6.4)', (p) => ({ ...p, board: {}, phase: { kind: 'over', reason: 'pedestals' }, statues: [] }), /G-6\.1, G-6\.4: the game does not end for pedestals here \(it goes on\)/],
		['an ahu of no board, even one named like a property of every object', (p) => ({ ...p, statues: [{ kind: 'moai', ahu: 'constructor', owner: 0 }] }), /G-1: constructor is no ahu of the board/],
		['a statue id of the wrong kind', (p) => ({ ...p, statues: [{ id: 'h1', kind: 'moai', hex: 'H07', marker: 0 }] }), /a moai's id begins with m/]
	];
	it.each(cases)('%s', (_what, make, message) => {
		const c = configWith(make(json(PLACE)));
		expect(c.ok).toBe(false);
		if (!c.ok) {
			expect(c.code).toBe('BAD_POSITION');
			expect(c.message).toMatch(message);
		}
	});

	it('input of any shape is a refusal, never an exception — a round-start position’s too', () => {
		for (const position of [{ statues: 5 }, { statues: [null] }, { players: [{ behind: 'x' }] }, { reserved: 3 }, { round: 2, typo: 1 }, { phase: null }, { phase: { kind: 'place', turn: 0 }, statues: 5 }, { phase: { kind: 'place', turn: 0 }, board: { H01: 'x' } }, { phase: { kind: 'place', turn: 0 }, players: 'abc' }, { phase: 'bid' }]) {
			const c = configWith(position);
			expect(c.ok ? '' : c.code, JSON.stringify(position)).toBe('BAD_POSITION');
		}
	});
});
