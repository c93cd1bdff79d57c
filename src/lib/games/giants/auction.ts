/** Phase 1 (roll for moai, G-3.0) and phase 2 (sealed auction and carving, G-3.1–3.6). */
// rng.ts directly: the engine index would also bring the seeding (SHA-256) into the browser bundle.
import { below } from '$lib/engine/rng';
import { COMPONENTS, SETUP } from './board';
import { newStatueId, refuse, seatCount, type Ctx } from './context';
import { startPlacement } from './placement';
import type { Bid, DieRoll, GiantsMove, GiantsState, Phase, Readable, Sculptors, Seat, Size } from './types';

import { bidIsAffordable, canCarve, sculptorValue } from './sculptors';

type CarvePhase = Extract<Phase, { kind: 'carve' }>;

/** Phase 1 of every round: G-3.0.1–3.0.4, then the auction (or, with nothing on display, phase 3). */
export function startRound(c: Ctx): void {
	const s = c.s;
	c.log.push({ type: 'round', round: s.round, startPlayer: s.startPlayer });
	const n = seatCount(s);
	const colours: DieRoll['colour'][] = [
		...Array(COMPONENTS.dice.white.count).fill('white'),
		...Array(SETUP.brownDiceByPlayers[String(n)]).fill('brown')
	]; // G-2.4: one die per player
	const forced = s.secret.forcedDice?.[s.round - 1];
	const dice: DieRoll[] = [];
	s.display = [];
	colours.forEach((colour, i) => {
		const face = forced ? forced[i] : COMPONENTS.dice[colour].faces[below(s.secret.rng, 6)];
		let size = face;
		if (s.round === 1) size = face === 0 ? 1 : face === 3 ? 2 : face; // G-3.0.2
		let broken = false;
		if (size > 0) {
			// G-3.0.3: resolved one at a time; a size with no moai left is a broken moai.
			if (s.supply.moai[size - 1] > 0) {
				s.supply.moai[size - 1]--;
				s.display.push(size);
			} else broken = true;
		}
		dice.push({ colour, face, size, broken });
	});
	s.display.sort((a, b) => a - b);
	s.dice = dice;
	c.log.push({ type: 'roll', dice, display: [...s.display] });
	if (s.display.length === 0) {
		// Nothing to carve: the auction has no object, so it is skipped (G-0.4).
		c.log.push({ type: 'no-auction' });
		startPlacement(c);
		return;
	}
	s.phase = { kind: 'bid', submitted: Array(n).fill(false) };
	s.secret.sealed = Array(n).fill(null);
	for (let seat = 0; seat < n; seat++) {
		const b = s.players[seat].behind;
		// G-0.4: a player with nothing behind the screen can only bid nothing.
		if (b.markers === 0 && b.workers === 0 && !b.medicineMan && !b.chief) {
			s.secret.sealed[seat] = { markers: 0, workers: 0, medicineMan: false, chief: false };
			s.phase.submitted[seat] = true;
			c.log.push({ type: 'bid-in', seat, replaced: false });
		}
	}
}

/** G-3.1: a sealed bid, replaceable until the last bid is in. */
export function submitBid(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'bid' }>): void {
	const ph = c.s.phase as Extract<Phase, { kind: 'bid' }>;
	const bid: Bid = { markers: m.markers, workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief };
	// The message names no numbers: an error must not echo anything about sealed bids (G-0.2).
	if (!bidIsAffordable(c.s, seat, bid)) refuse('NOT_BEHIND_SCREEN', 'G-3.1: you can only bid what is behind your screen');
	const replaced = ph.submitted[seat];
	c.s.secret.sealed[seat] = bid;
	ph.submitted[seat] = true;
	c.log.push({ type: 'bid-in', seat, replaced });
}

