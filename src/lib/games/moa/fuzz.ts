/**
 * The Moa fuzzer: plays bot games (2–5 players; heuristic, random and mixed seats, and now and then
 * an "any time" karakia of a seat that is not awaited) and checks after every move what must always
 * hold. Pure; `npm run fuzz -- --game moa` and a vitest spec drive it.
 *
 * After every move: conservation of the 60 bird cards, 20 mammal cards, 30 terrain cards, 12 leader
 * tiles, 13 karakia tiles, and each colour's 16 birds and 4 leaders (M-1); counters non-negative, at
 * most one stronghold per region and none beside a mammal tile, the public counts equal to the
 * secret piles; the input state unchanged (deeply frozen); the same state over a JSON round trip;
 * the legal moves from the seat's own view equal those from the state, and every one applies, also
 * with one more card paid (M-8.2: paying more is allowed, whatever the card adds) and with an unneeded
 * any-region tile (M-8.6); junk and moves of seats not awaited are refused with a code. Secrecy (M-0.2): worlds that differ only in
 * a secret — the bird pile's order, a card of another player's hand, the mammal deck's order, which
 * terrain cards were set aside and the undrawn order — give byte-identical views to everyone who may
 * not see it, byte-identical logs for the same move, and byte-identical errors. The seed is in no
 * view or log before the end. At the end: the game ended after period 2 (never a cap), everything is
 * revealed, and the replay equals the live state.
 */
import { below, checkFinalOutcome, cloneJson, deepFreeze, fuzzCheck as check, FuzzFailure, jsonEqual, replay, seedRng, type FuzzGameResult, type LoggedMove, type RngState, isOver } from '$lib/engine';
import { heuristicBot, randomBot } from './bots';
import { moa } from './index';
import { legalMoves } from './legal';
import { invariantErrors } from './invariants';
import { C, usableKarakia } from './rules';
import type { MoaMove, MoaState, MoaView, Payment, Seat, Viewer } from './types';
import { moaKind } from './kind';

export { FuzzFailure, invariantErrors };

type Bot = (v: MoaView, seat: Seat, rng: RngState) => MoaMove;

const JUNK: unknown[] = [null, 7, 'pass', {}, { type: 'place' }, { type: 'place', region: 99, birds: 1, pay: { cards: [], tiles: [] } }, { type: 'buy', types: ['gold'], pay: { cards: [], tiles: [] } }, { type: 'neutral', region: 1, what: 'moa' }, { type: 'defend', pay: { cards: ['B01', 'B01'], tiles: [] } }];

function shuffleIn(a: string[], rng: RngState): void {
	for (let i = a.length - 1; i >= 1; i--) {
		const j = below(rng, i + 1);
		[a[i], a[j]] = [a[j], a[i]];
	}
}

/** A copy of `s` that differs from it only in a secret, or null if it has none to change now. */
function otherWorld(s: MoaState, rng: RngState): { world: MoaState; knows: Seat | null } | null {
	const w = cloneJson(s) as MoaState;
	const x = w.secret;
	const what = below(rng, 4);
	if (what === 0 && x.birdPile.length > 1) {
		shuffleIn(x.birdPile, rng); // M-0.2.2
		return jsonEqual(x.birdPile, s.secret.birdPile) ? null : { world: w, knows: null };
	}
	if (what === 1 && x.birdPile.length > 0) {
		// M-0.2.1: one card of a hand swapped with one of the draw pile: only its holder can tell.
		const seat = below(rng, w.players);
		const hand = x.hands[seat];
		if (!hand.length) return null;
		const i = below(rng, hand.length);
		const j = below(rng, x.birdPile.length);
		[hand[i], x.birdPile[j]] = [x.birdPile[j], hand[i]];
		return { world: w, knows: seat };
	}
	if (what === 2 && x.mammalDeck.length > 1) {
		shuffleIn(x.mammalDeck, rng); // M-0.2.4
		return jsonEqual(x.mammalDeck, s.secret.mammalDeck) ? null : { world: w, knows: null };
	}
	if (what === 3 && x.terrainDeck.length > 0 && x.terrainAside.length > 0) {
		// M-0.2.3: another card set aside, and another undrawn order.
		const i = below(rng, x.terrainDeck.length);
		const j = below(rng, x.terrainAside.length);
		[x.terrainDeck[i], x.terrainAside[j]] = [x.terrainAside[j], x.terrainDeck[i]];
		shuffleIn(x.terrainDeck, rng);
		return { world: w, knows: null };
	}
	return null;
}

