/**
 * The log entry a move would make, before it is sent (the composer's "will send"): what the engine
 * knows of it beforehand from a seat's view — the sale's card and price (M-7.6), the bought tiles
 * (M-7.7), the defended mammal (M-6.5). Draws and what an action triggers are not foreseen.
 */
import { salePrice } from './rules';
import type { MoaEntry, MoaMove, Readable, Seat } from './types';

export function previewEntry(s: Readable, seat: Seat, mv: MoaMove): MoaEntry | null {
	const any = 'anyRegion' in mv ? (mv.anyRegion ?? null) : null;
	const p = s.phase;
	switch (mv.type) {
		case 'place':
			return { type: 'place', seat, region: mv.region, birds: mv.birds, pay: mv.pay, anyRegion: any };
		case 'leader':
			return { type: 'leader', seat, region: mv.region, pay: mv.pay, tile: s.regions[mv.region - 1].leaderTile, anyRegion: any };
		case 'attack': {
			const m = s.regions[mv.region - 1].mammal;
			return m ? { type: 'attack', seat, region: mv.region, kind: m.kind, birds: mv.birds, pay: mv.pay, anyRegion: any } : null;
		}
		case 'sell':
			return { type: 'sell', seat, region: mv.region, card: s.display[mv.kind][0], price: salePrice(s, mv.kind), pay: mv.pay, anyRegion: any, returned: [], leaderTile: null };
		case 'buy':
			return { type: 'buy', seat, tiles: mv.types.map((t) => s.karakiaSupply[t][0]), pay: mv.pay };
		case 'pass':
			return { type: 'pass', seat, auto: false };
		case 'move':
			return { type: 'move', seat, tile: mv.tile, from: mv.from, to: mv.to, count: mv.count };
		case 'stronghold':
			return { type: 'stronghold', seat, tile: mv.tile, region: mv.region };
		case 'drawCard':
			return { type: 'drawCard', seat, tile: mv.tile, cards: 1 };
		case 'exchange':
			return { type: 'exchange', seat, tile: mv.tile, cards: 3 };
		case 'discard':
			return { type: 'discard', seat, cards: mv.cards };
		case 'defend':
			return p.kind === 'defend' ? { type: 'defended', seat, region: p.region, card: p.card, pay: mv.pay } : null;
		case 'decline':
			return p.kind === 'defend' ? { type: 'declined', seat, region: p.region, auto: false } : null;
		case 'neutral':
			return { type: 'neutral', seat, region: mv.region, birds: mv.what === 'bird' ? 1 : mv.what === 'birds' ? 2 : 0, leader: mv.what === 'leader', leaderTile: null, auto: false };
		case 'end':
			return null;
	}
}
