/**
 * Moa's legal moves (moa.md M-7, M-8, M-6.5, M-11.2), from a state or a seat's own view. Bird cards of
 * a species are alike (moa-data.json), so payments are listed by species, the lowest ids first, and
 * only in their canonical form: the least that pays (no card or tile could be left out), and for
 * placements every bird the payment allows. `apply` accepts every other valid payment as well
 * (choices.ts offers them all to the composer); this list is what bots and the fuzzer choose from.
 */
import { afterTiles, canDraw, check, neutralOptions } from './checks';
import {
	C,
	DISPLAY_KINDS,
	KARAKIA_TYPES,
	bird,
	isActive,
	isErupted,
	itemSymbols,
	karakiaCost,
	leaderTile,
	salePrice,
	usableKarakia,
	usableLeaderTiles
} from './rules';
import type { CardId, KarakiaType, MoaMove, Payment, Readable, Seat, Symbol, TileId } from './types';

/** The seats the game waits for: the one asked (M-0.5), and anyone owing an exchange discard (M-8.6). */
export function awaited(s: Readable): Seat[] {
	const out: Seat[] = [];
	s.owe.forEach((n, seat) => n > 0 && out.push(seat));
	const p = s.phase;
	if ((p.kind === 'defend' || p.kind === 'turn' || p.kind === 'neutral') && !out.includes(p.seat)) out.push(p.seat);
	return out;
}

interface Group {
	ids: string[];
	value: number;
	/** The other symbol it brings (attack: birds alongside the combat). */
	extra: number;
}

/** Hand cards grouped by species and usable payment tiles, each with its value for `symbol`. */
function groups(s: Readable, seat: Seat, symbol: Symbol, doubleCombat: boolean, extra: Symbol | null): Group[] {
	const hand = s.secret.hands[seat] ?? [];
	const bySpecies = new Map<string, CardId[]>();
	for (const c of [...hand].sort()) {
		const sp = bird(c)!.species;
		bySpecies.set(sp, [...(bySpecies.get(sp) ?? []), c]);
	}
	const out: Group[] = [];
	for (const cards of bySpecies.values()) {
		const sym = itemSymbols(cards[0]);
		if (sym[symbol] > 0) out.push({ ids: cards, value: sym[symbol], extra: extra ? sym[extra] : 0 });
	}
	const tiles: TileId[] = usableLeaderTiles(s, seat).filter((t) => leaderTile(t)?.symbols);
	if (doubleCombat) tiles.push(...usableKarakia(s, seat, 'double_combat'));
	for (const t of tiles) {
		const sym = itemSymbols(t);
		if (sym[symbol] > 0) out.push({ ids: [t], value: sym[symbol], extra: extra ? sym[extra] : 0 });
	}
	return out;
}

/**
 * Minimal payments: sub-multisets whose `symbol` total, capped at `cap`, reaches `need`, and from which
 * no item could be left out without lowering the capped total.
 */
function payments(gs: Group[], need: number, cap: number): { pay: Payment; total: number; extra: number }[] {
	const out: { pay: Payment; total: number; extra: number }[] = [];
	const take: number[] = new Array(gs.length).fill(0);
	const rec = (i: number, total: number) => {
		if (i === gs.length) {
			const eff = Math.min(total, cap);
			if (eff < need || eff === 0) return;
			for (let k = 0; k < gs.length; k++) if (take[k] > 0 && Math.min(total - gs[k].value, cap) >= eff) return;
			const pay: Payment = { cards: [], tiles: [] };
			let extra = 0;
			gs.forEach((g, k) => {
				const ids = g.ids.slice(0, take[k]);
				(bird(ids[0] ?? '') ? pay.cards : pay.tiles).push(...ids);
				extra += g.extra * take[k];
			});
			out.push({ pay, total, extra });
			return;
		}
		for (let t = 0; t <= gs[i].ids.length; t++) {
			take[i] = t;
			rec(i + 1, total + t * gs[i].value);
			// Beyond the cap, more of the same adds nothing.
			if (total + t * gs[i].value >= cap) break;
		}
		take[i] = 0;
	};
	rec(0, 0);
	return out;
}

