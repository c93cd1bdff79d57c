/**
 * The Giants fuzzer: plays bot games (3/4/5 players, both options; mostly the heuristic bot, with
 * random and greedy seats in some, see `seatsFor`) and checks after every move what must always hold. Pure (no fs, no clock): the CLI in scripts/ and a vitest spec both drive it.
 *
 * After every move: the move was legal and applied; the input state is unchanged (purity: states are
 * deeply frozen, so any write to an input throws); every
 * component is conserved; applying the same move to a JSON round-tripped copy gives the same state
 * (serialization + determinism); the legal moves computed from the seat's own view equal those from
 * the full state; a random sample of the other legal moves applies; random illegal moves (wrong seat,
 * wrong phase, malformed, mutated) are refused with a code and change nothing. In sealed phases: two
 * states that differ only in one seat's sealed decision give identical views and log entries to every
 * other seat and to spectators; periodically, the same for two different seeds. At the end: the game
 * terminated, and replaying the log (full, and a random prefix) equals the live state.
 */
import { below, checkFinalOutcome, cloneJson, deepFreeze, fuzzCheck as check, FuzzFailure, jsonEqual, replay, seedRng, type LoggedMove, type RngState, isOver, startState } from '$lib/engine';
import { AHUS, HEXES } from './board';
import { BOTS, type Bot } from './bots';
import { giants } from './index';
import { conservationErrors } from './invariants';
import { legalMoves, mayAct } from './legal';
import type { GiantsConfig, GiantsMove, GiantsState, Seat } from './types';
import { giantsKind } from './kind';
import { writePosition } from './positionWrite';

export interface FuzzGameResult {
	players: number;
	moves: number;
	rounds: number;
	reason: string;
	checks: number;
}

export { FuzzFailure };


/** Canonical key of a move for exact legality (optional fields filled in as legalMoves writes them). */
function key(m: unknown): string {
	if (m && typeof m === 'object' && !Array.isArray(m)) {
		const t = (m as { type?: unknown }).type;
		const o = { ...(m as Record<string, unknown>) };
		if (t === 'bid' || t === 'carve') (o.medicineMan ??= false), (o.chief ??= false);
		if (t === 'place' || t === 'action') o.logs ??= 0;
		m = o;
	}
	return JSON.stringify(m, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v));
}


function pick<T>(rng: RngState, xs: readonly T[]): T {
	return xs[below(rng, xs.length)];
}

/** A random, usually illegal or malformed move. */
export function randomJunk(s: GiantsState, rng: RngState): unknown {
	const hex = () => (below(rng, 10) === 0 ? 'H99' : pick(rng, HEXES).id);
	const statue = () => (s.statues.length && below(rng, 5) ? pick(rng, s.statues).id : 'm999');
	const num = () => pick(rng, [0, 1, 2, 3, 7, -1, 1.5, 1e308, NaN]);
	const bool = () => pick(rng, [true, false, 'yes', undefined]);
	let deep: unknown = {};
	for (let i = 0; i < 200; i++) deep = { a: deep };
	const options: (() => unknown)[] = [
		() => ({ type: 'bid', markers: num(), workers: num(), medicineMan: bool(), chief: bool() }),
		() => ({ type: 'carve', size: pick(rng, [0, 1, 2, 3, 4]), workers: num(), chief: bool() }),
		() => ({ type: 'place', figure: pick(rng, ['worker', 'medicineMan', 'chief', 'king']), hex: hex(), logs: pick(rng, [0, 1, 2, 3]) }),
		() => ({ type: 'action', figure: pick(rng, ['medicineMan', 'chief']), hex: hex(), ahu: pick(rng, [...AHUS.map((a) => a.id), 'A99']) }),
		() => ({ type: 'rongo' }),
		() => ({ type: 'pass' }),
		() => ({ type: 'move', statue: statue(), path: [hex(), hex()], mark: true }),
		() => ({ type: 'move', statue: statue(), path: [hex()], erect: pick(rng, AHUS).id }),
		() => ({ type: 'move', statue: statue(), path: [hex()], borrow: { [hex()]: { figures: [0, 1] } } }),
		() => ({ type: 'mark', statue: statue() }),
		() => ({ type: 'choose', mark: [statue()], release: [statue()] }),
		() => ({ type: 'fly' }),
		() => JSON.parse('{"type":"pass","__proto__":{"polluted":1}}'),
		() => ({ type: 'place', figure: 'worker', hex: { $gt: '' } }),
		() => deep,
		() => pick(rng, [null, 42, 'pass', [], undefined])
	];
	return pick(rng, options)();
}

function variantWithOtherSeed(s: GiantsState): GiantsState {
	const t = cloneJson(s);
	t.secret.seed = s.secret.seed + '/other';
	t.secret.rng = seedRng(t.secret.seed);
	return t;
}

