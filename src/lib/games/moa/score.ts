/**
 * Scores and standings (M-9, M-10.5). VP are public (M-0.1); the sheet shows each period's points by
 * source (regions, mammals, leader tiles).
 */
import type { ScoreItem, ScoreSheet } from '$lib/engine';
import { piecesOnBoard } from './rules';
import type { Readable, Seat } from './types';

export function scoreItems(s: Readable, seat: Seat): ScoreItem[] {
	const items: ScoreItem[] = [];
	s.periodScores.forEach((p, i) => {
		const x = p[seat];
		items.push({ kind: 'regions', points: x.regions, detail: { period: i + 1 } });
		items.push({ kind: 'mammals', points: x.mammals, detail: { period: i + 1 } });
		items.push({ kind: 'leaderTiles', points: x.leaderTiles, detail: { period: i + 1 } });
	});
	return items;
}

/**
 * M-10.5: the most VP; ties broken by the most own pieces on the board (birds + leaders, sale markers
 * included); still tied, the place is shared (ranks 1, 1, 3). The neutral is not ranked (M-11.4).
 */
export function standings(s: Readable): { seat: Seat; rank: number; total: number; pieces: number }[] {
	const rows = s.vp.map((total, seat) => ({ seat, total, pieces: piecesOnBoard(s, seat) }));
	const better = (a: (typeof rows)[number], b: (typeof rows)[number]) => (a.total !== b.total ? a.total > b.total : a.pieces > b.pieces);
	return rows.map((r) => ({ ...r, rank: 1 + rows.filter((o) => better(o, r)).length }));
}

export function scores(s: Readable): ScoreSheet[] {
	return standings(s).map(({ seat, total }) => ({ seat, total, items: scoreItems(s, seat) }));
}
