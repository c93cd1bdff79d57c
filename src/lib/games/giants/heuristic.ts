/**
 * The heuristic bot (issue 17): plays Giants towards the rules' normal end (G-6.1) the way people
 * do — carve the moai it can move this round, put carriers from the quarry to the ahus it means to
 * erect on, erect them, fetch workers from the village while the bag has any, crown its own moai
 * when a headdress is within reach, and turn idle tribe markers into rongo halves. Each phase asks the carrying
 * plan (plan.ts) what the seat's figures can achieve, so the auction, the placements and the
 * transports pull the same way. It reads only what the seat's own view shows (the board, the
 * ahus, the statues, the screens G-0.1 makes public) and chooses only among `legalMoves`; the
 * randomness it draws (ties only) comes from the generator it is given.
 */
import { below, type RngState } from '$lib/engine/rng';
import { AHU, HEADDRESS_QUARRY, HEX, HEXES, HEX_INDEX, MOAI_QUARRY, NEIGHBOR_INDEX } from './board';
import { carryInfo } from './carry';
import { legalMoves } from './legal';
import { boardView, copyBoard, erectValue, makePlan, resourcesOf, targetsFor, type BoardView, type Plan, type PlanStatue, type Resources, type Target } from './plan';
import { sculptorValue } from './sculptors';
import type { GiantsMove, Readable, Seat } from './types';

const QUARRY = HEX_INDEX.get(MOAI_QUARRY)!;
const HEADDRESS = HEX_INDEX.get(HEADDRESS_QUARRY)!;
/** An abandoned moai (G-5.8) may be taken by someone else first: worth less in the plan. */
const ABANDONED_WEIGHT = 0.7;
/** The plan looks at this many abandoned moai at most (the nearest to the quarry first)… */
const ABANDONED_MAX = 4;
/** … and headdresses. */
const ABANDONED_HEADDRESSES = 2;
/** In the auction, a second moai is less sure to be had than the first (G-3.2–3.4). */
const SECOND_MOAI = 0.6;
/** Bidding, the seat counts even less on abandoned moai: every other seat sees them too. */
const ABANDONED_BID_WEIGHT = 0.4;
/** A moai carved that the plan cannot move this round still lies at the quarry for a later one (G-5.7). */
const CARVED_LATER = 1;
/** A worker from the village (G-4.2) carries in every later round. */
const VILLAGE = 4;
/** A tribe marker from the sorcerer's hut (G-4.2): a rongo half or a bid each round. */
const HUT = 1.5;
/** A log (G-4.2 forest) behind the screen, for carrying big moai later. */
const LOG = 0.4;
/** A reservation (G-4.2) keeps the others off an ahu the plan erects on this round. */
const RESERVE = 1;
/** A headdress (G-4.2) the plan cannot bring to a moai of the seat's this round may crown one later. */
const HEADDRESS_LATER = 0.5;

/**
 * The statues the seat can move this round, for the plan (G-5.1, G-5.8). An abandoned one counts
 * for less (`abandonedWeight`): anybody may take it first.
 */
function planStatues(s: Readable, seat: Seat, abandonedWeight = ABANDONED_WEIGHT): PlanStatue[] {
	const out: PlanStatue[] = [];
	const moai: PlanStatue[] = [];
	const headdresses: PlanStatue[] = [];
	for (const st of s.statues) {
		const kind = st.kind;
		if (st.loc.kind === 'front' && st.loc.seat === seat) out.push({ id: st.id, kind, size: st.size, at: kind === 'moai' ? QUARRY : HEADDRESS, weight: 1 });
		else if (st.loc.kind === 'hex') {
			const at = HEX_INDEX.get(st.loc.hex)!;
			if (st.marker === seat || (st.marker === null && !st.abandoned && st.owner === seat)) out.push({ id: st.id, kind, size: st.size, at, weight: 1 });
			else if (st.abandoned && st.marker === null) (kind === 'moai' ? moai : headdresses).push({ id: st.id, kind, size: st.size, at, weight: abandonedWeight });
		}
	}
	moai.sort((a, b) => QUARRY_DISTANCE[a.at] - QUARRY_DISTANCE[b.at] || a.size - b.size);
	return out.concat(moai.slice(0, ABANDONED_MAX), headdresses.slice(0, ABANDONED_HEADDRESSES));
}

/** Hex distance from the moai quarry. */
const QUARRY_DISTANCE: number[] = bfs([QUARRY]);

