/**
 * Scenario files (docs/giants-notation.md § Scenario files): a game's options, its dice, an optional
 * starting position and a list of moves by seat, replayed through the public engine API. Pure (no
 * fs, conventions §1): `scripts/scenario.ts` reads the file, the scenario tests use the same code.
 *
 * A seat may be written as its number or its colour ("red"); the loader resolves colours against
 * the scenario's `colours` (default: the first `players` colours of the board data, as setup does).
 */
import * as v from 'valibot';
import { fail, jsonEqual, ok, type Result, type Seat, isOver } from '$lib/engine';
import { COMPONENTS } from './board';
import { giants } from './index';
import type { Colour, GiantsConfig, GiantsEntry, GiantsState, StartPosition } from './types';
import { giantsKind } from './kind';
import { scores as giantsScores } from './score';

const COLOURS = ['blue', 'green', 'red', 'yellow', 'purple'] as const;
const Int = (lo: number, hi: number) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
const SeatRef = v.union([Int(0, 4), v.picklist(COLOURS)], 'a seat: a number 0–4 or a colour name');
const Count = Int(0, 30);
const Note = v.optional(v.union([v.string(), v.array(v.string())]));

const BehindSchema = v.strictObject({
	workers: v.optional(Count),
	medicineMan: v.optional(v.boolean()),
	chief: v.optional(v.boolean()),
	markers: v.optional(Count),
	pedestals: v.optional(Count),
	logs: v.optional(Count)
});

const PlayerPosSchema = v.nullable(
	v.strictObject({
		behind: v.optional(BehindSchema),
		rongo: v.optional(Count),
		lent: v.optional(Int(0, 999)),
		score: v.optional(Int(0, 999)),
		note: Note
	})
);

const StatuePosSchema = v.strictObject({
	kind: v.picklist(['moai', 'headdress']),
	size: v.optional(v.picklist([1, 2, 3])),
	hex: v.optional(v.string()),
	ahu: v.optional(v.string()),
	owner: v.optional(SeatRef),
	marker: v.optional(SeatRef),
	abandoned: v.optional(v.boolean()),
	note: Note
});

const PositionSchema = v.strictObject({
	round: v.optional(Int(1, 25)),
	startPlayer: v.optional(SeatRef),
	players: v.optional(v.union([v.array(PlayerPosSchema), v.record(v.picklist(COLOURS), PlayerPosSchema)])),
	statues: v.optional(v.array(StatuePosSchema)),
	reserved: v.optional(v.record(v.string(), SeatRef)),
	forestsCut: v.optional(v.array(v.string())),
	note: Note
});

/**
 * Expected outcomes (issue 11): a scenario can state what must hold, not only which moves are refused.
 * `view`: dot paths into the spectator view (e.g. `"players.0.score"`, `"phase.kind"`) and their
 * values; `log`: entries that must be among the log entries (each matched on the fields it gives);
 * `scores`: the final totals by seat; `over`: whether the game has ended.
 */
const ExpectSchema = v.strictObject({
	view: v.optional(v.record(v.string(), v.unknown())),
	log: v.optional(v.array(v.looseObject({ type: v.string() }))),
	scores: v.optional(v.array(v.number())),
	over: v.optional(v.boolean()),
	note: Note
});
export type ScenarioExpect = v.InferOutput<typeof ExpectSchema>;

const MoveEntrySchema = v.strictObject({
	seat: SeatRef,
	move: v.looseObject({ type: v.string() }),
	/** A name tests can look the step up by. */
	label: v.optional(v.string()),
	/** The move must be refused with this code; the replay then goes on without it. */
	expectError: v.optional(v.string()),
	/** What must hold right after this move (`log`: among the entries this move produced). */
	expect: v.optional(ExpectSchema),
	note: Note
});

export const ScenarioSchema = v.strictObject({
	$schema: v.optional(v.string()),
	/** The kind the file is for (`npm run scenario` picks the kind's runner by it); Giants if absent. */
	kind: v.optional(v.literal('giants')),
	name: v.optional(v.string()),
	note: Note,
	/** Rule numbers (G-x.y) the scenario illustrates. */
	rules: v.optional(v.array(v.string())),
	players: Int(3, 5),
	colours: v.optional(v.array(v.picklist(COLOURS))),
	options: v.optional(v.strictObject({ quickStart: v.optional(v.boolean()), immediateScoring: v.optional(v.boolean()) })),
	startPlayer: v.optional(SeatRef),
	seed: v.optional(v.pipe(v.string(), v.minLength(1))),
	forcedDice: v.optional(v.array(v.array(Int(0, 3)))),
	position: v.optional(PositionSchema),
	moves: v.optional(v.array(MoveEntrySchema)),
	/** What must hold after the last move (`log`: among all entries, the start's included). */
	expect: v.optional(ExpectSchema)
});

export type ScenarioFile = v.InferInput<typeof ScenarioSchema>;

export interface ScenarioMove {
	seat: Seat;
	move: unknown;
	label?: string;
	expectError?: string;
	expect?: ScenarioExpect;
}

