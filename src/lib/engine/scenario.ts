/**
 * Scenario files, the part every kind shares (issue 29): moves by seat, each with an optional expected
 * refusal and expected outcomes, replayed through a kind's `apply` from its start. A kind with a
 * file format of its own (a runner, `runFile` in its folder's `scenario.ts`, which
 * `scripts/scenario.ts` finds by the kind's id) uses the pieces; a kind without one uses
 * `loadKindScenario`/`runKindFile` whole: its fields besides the common ones (a start player, colours, a position…) are the kind's scenario extra and go to its
 * `config(options, players, extra)`, which validates them. Pure (no fs, conventions §1):
 * `scripts/scenario.ts` reads the file, the scenario tests use the same code.
 */
import * as v from 'valibot';
import { jsonEqual } from './clone';
import type { Kind } from './kind';
import { isOver } from './outcome';
import { fail, ok, type Result, type Seat } from './types';

/** Free text anywhere in a file: a string or lines. */
export const Note = v.optional(v.union([v.string(), v.array(v.string())]));

/**
 * Expected outcomes (issue 11): `view`: dot paths into the spectator view (e.g. `"players.0.score"`,
 * `"phase.kind"`) and their values; `log`: entries that must be among the log entries (each matched
 * on the fields it gives); `scores`: the final totals by seat; `over`: whether the game has ended.
 */
export const ExpectSchema = v.strictObject({
	view: v.optional(v.record(v.string(), v.unknown())),
	log: v.optional(v.array(v.looseObject({ type: v.string() }))),
	scores: v.optional(v.array(v.number())),
	over: v.optional(v.boolean()),
	note: Note
});
export type ScenarioExpect = v.InferOutput<typeof ExpectSchema>;

/** One move of a file; `seat` as the kind's file writes seats (a number, or also a colour). */
export function moveEntrySchema<T>(seat: v.GenericSchema<unknown, T>) {
	return v.strictObject({
		seat,
		move: v.looseObject({ type: v.string() }),
		/** A name tests can look the step up by. */
		label: v.optional(v.string()),
		/** The move must be refused with this code; the replay then goes on without it. */
		expectError: v.optional(v.string()),
		/** What must hold right after this move (`log`: among the entries this move produced). */
		expect: v.optional(ExpectSchema),
		note: Note
	});
}

/** Validation issues as lines `scenario.moves[3].seat: …` (at most `max`). */
export function issueLines(issues: readonly v.BaseIssue<unknown>[], root = 'scenario', max = 5): string {
	return issues
		.slice(0, max)
		.map((i) => {
			const path = i.path?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('') ?? '';
			return `${root}${path}: ${i.message}${i.message.includes(i.received) ? '' : ` (received ${i.received})`}`;
		})
		.join('\n');
}

export interface ScenarioMove {
	seat: Seat;
	move: unknown;
	label?: string;
	expectError?: string;
	expect?: ScenarioExpect;
}

export interface ScenarioError {
	/** 0-based index into `moves`. */
	index: number;
	seat: Seat;
	move: unknown;
	code: string;
	message: string;
}

export interface ScenarioRun<State, Entry> {
	state: State;
	/** Every public log entry, the start's first. */
	log: Entry[];
	/** How many moves were replayed (refused ones that were expected count too). */
	played: number;
	/** The first move that went wrong; the state is the one before it. */
	error: ScenarioError | null;
	/** With `trace`: the state after each move (index as in `moves`) and the entries it produced. */
	steps: { state: State; log: Entry[]; refused?: { code: string; message: string } }[];
}

/** The first expectation that does not hold in `state` (worded), or null. */
export type Unmet<State, Entry> = (x: ScenarioExpect, state: State, log: readonly Entry[]) => string | null;

/**
 * Replays `moves` (up to `upTo`, exclusive) from a started game. A refused move stops the replay and
 * is reported in `error`, unless the move expected exactly that refusal; an expected refusal that
 * does not happen is an error too (code `EXPECTED_REFUSAL`), and so is an unmet expectation
 * (`EXPECTATION`): after a move (its own entries) or, once every move is in, `expect` (all entries).
 */