function bfs(from: number[]): number[] {
	const d = Array(HEXES.length).fill(Infinity);
	for (const i of from) d[i] = 0;
	const queue = from.slice();
	for (let q = 0; q < queue.length; q++)
		for (const w of NEIGHBOR_INDEX[queue[q]]) if (d[w] === Infinity) (d[w] = d[queue[q]] + 1), queue.push(w);
	return d;
}

/** The first legal move equal to `want` (legalMoves lists bids and placements with every field). */
function find(moves: readonly GiantsMove[], want: GiantsMove): GiantsMove | undefined {
	const k = key(want);
	return moves.find((m) => m.type === want.type && key(m) === k);
}

function key(m: GiantsMove): string {
	switch (m.type) {
		case 'bid':
			return `${m.markers}/${m.workers}/${!!m.medicineMan}/${!!m.chief}`;
		case 'carve':
			return `${m.size}/${m.workers}/${!!m.medicineMan}/${!!m.chief}`;
		case 'place':
			return `${m.figure}/${m.hex}/${m.logs ?? 0}`;
		case 'action':
			return `${m.figure}/${m.hex}/${m.logs ?? 0}/${m.ahu ?? ''}`;
		case 'choose':
			return `${[...m.mark].sort()}|${[...m.release].sort()}`;
		default:
			return JSON.stringify(m);
	}
}

/** The best-scored moves, one of them at random. */
function best(moves: readonly GiantsMove[], score: (m: GiantsMove) => number, rng: RngState): GiantsMove {
	let top: GiantsMove[] = [];
	let topScore = -Infinity;
	for (const m of moves) {
		const v = score(m);
		if (v > topScore + 1e-9) (topScore = v), (top = [m]);
		else if (Math.abs(v - topScore) <= 1e-9) top.push(m);
	}
	return top[below(rng, top.length)];
}

/**
 * The carriers for the plan while the medicine man is still behind the screen: with workers left in
 * the bag it will fetch one from the village first (G-4.2), and that worker carries in its place.
 */
function carriers(s: Readable, seat: Seat, r: Resources): { res: Resources; bonus: number } {
	if (!r.medicineMan || s.players[seat].bag.workers === 0) return { res: r, bonus: 0 };
	return { res: { ...r, medicineMan: false, workers: r.workers + 1 }, bonus: VILLAGE };
}

// ——— Phase 2: the sealed bid (G-3.1) and carving (G-3.3, G-3.4) ———

/** Every distinct set of up to three displayed moai, as sizes, biggest first. */
function displaySets(display: readonly number[]): number[][] {
	const sizes = [...display].sort((a, b) => b - a);
	const out = new Map<string, number[]>();
	const walk = (from: number, acc: number[]) => {
		out.set(acc.join(), acc);
		if (acc.length === 3) return;
		for (let i = from; i < sizes.length; i++) walk(i + 1, [...acc, sizes[i]]);
	};
	walk(0, []);
	return [...out.values()];
}

function chooseBid(s: Readable, seat: Seat, moves: GiantsMove[], rng: RngState): GiantsMove {
	const p = s.players[seat];
	const b = p.behind;
	const board = boardView(s, seat);
	const targets = targetsFor(s, seat);
	const mine = planStatues(s, seat, ABANDONED_BID_WEIGHT);
	const ones = b.workers + (b.medicineMan ? 1 : 0);
	let top = { value: -Infinity, workers: 0, medicineMan: false, chief: false, carve: 0 };
	for (const set of displaySets(s.display)) {
		const total = set.reduce((a, x) => a + x, 0);
		// The sculptors for the set (G-3.3): one-valued figures for all, or the chief for the biggest.
		const options: { ones: number; chief: boolean }[] = [{ ones: total, chief: false }];
		if (b.chief && set.length > 0) options.push({ ones: total - set[0], chief: true });
		for (const o of options) {
			if (o.ones > ones) continue;
			const workers = Math.min(o.ones, b.workers);
			const medicineMan = o.ones > b.workers;
			const left: Resources = { ...resourcesOf(s, seat), workers: b.workers - workers, medicineMan: b.medicineMan && !medicineMan, chief: b.chief && !o.chief };
			const { res, bonus } = carriers(s, seat, left);
			const statues = mine.concat(set.map((size, j) => ({ id: `new${j}`, kind: 'moai' as const, size, at: QUARRY, weight: j === 0 ? 1 : SECOND_MOAI })));
			const plan = makePlan(board, targets, statues, res);
			const later = set.reduce((t, _, j) => t + (plan.assignments.some((a) => a.statue === `new${j}`) ? 0 : CARVED_LATER * statues[mine.length + j].weight), 0);
			const value = plan.value + later + bonus - 0.01 * (o.ones + (o.chief ? 3 : 0));
			if (value > top.value) top = { value, workers, medicineMan, chief: o.chief, carve: set.length };
		}
	}
	// Tribe markers decide the order of choice (G-3.2) and come back at the end of the round (G-6.0);
	// bid them when there is something to carve, keeping one for a rongo half or a mark when there are several.
	const markers = top.carve === 0 ? 0 : b.markers > 2 ? b.markers - 1 : b.markers;
	const want: GiantsMove = { type: 'bid', markers, workers: top.workers, medicineMan: top.medicineMan, chief: top.chief };
	return find(moves, want) ?? best(moves, () => 0, rng);
}