export interface Scenario {
	name: string;
	config: GiantsConfig;
	seed: string;
	colours: Colour[];
	moves: ScenarioMove[];
	expect?: ScenarioExpect;
}

/** Used when a scenario gives no seed (its dice are then usually forced). */
export const DEFAULT_SEED = 'scenario';

function where(issue: v.BaseIssue<unknown>): string {
	const path = issue.path?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('') ?? '';
	return 'scenario' + path;
}

/** Validates a parsed scenario file and resolves colour names to seats. Code `BAD_SCENARIO` on error. */
export function loadScenario(raw: unknown): Result<Scenario> {
	const parsed = v.safeParse(ScenarioSchema, raw);
	if (!parsed.success) {
		const lines = parsed.issues
			.slice(0, 5)
			.map((i) => `${where(i)}: ${i.message}${i.message.includes(i.received) ? '' : ` (received ${i.received})`}`);
		return fail('BAD_SCENARIO', lines.join('\n'));
	}
	const f = parsed.output;
	const n = f.players;
	if (f.colours && f.colours.length !== n) return fail('BAD_SCENARIO', `scenario.colours: name ${n} colours, one per seat`);
	const colours: Colour[] = f.colours ?? COMPONENTS.colours.slice(0, n);
	const bad: string[] = [];
	const seat = (ref: number | Colour, at: string): Seat => {
		if (typeof ref === 'number') {
			if (ref >= n) bad.push(`${at}: seat ${ref} does not exist with ${n} players`);
			return ref;
		}
		const i = colours.indexOf(ref);
		if (i < 0) bad.push(`${at}: ${ref} is not playing (colours: ${colours.join(', ')})`);
		return i;
	};
	const config: GiantsConfig = { players: n };
	if (f.options?.quickStart) config.quickStart = true;
	if (f.options?.immediateScoring) config.immediateScoring = true;
	if (f.colours) config.colours = colours;
	if (f.startPlayer !== undefined) config.startPlayer = seat(f.startPlayer, 'scenario.startPlayer');
	if (f.forcedDice) config.forcedDice = f.forcedDice;
	if (f.position) {
		const p = f.position;
		const pos: StartPosition = {};
		if (p.round !== undefined) pos.round = p.round;
		if (p.startPlayer !== undefined) pos.startPlayer = seat(p.startPlayer, 'scenario.position.startPlayer');
		if (p.players) {
			const list: NonNullable<StartPosition['players']> = Array(n).fill(null);
			type PlayerPos = v.InferOutput<typeof PlayerPosSchema>;
			const entries: [number | Colour, PlayerPos][] = Array.isArray(p.players)
				? p.players.map((x, i) => [i, x])
				: (Object.entries(p.players) as [Colour, PlayerPos][]);
			for (const [ref, x] of entries) {
				const s = seat(ref, `scenario.position.players.${ref}`);
				if (x && s >= 0 && s < n) {
					const { note: _, ...rest } = x;
					list[s] = rest;
				}
			}
			pos.players = list;
		}
		if (p.statues) {
			pos.statues = p.statues.map((x, i) => {
				const { note: _, owner, marker, ...rest } = x;
				return {
					...rest,
					...(owner !== undefined ? { owner: seat(owner, `scenario.position.statues[${i}].owner`) } : {}),
					...(marker !== undefined ? { marker: seat(marker, `scenario.position.statues[${i}].marker`) } : {})
				};
			});
		}
		if (p.reserved) {
			pos.reserved = {};
			for (const [ahu, ref] of Object.entries(p.reserved)) pos.reserved[ahu] = seat(ref, `scenario.position.reserved.${ahu}`);
		}
		if (p.forestsCut) pos.forestsCut = [...p.forestsCut];
		config.position = pos;
	}
	const moves: ScenarioMove[] = (f.moves ?? []).map((m, i) => ({
		seat: seat(m.seat, `scenario.moves[${i}].seat`),
		move: m.move,
		...(m.label !== undefined ? { label: m.label } : {}),
		...(m.expectError !== undefined ? { expectError: m.expectError } : {}),
		...(m.expect !== undefined ? { expect: m.expect } : {})
	}));
	if (bad.length) return fail('BAD_SCENARIO', bad.slice(0, 5).join('\n'));
	return ok({ name: f.name ?? '', config, seed: f.seed ?? DEFAULT_SEED, colours, moves, ...(f.expect ? { expect: f.expect } : {}) });
}

export interface ScenarioError {
	/** 0-based index into `moves`. */
	index: number;
	seat: Seat;
	move: unknown;
	code: string;
	message: string;
}

export interface ScenarioRun {
	state: GiantsState;
	/** Every public log entry, setup's first. */
	log: GiantsEntry[];
	/** How many moves were replayed (refused ones that were expected count too). */
	played: number;
	/** The first move that went wrong; the state is the one before it. */
	error: ScenarioError | null;
	/** With `trace`: the state after each move (index as in `moves`) and the entries it produced. */
	steps: { state: GiantsState; log: GiantsEntry[]; refused?: { code: string; message: string } }[];
}

