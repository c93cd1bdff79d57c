/**
 * Bots (conventions §9: test generators ship with the engine). All choose only among `legalMoves`,
 * read only the public state (they play from their own view), and draw randomness from an
 * explicit generator state, never Math.random — so a bot game is reproducible from its seed.
 *
 * - random: a uniformly random legal move.
 * - greedy: erects on the most valuable ahu it can reach, borrows as cheaply as it can, and builds
 *   carrier chains from the quarry towards the best free ahus. It scores each move on its own, so
 *   it strands moai and markers and its games run into the G-6.4 safeguard (round 25); kept as a
 *   second opponent for the fuzzer and for the tests that drive games with it.
 * - heuristic (heuristic.ts, the kind's default bot, issue 17): plans each round — carves the moai
 *   it can move, places carriers from the quarry to the ahus it erects on, fills its pedestals —
 *   so its games end by the rules' normal end (G-6.1).
 */
import { below, type RngState } from '$lib/engine';
import { AHU, AHUS, HEX, HEX_INDEX, MOAI_QUARRY, NEIGHBOR_INDEX } from './board';
import { sculptorValue } from './sculptors';
import { legalMoves, transportOptions } from './legal';
import type { GiantsMove, HexId, Readable, Seat } from './types';
import { heuristicBot } from './heuristic';

export type Bot = (s: Readable, seat: Seat, rng: RngState) => GiantsMove;

export const randomBot: Bot = (s, seat, rng) => {
	const moves = legalMoves(s, seat);
	return moves[below(rng, moves.length)];
};

/** Hex distance (in moves) from the moai quarry, for steering carriers toward the coast. */
const QUARRY_DISTANCE: number[] = (() => {
	const d = Array(HEX_INDEX.size).fill(Infinity);
	const start = HEX_INDEX.get(MOAI_QUARRY)!;
	d[start] = 0;
	const queue = [start];
	while (queue.length) {
		const u = queue.shift()!;
		for (const w of NEIGHBOR_INDEX[u]) if (d[w] === Infinity) (d[w] = d[u] + 1), queue.push(w);
	}
	return d;
})();

function bestFreeAhuValue(s: Readable, hex: HexId, seat: Seat): number {
	let best = 0;
	for (const a of AHUS) {
		if (a.hex !== hex) continue;
		const st = s.ahus[a.id];
		if (st.moai === null && (st.pedestal === null || st.pedestal === seat)) best = Math.max(best, a.moaiValue);
	}
	return best;
}

/** Hex distance to the nearest hex touching an ahu the seat could use for this statue. */
function distanceToGoal(s: Readable, seat: Seat, kind: 'moai' | 'headdress'): number[] {
	const d = Array(HEX_INDEX.size).fill(Infinity);
	const queue: number[] = [];
	for (const a of AHUS) {
		const st = s.ahus[a.id];
		const ok = kind === 'moai' ? st.moai === null && (st.pedestal === null || st.pedestal === seat) : st.moai !== null && st.crown === null;
		const i = HEX_INDEX.get(a.hex)!;
		if (ok && d[i] !== 0) (d[i] = 0), queue.push(i);
	}
	while (queue.length) {
		const u = queue.shift()!;
		for (const w of NEIGHBOR_INDEX[u]) if (d[w] === Infinity) (d[w] = d[u] + 1), queue.push(w);
	}
	return d;
}

function score(s: Readable, seat: Seat, m: GiantsMove): number {
	const p = s.players[seat];
	switch (m.type) {
		case 'bid': {
			const biggest = Math.max(0, ...s.display);
			const value = sculptorValue({ workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief });
			// Bid just enough sculptors for the biggest moai, keep the chief home, one marker if any.
			// The medicine man is worth more fetching workers from the village than carving.
			return -Math.abs(value - biggest) * 3 - (m.chief ? 4 : 0) - (m.medicineMan ? 3.5 : 0) - Math.abs(m.markers - (p.behind.markers > 2 ? 1 : 0));
		}
		case 'carve':
			return m.size * 10 - sculptorValue({ workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief });
		case 'action': {
			const h = HEX.get(m.hex)!;
			if (m.ahu) {
				// One open reservation at a time: pedestals on empty ahus never score and block G-6.1.
				const open = AHUS.some((a) => s.ahus[a.id].pedestal === seat && s.ahus[a.id].moai === null);
				return open ? -5 : 20 + AHU.get(m.ahu)!.moaiValue - (m.figure === 'chief' ? 6 : 0);
			}
			if (h.type === 'forest') return 12 + (h.logs ?? 0) - (m.figure === 'chief' ? 6 : 0);
			return (h.type === 'village' ? 14 : 8) - (m.figure === 'chief' ? 6 : 0);
		}
		case 'place': {
			// Carriers near the quarry and toward valuable coast; logs help big moai.
			const d = QUARRY_DISTANCE[HEX_INDEX.get(m.hex)!];
			if (d === 0) return -5; // the start hex of a movement needs no carriers
			const coast = bestFreeAhuValue(s, m.hex, seat);
			const crowd = s.board[m.hex] ? 1 : 0;
			return 10 - d * 1.5 + coast * 0.6 + (m.logs ?? 0) - crowd - (m.figure === 'chief' ? 2 : 0);
		}
		case 'rongo':
			return p.behind.markers > 2 ? 3 : -3; // keep markers for claiming statues in phase 4
		case 'move': {
			const st = s.statues.find((x) => x.id === m.statue)!;
			if (m.erect) return 100 + AHU.get(m.erect)!.moaiValue * st.size;
			if (m.crown) return 80 + AHU.get(m.crown)!.headdressValue;
			if (m.path.length === 0) return 0;
			// Progress toward the nearest hex where this seat could erect (moai) or crown (headdress).
			const dist = distanceToGoal(s, seat, st.kind);
			const from = st.loc.kind === 'hex' ? st.loc.hex : null;
			const before = from ? dist[HEX_INDEX.get(from)!] : dist[HEX_INDEX.get(m.path[0])!] + 1;
			const after = dist[HEX_INDEX.get(m.path[m.path.length - 1])!];
			const progress = Number.isFinite(before) && Number.isFinite(after) ? before - after : -1;
			return progress * 6 - 1 + (m.mark ? 4 : 0);
		}
		case 'mark':
			return 2;
		case 'choose':
			return m.mark.length * 2 - m.release.length;
		case 'pass':
			return 0;
	}
}

/** Points a move gives away to other players (transports only), from the canonical path. */
function giveaway(s: Readable, seat: Seat, m: GiantsMove): number {
	if (m.type !== 'move' || m.path.length === 0) return 0;
	const opt = transportOptions(s, seat, m.statue);
	const end = m.path[m.path.length - 1];
	return opt?.reach.find((r) => r.hex === end)?.cost ?? 0;
}

export const greedyBot: Bot = (s, seat, rng) => {
	const moves = legalMoves(s, seat);
	let best: GiantsMove[] = [];
	let bestScore = -Infinity;
	for (const m of moves) {
		const v = score(s, seat, m) - (m.type === 'move' ? giveaway(s, seat, m) * 2 : 0);
		if (v > bestScore + 1e-9) {
			bestScore = v;
			best = [m];
		} else if (Math.abs(v - bestScore) <= 1e-9) best.push(m);
	}
	return best[below(rng, best.length)];
};

export const BOTS: Record<string, Bot> = { random: randomBot, greedy: greedyBot, heuristic: heuristicBot };