function chooseCarve(s: Readable, seat: Seat, moves: GiantsMove[], rng: RngState): GiantsMove {
	const board = boardView(s, seat);
	const targets = targetsFor(s, seat);
	const mine = planStatues(s, seat);
	const { res } = carriers(s, seat, resourcesOf(s, seat));
	const base = makePlan(board, targets, mine, res).value;
	return best(
		moves,
		(m) => {
			if (m.type !== 'carve') return base;
			const used = sculptorValue({ workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief });
			const plan = makePlan(board, targets, [...mine, { id: 'new', kind: 'moai', size: m.size, at: QUARRY, weight: 1 }], res);
			const kept = plan.assignments.some((a) => a.statue === 'new') ? 0 : CARVED_LATER;
			return plan.value + kept - 0.3 * (used - m.size) - (m.chief && m.size < 3 ? 0.2 : 0);
		},
		rng
	);
}

// ——— Phase 3: placing carriers and actions (G-4.1–4.5) ———

const addFigure = (b: BoardView, hex: number): BoardView => {
	const c = copyBoard(b);
	c.ownOnes[hex]++;
	return c;
};

function choosePlace(s: Readable, seat: Seat, moves: GiantsMove[], rng: RngState): GiantsMove {
	const p = s.players[seat];
	const board = boardView(s, seat);
	const targets = targetsFor(s, seat);
	const statues = planStatues(s, seat);
	const res = resourcesOf(s, seat);
	const plan = makePlan(board, targets, statues, res);
	if (res.medicineMan) {
		const action = medicineMan(s, seat, moves, board, targets, statues, res, plan);
		if (action) return action;
	}
	for (const pl of plan.placements) {
		const m = find(moves, { type: 'place', figure: pl.figure, hex: HEXES[pl.hex].id, logs: pl.logs });
		if (m) return m;
	}
	// G-4.4: a marker not needed for marking brings a rongo half (3 points a tablet, G-6.2); it
	// comes back behind the screen at the end of the round.
	const unmoved = statues.filter((st) => st.weight === 1 && !plan.assignments.some((a) => a.statue === st.id)).length;
	const rongo = moves.find((m) => m.type === 'rongo');
	if (rongo && p.behind.markers > unmoved) return rongo;
	return moves.find((m) => m.type === 'pass') ?? best(moves, () => 0, rng);
}

/** G-4.2: the medicine man's action when it is worth more than the medicine man as a carrier. */
function medicineMan(
	s: Readable,
	seat: Seat,
	moves: GiantsMove[],
	board: BoardView,
	targets: Target[],
	statues: PlanStatue[],
	res: Resources,
	asCarrier: Plan
): GiantsMove | null {
	const p = s.players[seat];
	const without: Resources = { ...res, medicineMan: false };
	let top: { move: GiantsMove; value: number } | null = null;
	const consider = (move: GiantsMove | undefined, value: number) => {
		if (move && value > (top?.value ?? asCarrier.value + 1e-9)) top = { move, value };
	};
	for (const m of moves) {
		if (m.type !== 'action' || m.figure !== 'medicineMan' || (m.logs ?? 0) > 0) continue;
		const h = HEX.get(m.hex)!;
		const at = HEX_INDEX.get(m.hex)!;
		const b = addFigure(board, at);
		if (h.type === 'village' && p.bag.workers > 0) consider(m, makePlan(b, targets, statues, { ...without, workers: res.workers + 1 }).value + VILLAGE);
		else if (h.type === 'sorcerer_hut' && p.bag.markers > 0) consider(m, makePlan(b, targets, statues, without).value + HUT);
		else if (h.type === 'forest') {
			const logs = Math.min(h.logs ?? 0, s.supply.logs);
			if (logs > 0) consider(m, makePlan(b, targets, statues, { ...without, logs: res.logs + logs }).value + LOG * logs);
		} else if (h.type === 'headdress_quarry' && s.supply.headdresses > 0 && targets.some((t) => t.kind === 'headdress')) {
			// The headdress lies in front of the screen and starts from its quarry (G-4.2, G-5.1).
			const plan = makePlan(b, targets, [...statues, { id: 'new', kind: 'headdress', size: 1, at, weight: 1 }], without);
			consider(m, plan.value + (plan.assignments.some((a) => a.statue === 'new') ? 0 : HEADDRESS_LATER));
		} else if (m.ahu && asCarrier.assignments.some((a) => a.ahu === m.ahu)) {
			const reserved = targets.map((t) => (t.ahu === m.ahu ? { ...t, reserved: true } : t));
			const plan = makePlan(b, reserved, statues, { ...without, pedestals: res.pedestals - 1 });
			if (plan.assignments.some((a) => a.ahu === m.ahu)) consider(m, plan.value + RESERVE);
		}
	}
	return top === null ? null : (top as { move: GiantsMove }).move;
}

