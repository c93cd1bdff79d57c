// The Moa rules page's worked examples (issue 34; src/lib/games/moa/examples.json): each position
// shows the example's situation, and the engine, from it, allows what the example says (M-7.3 in
// the rules' moa.md). tests/kinds/examples.test.ts checks what every kind's examples share.
import { describe, expect, it } from 'vitest';
import { erase } from '$lib/engine';
import { startExample, type WorkedExample } from '$lib/engine/examples';
import { moaKind } from './kind';
import data from './examples.json';
import type { MoaMove, MoaState } from './types';

const kind = erase(moaKind);
const examples = data as unknown as WorkedExample[];
const example = (id: string) => examples.find((e) => e.id === id)!;

function start(id: string): MoaState {
	const r = startExample(kind, example(id));
	if (!r.ok) throw new Error(`${id}: ${r.code}: ${r.message}`);
	return r.value.state as MoaState;
}

describe('Moa worked examples', () => {
	it('M-7.3: coast and forest are active; Yellow plays a pūkeko (4 birds) and places only 3, in a coast or a forest region', () => {
		const s = start('place');
		const yellow = example('place').seat;
		expect(example('place').names[yellow]).toBe('Yellow');
		expect(s.colours[yellow]).toBe('yellow');
		expect(s.supplyBirds[yellow]).toBe(3);
		const pukeko = 'B45';
		expect(s.secret.hands[yellow]).toContain(pukeko);
		const places = (moaKind.legalMoves(s, yellow) as MoaMove[]).filter(
			(m): m is Extract<MoaMove, { type: 'place' }> => m.type === 'place' && m.pay.cards.length === 1 && m.pay.cards[0] === pukeko && m.pay.tiles.length === 0
		);
		// Only the active terrains (M-7.2): coast 1, 2, 6 and forest 4, 8, 10 — never 4 birds.
		expect([...new Set(places.map((m) => m.region))].sort((a, b) => a - b)).toEqual([1, 2, 4, 6, 8, 10]);
		expect(Math.max(...places.map((m) => m.birds))).toBe(3);
		const r = moaKind.apply(s, yellow, places.find((m) => m.region === 1 && m.birds === 3)!);
		if (!r.ok) throw new Error(r.message);
		expect(r.value.state.supplyBirds[yellow]).toBe(0);
		expect(moaKind.apply(s, yellow, { ...places[0], birds: 4 }).ok).toBe(false);
	});
});

describe('Moa worked examples: a leader', () => {
	it('M-7.4, M-8.4: plains are active; Red, as many birds as anyone in region 5, pays 2 honour with two cards, places her leader and takes the tile with 2 combat', () => {
		const s = start('leader');
		const red = example('leader').seat;
		expect(example('leader').names[red]).toBe('Red');
		expect(s.colours[red]).toBe('red');
		const region5 = s.regions[4];
		expect(region5.leaderTile).toBe('L08');
		const birds = region5.birds;
		expect(birds[red]).toBe(Math.max(...birds));
		const two = ['B09', 'B10'];
		const leader = (moaKind.legalMoves(s, red) as MoaMove[]).find(
			(m) => m.type === 'leader' && m.region === 5 && m.pay.cards.length === 2 && two.every((c) => m.pay.cards.includes(c)) && m.pay.tiles.length === 0
		);
		expect(leader).toBeDefined();
		const r = moaKind.apply(s, red, leader!);
		if (!r.ok) throw new Error(r.message);
		expect(r.value.state.regions[4].leader).toBe(red);
		expect(r.value.log).toContainEqual(expect.objectContaining({ type: 'leader', seat: red, region: 5, tile: 'L08' }));
	});
});
