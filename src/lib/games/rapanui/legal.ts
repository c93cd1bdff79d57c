/**
 * Every legal move of a seat, from a state or that seat's own view (R-4 … R-7). Options that differ
 * only in which of several identical cards is used are one move: moves name types and kinds,
 * never card ids. Draws from different columns are different moves.
 */
import { COLUMNS, KINDS, TYPES, buyCost, handCount, isHunter, ledgerKinds, playCost, threeMoaiWithoutWood } from './rules';
import type { Kind, RapaNuiMove, Readable, Seat } from './types';

/** the affordable plays from the hand. */
export function playMoves(s: Readable, seat: Seat): RapaNuiMove[] {
	const out: RapaNuiMove[] = [];
	for (const card of TYPES) {
		const have = handCount(s, seat, card);
		const max = isHunter(card) ? Math.min(have, 3) : Math.min(have, 1);
		for (let count = 1; count <= max; count++) if (playCost(card, count) <= s.wood[seat]) out.push({ type: 'play', card, count });
	}
	return out;
}

/** The kinds a seat may sacrifice: its exact collection if the reader knows it, else the public ledger's kinds. */
function sacrificeKinds(s: Readable, seat: Seat): Kind[] {
	const own = s.secret.collections[seat];
	return own ? KINDS.filter((k) => own[k] > 0) : ledgerKinds(s, seat);
}

export function legalMoves(s: Readable, seat: Seat): RapaNuiMove[] {
	const p = s.phase;
	switch (p.kind) {
		case 'turn': {
			if (seat !== s.active) return [];
			const out: RapaNuiMove[] = [];
			if (p.step === 1) {
				for (const kind of KINDS) if (s.supply[kind] > 0 && buyCost(s, seat, kind) <= s.wood[seat]) out.push({ type: 'buy', kind });
				if (threeMoaiWithoutWood(s, seat)) out.push({ type: 'skip' });
			}
			return [...out, ...playMoves(s, seat)];
		}
		case 'sacrifice':
			if (seat !== p.queue[0]) return [];
			if (p.part === 'c') return KINDS.filter((k) => s.supply[k] > 0).map((kind) => ({ type: 'supply', kind }));
			return sacrificeKinds(s, seat).map((kind) => ({ type: 'sacrifice', kind }));
		case 'draw':
			if (seat !== s.active) return [];
			return Array.from({ length: COLUMNS }, (_, column) => column)
				.filter((c) => s.columns[c].length > 0)
				.map((column) => ({ type: 'draw', column }));
		case 'moai':
			return p.choosers.includes(seat) ? [{ type: 'moai', choice: 'fame' }, { type: 'moai', choice: 'wood' }] : [];
		case 'substitute':
			if (seat !== p.due[0].seat) return [];
			return [...KINDS.filter((k) => s.supply[k] > 0).map((kind) => ({ type: 'substitute' as const, kind })), { type: 'substitute', kind: null }];
		case 'over':
			return [];
	}
}