// ——— Phase 4: transport, erecting, crowning, marking (G-5.1–5.8) ———

/** Points a transport gives other seats along its path (G-5.3, the default carriers). */
function giveaway(s: Readable, seat: Seat, size: number, path: readonly string[]): number {
	let t = 0;
	for (const hex of path) t += carryInfo(s.board[hex], seat, size).minCost;
	return t;
}

function chooseTransport(s: Readable, seat: Seat, moves: GiantsMove[], rng: RngState): GiantsMove {
	const markers = s.players[seat].behind.markers;
	const goal = bfs(targetsFor(s, seat).flatMap((t) => (t.kind === 'moai' ? [t.hex] : [])));
	const byId = new Map(s.statues.map((st) => [st.id, st]));
	return best(
		moves,
		(m) => {
			if (m.type === 'pass') return 0;
			if (m.type !== 'move') return -1; // marking in place waits for the end of the round (G-6.0)
			const st = byId.get(m.statue)!;
			const cost = giveaway(s, seat, st.size, m.path);
			if (m.erect) return 100 + (st.abandoned ? 1 : 0) + erectValue(AHU.get(m.erect)!.moaiValue, st.size) - cost;
			// G-5.5: crowning scores for the ahu's owner; only its own.
			if (m.crown) return s.ahus[m.crown].pedestal === seat ? 50 + AHU.get(m.crown)!.headdressValue - cost : -1;
			if (st.kind !== 'moai') return -1;
			// A moai the seat cannot erect this phase may still get closer and keep the seat's marker
			// (G-5.6); moved unmarked it would be abandoned at the end of the round (G-5.8).
			if (!m.mark && st.marker !== seat) return -1;
			if (m.mark && markers <= 1) return -1;
			const from = st.loc.kind === 'hex' ? HEX_INDEX.get(st.loc.hex)! : QUARRY;
			const to = HEX_INDEX.get(m.path[m.path.length - 1])!;
			const progress = goal[from] - goal[to];
			return progress >= 2 ? progress - 1 - cost : -1;
		},
		rng
	);
}

// ——— Phase 5: the end-of-round choice (G-6.0) ———

function chooseChoice(s: Readable, seat: Seat, moves: GiantsMove[], rng: RngState): GiantsMove {
	const p = s.players[seat];
	const ahus = targetsFor(s, seat).filter((t) => t.kind === 'moai');
	const anyTarget = ahus.some((t) => t.reserved) || (ahus.length > 0 && p.behind.pedestals > 0);
	const byId = new Map(s.statues.map((st) => [st.id, st]));
	return best(
		moves,
		(m) => {
			if (m.type !== 'choose') return -Infinity;
			// Mark the unmoved moai it can still erect, biggest first (G-5.6), keeping one marker for the
			// next bid; with no ahu left to erect on, take the markers back.
			const keep = m.mark.reduce((t, id) => t + (byId.get(id)!.kind === 'moai' ? byId.get(id)!.size : -1), 0);
			const spare = p.behind.markers - m.mark.length;
			const markValue = anyTarget && spare >= 1 ? keep : m.mark.length > 0 ? -1 : 0;
			return markValue + (anyTarget ? -m.release.length : m.release.length);
		},
		rng
	);
}

export function heuristicBot(s: Readable, seat: Seat, rng: RngState): GiantsMove {
	const moves = legalMoves(s, seat);
	if (moves.length === 1) return moves[0];
	switch (s.phase.kind) {
		case 'bid':
			return chooseBid(s, seat, moves, rng);
		case 'carve':
			return chooseCarve(s, seat, moves, rng);
		case 'place':
			return choosePlace(s, seat, moves, rng);
		case 'transport':
			return chooseTransport(s, seat, moves, rng);
		case 'choice':
			return chooseChoice(s, seat, moves, rng);
		case 'over':
			return moves[0];
	}
}
