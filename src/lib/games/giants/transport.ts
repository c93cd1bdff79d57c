/** Phase 4: transport, erecting, crowning, marking (G-5.1–5.9), and what ends it. */
import { AHU, AHUS, AHUS_AT, HEX, HEX_INDEX, NEIGHBOR_INDEX, areNeighbors } from './board';
import { canMoveAtAll, carryInfo, carryTable, crownTargets, erectTargets, lendingOn, startHex, type CarryInfo } from './carry';
import { ownAhu, ownHex, ownStatue, refuse, seatCount, type Ctx } from './context';
import { canTransportAnything, mayHandle } from './handling';
import { startChoice } from './roundEnd';
import { endGame } from './score';
import type { GiantsMove, GiantsState, HexId, Lending, Readable, Seat, Statue } from './types';

export function startTransport(c: Ctx): void {
	for (const p of c.s.players) p.passed = false;
	c.s.phase = { kind: 'transport', turn: c.s.startPlayer };
	c.log.push({ type: 'phase', phase: 'transport' });
}

/** The statue as a private copy of the working state (it is about to change). */
function findStatue(c: Ctx, id: string): Statue {
	const st = ownStatue(c, id);
	if (!st) refuse('NO_SUCH_STATUE', `there is no statue ${id}`);
	return st;
}

function checkHandle(s: Readable, seat: Seat, st: Statue): void {
	if (st.loc.kind === 'ahu') refuse('STATUE_FIXED', 'G-5.4: an erected moai or a crowning headdress never moves');
	if (st.marker !== null && st.marker !== seat) refuse('MARKED_BY_OTHER', 'G-5.6: only the marker’s owner may move a marked statue');
	if (!mayHandle(st, seat)) refuse('NOT_YOURS', 'G-5.1: you may not handle that statue');
}

function putMarker(s: GiantsState, seat: Seat, st: Statue): void {
	const p = s.players[seat];
	// G-5.6 speaks of "the marker" of a statue: one marker marks it, so one's own marked statue is marked.
	if (st.marker === seat) refuse('ALREADY_MARKED', 'G-5.6: it already carries your marker');
	if (p.behind.markers === 0) refuse('NO_MARKER', 'G-5.6: no tribe marker behind your screen');
	p.behind.markers--;
	st.marker = seat;
	st.owner = seat;
	st.abandoned = false;
}

/** G-5.6: the marker returns behind its owner's screen when the moai is erected or the headdress crowns. */
function releaseMarker(s: GiantsState, st: Statue): void {
	if (st.marker !== null) s.players[st.marker].behind.markers++;
	st.marker = null;
}

export function markOnly(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'mark' }>): void {
	const st = findStatue(c, m.statue);
	checkHandle(c.s, seat, st);
	// G-5.6: a statue in front of the screen is first put on its quarry hex.
	const hex = startHex(st)!;
	putMarker(c.s, seat, st);
	st.loc = { kind: 'hex', hex };
	c.log.push({ type: 'mark', seat, statue: st.id, hex });
}

/** G-5.2–5.6: move one statue along a path, then possibly erect, crown or mark it. */
export function moveStatue(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'move' }>): void {
	const s = c.s;
	const st = findStatue(c, m.statue);
	checkHandle(s, seat, st);
	const finishes = (m.erect !== undefined ? 1 : 0) + (m.crown !== undefined ? 1 : 0) + (m.mark ? 1 : 0);
	// Phase 4's turn: move a statue "and then possibly erect, crown or mark it" — one of them.
	if (finishes > 1) refuse('ONE_FINISH', 'G-5.4–G-5.6: erect, crown or mark: at most one');
	const wasAbandoned = st.abandoned;
	// G-5.8: an abandoned statue must end the turn erected, crowning, or marked by the mover.
	if (wasAbandoned && finishes === 0) refuse('ABANDONED_MUST_FINISH', 'G-5.8: an abandoned statue must end erected, crowning or marked');
	// G-5.2: a movement enters hexes; only erecting (G-5.4) or crowning (G-5.5) may move zero hexes. Marking
	// without moving is the `mark` move (G-5.6): one notation per decision, so USE_MARK is input validation.
	if (m.path.length === 0 && m.erect === undefined && m.crown === undefined)
		refuse(m.mark ? 'USE_MARK' : 'EMPTY_PATH', 'G-5.2, G-5.4, G-5.5: a move without a path must erect or crown; to mark in place, use a mark move (G-5.6)');
	const from = startHex(st)!;
	const borrow = m.borrow ?? {};
	for (const key of Object.keys(borrow)) {
		if (!m.path.includes(key)) refuse('BORROW_NOT_ON_PATH', `G-5.3: ${key} is not on the path`);
	}
	const lent: Lending[] = [];
	const seen = new Set<HexId>([from]);
	let prev = from;
	for (const hex of m.path) {
		if (!HEX.has(hex)) refuse('NO_SUCH_HEX', `there is no hex ${hex}`);
		if (!areNeighbors(prev, hex)) refuse('NOT_ADJACENT', `G-5.2: ${hex} is not next to ${prev}`);
		if (seen.has(hex)) refuse('HEX_TWICE', `G-5.2: no hex twice in one movement (${hex})`);
		seen.add(hex);
		const info = carryInfo(s.board[hex], seat, st.size);
		const choice = Object.prototype.hasOwnProperty.call(borrow, hex) ? borrow[hex] : undefined;
		const got = lendingOn(hex, info, seat, st.size, choice);
		if (typeof got === 'string') {
			const why: Record<string, string> = {
				CANNOT_CARRY: `G-5.2: the figures and logs on ${hex} cannot carry it`,
				BORROW_NOT_NEEDED: `G-5.3: your own figures and the logs suffice on ${hex}`,
				NO_SUCH_CARRIER: `G-5.3: those figures are not on ${hex}`,
				CARRIERS_NOT_MINIMAL: `G-5.3: on ${hex} borrow exactly what completes the carry`
			};
			refuse(got, why[got]);
		}
		lent.push(...got);
		prev = hex;
	}
	const end = prev;
	let points: number | undefined;
	if (m.erect !== undefined) {
		if (st.kind !== 'moai') refuse('NOT_A_MOAI', 'G-5.4: only a moai is erected');
		checkAhuAt(m.erect, end);
		if (!erectTargets(s, seat, end).includes(m.erect)) refuse('CANNOT_ERECT', erectWhy(s, seat, m.erect, end));
	}
	if (m.crown !== undefined) {
		if (st.kind !== 'headdress') refuse('NOT_A_HEADDRESS', 'G-5.5: only a headdress crowns');
		checkAhuAt(m.crown, end);
		if (!crownTargets(s, seat, end).includes(m.crown))
			refuse('CANNOT_CROWN', 'G-5.5: crowning needs an erected, uncrowned moai there and one of your figures on the hex');
	}
	if (m.mark) putMarker(s, seat, st); // may refuse: do it before anything is paid out
	for (const l of lent) {
		s.players[l.seat].lent += l.points;
		s.players[l.seat].score += l.points;
	}
	st.owner = seat;
	st.abandoned = false;
	if (m.erect !== undefined) {
		const a = ownAhu(c, m.erect);
		if (a.pedestal !== seat) s.players[seat].behind.pedestals--; // else: the reservation is used
		a.pedestal = seat;
		a.moai = st.id;
		st.loc = { kind: 'ahu', ahu: m.erect };
		releaseMarker(s, st);
		if (s.options.immediateScoring) {
			// G-2.5: the moai part of the score at once.
			points = AHU.get(m.erect)!.moaiValue * st.size;
			s.players[seat].score += points;
		}
	} else if (m.crown !== undefined) {
		ownAhu(c, m.crown).crown = st.id;
		st.loc = { kind: 'ahu', ahu: m.crown };
		releaseMarker(s, st);
	} else {
		st.loc = { kind: 'hex', hex: end };
	}
	c.log.push({
		type: 'move',
		seat,
		statue: st.id,
		from,
		path: [...m.path],
		lent,
		...(m.erect !== undefined ? { erect: m.erect } : {}),
		...(m.crown !== undefined ? { crown: m.crown } : {}),
		...(m.mark ? { mark: true } : {}),
		...(points !== undefined ? { points } : {})
	});
}

