/** Phase 3: placing carriers and taking actions (G-4.1–4.6). */
import { AHU, AHUS_AT, HEX } from './board';
import { newStatueId, ownAhu, ownHex, refuse, type Ctx } from './context';
import type { ActionKind, Figure, GiantsMove, HexId, Readable, Seat } from './types';

export function startPlacement(c: Ctx): void {
	for (const p of c.s.players) {
		p.passed = false;
		p.chiefActionUsed = false;
	}
	c.s.phase = { kind: 'place', turn: c.s.startPlayer };
	c.log.push({ type: 'phase', phase: 'place' });
}

function hasFigure(s: Readable, seat: Seat, figure: Figure): boolean {
	const b = s.players[seat].behind;
	return figure === 'worker' ? b.workers > 0 : figure === 'medicineMan' ? b.medicineMan : b.chief;
}

function putFigure(c: Ctx, seat: Seat, figure: Figure, hex: HexId, logs: number): void {
	const p = c.s.players[seat];
	const hc = ownHex(c, hex);
	if (figure === 'worker') {
		p.behind.workers--;
		hc.workers[seat]++;
	} else if (figure === 'medicineMan') {
		p.behind.medicineMan = false;
		hc.medicineMen[seat]++;
	} else {
		p.behind.chief = false;
		hc.chiefs[seat]++;
	}
	p.behind.logs -= logs;
	hc.logs += logs;
}

function checkPlacement(s: Readable, seat: Seat, figure: Figure, hex: HexId, logs: number): void {
	if (!HEX.has(hex)) refuse('NO_SUCH_HEX', `there is no hex ${hex}`);
	if (!hasFigure(s, seat, figure)) refuse('NOT_BEHIND_SCREEN', `G-4.1: no ${figure} behind your screen`);
	// G-4.1: logs never go with the chief, and never alone.
	if (figure === 'chief' && logs > 0) refuse('LOGS_WITH_CHIEF', 'G-4.1: logs never go with the chief');
	if (logs > s.players[seat].behind.logs) refuse('NOT_ENOUGH_LOGS', 'G-4.1: not that many logs behind your screen');
}

/** G-4.1: one figure (a worker or the medicine man with 0–2 logs, or the chief) onto any hex. */
export function place(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'place' }>): void {
	const logs = m.logs ?? 0;
	checkPlacement(c.s, seat, m.figure, m.hex, logs);
	putFigure(c, seat, m.figure, m.hex, logs);
	c.log.push({ type: 'place', seat, figure: m.figure, hex: m.hex, logs });
}

/** Free, unreserved ahus touching the hex (G-4.2 reserve). */
export function reservableAhus(s: Readable, hex: HexId): string[] {
	return (AHUS_AT.get(hex) ?? []).filter((a) => s.ahus[a.id].moai === null && s.ahus[a.id].pedestal === null).map((a) => a.id);
}

/** The action a hex offers, or null (G-4.2). Cut forests and plain hexes away from free ahus offer none. */
export function actionAt(s: Readable, hex: HexId): ActionKind | null {
	const h = HEX.get(hex);
	if (!h) return null;
	switch (h.type) {
		case 'village':
			return 'village';
		case 'sorcerer_hut':
			return 'hut';
		case 'forest':
			return s.forestsCut.includes(hex) ? null : 'forest';
		case 'headdress_quarry':
			return 'headdress';
		case 'moai_quarry':
		case 'plain':
			return reservableAhus(s, hex).length > 0 ? 'reserve' : null;
	}
}

/** Whether the seat may take the action of `hex` with that figure now (G-4.2, G-4.3). */
export function canAct(s: Readable, seat: Seat, figure: 'medicineMan' | 'chief', hex: HexId): boolean {
	const p = s.players[seat];
	if (!hasFigure(s, seat, figure)) return false;
	if (figure === 'chief' && (p.chiefActionUsed || p.front.rongo < 2)) return false;
	const kind = actionAt(s, hex);
	return kind !== null && (kind !== 'reserve' || p.behind.pedestals > 0);
}

