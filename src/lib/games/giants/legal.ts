/**
 * Legal-move generation (conventions §3), separate from application. Reads only the public part of
 * the state, so the browser can run it on a seat's own view (a view carries the seat's own sealed
 * decision; nothing here needs anyone else's).
 *
 * Transports: the simple paths of a statue are exponential in number, so legalMoves offers one
 * canonical path per outcome (statue × end hex × finish): the cheapest in points given away, then the
 * shortest, with the default carriers. `apply` accepts every other valid path and carrier choice too;
 * `transportOptions` below gives the UI the per-hex detail to build them.
 */
import { HEXES } from './board';
import { bidIsAffordable, canCarve, sculptorValue } from './sculptors';
import { carryTable, cheapestPaths, crownTargets, erectTargets, pathCost, pathTo, reachable, startHex, type CarryInfo } from './carry';
import { actionAt, canAct, canPlaceAnything, reservableAhus } from './placement';
import { markable, releasable } from './choice';
import { canTransportAnything, mayHandle } from './handling';
import type { Figure, GiantsMove, HexId, Readable, Seat, Size } from './types';

export function activeSeats(s: Readable): Seat[] {
	const ph = s.phase;
	switch (ph.kind) {
		case 'bid':
			return ph.submitted.flatMap((done, seat) => (done ? [] : [seat]));
		case 'carve':
		case 'place':
		case 'transport':
			return ph.turn >= 0 ? [ph.turn] : [];
		case 'choice':
			return ph.eligible.flatMap((e, seat) => (e && !ph.submitted[seat] ? [seat] : []));
		case 'over':
			return [];
	}
}

/** Whether the seat may submit anything now (sealed decisions may be replaced until all are in). */
export function mayAct(s: Readable, seat: Seat): boolean {
	const ph = s.phase;
	switch (ph.kind) {
		case 'bid':
			return seat >= 0 && seat < s.players.length;
		case 'choice':
			return !!ph.eligible[seat];
		case 'carve':
		case 'place':
		case 'transport':
			return ph.turn === seat;
		case 'over':
			return false;
	}
}

function range(n: number): number[] {
	return [...Array(n + 1).keys()];
}

function subsets<T>(items: T[], max: number): T[][] {
	let out: T[][] = [[]];
	for (const it of items) out = out.concat(out.filter((x) => x.length < max).map((x) => [...x, it]));
	return out;
}

export function legalMoves(s: Readable, seat: Seat): GiantsMove[] {
	if (!mayAct(s, seat)) return [];
	const ph = s.phase;
	const p = s.players[seat];
	const out: GiantsMove[] = [];
	switch (ph.kind) {
		case 'bid':
			for (const markers of range(p.behind.markers))
				for (const workers of range(p.behind.workers))
					for (const medicineMan of p.behind.medicineMan ? [false, true] : [false])
						for (const chief of p.behind.chief ? [false, true] : [false]) {
							const bid = { markers, workers, medicineMan, chief };
							if (bidIsAffordable(s, seat, bid)) out.push({ type: 'bid', ...bid });
						}
			return out;
		case 'carve': {
			const left = ph.left[seat];
			out.push({ type: 'pass' });
			if (!canCarve(s, ph, seat)) return out;
			for (const size of [...new Set(s.display)] as Size[])
				for (const workers of range(left.workers))
					for (const medicineMan of left.medicineMan ? [false, true] : [false])
						for (const chief of left.chief ? [false, true] : [false])
							if (sculptorValue({ workers, medicineMan, chief }) >= size) out.push({ type: 'carve', size, workers, medicineMan, chief });
			return out;
		}
		case 'place':
			return placementMoves(s, seat);
		case 'transport':
			return transportMoves(s, seat);
		case 'choice':
			for (const mark of subsets(markable(s, seat), p.behind.markers))
				for (const release of subsets(releasable(s, seat), 99)) out.push({ type: 'choose', mark, release });
			return out;
		case 'over':
			return [];
	}
}

const FIGURES: readonly Figure[] = ['worker', 'medicineMan', 'chief'];
/**
 * Every plain placement, made once and frozen: placement offers a few hundred moves per turn, and
 * sharing them keeps legalMoves from allocating (callers get read-only moves; apply copies its input).
 */
const PLACE_MOVES: readonly (readonly (readonly GiantsMove[])[])[] = HEXES.map((h) =>
	FIGURES.map((figure) =>
		(figure === 'chief' ? [0] : [0, 1, 2]).map((logs) => Object.freeze({ type: 'place', figure, hex: h.id, logs }) as GiantsMove)
	)
);
const PASS: GiantsMove = Object.freeze({ type: 'pass' });
const RONGO: GiantsMove = Object.freeze({ type: 'rongo' });

