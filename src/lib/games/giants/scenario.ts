/**
 * Scenario files (docs/giants-notation.md § Scenario files): a game's options, its dice, an optional
 * starting position and a list of moves by seat, replayed through the public engine API. Pure (no
 * fs, conventions §1): `scripts/scenario.ts` reads the file, the scenario tests use the same code.
 *
 * A seat may be written as its number or its colour ("red"); the loader resolves colours against
 * the scenario's `colours` (default: the first `players` colours of the board data, as setup does).
 */
import * as v from 'valibot';
import { fail, ok, type Result, type Seat, isOver } from '$lib/engine';
import {
	DEFAULT_SEED,
	ExpectSchema,
	issueLines,
	moveEntrySchema,
	Note,
	playMoves,
	runFailure,
	stepIndex as indexOf,
	unmetIn,
	type ScenarioError,
	type ScenarioExpect,
	type ScenarioMove,
	type ScenarioRun as Run
} from '$lib/engine/scenario';
import { COMPONENTS } from './board';
import { isFullPosition } from './fullPosition';
import { FullPositionSchema } from './positionSchema';
import { giants } from './index';
import type { Colour, GiantsConfig, GiantsEntry, GiantsState, StartPosition } from './types';
import { giantsKind } from './kind';
import { scores as giantsScores } from './score';

const COLOURS = ['blue', 'green', 'red', 'yellow', 'purple'] as const;
const Int = (lo: number, hi: number) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
const SeatRef = v.union([Int(0, 4), v.picklist(COLOURS)], 'a seat: a number 0–4 or a colour name');
const Count = Int(0, 30);

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

const MoveEntrySchema = moveEntrySchema(SeatRef);

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
	/** A round-start position, or with a `phase` a full one (docs/positions.md § Giants), checked below. */
	position: v.optional(v.unknown()),
	moves: v.optional(v.array(MoveEntrySchema)),
	/** What must hold after the last move (`log`: among all entries, the start's included). */
	expect: v.optional(ExpectSchema)
});

export type ScenarioFile = v.InferInput<typeof ScenarioSchema>;

export type { ScenarioError, ScenarioExpect, ScenarioMove };
export { DEFAULT_SEED };

export interface Scenario {
	name: string;
	config: GiantsConfig;
	seed: string;
	colours: Colour[];
	moves: ScenarioMove[];
	expect?: ScenarioExpect;
}

/** Validates a parsed scenario file and resolves colour names to seats. Code `BAD_SCENARIO` on error. */
export function loadScenario(raw: unknown): Result<Scenario> {
	const parsed = v.safeParse(ScenarioSchema, raw);
	if (!parsed.success) return fail('BAD_SCENARIO', issueLines(parsed.issues));
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
	if (f.position && isFullPosition(f.position)) {
		// A full position names seats by number or colour itself; the kind's `config` reads and checks it.
		const full = v.safeParse(FullPositionSchema, f.position);
		if (!full.success) return fail('BAD_SCENARIO', issueLines(full.issues, 'scenario.position'));
		config.position = full.output;
	} else if (f.position !== undefined) {
		const round = v.safeParse(PositionSchema, f.position);
		if (!round.success) return fail('BAD_SCENARIO', issueLines(round.issues, 'scenario.position'));
		const p = round.output;
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

export type ScenarioRun = Run<GiantsState, GiantsEntry>;

/**
 * Sets the game up and replays the moves (up to `upTo`, exclusive). A setup refusal (BAD_CONFIG,
 * BAD_POSITION, …) is a failure; a refused move stops the replay and is reported in `error`, unless
 * the move expected exactly that refusal. An expected refusal that does not happen is an error too
 * (code `EXPECTED_REFUSAL`).
 */
export function runScenario(sc: Scenario, opts: { upTo?: number; trace?: boolean } = {}): Result<ScenarioRun> {
	const set = giants.start(sc.config, sc.seed);
	if (!set.ok) return set;
	return ok(playMoves(giants, set.value, sc.moves, unmet, { ...opts, ...(sc.expect ? { expect: sc.expect } : {}) }));
}

/** The index of the move with that label (tests address steps by label). */
export const stepIndex = (sc: Scenario, label: string): number => indexOf(sc, label);

/** The first expectation that does not hold, worded; null when all hold. */
export function unmet(x: ScenarioExpect, state: GiantsState, log: readonly GiantsEntry[]): string | null {
	return unmetIn(x, { view: giants.view(state, null), log, scores: () => giantsScores(state).map((sh) => sh.total), over: () => isOver(giantsKind, state) });
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
	if (error) return { failure: runFailure(error, (seat) => sc.value.colours[seat] ?? null) };
	return { output: o.log ? log : giants.view(state, viewer) };
}