export function playMoves<State, Entry>(
	game: { apply(state: State, seat: Seat, move: unknown): Result<{ state: State; log: Entry[] }> },
	start: { state: State; log: Entry[] },
	moves: readonly ScenarioMove[],
	unmet: Unmet<State, Entry>,
	opts: { upTo?: number; trace?: boolean; expect?: ScenarioExpect } = {}
): ScenarioRun<State, Entry> {
	let state = start.state;
	const log: Entry[] = [...start.log];
	const steps: ScenarioRun<State, Entry>['steps'] = [];
	const end = Math.min(opts.upTo ?? moves.length, moves.length);
	for (let index = 0; index < end; index++) {
		const m = moves[index];
		const r = game.apply(state, m.seat, m.move);
		const err = (code: string, message: string, played = index): ScenarioRun<State, Entry> => ({
			state,
			log,
			played,
			error: { index, seat: m.seat, move: m.move, code, message },
			steps
		});
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
		if (missed) return err('EXPECTATION', missed, index + 1);
	}
	const missed = opts.expect && end === moves.length ? unmet(opts.expect, state, log) : null;
	if (missed) return { state, log, played: end, error: { index: end, seat: -1, move: null, code: 'EXPECTATION', message: missed }, steps };
	return { state, log, played: end, error: null, steps };
}

/** What an expectation is checked against (the kind's spectator view, its scores, its end). */
export interface Observed {
	view: unknown;
	log: readonly unknown[];
	/** The totals by seat, or a sentence why there are none. */
	scores(): number[] | string;
	over(): boolean;
}

