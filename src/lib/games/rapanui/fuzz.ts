/**
 * The Rapa Nui fuzzer: plays bot games (2/3/4 players; heuristic, random and mixed seats) and checks
 * after every move what must always hold. Pure; `npm run fuzz -- --game rapanui` and a vitest spec
 * drive it.
 *
 * After every move: conservation of the 50 Rapa Nui cards, the start cards in play and the 100
 * offering cards (R-1.1 … ); the ledger equals the collection plus the face-down cards;
 * wood, fame, piles and collections are non-negative; the input state is unchanged (deeply frozen);
 * the move gives the same state over a JSON round trip; the legal moves from the seat's own view
 * equal those from the state, and every one of them applies; junk and out-of-turn moves are refused
 * with a code. Secrecy: worlds that differ only in a secret — the draw pile's order, the kind
 * of a face-down card, a sealed moai choice — give byte-identical views to everyone who may not see
 * it, and byte-identical logs and errors for the same move. The seed is in no view or log before the
 * end. At the end: the game ended by the rules (never a cap), and the replay equals the live state.
 */
import { below, checkFinalOutcome, cloneJson, deepFreeze, fuzzCheck as check, FuzzFailure, jsonEqual, replay, seedRng, type FuzzGameResult, type LoggedMove, type RngState, isOver } from '$lib/engine';
import { heuristicBot, randomBot } from './bots';
import { rapanui } from './index';
import { legalMoves } from './legal';
import { KINDS } from './rules';
import { invariantErrors } from './invariants';
import type { RapaNuiMove, RapaNuiState, RapaNuiView, Seat, Viewer } from './types';
import { rapanuiKind } from './kind';

export { FuzzFailure, invariantErrors };

type Bot = (v: RapaNuiView, seat: Seat, rng: RngState) => RapaNuiMove;

const JUNK: unknown[] = [null, 7, 'draw', {}, { type: 'draw' }, { type: 'draw', column: 9 }, { type: 'play', card: 'moai', count: 2 }, { type: 'buy', kind: 'gold' }, { type: 'moai', choice: 'both' }];

/** A copy of `s` that differs from it only in a secret, or null if it has none to change now. */
function otherWorld(s: RapaNuiState, rng: RngState): { world: RapaNuiState; knows: Seat | null } | null {
	const w = cloneJson(s) as RapaNuiState;
	const what = below(rng, 3);
	if (what === 0 && w.secret.pile.length > 1) {
		// another order of the draw pile (nobody knows it).
		const p = w.secret.pile;
		for (let i = p.length - 1; i >= 1; i--) {
			const j = below(rng, i + 1);
			[p[i], p[j]] = [p[j], p[i]];
		}
		return jsonEqual(p, s.secret.pile) ? null : { world: w, knows: null };
	}
	if (what === 1 && w.secret.faceDown.length > 0) {
		// a face-down card of another kind (its builder holds one more of the old kind).
		const i = below(rng, w.secret.faceDown.length);
		const seat = w.stone.filter((c) => !c.faceUp)[i].seat;
		const old = w.secret.faceDown[i];
		const other = KINDS.find((k) => k !== old && w.secret.collections[seat][k] > 0);
		if (!other) return null;
		// Same ledger: the builder holds one more of the old kind and one fewer of the new one.
		w.secret.faceDown[i] = other;
		w.secret.collections[seat][other]--;
		w.secret.collections[seat][old]++;
		return { world: w, knows: seat };
	}
	if (what === 2 && w.phase.kind === 'moai') {
		// another sealed choice.
		const p = w.phase;
		const seat = p.choosers.find((x) => !p.waiting.includes(x));
		if (seat === undefined) return null;
		w.secret.moai[seat] = w.secret.moai[seat] === 'fame' ? 'wood' : 'fame';
		return { world: w, knows: seat };
	}
	return null;
}