function checkAhuAt(ahu: string, hex: HexId): void {
	const a = AHU.get(ahu);
	if (!a) refuse('NO_SUCH_AHU', `there is no ahu ${ahu}`);
	if (a.hex !== hex) refuse('AHU_NOT_ADJACENT', `G-5.4: ${ahu} does not touch ${hex}, where the movement ends`);
}

function erectWhy(s: Readable, seat: Seat, ahu: string, hex: HexId): string {
	const a = s.ahus[ahu];
	if (a.moai !== null) return `G-5.4: ${ahu} already holds a moai`;
	if (a.pedestal !== null && a.pedestal !== seat) return `G-5.4: ${ahu} is reserved by another player`;
	const hc = s.board[hex];
	if (!hc || hc.workers[seat] + hc.medicineMen[seat] + hc.chiefs[seat] === 0) return `G-5.4: none of your figures stands on ${hex}`;
	return 'G-5.4: no pedestal behind your screen and no reservation there';
}

/** End of phase 4: G-5.7 unmoved statues to their quarry, G-5.9 logs out, then G-6.1/G-6.4 or phase 5. */
export function endTransport(c: Ctx): void {
	const s = c.s;
	const unmoved: { statue: string; hex: HexId }[] = [];
	for (const shared of s.statues) {
		if (shared.loc.kind !== 'front') continue;
		const st = ownStatue(c, shared.id)!;
		const hex = startHex(st)!;
		st.loc = { kind: 'hex', hex };
		unmoved.push({ statue: st.id, hex });
	}
	s.unmoved = unmoved.map((u) => u.statue);
	if (unmoved.length) c.log.push({ type: 'unmoved', statues: unmoved });
	let logs = 0;
	for (const [hex, hc] of Object.entries(s.board)) {
		if (hc.logs === 0) continue;
		logs += hc.logs;
		ownHex(c, hex).logs = 0;
	}
	if (logs) {
		s.logsOut += logs;
		c.log.push({ type: 'logs-out', count: logs });
	}
	const reason = endReason(s);
	if (reason) endGame(c, reason);
	else startChoice(c);
}

/** G-6.1 and the digital safeguard G-6.4. */
export function endReason(s: Readable): 'pedestals' | 'round-limit' | 'no-erect' | null {
	const n = seatCount(s);
	const reservedEmpty = Array(n).fill(0);
	let freeUnreserved = false;
	let anyReservedEmpty = false;
	for (const a of AHUS) {
		const st = s.ahus[a.id];
		if (st.moai !== null) continue;
		if (st.pedestal === null) freeUnreserved = true;
		else {
			reservedEmpty[st.pedestal]++;
			anyReservedEmpty = true;
		}
	}
	// G-6.1: a moai on every one of a player's pedestals (a reserved empty ahu does not count).
	if (s.players.some((p, seat) => p.behind.pedestals === 0 && reservedEmpty[seat] === 0)) return 'pedestals';
	if (s.round >= 25) return 'round-limit';
	const somePedestal = s.players.some((p) => p.behind.pedestals > 0);
	if (!(freeUnreserved && somePedestal) && !anyReservedEmpty) return 'no-erect';
	return null;
}