function placementMoves(s: Readable, seat: Seat): GiantsMove[] {
	const b = s.players[seat].behind;
	const out: GiantsMove[] = [PASS];
	const has = [b.workers > 0, b.medicineMan, b.chief];
	const maxLogs = Math.min(2, b.logs);
	for (let hi = 0; hi < HEXES.length; hi++) {
		for (let f = 0; f < 3; f++) {
			if (!has[f]) continue;
			const moves = PLACE_MOVES[hi][f];
			for (let logs = 0; logs < moves.length && logs <= maxLogs; logs++) out.push(moves[logs]);
		}
		const hex = HEXES[hi].id;
		for (const figure of ['medicineMan', 'chief'] as const) {
			if (!canAct(s, seat, figure, hex)) continue;
			const ahus = actionAt(s, hex) === 'reserve' ? reservableAhus(s, hex) : [undefined];
			for (const ahu of ahus)
				for (let logs = 0; logs <= (figure === 'chief' ? 0 : maxLogs); logs++)
					out.push({ type: 'action', figure, hex, logs, ...(ahu ? { ahu } : {}) });
		}
	}
	if (b.markers > 0 && s.supply.rongo > 0) out.push(RONGO);
	return out;
}

function transportMoves(s: Readable, seat: Seat): GiantsMove[] {
	const markers = s.players[seat].behind.markers;
	const out: GiantsMove[] = [PASS];
	const tables: CarryInfo[][] = [];
	// Statues of one size on one hex share their reachable hexes and paths (several often lie on a
	// quarry or an abandoned heap); erect and crown targets depend on the hex only.
	const reached = new Map<string, { hex: HexId; path: HexId[] }[]>();
	const erectAt = new Map<HexId, string[]>();
	const crownAt = new Map<HexId, string[]>();
	for (const st of s.statues) {
		if (!mayHandle(st, seat)) continue;
		const canMark = markers > 0 && st.marker !== seat;
		if (canMark) out.push({ type: 'mark', statue: st.id });
		const from = startHex(st)!;
		const treeKey = `${st.size}:${from}`;
		let ends = reached.get(treeKey);
		if (!ends) {
			const tree = cheapestPaths((tables[st.size] ??= carryTable(s, seat, st.size)), from);
			ends = [];
			for (let i = 0; i < HEXES.length; i++)
				if (reachable(tree, i)) ends.push({ hex: HEXES[i].id, path: i === tree.start ? [] : pathTo(tree, i) });
			reached.set(treeKey, ends);
		}
		for (const { hex, path } of ends) {
			if (path.length > 0) {
				if (!st.abandoned) out.push({ type: 'move', statue: st.id, path });
				if (canMark) out.push({ type: 'move', statue: st.id, path, mark: true });
			}
			if (st.kind === 'moai') {
				let targets = erectAt.get(hex);
				if (!targets) erectAt.set(hex, (targets = erectTargets(s, seat, hex)));
				for (const erect of targets) out.push({ type: 'move', statue: st.id, path, erect });
			} else {
				let targets = crownAt.get(hex);
				if (!targets) crownAt.set(hex, (targets = crownTargets(s, seat, hex)));
				for (const crown of targets) out.push({ type: 'move', statue: st.id, path, crown });
			}
		}
	}
	return out;
}

/** Whether the seat has anything to do but pass in the current turn-based phase. */
export function hasNonPass(s: Readable, seat: Seat): boolean {
	return s.phase.kind === 'place' ? canPlaceAnything(s, seat) : canTransportAnything(s, seat);
}

/**
 * For the UI: every hex a statue can reach this turn with its cheapest path and cost, and per hex
 * the carrying detail (own or which foreign figures complete the carry, G-5.3).
 */
export function transportOptions(s: Readable, seat: Seat, statueId: string) {
	const st = s.statues.find((x) => x.id === statueId);
	if (!st || !mayHandle(st, seat)) return null;
	const from = startHex(st)!;
	const table = carryTable(s, seat, st.size);
	const tree = cheapestPaths(table, from);
	const reach: { hex: HexId; cost: number; path: HexId[]; erect: string[]; crown: string[] }[] = [];
	for (let i = 0; i < HEXES.length; i++) {
		if (!reachable(tree, i)) continue;
		const hex = HEXES[i].id;
		reach.push({
			hex,
			cost: pathCost(tree, i),
			path: i === tree.start ? [] : pathTo(tree, i),
			erect: st.kind === 'moai' ? erectTargets(s, seat, hex) : [],
			crown: st.kind === 'headdress' ? crownTargets(s, seat, hex) : []
		});
	}
	const carry: Record<HexId, CarryInfo> = {};
	HEXES.forEach((h, i) => table[i].canCarry && (carry[h.id] = table[i]));
	return { statue: st.id, from, abandoned: st.abandoned, reach, carry };
}
