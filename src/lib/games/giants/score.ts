/** G-6.2 final score with its breakdown, G-6.3 winners. */
import { placesBy, type Outcome, type ScoreItem, type ScoreSheet } from '$lib/engine';
import { AHUS } from './board';
import type { Ctx } from './context';
import type { Phase, Readable } from './types';

export function scores(s: Readable): ScoreSheet[] {
	const byId = new Map(s.statues.map((st) => [st.id, st]));
	const sheets = s.players.map((p, seat) => {
		const items: ScoreItem[] = [];
		if (p.lent > 0) items.push({ kind: 'lending', points: p.lent });
		for (const a of AHUS) {
			const st = s.ahus[a.id];
			if (st.moai === null || st.pedestal !== seat) continue;
			const size = byId.get(st.moai)!.size;
			// G-6.2: ahu moai value × size for each moai on the player's own pedestal …
			items.push({ kind: 'moai', points: a.moaiValue * size, detail: { ahu: a.id, size, value: a.moaiValue } });
			// … plus the ahu's headdress value if it is crowned, whoever crowned it.
			if (st.crown !== null) items.push({ kind: 'headdress', points: a.headdressValue, detail: { ahu: a.id, value: a.headdressValue } });
		}
		const tablets = Math.floor(p.front.rongo / 2); // a lone half counts nothing
		if (tablets > 0) items.push({ kind: 'rongo', points: 3 * tablets, detail: { tablets } });
		return { seat, total: items.reduce((t, i) => t + i.points, 0), items };
	});
	return sheets;
}

/** G-6.3: the highest total wins; the rulebook names no tie-breaker, so equal totals share a place (and a victory). */
export function places(sheets: readonly ScoreSheet[]): number[] {
	return placesBy(sheets.map((x) => [x.total]));
}

/** How a game that is over ended (the kind's `outcome`); null while it runs. */
export function outcome(s: Readable): Outcome | null {
	if (s.phase.kind !== 'over') return null;
	const sheets = scores(s);
	return { reason: s.phase.reason, rounds: s.round, sheets, places: places(sheets) };
}

export function endGame(c: Ctx, reason: Extract<Phase, { kind: 'over' }>['reason']): void {
	const s = c.s;
	s.phase = { kind: 'over', reason };
	const sheets = scores(s);
	// The score track now shows the final score (G-6.2): moai, headdresses and tablets are added.
	sheets.forEach((x) => (s.players[x.seat].score = x.total));
	c.log.push({
		type: 'over',
		reason,
		totals: sheets.map((x) => x.total),
		winners: places(sheets).flatMap((p, seat) => (p === 1 ? [seat] : []))
	});
}
