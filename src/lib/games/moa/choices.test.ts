/**
 * Moa's choices (choices.ts; issue 29): on states reached by random play, every complete choice path
 * gives a move `apply` accepts (sound), and every move `legalMoves` lists is reached through the
 * choices (complete), from the seat's own view. Extra payment items are offered and accepted
 * (M-8.2), the any-region tile where a region is not active (M-8.6).
 */
import { describe, expect, it } from 'vitest';
import { below, seedRng, type RngState } from '$lib/engine';
import { randomBot } from './bots';
import { choices, type MoaChoices, type MoaDraft } from './choices';
import { moa } from './index';
import { awaited, legalMoves } from './legal';
import { birds, giveKarakia, pay, play, turn } from './test-helpers';
import type { MoaMove, MoaState, MoaView, Seat } from './types';

/** States of random games: every `every`-th state of `games` games, each with every awaited seat. */
function reachable(games: number, every: number): { state: MoaState; seat: Seat }[] {
	const out: { state: MoaState; seat: Seat }[] = [];
	for (let g = 0; g < games; g++) {
		const rng = seedRng(`choices-${g}`);
		const players = 2 + (g % 4);
		const r = moa.start({ players, startPlayer: g % players, colours: ['red', 'yellow', 'green', 'blue', 'black'].slice(0, players) as MoaState['colours'] }, `choices-${g}`);
		if (!r.ok) throw new Error(r.message);
		let state = r.value.state;
		for (let i = 0; state.phase.kind !== 'over' && i < 400; i++) {
			const seats = awaited(state);
			if (i % every === 0) for (const seat of seats) out.push({ state, seat });
			const seat = seats[below(rng, seats.length)];
			const next = moa.apply(state, seat, randomBot(moa.view(state, seat), seat, rng));
			if (!next.ok) throw new Error(next.message);
			state = next.value.state;
		}
	}
	return out;
}

/** The draft that spells `m`, step by step. */
function draftOf(m: MoaMove): MoaDraft {
	const d: MoaDraft = { action: m.type };
	if ('region' in m) d.region = m.region;
	if ('pay' in m) d.pay = m.pay;
	if ('birds' in m) d.birds = m.birds;
	if (m.type === 'sell') d.kind = m.kind;
	if (m.type === 'buy') d.types = m.types;
	if (m.type === 'neutral') d.what = m.what;
	if (m.type === 'move') Object.assign(d, { from: m.from, to: m.to, count: m.count });
	if (m.type === 'discard') d.pay = { cards: m.cards, tiles: [] };
	return d;
}

/** A move as text with its keys sorted: the same move whatever order its parts were written in. */
const key = (m: unknown): string => JSON.stringify(m, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));

/** Each part of `m` is among the options its step offers, and the whole draft gives `m` back. */
function reach(v: MoaView, seat: Seat, m: MoaMove, ask: (d: MoaDraft) => MoaChoices): string | null {
	const d = draftOf(m);
	if (m.type !== 'discard' && !ask({}).actions.includes(m.type)) return `action ${m.type} not offered`;
	const step = ask({ action: d.action, region: d.region, from: d.from, to: d.to });
	if ('region' in m && m.type !== 'neutral') {
		const r = step.regions.find((x) => x.region === m.region);
		if (!r) return `region ${m.region} not offered`;
		if (('anyRegion' in m ? m.anyRegion : undefined) !== r.anyRegion) return `region ${m.region}: any-region tile differs`;
	}
	if (m.type === 'sell' && !step.kinds.some((k) => k.kind === m.kind)) return `kind ${m.kind} not offered`;
	if (m.type === 'buy' && m.types.some((t) => !step.types.some((x) => x.type === t))) return `types ${m.types} not offered`;
	if (m.type === 'neutral' && !step.neutral.some((x) => x.region === m.region && x.what === m.what)) return 'neutral placement not offered';
	if (m.type === 'move' && (!step.from.includes(m.from) || !step.to.includes(m.to) || !step.counts.includes(m.count))) return 'move-birds part not offered';
	if (d.pay) {
		const items = ask({ ...d, pay: undefined, birds: undefined }).pay?.items.map((x) => x.id) ?? [];
		for (const id of [...d.pay.cards, ...d.pay.tiles]) if (!items.includes(id)) return `payment item ${id} not offered`;
	}
	const done = choices(v, seat, d);
	if ('birds' in m && done.birds && (m.birds < done.birds.min || m.birds > done.birds.max)) return `birds ${m.birds} outside ${done.birds.min}–${done.birds.max}`;
	return key(done.move) === key(m) ? null : `draft gives ${JSON.stringify(done.move)} (${done.problem})`;
}

const pick = <T>(rng: RngState, xs: readonly T[]): T | undefined => (xs.length ? xs[below(rng, xs.length)] : undefined);