function viewsEqual(a: GiantsState, b: GiantsState, except: Seat | null): boolean {
	for (let seat = -1; seat < a.players.length; seat++) {
		const viewer = seat < 0 ? null : seat;
		if (viewer !== null && viewer === except) continue;
		if (!jsonEqual(giants.view(a, viewer), giants.view(b, viewer))) return false;
	}
	return true;
}

/**
 * Who plays game `index` (issue 17). Most games are the heuristic bot at every seat, so the fuzz
 * goes where real games go — to the rules' normal end (G-6.1); the rest keep random and greedy
 * seats for odd positions (stranded moai, abandoned statues, markers run out, the G-6.4 safeguard).
 * Of every 8 games: 4 all heuristic, 1 with one random seat, 1 with one greedy seat, 1 all random,
 * 1 heuristic, greedy and random in turn. The mix shifts by one every 8 games, so every mix meets
 * every combination of the options (bits 1 and 2 of the index) and every table size.
 */
export function seatsFor(index: number, players: number): Bot[] {
	const mix = ((index >> 3) + index) % 8;
	const odd = (index >> 1) % players;
	return [...Array(players).keys()].map((seat) => {
		if (mix === 4 && seat === odd) return BOTS.random;
		if (mix === 5 && seat === odd) return BOTS.greedy;
		if (mix === 6) return BOTS.random;
		if (mix === 7) return [BOTS.heuristic, BOTS.greedy, BOTS.random][seat % 3];
		return BOTS.heuristic;
	});
}

export function fuzzGame(index: number, seedBase: string): FuzzGameResult {
	const rng = seedRng(`${seedBase}/fuzz/${index}`);
	const players = 3 + (index % 3);
	const config: GiantsConfig = { players, quickStart: (index >> 1) % 2 === 1, immediateScoring: (index >> 2) % 2 === 1 };
	const bots = seatsFor(index, players);
	const seed = `${seedBase}/game/${index}`;
	const setupR = startState(giants, config, seed);
	check(setupR.ok, 'setup failed');
	let s = deepFreeze(setupR.value);
	const log: LoggedMove<GiantsMove>[] = [];
	const probeAt = 1 + below(rng, 200);
	let probe: GiantsState | null = null;
	let checks = 0;
	const ctx = () => `game ${index} (seed ${seed}) move ${log.length + 1} round ${s.round} ${s.phase.kind}`;
	while (!isOver(giantsKind, s)) {
		check(log.length < 20_000 && s.round <= 25, `${ctx()}: no termination`);
		const active = giants.activeSeats(s);
		check(active.length > 0, `${ctx()}: nobody may act`);
		// In sealed phases a seat that already decided may replace its decision now and then.
		const anyone = [...Array(players).keys()].filter((x) => mayAct(s, x));
		const seat = below(rng, 5) === 0 ? pick(rng, anyone) : pick(rng, active);
		const moves = legalMoves(s, seat);
		check(moves.length > 0, `${ctx()}: seat ${seat} may act but has no legal move`);
		const view = giants.view(s, seat);
		check(jsonEqual(legalMoves(view, seat), moves), `${ctx()}: legal moves differ on the seat's own view`);
		// The bot sees what the seat sees (engine/kind.ts Bot), as when it plays a dropped seat.
		const move = bots[seat](view, seat, rng);
		// `s` is deeply frozen: an apply that wrote to its input would have thrown.
		const before = JSON.stringify(s);
		const r = giants.apply(s, seat, move);
		check(r.ok, `${ctx()}: legal move ${JSON.stringify(move)} refused: ${r.ok ? '' : r.code}`);
		const next = deepFreeze(r.value.state);
		const errs = conservationErrors(next);
		check(errs.length === 0, `${ctx()}: conservation: ${errs.join('; ')}`);
		const again = giants.apply(JSON.parse(before), seat, JSON.parse(JSON.stringify(move)));
		check(again.ok && jsonEqual(again.value.state, next) && jsonEqual(again.value.log, r.value.log), `${ctx()}: not deterministic across a JSON round trip`);
		checks += 4;
		// A sample of the other legal moves applies; every 25th position, all of them.
		const sample = log.length % 25 === 0 ? moves : [pick(rng, moves), pick(rng, moves)];
		for (const m of sample) {
			const x = giants.apply(s, seat, m);
			check(x.ok, `${ctx()}: legal move ${JSON.stringify(m)} refused: ${x.ok ? '' : x.code}`);
			checks++;
		}
		checkIllegal(s, seat, moves, rng, ctx);
		checks += 3;
		if (s.phase.kind === 'bid' || s.phase.kind === 'choice') checks += checkSealed(s, seat, moves, move, r.value.state, rng, ctx);
		if (log.length % 10 === 0) {
			check(viewsEqual(s, variantWithOtherSeed(s), null), `${ctx()}: a view depends on the seed`);
			checks++;
		}
		log.push({ seat, move });
		s = next;
		if (log.length === probeAt) probe = s;
	}
	const full = replay(giants, { game: 'giants', engineVersion: giants.engineVersion, config, seed }, log);
	check(full.ok && jsonEqual(full.value, s), `game ${index}: replay of the log differs from the live state`);
	if (probe) {
		const part = replay(giants, { game: 'giants', engineVersion: giants.engineVersion, config, seed }, log.slice(0, probeAt));
		check(part.ok && jsonEqual(part.value, probe), `game ${index}: replay of the first ${probeAt} moves differs`);
		checks += checkPosition(probe, config, seed, `game ${index} move ${probeAt}`);
	}
	checks += checkPosition(s, config, seed, `game ${index}: the end`);
	checks += checkFinalOutcome(giantsKind, s, players);
	check(giants.view(s, null).seed === seed, `game ${index}: the seed is not revealed at the end`);
	return { players, moves: log.length, rounds: s.round, reason: s.phase.kind === 'over' ? s.phase.reason : '?', checks: checks + 3 };
}