/**
 * Moves `apply` must accept beyond the canonical list (legal.ts lists the least that pays, and the
 * any-region tile only where needed): one listed payment with one more card from hand (M-8.2: paying
 * more is allowed, even a card that adds nothing), and one listed region action in an active region
 * with the seat's any-region tile (M-8.6: no rule forbids it). `k` picks which, without the rng.
 */
function widened(s: MoaState, seat: Seat, legal: MoaMove[], k: number): MoaMove[] {
	const out: MoaMove[] = [];
	const hand = s.secret.hands[seat] ?? [];
	const paying = legal.filter((m): m is Extract<MoaMove, { pay: Payment }> => 'pay' in m);
	if (paying.length) {
		const m = paying[k % paying.length];
		const rest = hand.filter((c) => !m.pay.cards.includes(c));
		if (rest.length) out.push({ ...m, pay: { cards: [...m.pay.cards, rest[k % rest.length]], tiles: m.pay.tiles } });
	}
	const tile = usableKarakia(s, seat, 'any_region')[0];
	const inActive = legal.filter((m) => (m.type === 'place' || m.type === 'leader' || m.type === 'attack' || m.type === 'sell') && !m.anyRegion);
	if (tile && inActive.length) out.push({ ...inActive[k % inActive.length], anyRegion: tile } as MoaMove);
	return out;
}

/** Log entries that a changed secret legitimately changes once they happen (a draw from it, the end). */
const DRAWS = new Set(['terrain', 'mammal', 'period', 'drawCard', 'exchange', 'birdReshuffle', 'mammalReshuffle', 'end', 'reveal', 'noMammal', 'round']);