/** The first expectation of `x` that does not hold, worded; null when all hold. */
export function unmetIn(x: ScenarioExpect, o: Observed): string | null {
	for (const [path, want] of Object.entries(x.view ?? {})) {
		let got: unknown = o.view;
		for (const key of path.split('.')) got = got !== null && typeof got === 'object' ? (got as Record<string, unknown>)[key] : undefined;
		if (!jsonEqual(got, want)) return `view.${path} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
	}
	for (const want of x.log ?? []) {
		const hit = o.log.some((e) => Object.entries(want).every(([k, val]) => jsonEqual((e as Record<string, unknown>)[k], val)));
		if (!hit) return `no log entry matches ${JSON.stringify(want)}`;
	}
	if (x.scores) {
		const got = o.scores();
		if (typeof got === 'string') return got;
		if (!jsonEqual(got, x.scores)) return `scores are ${got.join(', ')}, expected ${x.scores.join(', ')}`;
	}
	if (x.over !== undefined && o.over() !== x.over) return x.over ? 'the game is not over' : 'the game is over';
	return null;
}

/** The index of the move with that label (tests address steps by label). */
export function stepIndex(sc: { name: string; moves: readonly ScenarioMove[] }, label: string): number {
	const i = sc.moves.findIndex((m) => m.label === label);
	if (i < 0) throw new Error(`scenario ${sc.name}: no move labelled ${label}`);
	return i;
}

// ---- a kind without a format of its own -----------------------------------------------------------

/** A seat in a kind's file: its number, or its colour (`kind.seatColour`) once the game has started. */
const SeatRef = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.minLength(1), v.maxLength(32))]);

/** The fields every kind's file has; any other field is the kind's scenario extra. */
const COMMON = ['$schema', 'kind', 'name', 'note', 'rules', 'players', 'options', 'seed', 'moves', 'expect'] as const;
const CommonSchema = v.looseObject({
	$schema: v.optional(v.string()),
	kind: v.string(),
	name: v.optional(v.string()),
	note: Note,
	/** Rule numbers the scenario illustrates. */
	rules: v.optional(v.array(v.string())),
	players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)),
	options: v.optional(v.record(v.string(), v.unknown())),
	seed: v.optional(v.pipe(v.string(), v.minLength(1))),
	moves: v.optional(v.array(moveEntrySchema(SeatRef))),
	expect: v.optional(ExpectSchema)
});

/** Used when a scenario gives no seed. */
export const DEFAULT_SEED = 'scenario';

export interface KindScenario {
	name: string;
	/** The kind's config, from its `config(options, players, extra)`. */
	config: unknown;
	seed: string;
	/** Each seat's colour (`kind.seatColour` at the start), for seats written as colours. */
	colours: (string | null)[];
	moves: ScenarioMove[];
	expect?: ScenarioExpect;
	/** The started game (the kind's `start`). */
	start: { state: unknown; log: unknown[] };
}

/**
 * Validates a kind's scenario file and starts its game: the common fields here, the rest by the
 * kind's `config` (its scenario extra: `BAD_CONFIG`, `BAD_POSITION`…) and `start`. Seats written as
 * colours are resolved against the colours the game started with. `BAD_SCENARIO` for the file.
 */
export function loadKindScenario(kind: Kind, raw: unknown): Result<KindScenario> {
	const parsed = v.safeParse(CommonSchema, raw);
	if (!parsed.success) return fail('BAD_SCENARIO', issueLines(parsed.issues));
	const f = parsed.output;
	if (f.kind !== kind.id) return fail('BAD_SCENARIO', `scenario.kind: ${f.kind} is not ${kind.id}`);
	const extra = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([k]) => !(COMMON as readonly string[]).includes(k)));
	const options = v.safeParse(kind.options, f.options ?? {});
	if (!options.success) return fail('BAD_SCENARIO', issueLines(options.issues, 'scenario.options'));
	const config = kind.config(options.output, f.players, Object.keys(extra).length ? extra : undefined);
	if (!config.ok) return config;
	const seed = f.seed ?? DEFAULT_SEED;
	const start = kind.start(config.value, seed);
	if (!start.ok) return start;
	const colours = Array.from({ length: f.players }, (_, seat) => kind.seatColour(start.value.state, seat));
	const bad: string[] = [];
	const moves: ScenarioMove[] = (f.moves ?? []).map((m, i) => {
		const seat = typeof m.seat === 'number' ? m.seat : colours.indexOf(m.seat);
		if (seat < 0 || seat >= f.players) bad.push(`scenario.moves[${i}].seat: ${m.seat} is not a seat (colours: ${colours.join(', ')})`);
		return {
			seat,
			move: m.move,
			...(m.label !== undefined ? { label: m.label } : {}),
			...(m.expectError !== undefined ? { expectError: m.expectError } : {}),
			...(m.expect !== undefined ? { expect: m.expect } : {})
		};
	});
	if (bad.length) return fail('BAD_SCENARIO', bad.slice(0, 5).join('\n'));
	return ok({ name: f.name ?? '', config: config.value, seed, colours, moves, ...(f.expect ? { expect: f.expect } : {}), start: start.value });
}

/** Expectations on a kind's game: its spectator view, its outcome's totals, its end. */
export function kindUnmet(kind: Kind): Unmet<unknown, unknown> {
	return (x, state, log) =>
		unmetIn(x, {
			view: kind.view(state, null),
			log,
			scores: () => kind.outcome(state)?.sheets.map((s) => s.total) ?? 'scores: the game is not over',
			over: () => isOver(kind, state)
		});
}

/** Replays a loaded kind scenario (see `playMoves`). */
export function runKindScenario(kind: Kind, sc: KindScenario, opts: { upTo?: number; trace?: boolean } = {}): ScenarioRun<unknown, unknown> {
	return playMoves(kind, sc.start, sc.moves, kindUnmet(kind), { ...opts, ...(sc.expect ? { expect: sc.expect } : {}) });
}

/** What `npm run scenario` prints or why it fails (`failure`: exit 1; `usage`: exit 2). */
export interface FileRun {
	output?: unknown;
	failure?: string;
	usage?: string;
}

/** The failure line of a run that stopped at a move or an expectation. */
export function runFailure(error: ScenarioError, colour: (seat: Seat) => string | null): string {
	if (error.code === 'EXPECTATION') return `after move #${error.index}: EXPECTATION: ${error.message}`;
	return `move #${error.index} by seat ${error.seat} (${colour(error.seat) ?? '?'}) ${JSON.stringify(error.move)}\n${error.code}: ${error.message}`;
}

/**
 * `npm run scenario -- FILE` for a kind that uses this format (its `scenario.ts` exports
 * `runFile = (raw, o) => runKindFile(kind, raw, o)`): the spectator view (or seat `seat`'s, by
 * number or colour) after the moves, or the log.
 */
export function runKindFile(kind: Kind, raw: unknown, o: { seat?: string; log?: boolean }): FileRun {
	const sc = loadKindScenario(kind, raw);
	if (!sc.ok) return { failure: `${sc.code}\n${sc.message}` };
	const { colours } = sc.value;
	let viewer: number | null = null;
	if (o.seat !== undefined) {
		viewer = /^\d+$/.test(o.seat) ? Number(o.seat) : colours.indexOf(o.seat);
		if (viewer < 0 || viewer >= colours.length) return { usage: `--seat ${o.seat}: no such seat (colours: ${colours.join(', ')})` };
	}
	const run = runKindScenario(kind, sc.value);
	if (run.error) return { failure: runFailure(run.error, (seat) => colours[seat] ?? null) };
	return { output: o.log ? run.log : kind.view(run.state, viewer) };
}

/**
 * A kind's `config` with a scenario extra: refused at once when the game could not start from it (an
 * impossible position: the start's own code, e.g. `BAD_POSITION`), so `POST /api/dev/scenario` answers
 * 400 with what is wrong. Whether a position is possible never depends on the seed; any seed will do.
 */
export function startable<C>(start: (config: C, seed: string) => Result<unknown>, config: C): Result<C> {
	const r = start(config, 'position-check');
	return r.ok ? ok(config) : r;
}
