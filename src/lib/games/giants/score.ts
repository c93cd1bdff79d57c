/** G-6.2 final score with its breakdown, G-6.3 winners. */
import type { ScoreItem, ScoreSheet } from '$lib/engine';
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
		return { seat, total: items.reduce((t, i) => t + i.points, 0), items, winner: false };
	});
	const best = Math.max(...sheets.map((x) => x.total));
	for (const x of sheets) x.winner = x.total === best; // G-6.3: ties share the victory
	return sheets;
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
		winners: sheets.filter((x) => x.winner).map((x) => x.seat)
	});
}