/**
 * Sets the game up and replays the moves (up to `upTo`, exclusive). A setup refusal (BAD_CONFIG,
 * BAD_POSITION, …) is a failure; a refused move stops the replay and is reported in `error`, unless
 * the move expected exactly that refusal. An expected refusal that does not happen is an error too
 * (code `EXPECTED_REFUSAL`).
 */
export function runScenario(sc: Scenario, opts: { upTo?: number; trace?: boolean } = {}): Result<ScenarioRun> {
	const set = giants.start(sc.config, sc.seed);
	if (!set.ok) return set;
	let state = set.value.state;
	const log: GiantsEntry[] = [...set.value.log];
	const steps: ScenarioRun['steps'] = [];
	const end = Math.min(opts.upTo ?? sc.moves.length, sc.moves.length);
	for (let index = 0; index < end; index++) {
		const m = sc.moves[index];
		const r = giants.apply(state, m.seat, m.move);
		const err = (code: string, message: string): Result<ScenarioRun> =>
			ok({ state, log, played: index, error: { index, seat: m.seat, move: m.move, code, message }, steps });
		if (m.expectError !== undefined) {
			if (r.ok) return err('EXPECTED_REFUSAL', `expected the refusal ${m.expectError}, but the move was accepted`);
			if (r.code !== m.expectError) return err(r.code, `${r.message} (expected ${m.expectError})`);
			if (opts.trace) steps.push({ state, log: [], refused: { code: r.code, message: r.message } });
			continue;
		}
		if (!r.ok) return err(r.code, r.message);
		state = r.value.state;
		log.push(...r.value.log);
		if (opts.trace) steps.push({ state, log: r.value.log });
		const missed = m.expect ? unmet(m.expect, state, r.value.log) : null;
		if (missed) return ok({ state, log, played: index + 1, error: { index, seat: m.seat, move: m.move, code: 'EXPECTATION', message: missed }, steps });
	}
	const missed = sc.expect && end === sc.moves.length ? unmet(sc.expect, state, log) : null;
	if (missed) return ok({ state, log, played: end, error: { index: end, seat: -1, move: null, code: 'EXPECTATION', message: missed }, steps });
	return ok({ state, log, played: end, error: null, steps });
}

/** The index of the move with that label (tests address steps by label). */
export function stepIndex(sc: Scenario, label: string): number {
	const i = sc.moves.findIndex((m) => m.label === label);
	if (i < 0) throw new Error(`scenario ${sc.name}: no move labelled ${label}`);
	return i;
}

/** The first expectation that does not hold, worded; null when all hold. */
export function unmet(x: ScenarioExpect, state: GiantsState, log: readonly GiantsEntry[]): string | null {
	const view = giants.view(state, null) as unknown;
	for (const [path, want] of Object.entries(x.view ?? {})) {
		let got: unknown = view;
		for (const key of path.split('.')) got = got !== null && typeof got === 'object' ? (got as Record<string, unknown>)[key] : undefined;
		if (!jsonEqual(got, want)) return `view.${path} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
	}
	for (const want of x.log ?? []) {
		const hit = log.some((e) => Object.entries(want).every(([k, val]) => jsonEqual((e as unknown as Record<string, unknown>)[k], val)));
		if (!hit) return `no log entry matches ${JSON.stringify(want)}`;
	}
	if (x.scores) {
		const got = giantsScores(state).map((sh) => sh.total);
		if (!jsonEqual(got, x.scores)) return `scores are ${got.join(', ')}, expected ${x.scores.join(', ')}`;
	}
	if (x.over !== undefined && isOver(giantsKind, state) !== x.over) return x.over ? 'the game is not over' : 'the game is over';
	return null;
}

/**
 * `npm run scenario -- FILE` for a Giants scenario file (scripts/scenario.ts finds this by the file's
 * kind): the spectator view (or seat `seat`'s, by number or colour) after the moves, or the log.
 * `failure` (exit 1) for an invalid file, a refused setup, a refused move or an unmet expectation;
 * `usage` (exit 2) for a bad argument.
 */
export function runFile(raw: unknown, o: { seat?: string; log?: boolean }): { output?: unknown; failure?: string; usage?: string } {
	const sc = loadScenario(raw);
	if (!sc.ok) return { failure: `${sc.code}\n${sc.message}` };
	let viewer: number | null = null;
	if (o.seat !== undefined) {
		viewer = /^\d+$/.test(o.seat) ? Number(o.seat) : sc.value.colours.indexOf(o.seat as Colour);
		if (viewer < 0 || viewer >= sc.value.config.players) return { usage: `--seat ${o.seat}: no such seat (colours: ${sc.value.colours.join(', ')})` };
	}
	const run = runScenario(sc.value);
	if (!run.ok) return { failure: `setup refused: ${run.code}: ${run.message}` };
	const { error, state, log } = run.value;
	if (error) {
		if (error.code === 'EXPECTATION') return { failure: `after move #${error.index}: EXPECTATION: ${error.message}` };
		const who = `${error.seat} (${sc.value.colours[error.seat] ?? '?'})`;
		return { failure: `move #${error.index} by seat ${who} ${JSON.stringify(error.move)}\n${error.code}: ${error.message}` };
	}
	return { output: o.log ? log : giants.view(state, viewer) };
}