export function fuzzGame(index: number, seedBase: string): FuzzGameResult {
	const rng = seedRng(`${seedBase}/fuzz/rapanui/${index}`);
	const players = 2 + (index % 3);
	const mix = index % 4;
	const bots: Bot[] = Array.from({ length: players }, (_, i) => (mix < 2 ? heuristicBot : mix === 2 ? randomBot : i % 2 ? randomBot : heuristicBot));
	const seed = `${seedBase}/game/${index}`;
	const start = rapanui.start({ players }, seed);
	check(start.ok, 'setup failed');
	let s = deepFreeze(start.value.state);
	const moves: LoggedMove<RapaNuiMove>[] = [];
	let checks = 0;
	const ctx = () => `game ${index} (seed ${seed}) move ${moves.length + 1} turn ${s.turn} ${s.phase.kind}`;
	const viewers: Viewer[] = [null, ...Array.from({ length: players }, (_, i) => i)];
	check(!JSON.stringify(start.value.log).includes(seed), 'the seed is in the start log');
	while (!isOver(rapanuiKind, s)) {
		check(moves.length < 2000, `${ctx()}: no termination`);
		const errs = invariantErrors(s);
		check(errs.length === 0, `${ctx()}: ${errs.join('; ')}`);
		const active = rapanui.activeSeats(s);
		check(active.length > 0, `${ctx()}: nobody is awaited`);
		// In the moai choice a seat that has chosen may replace its choice now and then.
		const p = s.phase;
		const anyone = p.kind === 'moai' ? p.choosers : active;
		const seat = below(rng, 5) === 0 ? anyone[below(rng, anyone.length)] : active[below(rng, active.length)];
		const view = rapanui.view(s, seat);
		for (const v of viewers) check(!JSON.stringify(rapanui.view(s, v)).includes(seed), `${ctx()}: the seed is in a view`);
		const legal = legalMoves(s, seat);
		check(legal.length > 0, `${ctx()}: seat ${seat} is awaited but has no legal move`);
		check(jsonEqual(legalMoves(view, seat), legal), `${ctx()}: legal moves differ on the seat's own view`);
		// Every listed move applies; junk and moves of seats not awaited are refused with a code.
		for (const m of legal) check(rapanui.apply(s, seat, m).ok, `${ctx()}: listed move ${JSON.stringify(m)} refused`);
		const junk = rapanui.apply(s, seat, JUNK[below(rng, JUNK.length)]);
		check(!junk.ok && typeof junk.code === 'string', `${ctx()}: junk accepted`);
		const idle = viewers.find((x) => x !== null && !anyone.includes(x) && legalMoves(s, x).length === 0);
		if (idle !== undefined && idle !== null) check(!rapanui.apply(s, idle, legal[0]).ok, `${ctx()}: seat ${idle} moved out of turn`);
		const move = bots[seat](view, seat, rng);
		const before = JSON.stringify(s);
		const r = rapanui.apply(s, seat, move); // `s` is frozen: a write to it would throw
		check(r.ok, `${ctx()}: the bot's move ${JSON.stringify(move)} was refused: ${r.ok ? '' : r.code}`);
		check(JSON.stringify(s) === before, `${ctx()}: apply changed its input`);
		const again = rapanui.apply(JSON.parse(before), seat, JSON.parse(JSON.stringify(move)));
		check(again.ok && jsonEqual(again.value.state, r.value.state), `${ctx()}: not deterministic over a JSON round trip`);
		check(!JSON.stringify(r.value.log).includes(seed) || isOver(rapanuiKind, r.value.state), `${ctx()}: the seed is in the log`);
		// a world that differs only in a secret looks the same to everyone who may not see it.
		const other = otherWorld(s, rng);
		if (other) {
			const w = other.world;
			check(invariantErrors(w).length === 0, `${ctx()}: the other world is inconsistent: ${invariantErrors(w).join('; ')}`);
			for (const v of viewers)
				if (v !== other.knows)
					check(JSON.stringify(rapanui.view(w, v)) === JSON.stringify(rapanui.view(s, v)), `${ctx()}: viewer ${v} sees a secret`);
			if (seat !== other.knows) {
				const rw = rapanui.apply(w, seat, move);
				// What legitimately tells the worlds apart: a refill from a reordered pile, the reveal at
				// the end, and the sealed choices shown together once the last is in.
				const refilled = r.value.log.some((e) => e.type === 'draw' && e.refill);
				const revealed = isOver(rapanuiKind, r.value.state) || (s.phase.kind === 'moai' && r.value.state.phase.kind !== 'moai');
				if (!(refilled && other.knows === null) && !revealed) {
					check(rw.ok, `${ctx()}: the move is refused in the other world`);
					check(JSON.stringify(rw.value.log) === JSON.stringify(r.value.log), `${ctx()}: the log tells the worlds apart`);
					for (const v of viewers)
						if (v !== other.knows)
							check(JSON.stringify(rapanui.view(rw.value.state, v)) === JSON.stringify(rapanui.view(r.value.state, v)), `${ctx()}: after the move viewer ${v} tells the worlds apart`);
				}
			}
			const e1 = rapanui.apply(s, seat, JUNK[index % JUNK.length]);
			const e2 = rapanui.apply(w, seat, JUNK[index % JUNK.length]);
			check(JSON.stringify(e1) === JSON.stringify(e2), `${ctx()}: an error tells the worlds apart`);
			checks += viewers.length + 2;
		}
		moves.push({ seat, move });
		s = deepFreeze(r.value.state);
		checks += legal.length + 8;
	}
	const errs = invariantErrors(s);
	check(errs.length === 0, `${ctx()}: ${errs.join('; ')}`);
	check(s.phase.kind === 'over' && s.phase.reason === 'refill' && s.pileLeft === 0, `${ctx()}: the game ended otherwise than by the refill that empties the pile`);
	// everything revealed at the end.
	const end = rapanui.view(s, null);
	check(end.secret.seed === seed && end.secret.collections.every(Boolean) && end.stone.every((c) => c.kind !== null), `${ctx()}: not everything is revealed at the end`);
	checks += checkFinalOutcome(rapanuiKind, s, players);
	const re = replay(rapanui, { game: 'rapanui', engineVersion: rapanui.engineVersion, config: { players }, seed }, moves);
	check(re.ok && jsonEqual(re.value, s), `${ctx()}: the replay differs from the live state`);
	return { players, moves: moves.length, reason: s.phase.reason, checks: checks + 4 };
}