export function legalMoves(s: Readable, seat: Seat): MoaMove[] {
	if (s.phase.kind === 'over' || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return [];
	const hand = s.secret.hands[seat];
	const out: MoaMove[] = [];
	if (s.owe[seat] > 0) {
		// M-8.6: the exchange's discard first; by species, lowest ids first.
		if (!hand) return [];
		const gs: Group[] = [];
		const bySpecies = new Map<string, CardId[]>();
		for (const c of [...hand].sort()) bySpecies.set(bird(c)!.species, [...(bySpecies.get(bird(c)!.species) ?? []), c]);
		for (const ids of bySpecies.values()) gs.push({ ids, value: 1, extra: 0 });
		for (const p of payments(gs, s.owe[seat], s.owe[seat])) if (p.total === s.owe[seat]) out.push({ type: 'discard', cards: p.pay.cards });
		return out;
	}
	// M-8.6, M-8.7: draw a card and exchange three, any time.
	if (canDraw(s)) {
		const d = usableKarakia(s, seat, 'draw_card')[0];
		if (d) out.push({ type: 'drawCard', tile: d });
		const e = usableKarakia(s, seat, 'exchange_three')[0];
		if (e) out.push({ type: 'exchange', tile: e });
	}
	const p = s.phase;
	if (p.kind === 'busy' || p.seat !== seat || !hand) return out;
	if (p.kind === 'defend') {
		out.push({ type: 'decline' });
		const combat = s.regions[p.region - 1].mammal!.combat;
		for (const x of payments(groups(s, seat, 'combat', true, null), combat, combat)) out.push({ type: 'defend', pay: x.pay });
		return out;
	}
	if (p.kind === 'neutral') {
		for (const o of neutralOptions(s, p.roll)) out.push({ type: 'neutral', region: o.region, what: o.what });
		return out;
	}
	// p.kind === 'turn'
	out.push(...afterTiles(s, seat));
	if (p.acted) {
		out.push({ type: 'end' });
		return out;
	}
	out.push({ type: 'pass' });
	const anyTile = usableKarakia(s, seat, 'any_region')[0];
	const targets: { region: number; anyRegion?: TileId }[] = [];
	for (const r of s.regions) {
		if (isErupted(s, r.id)) continue;
		if (isActive(s, r.id)) targets.push({ region: r.id });
		else if (anyTile) targets.push({ region: r.id, anyRegion: anyTile });
	}
	const valid = (m: MoaMove) => check(s, seat, m) === null;
	// M-7.3 place birds: every bird the payment allows.
	const supply = s.supplyBirds[seat];
	if (supply > 0) {
		const pays = payments(groups(s, seat, 'bird', false, null), 1, supply);
		for (const t of targets) {
			if (s.regions[t.region - 1].mammal) continue;
			for (const x of pays) out.push({ type: 'place', birds: Math.min(x.total, supply), pay: x.pay, ...t });
		}
	}
	// M-7.4 place a leader.
	const honour = payments(groups(s, seat, 'honour', false, null), C.leaderHonourCost, C.leaderHonourCost);
	for (const t of targets) {
		const m0: MoaMove = { type: 'leader', pay: { cards: [], tiles: [] }, ...t };
		if (!honour.length) break;
		if (check(s, seat, { ...m0, pay: honour[0].pay }) !== null) continue;
		for (const x of honour) out.push({ ...m0, pay: x.pay });
	}
	// M-7.5 attack: the least combat that wins, every bird it brings placed.
	for (const t of targets) {
		const m = s.regions[t.region - 1].mammal;
		if (!m || m.side !== 'attack') continue;
		for (const x of payments(groups(s, seat, 'combat', true, 'bird'), m.combat, m.combat))
			out.push({ type: 'attack', birds: Math.min(x.extra, supply), pay: x.pay, ...t });
	}
	// M-7.6 sell land.
	for (const kind of DISPLAY_KINDS) {
		if (!s.display[kind]?.length) continue;
		const price = salePrice(s, kind);
		const pays = payments(groups(s, seat, 'honour', false, null), price, price);
		if (!pays.length) continue;
		for (const t of targets) {
			const m0: MoaMove = { type: 'sell', kind, pay: pays[0].pay, ...t };
			if (!valid(m0)) continue;
			for (const x of pays) out.push({ ...m0, pay: x.pay });
		}
	}
	// M-7.7 buy karakia tiles: 1 or 2 of different types.
	const open = KARAKIA_TYPES.filter((k) => s.karakiaSupply[k.id]?.length).map((k) => k.id);
	const sets: KarakiaType[][] = open.map((k) => [k]);
	if (C.karakiaPerPurchaseMax >= 2) for (let i = 0; i < open.length; i++) for (let j = i + 1; j < open.length; j++) sets.push([open[i], open[j]]);
	const kg = groups(s, seat, 'karakia', false, null);
	for (const types of sets) {
		const cost = types.reduce((a, t) => a + karakiaCost(t), 0);
		for (const x of payments(kg, cost, cost)) out.push({ type: 'buy', types, pay: x.pay });
	}
	return out;
}