/** A random path through the choices: each step one of its options, the payment a random subset. */
function randomPath(s: MoaState, seat: Seat, rng: RngState): MoaMove | null {
	const v = moa.view(s, seat);
	const d: MoaDraft = { action: pick(rng, choices(v, seat, {}).actions) ?? null };
	let c = choices(v, seat, d);
	d.region = pick(rng, c.regions)?.region ?? pick(rng, c.neutral)?.region ?? null;
	d.from = pick(rng, c.from) ?? null;
	c = choices(v, seat, d);
	d.to = pick(rng, c.to) ?? null;
	c = choices(v, seat, d);
	d.count = pick(rng, c.counts) ?? null;
	d.kind = pick(rng, c.kinds)?.kind ?? null;
	d.what = pick(rng, c.neutral.filter((x) => x.region === d.region))?.what ?? null;
	d.types = c.types.filter(() => below(rng, 3) === 0).map((t) => t.type);
	c = choices(v, seat, d);
	if (c.pay) {
		// Half the time the suggestion plus random extra items (M-8.2), else any random subset.
		const base = below(rng, 2) === 0 && c.pay.suggested ? c.pay.suggested : { cards: [], tiles: [] };
		const extra = c.pay.items.filter(() => below(rng, 4) === 0);
		const ids = new Set([...base.cards, ...base.tiles, ...extra.map((x) => x.id)]);
		const items = c.pay.items.filter((x) => ids.has(x.id));
		d.pay = { cards: items.filter((x) => x.item === 'card').map((x) => x.id), tiles: items.filter((x) => x.item === 'tile').map((x) => x.id) };
		c = choices(v, seat, d);
	}
	if (c.birds && c.birds.max >= c.birds.min) d.birds = c.birds.min + below(rng, c.birds.max - c.birds.min + 1);
	return choices(v, seat, d).move;
}

describe('choices (issue 29)', () => {
	// 2 to 5 players, every 8th state of 8 random games: about 70 positions and 6,800 listed moves.
	const states = reachable(8, 8);

	it('reaches every move legalMoves lists, part by part (complete)', () => {
		let moves = 0;
		for (const { state, seat } of states)
		{
			const v = moa.view(state, seat);
			// The steps before the last are shared by many moves: asked once per state.
			const asked = new Map<string, MoaChoices>();
			const ask = (d: MoaDraft) => asked.get(key(d)) ?? asked.set(key(d), choices(v, seat, d)).get(key(d))!;
			for (const m of legalMoves(v, seat)) {
				moves++;
				expect(reach(v, seat, m, ask), JSON.stringify(m)).toBeNull();
			}
		}
		expect(moves).toBeGreaterThan(1000);
	}, 120_000);

	it('gives only moves apply accepts, on random choice paths with extra payment items (sound; M-8.2)', () => {
		const rng = seedRng('choices-paths');
		let accepted = 0;
		let extras = 0;
		for (const { state, seat } of states)
			for (let k = 0; k < 12; k++) {
				const m = randomPath(state, seat, rng);
				if (!m) continue;
				const r = moa.apply(state, seat, m);
				expect(r.ok, `${JSON.stringify(m)}: ${r.ok ? '' : r.message}`).toBe(true);
				accepted++;
				if (!legalMoves(moa.view(state, seat), seat).some((x) => key(x) === key(m))) extras++;
			}
		expect(accepted).toBeGreaterThan(500);
		// Beyond the canonical list: payments with more than the least that pays (M-8.2).
		expect(extras).toBeGreaterThan(50);
	}, 60_000);

	const COAST_FOREST: [string, string] = ['T01', 'T20'];

	it('offers a card that adds nothing (M-8.2), marks it and warns of it; the move is accepted and spends it', () => {
		// A kiwi has no bird symbol: placing with a pūkeko and a kiwi is allowed, the kiwi spent for nothing.
		const [pukeko] = birds('pukeko', 1);
		const [kiwi] = birds('kiwi', 1);
		const s = turn(3, COAST_FOREST, [pukeko, kiwi]);
		const v = moa.view(s, 0);
		const region = choices(v, 0, { action: 'place' }).regions[0].region;
		const c = choices(v, 0, { action: 'place', region, pay: pay([pukeko, kiwi]) });
		expect(c.pay!.items).toEqual(expect.arrayContaining([{ id: kiwi, item: 'card', adds: false }, { id: pukeko, item: 'card', adds: true }]));
		expect(c.pay!.useless).toEqual({ cards: [kiwi], tiles: [] });
		expect(c.move).toEqual({ type: 'place', region, birds: 4, pay: pay([pukeko, kiwi]) });
		expect(legalMoves(v, 0)).not.toContainEqual(c.move);
		expect(play(s, 0, c.move!).state.birdDiscard).toEqual(expect.arrayContaining([pukeko, kiwi]));
	});

	it('names the any-region tile only for a region that is not active (M-8.6)', () => {
		const s = turn(3, COAST_FOREST, birds('pukeko', 1), (x) => giveKarakia(x, 0, 'K08'));
		const v = moa.view(s, 0);
		const regions = choices(v, 0, { action: 'place' }).regions;
		const withTile = regions.filter((r) => r.anyRegion === 'K08').map((r) => r.region);
		const without = regions.filter((r) => r.anyRegion === undefined).map((r) => r.region);
		expect(withTile.length).toBeGreaterThan(0);
		expect(without.length).toBeGreaterThan(0);
		const c = choices(v, 0, { action: 'place', region: withTile[0], pay: pay(birds('pukeko', 1)) });
		expect(c.move).toMatchObject({ anyRegion: 'K08' });
		play(s, 0, c.move!);
	});

	it('says what is wrong with a complete draft the engine refuses (M-8.2: too few symbols)', () => {
		const s = turn(3, COAST_FOREST, birds('kiwi', 1));
		const v = moa.view(s, 0);
		const region = choices(v, 0, { action: 'place' }).regions[0]?.region ?? 1;
		const c = choices(v, 0, { action: 'place', region, pay: pay([]), birds: 1 });
		expect(c.move).toBeNull();
		expect(c.problem).not.toBeNull();
	});
});