/**
 * Issue 34 (position.ts): the state written as a full position, through JSON and the kind's `config`,
 * starts as the same state with its seed, with nothing automatic left to run. Once at the random probe
 * and once at the end of every game: cheap, and the heuristic bots reach positions random play does not.
 */
function checkPosition(s: GiantsState, config: GiantsConfig, seed: string, where: string): number {
	const extra = JSON.parse(JSON.stringify(writePosition(s))) as Record<string, unknown>;
	const c = giantsKind.config({ quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring }, config.players, extra);
	check(c.ok, `${where}: its position is refused: ${c.ok ? '' : c.message}`);
	const r = c.ok ? giants.start(c.value, seed) : null;
	check(!!r && r.ok && r.value.log.length === 0 && jsonEqual(r.value.state, s), `${where}: the state read back from its position differs`);
	return 1;
}

/** `s` is deeply frozen, so a refused move that changed anything would have thrown. */
function refusedUnchanged(s: GiantsState, seat: Seat, move: unknown, what: string, ctx: () => string, code?: string): void {
	const r = giants.apply(s, seat, move);
	check(!r.ok, `${ctx()}: ${what} was accepted: ${JSON.stringify(move)}`);
	check(typeof r.code === 'string' && r.code.length > 0 && (!code || r.code === code), `${ctx()}: ${what} gave code ${r.code}`);
}

function checkIllegal(s: GiantsState, seat: Seat, moves: GiantsMove[], rng: RngState, ctx: () => string): void {
	const players = s.players.length;
	const idle = [...Array(players).keys()].filter((x) => !mayAct(s, x));
	if (idle.length) refusedUnchanged(s, pick(rng, idle), pick(rng, moves), 'a move by a seat that may not act', ctx);
	refusedUnchanged(s, players + below(rng, 3), pick(rng, moves), 'a move by no seat', ctx, 'BAD_SEAT');
	// Junk: refused with a code — unless it happens to be a legal move, which must then apply.
	// Outside transports legalMoves is exact, so a junk move that is not listed must be refused.
	const junk = randomJunk(s, rng);
	const r = giants.apply(s, seat, junk);
	if (r.ok) {
		const t = (junk as { type?: string }).type;
		const listed = new Set(moves.map(key));
		check(t === 'move' || t === 'mark' || t === 'choose' || listed.has(key(junk)), `${ctx()}: unlisted move accepted: ${key(junk)}`);
		check(conservationErrors(r.value.state).length === 0, `${ctx()}: accepted junk broke conservation`);
	} else check(r.code.length > 0 && /^[A-Z_]+$/.test(r.code), `${ctx()}: bad error code ${r.code}`);
}

/** G-0.2: two different sealed decisions of one seat look the same to everybody else. */
function checkSealed(s: GiantsState, seat: Seat, moves: GiantsMove[], chosen: GiantsMove, after: GiantsState, rng: RngState, ctx: () => string): number {
	const other = pick(rng, moves);
	if (key(other) === key(chosen)) return 0;
	const r = giants.apply(s, seat, other);
	if (!r.ok) return 0;
	const a = after;
	const b = r.value.state;
	// Only while the decisions stay sealed (the phase did not resolve).
	if (a.phase.kind !== s.phase.kind || b.phase.kind !== s.phase.kind || a.round !== s.round) return 0;
	check(viewsEqual(a, b, seat), `${ctx()}: another seat's view reveals seat ${seat}'s sealed decision`);
	const first = giants.apply(s, seat, chosen);
	check(first.ok && jsonEqual(first.value.log, r.value.log), `${ctx()}: log entries reveal a sealed decision`);
	return 2;
}