/** G-4.2 medicine man action; G-4.3 the chief's, paid with a rongo tablet, once per phase 3. */
export function act(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'action' }>): void {
	const s = c.s;
	const p = s.players[seat];
	const logs = m.logs ?? 0;
	checkPlacement(s, seat, m.figure, m.hex, logs);
	const kind = actionAt(s, m.hex);
	if (kind === null) refuse('NO_ACTION_HERE', `G-4.2: ${m.hex} offers no action now`);
	if (m.figure === 'chief') {
		if (p.chiefActionUsed) refuse('CHIEF_ACTION_USED', 'G-4.3: the chief acts at most once per phase 3');
		if (p.front.rongo < 2) refuse('NO_RONGO_TABLET', 'G-4.3: the chief needs 2 rongo halves in front of your screen');
	}
	if (m.ahu !== undefined && kind !== 'reserve') refuse('NOT_AN_AHU_HEX', `G-4.2: ${m.hex} reserves no ahu`);
	let ahu: string | undefined;
	if (kind === 'reserve') {
		const free = reservableAhus(s, m.hex);
		if (p.behind.pedestals === 0) refuse('NO_PEDESTAL', 'G-4.2: reserving needs a pedestal behind your screen');
		if (m.ahu === undefined) {
			if (free.length > 1) refuse('CHOOSE_AHU', `G-4.2: ${m.hex} touches several free ahus; choose one`);
			ahu = free[0];
		} else {
			if (!AHU.has(m.ahu)) refuse('NO_SUCH_AHU', `there is no ahu ${m.ahu}`);
			if (!free.includes(m.ahu)) refuse('AHU_NOT_FREE', `G-4.2: ${m.ahu} is not a free, unreserved ahu at ${m.hex}`);
			ahu = m.ahu;
		}
	}
	// The logs placed with the figure are those that were behind the screen before the action.
	putFigure(c, seat, m.figure, m.hex, logs);
	if (m.figure === 'chief') {
		p.front.rongo -= 2;
		s.supply.rongo += 2;
		p.chiefActionUsed = true;
	}
	let gained = 0;
	let statue: string | undefined;
	switch (kind) {
		case 'village':
			if (p.bag.workers > 0) {
				p.bag.workers--;
				p.behind.workers++;
				gained = 1;
			}
			break;
		case 'hut':
			if (p.bag.markers > 0) {
				p.bag.markers--;
				p.behind.markers++;
				gained = 1;
			}
			break;
		case 'forest': {
			gained = Math.min(HEX.get(m.hex)!.logs ?? 0, s.supply.logs);
			s.supply.logs -= gained;
			p.behind.logs += gained;
			s.forestsCut.push(m.hex);
			break;
		}
		case 'headdress':
			if (s.supply.headdresses > 0) {
				s.supply.headdresses--;
				statue = newStatueId(s, 'headdress');
				s.statues.push({ id: statue, kind: 'headdress', size: 1, loc: { kind: 'front', seat }, owner: seat, marker: null, abandoned: false });
				gained = 1;
			}
			break;
		case 'reserve':
			p.behind.pedestals--;
			ownAhu(c, ahu!).pedestal = seat;
			gained = 1;
			break;
	}
	c.log.push({ type: 'action', seat, figure: m.figure, hex: m.hex, logs, action: kind, gained, ...(ahu ? { ahu } : {}), ...(statue ? { statue } : {}) });
}

/** G-4.4: a marker from behind to in front of the screen buys a rongo half, while the supply has one. */
export function takeRongo(c: Ctx, seat: Seat): void {
	const s = c.s;
	const p = s.players[seat];
	if (s.supply.rongo === 0) refuse('NO_RONGO_LEFT', 'G-4.4: the supply holds no rongo half');
	if (p.behind.markers === 0) refuse('NO_MARKER', 'G-4.4: no tribe marker behind your screen');
	p.behind.markers--;
	p.front.markers++;
	s.supply.rongo--;
	p.front.rongo++;
	c.log.push({ type: 'rongo', seat });
}

/** Whether the seat has anything but passing in phase 3 (G-0.4 auto-pass otherwise). */
export function canPlaceAnything(s: Readable, seat: Seat): boolean {
	const b = s.players[seat].behind;
	return b.workers > 0 || b.medicineMan || b.chief || (b.markers > 0 && s.supply.rongo > 0);
}