/** All bids are in: reveal them at once (G-3.1), put them in front (G-3.5), order the choosing (G-3.2). */
export function revealBids(c: Ctx): void {
	const s = c.s;
	const n = seatCount(s);
	const bids = s.secret.sealed.map((b) => b as Bid);
	s.secret.sealed = Array(n).fill(null);
	const rongoAtReveal = s.players.map((p) => p.front.rongo);
	bids.forEach((bid, seat) => {
		const p = s.players[seat];
		p.behind.markers -= bid.markers;
		p.behind.workers -= bid.workers;
		if (bid.medicineMan) p.behind.medicineMan = false;
		if (bid.chief) p.behind.chief = false;
		p.front.markers += bid.markers;
		p.front.workers += bid.workers;
		p.front.medicineMan ||= bid.medicineMan;
		p.front.chief ||= bid.chief;
	});
	const order = choiceOrder(s.startPlayer, bids, rongoAtReveal);
	c.log.push({ type: 'bids', bids, order });
	s.phase = {
		kind: 'carve',
		bids,
		order,
		left: bids.map((b) => ({ workers: b.workers, medicineMan: b.medicineMan, chief: b.chief })),
		taken: Array(n).fill(0),
		pass: 1,
		index: -1,
		out: Array(n).fill(false),
		turn: -1
	};
	nextCarver(c);
}

/** G-3.2: most markers, then most rongo halves in front of the screen, then player order from the start player. */
export function choiceOrder(startPlayer: Seat, bids: readonly Bid[], rongo: readonly number[]): Seat[] {
	const n = bids.length;
	const fromStart = (seat: Seat) => (seat - startPlayer + n) % n;
	return [...Array(n).keys()].sort((a, b) => bids[b].markers - bids[a].markers || rongo[b] - rongo[a] || fromStart(a) - fromStart(b));
}

/**
 * Moves the carving turn on (G-3.3/3.4/3.6): the first pass gives everyone one choice in auction
 * order; then the extra picks go around in the same order among those with unassigned figures that
 * can still take a displayed moai, until nobody can or wants to. Seats with no possible choice are
 * skipped automatically.
 */
export function nextCarver(c: Ctx): void {
	const s = c.s;
	const ph = s.phase as CarvePhase;
	const n = seatCount(s);
	let { index, pass } = ph;
	for (let steps = 0; steps <= 2 * n + 1 && s.display.length > 0; steps++) {
		index++;
		if (index >= n) {
			index = 0;
			pass++;
		}
		const seat = ph.order[index];
		if (pass >= 2 && ph.out[seat]) continue;
		if (canCarve(s, ph, seat)) {
			ph.index = index;
			ph.pass = pass;
			ph.turn = seat;
			return;
		}
		if (pass === 1 && sculptorValue(ph.bids[seat]) > 0) c.log.push({ type: 'pass', seat, phase: 'carve', auto: true });
	}
	endAuction(c);
}

export function carve(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'carve' }>): void {
	const s = c.s;
	const ph = s.phase as CarvePhase;
	const left = ph.left[seat];
	const use: Sculptors = { workers: m.workers, medicineMan: !!m.medicineMan, chief: !!m.chief };
	if (use.workers > left.workers || (use.medicineMan && !left.medicineMan) || (use.chief && !left.chief))
		refuse('NOT_IN_BID', 'G-3.3: assign only bid figures not yet assigned to a moai');
	if (sculptorValue(use) < m.size) refuse('TOO_FEW_SCULPTORS', `G-3.3: a size-${m.size} moai needs sculptors worth ${m.size}`);
	const at = s.display.indexOf(m.size);
	if (at < 0) refuse('NOT_ON_DISPLAY', `G-3.3: no size-${m.size} moai is on display`);
	s.display.splice(at, 1);
	left.workers -= use.workers;
	if (use.medicineMan) left.medicineMan = false;
	if (use.chief) left.chief = false; // G-3.4: a chief assigned to a moai keeps no remainder
	ph.taken[seat]++;
	const id = newStatueId(s, 'moai');
	s.statues.push({ id, kind: 'moai', size: m.size as Size, loc: { kind: 'front', seat }, owner: seat, marker: null, abandoned: false });
	c.log.push({ type: 'carve', seat, size: m.size as Size, statue: id, sculptors: use });
	nextCarver(c);
}

export function declineCarve(c: Ctx, seat: Seat): void {
	const ph = c.s.phase as CarvePhase;
	if (ph.pass >= 2) ph.out[seat] = true;
	c.log.push({ type: 'pass', seat, phase: 'carve', auto: false });
	nextCarver(c);
}

/** G-3.5: moai left on display return to the supply; then phase 3. */
function endAuction(c: Ctx): void {
	const s: GiantsState = c.s;
	if (s.display.length > 0) {
		for (const size of s.display) s.supply.moai[size - 1]++;
		c.log.push({ type: 'display-returned', sizes: [...s.display] });
		s.display = [];
	}
	startPlacement(c);
}