export function fuzzGame(index: number, seedBase: string): FuzzGameResult {
	const rng = seedRng(`${seedBase}/fuzz/moa/${index}`);
	const players = 2 + (index % 4);
	const mix = index % 4;
	const bots: Bot[] = Array.from({ length: players }, (_, i) => (mix < 2 ? heuristicBot : mix === 2 ? randomBot : i % 2 ? randomBot : heuristicBot));
	const seed = `${seedBase}/game/${index}`;
	const start = moa.start({ players }, seed);
	check(start.ok, 'setup failed');
	let s = deepFreeze(start.value.state);
	const moves: LoggedMove<MoaMove>[] = [];
	let checks = 0;
	const ctx = () => `game ${index} (seed ${seed}) move ${moves.length + 1} period ${s.period} round ${s.round} ${s.phase.kind}`;
	const viewers: Viewer[] = [null, ...Array.from({ length: players }, (_, i) => i)];
	check(!JSON.stringify(start.value.log).includes(seed), 'the seed is in the start log');
	while (!isOver(moaKind, s)) {
		check(moves.length < 5000, `${ctx()}: no termination`);
		const errs = invariantErrors(s);
		check(errs.length === 0, `${ctx()}: ${errs.join('; ')}`);
		const active = moa.activeSeats(s);
		check(active.length > 0, `${ctx()}: nobody is awaited`);
		// Now and then a seat not awaited uses an "any time" tile (M-8.6, M-8.7).
		const free = viewers.filter((v): v is Seat => v !== null && !active.includes(v) && legalMoves(s, v).length > 0);
		const seat = free.length && below(rng, 6) === 0 ? free[below(rng, free.length)] : active[below(rng, active.length)];
		const view = moa.view(s, seat);
		for (const v of viewers) check(!JSON.stringify(moa.view(s, v)).includes(seed), `${ctx()}: the seed is in a view`);
		const legal = legalMoves(s, seat);
		check(legal.length > 0, `${ctx()}: seat ${seat} is awaited but has no legal move`);
		check(jsonEqual(legalMoves(view, seat), legal), `${ctx()}: legal moves differ on the seat's own view`);
		for (const m of legal) check(moa.apply(s, seat, m).ok, `${ctx()}: listed move ${JSON.stringify(m)} refused: ${JSON.stringify(moa.apply(s, seat, m))}`);
		for (const m of widened(s, seat, legal, moves.length)) check(moa.apply(s, seat, m).ok, `${ctx()}: ${JSON.stringify(m)} refused: ${JSON.stringify(moa.apply(s, seat, m))}`);
		const junk = moa.apply(s, seat, JUNK[below(rng, JUNK.length)]);
		check(!junk.ok && typeof junk.code === 'string', `${ctx()}: junk accepted`);
		const idle = viewers.find((x) => x !== null && !active.includes(x) && legalMoves(s, x).length === 0);
		if (idle !== undefined && idle !== null) check(!moa.apply(s, idle, legal[0]).ok, `${ctx()}: seat ${idle} moved out of turn`);
		const move = active.includes(seat) ? bots[seat](view, seat, rng) : legal[below(rng, legal.length)];
		const before = JSON.stringify(s);
		const r = moa.apply(s, seat, move); // `s` is frozen: a write to it would throw
		check(r.ok, `${ctx()}: the bot's move ${JSON.stringify(move)} was refused: ${r.ok ? '' : r.code}`);
		check(JSON.stringify(s) === before, `${ctx()}: apply changed its input`);
		const again = moa.apply(JSON.parse(before), seat, JSON.parse(JSON.stringify(move)));
		check(again.ok && jsonEqual(again.value.state, r.value.state), `${ctx()}: not deterministic over a JSON round trip`);
		check(!JSON.stringify(r.value.log).includes(seed), `${ctx()}: the seed is in the log`);
		const other = otherWorld(s, rng);
		if (other) {
			const w = other.world;
			check(invariantErrors(w).length === 0, `${ctx()}: the other world is inconsistent: ${invariantErrors(w).join('; ')}`);
			for (const v of viewers)
				if (v !== other.knows) check(JSON.stringify(moa.view(w, v)) === JSON.stringify(moa.view(s, v)), `${ctx()}: viewer ${v} sees a secret`);
			if (seat !== other.knows) {
				const rw = moa.apply(w, seat, move);
				if (!r.value.log.some((e) => DRAWS.has(e.type))) {
					check(rw.ok, `${ctx()}: the move is refused in the other world`);
					check(JSON.stringify(rw.value.log) === JSON.stringify(r.value.log), `${ctx()}: the log tells the worlds apart`);
					for (const v of viewers)
						if (v !== other.knows)
							check(JSON.stringify(moa.view(rw.value.state, v)) === JSON.stringify(moa.view(r.value.state, v)), `${ctx()}: after the move viewer ${v} tells the worlds apart`);
				}
			}
			const e1 = moa.apply(s, seat, JUNK[index % JUNK.length]);
			const e2 = moa.apply(w, seat, JUNK[index % JUNK.length]);
			check(JSON.stringify(e1) === JSON.stringify(e2), `${ctx()}: an error tells the worlds apart`);
			checks += viewers.length + 2;
		}
		moves.push({ seat, move });
		s = deepFreeze(r.value.state);
		checks += legal.length + 8;
	}
	const errs = invariantErrors(s);
	check(errs.length === 0, `${ctx()}: ${errs.join('; ')}`);
	check(s.phase.kind === 'over' && s.period === C.periods && s.round === C.roundsPerPeriod && s.periodScores.length === C.periods, `${ctx()}: the game ended otherwise than after period 2`);
	// M-0.2: everything revealed at the end.
	const end = moa.view(s, null);
	check(end.secret.seed === seed && end.secret.hands.every(Boolean) && end.secret.mammalDeck !== null && end.secret.terrainAside !== null, `${ctx()}: not everything is revealed at the end`);
	checks += checkFinalOutcome(moaKind, s, players);
	const re = replay(moa, { game: 'moa', engineVersion: moa.engineVersion, config: { players }, seed }, moves);
	check(re.ok && jsonEqual(re.value, s), `${ctx()}: the replay differs from the live state`);
	return { players, moves: moves.length, reason: 'periods', checks: checks + 4 };
}
