// M-7 step B: the six actions; M-8.1, M-8.2 paying with symbols; the error codes of bad input.
import { describe, expect, it } from 'vitest';
import { moa } from './index';
import { legalMoves } from './legal';
import { invasionTarget } from './checks';
import { uselessItems } from './checks';
import { salePrice } from './rules';
import { arrange, atTurn, birds, display, entries, giveKarakia, giveLeaderTile, hand, none, pay, play, positioned, put, refused, tile, turn, types } from './test-helpers';
import type { MoaMove } from './types';

const B = (species: string, n = 1, skip = 0) => birds(species, n + skip).slice(skip);

const COAST_FOREST: [string, string] = ['T01', 'T20'];
const PLAINS: [string, string] = ['T14', 'T27'];

describe('M-7.1, M-7.2 one action each, in active regions', () => {
	it('M-7.1: from the start player clockwise, each player takes exactly one action; the turn then passes', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'));
		const r = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay(B('pukeko')) });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 1, acted: false });
		expect(types(r.log)).toEqual(['place', 'turn']);
		refused(r.state, 0, { type: 'pass' }, 'NOT_YOUR_TURN');
	});

	it('M-7.2: the four region actions only in an active region; buy and pass always; never the erupted region 12', () => {
		const s = turn(3, COAST_FOREST, [...B('pukeko'), ...B('kiwi', 2)], (x) => {
			put(x, 3, 0, 2);
			x.display.dog.push(x.secret.mammalDeck.splice(x.secret.mammalDeck.indexOf('M01'), 1)[0]);
			tile(x, 9, 'rat');
		});
		refused(s, 0, { type: 'place', region: 3, birds: 1, pay: pay(B('pukeko')) }, 'REGION_NOT_ACTIVE');
		refused(s, 0, { type: 'leader', region: 3, pay: pay(B('kiwi')) }, 'REGION_NOT_ACTIVE');
		refused(s, 0, { type: 'sell', region: 3, kind: 'dog', pay: pay(B('kiwi', 2)) }, 'REGION_NOT_ACTIVE');
		refused(s, 0, { type: 'attack', region: 9, birds: 0, pay: pay(B('pukeko')) }, 'REGION_NOT_ACTIVE');
		const legal = legalMoves(s, 0);
		expect(legal.some((m) => m.type === 'pass')).toBe(true);
		expect(legal.some((m) => m.type === 'buy')).toBe(true);
		expect(legal.every((m) => !('region' in m) || [1, 2, 4, 6, 8, 10].includes(m.region))).toBe(true);
		const e = turn(3, ['T27', 'T28'], B('pukeko'), (x) => {
			x.volcano = 5;
			x.erupted = true;
			x.leaderTilesOut.push(x.regions[11].leaderTile!);
			x.regions[11].leaderTile = null;
		});
		refused(e, 0, { type: 'place', region: 12, birds: 1, pay: pay(B('pukeko')) }, 'ERUPTED');
	});
});

describe('M-7.3 place birds', () => {
	it('M-7.3 (rulebook): coast and forest active; a pūkeko gives 4 bird symbols; Yellow places 3 and the 4th is lost', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), () => {}, 1);
		refused(s, 1, { type: 'place', region: 3, birds: 3, pay: pay(B('pukeko')) }, 'REGION_NOT_ACTIVE'); // plains
		refused(s, 1, { type: 'place', region: 6, birds: 5, pay: pay(B('pukeko')) }, 'BAD_COUNT');
		const r = play(s, 1, { type: 'place', region: 6, birds: 3, pay: pay(B('pukeko')) });
		expect(r.state.regions[5].birds).toEqual([0, 3, 0]);
		expect(r.state.supplyBirds[1]).toBe(13);
		expect(r.state.secret.hands[1]).toEqual([]);
		expect(r.state.birdDiscard).toEqual(B('pukeko'));
		expect(r.log[0]).toEqual({ type: 'place', seat: 1, region: 6, birds: 3, pay: pay(B('pukeko')), anyRegion: null });
		// Forest is active too.
		expect(play(s, 1, { type: 'place', region: 4, birds: 4, pay: pay(B('pukeko')) }).state.regions[3].birds[1]).toBe(4);
	});

	it('M-7.3: no region with a mammal tile (invaded or sold); a stronghold and other birds do not matter; no limit per region', () => {
		const s = turn(3, COAST_FOREST, B('pukeko', 2), (x) => {
			tile(x, 1, 'weasel');
			tile(x, 2, 'dog', 'trade', 1);
			put(x, 2, 1, 1);
			x.regions[5].stronghold = true;
			put(x, 6, 1, 5);
			put(x, 6, 0, 6);
		});
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko')) }, 'REGION_CLOSED');
		refused(s, 0, { type: 'place', region: 2, birds: 1, pay: pay(B('pukeko')) }, 'REGION_CLOSED');
		const r = play(s, 0, { type: 'place', region: 6, birds: 8, pay: pay(B('pukeko', 2)) });
		expect(r.state.regions[5].birds).toEqual([14, 5, 0]);
	});

	it('M-7.3 (Settled): at least 1 bird; symbols beyond the birds in the supply are lost; an empty supply cannot place', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => put(x, 4, 0, 14));
		refused(s, 0, { type: 'place', region: 1, birds: 0, pay: pay(B('pukeko')) }, 'BAD_COUNT');
		refused(s, 0, { type: 'place', region: 1, birds: 3, pay: pay(B('pukeko')) }, 'BAD_COUNT');
		expect(play(s, 0, { type: 'place', region: 1, birds: 2, pay: pay(B('pukeko')) }).state.supplyBirds[0]).toBe(0);
		const empty = turn(3, COAST_FOREST, B('pukeko'), (x) => put(x, 4, 0, 16));
		refused(empty, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko')) }, 'BAD_COUNT');
		expect(legalMoves(empty, 0).some((m) => m.type === 'place')).toBe(false);
	});
});

describe('M-7.4 place a leader', () => {
	it('M-7.4 (rulebook): plains active; region 5; two 1-honour cards (kākāpō, moa); Red takes the 2-combat tile, usable from her next turn (M-8.4)', () => {
		const cards = [...B('kakapo'), ...B('moa')];
		const s = turn(3, PLAINS, [...cards, ...B('haasts_eagle', 2)], (x) => {
			put(x, 5, 0, 2);
			put(x, 5, 2, 2); // a tie is enough
		});
		expect(s.regions[4].leaderTile).toBe('L07');
		const r = play(s, 0, { type: 'leader', region: 5, pay: pay(cards) });
		expect(r.log[0]).toEqual({ type: 'leader', seat: 0, region: 5, pay: pay(cards), tile: 'L07', anyRegion: null });
		expect(r.state.regions[4]).toMatchObject({ leader: 0, leaderTile: null, birds: [2, 0, 2] });
		expect(r.state.supplyLeaders[0]).toBe(3);
		expect(r.state.leaderTiles[0]).toEqual([{ id: 'L07', fresh: true }]);
		// Not usable before her next turn: seats 1 and 2 pass; round 2 starts with seat 1 …
		let x = play(r.state, 1, { type: 'pass' }).state;
		x = play(x, 2, { type: 'pass' }).state;
		while (x.phase.kind !== 'turn' || x.phase.seat !== 0) {
			expect(x.leaderTiles[0][0].fresh).toBe(true);
			const p = x.phase as { kind: string; seat: number };
			x = play(x, p.seat, p.kind === 'defend' ? { type: 'decline' } : { type: 'pass' }).state;
		}
		expect(x.leaderTiles[0][0].fresh).toBe(false);
	});

	it('M-7.4: needs a bird there, at least as many pieces as each other player, no leader and no mammal tile', () => {
		const honour = B('kiwi');
		const s = turn(4, PLAINS, honour, (x) => {
			put(x, 3, 0, 2);
			put(x, 3, 1, 3); // more than seat 0
			put(x, 5, 1, 1, true); // a leader is there
			put(x, 5, 0, 3);
			tile(x, 9, 'rat');
			put(x, 9, 0, 1); // moved in by a karakia tile (M-8.6); the mammal tile still forbids a leader
		});
		refused(s, 0, { type: 'leader', region: 3, pay: pay(honour) }, 'NO_LEADER_HERE');
		refused(s, 0, { type: 'leader', region: 5, pay: pay(honour) }, 'NO_LEADER_HERE');
		refused(s, 0, { type: 'leader', region: 9, pay: pay(honour) }, 'NO_LEADER_HERE');
		const t = turn(4, PLAINS, honour, (x) => x.regions[2].birds.fill(0));
		refused(t, 0, { type: 'leader', region: 3, pay: pay(honour) }, 'NO_LEADER_HERE'); // no bird of hers
	});

	it('M-7.4: 2 honour; a player whose 4 leaders are on the board or out of the game cannot', () => {
		const s = turn(3, PLAINS, [...B('kakapo'), ...B('kiwi')], (x) => put(x, 3, 0, 1));
		refused(s, 0, { type: 'leader', region: 3, pay: pay(B('kakapo')) }, 'TOO_FEW_SYMBOLS');
		expect(play(s, 0, { type: 'leader', region: 3, pay: pay(B('kiwi')) }).state.regions[2].leader).toBe(0);
		const none4 = turn(3, PLAINS, B('kiwi'), (x) => {
			put(x, 3, 0, 1);
			put(x, 1, 0, 1, true);
			put(x, 2, 0, 1, true);
			x.supplyLeaders[0] -= 2;
			x.leadersOut[0] += 2;
		});
		refused(none4, 0, { type: 'leader', region: 3, pay: pay(B('kiwi')) }, 'NO_LEADER_LEFT');
	});
});

describe('M-7.5 attack and place birds', () => {
	it('M-7.5 (rulebook): coast active; 5 combat beats the weasel in region 1; a tūī gives 3 bird symbols; 3 birds and a stronghold', () => {
		const cards = [...B('haasts_eagle'), ...B('kea'), ...B('tui')]; // combat 3 + 2 + 1, birds 1 + 2 + 3
		const s = turn(
			3,
			COAST_FOREST,
			cards,
			(x) => {
				tile(x, 1, 'weasel');
				x.regions[0].leaderTile = null;
				x.leaderTilesOut.push('L12');
			},
			1
		);
		refused(s, 1, { type: 'attack', region: 1, birds: 0, pay: pay([...B('kea'), ...B('tui')]) }, 'TOO_FEW_SYMBOLS'); // 3 < 5
		const r = play(s, 1, { type: 'attack', region: 1, birds: 3, pay: pay(cards) });
		expect(r.log[0]).toEqual({ type: 'attack', seat: 1, region: 1, kind: 'weasel', birds: 3, pay: pay(cards), anyRegion: null });
		const g = r.state.regions[0];
		expect([g.mammal, g.stronghold, g.birds]).toEqual([null, true, [0, 3, 0]]);
		expect(r.state.taken[1].tiles).toEqual([{ kind: 'weasel', vp: 3 }]);
		// He may place up to all 6 bird symbols paid, not more.
		refused(s, 1, { type: 'attack', region: 1, birds: 7, pay: pay(cards) }, 'BAD_COUNT');
		expect(play(s, 1, { type: 'attack', region: 1, birds: 6, pay: pay(cards) }).state.regions[0].birds[1]).toBe(6);
	});

	it('M-7.5: only an invaded region; no piece needed; placing none is allowed and the stronghold still comes', () => {
		const s = turn(3, COAST_FOREST, B('haasts_eagle', 2), (x) => {
			tile(x, 2, 'dog', 'trade', 1);
			put(x, 2, 1, 1);
			tile(x, 6, 'rat');
		});
		refused(s, 0, { type: 'attack', region: 2, birds: 0, pay: pay(B('haasts_eagle', 2)) }, 'NOT_INVADED');
		refused(s, 0, { type: 'attack', region: 1, birds: 0, pay: pay(B('haasts_eagle', 2)) }, 'NOT_INVADED');
		const r = play(s, 0, { type: 'attack', region: 6, birds: 0, pay: pay(B('haasts_eagle')) });
		expect(r.state.regions[5]).toMatchObject({ mammal: null, stronghold: true, birds: [0, 0, 0] });
		expect(r.state.taken[0].tiles).toEqual([{ kind: 'rat', vp: 2 }]);
	});

	it('M-7.5 (Settled): one payment: a double-combat tile (M-8.1) and leader tiles join the combat; bird symbols of every item count', () => {
		const cards = [...B('haasts_eagle'), ...B('tui')]; // combat 3 + 1, birds 1 + 3
		const s = turn(3, COAST_FOREST, cards, (x) => {
			tile(x, 1, 'dog'); // combat 6
			giveKarakia(x, 0, 'K06');
			giveLeaderTile(x, 0, 'L05'); // 3 bird symbols
		});
		refused(s, 0, { type: 'attack', region: 1, birds: 0, pay: pay(cards, ['L05']) }, 'TOO_FEW_SYMBOLS');
		refused(s, 0, { type: 'attack', region: 1, birds: 8, pay: pay(cards, ['K06', 'L05']) }, 'BAD_COUNT');
		const r = play(s, 0, { type: 'attack', region: 1, birds: 7, pay: pay(cards, ['K06', 'L05']) });
		expect(r.state.regions[0].birds[0]).toBe(7);
		expect(r.state.karakiaSupply.double_combat).toEqual(['K06', 'K07']);
		expect(r.state.leaderTilesOut).toContain('L05');
	});
});

describe('M-7.6 sell land', () => {
	it('M-7.6 (rulebook): forest active; Blue’s one bird in region 8; kiwi + moa = 3 honour, a dog’s price after one earlier sale', () => {
		const cards = [...B('kiwi'), ...B('moa')];
		const s = turn(
			4,
			COAST_FOREST,
			cards,
			(x) => {
				display(x, ['M01']);
				tile(x, 2, 'dog', 'trade', 0); // the earlier sale
				put(x, 2, 0, 1);
				x.sales = 1;
				put(x, 8, 3, 1);
			},
			3
		);
		expect(salePrice(s, 'dog')).toBe(3);
		refused(s, 3, { type: 'sell', region: 8, kind: 'dog', pay: pay(B('kiwi')) }, 'TOO_FEW_SYMBOLS');
		const tile8 = s.regions[7].leaderTile;
		const r = play(s, 3, { type: 'sell', region: 8, kind: 'dog', pay: pay(cards) });
		expect(r.log[0]).toEqual({ type: 'sell', seat: 3, region: 8, card: 'M01', price: 3, pay: pay(cards), anyRegion: null, returned: [0, 0, 0, 0], leaderTile: tile8 });
		const g = r.state.regions[7];
		expect([g.mammal, g.sale, g.birds]).toEqual([{ kind: 'dog', side: 'trade', combat: 6, vp: 4 }, { seller: 3, scored: false }, [0, 0, 0, 1]]);
		expect(r.state.taken[3].cards).toEqual(['M01']);
		expect(r.state.display.dog).toEqual([]);
		expect(r.state.sales).toBe(2);
		// With no earlier sale the price would be 2, and the kiwi alone would pay it.
		const t = structuredClone(s);
		t.sales = 0;
		expect(play(t, 3, { type: 'sell', region: 8, kind: 'dog', pay: pay(B('kiwi')) }).log[0]).toMatchObject({ price: 2 });
	});

	it('M-7.6: the oldest card of the chosen kind; the price counts every sale of the game; a weasel is never bought', () => {
		const cards = B('kiwi', 3);
		const s = turn(3, COAST_FOREST, cards, (x) => {
			display(x, ['M12', 'M10', 'M05']);
			x.sales = 2;
			put(x, 1, 0, 1);
		});
		expect([salePrice(s, 'rat'), salePrice(s, 'possum')]).toEqual([6, 5]);
		refused(s, 0, { type: 'sell', region: 1, kind: 'weasel', pay: pay(cards) }, 'NOT_IN_DISPLAY');
		refused(s, 0, { type: 'sell', region: 1, kind: 'dog', pay: pay(cards) }, 'NOT_IN_DISPLAY');
		const r = play(s, 0, { type: 'sell', region: 1, kind: 'rat', pay: pay(cards) });
		expect(r.state.taken[0].cards).toEqual(['M12']);
		expect(r.state.display.rat).toEqual(['M10']);
	});

	it('M-7.6 a)–d): the seller keeps one bird; their other birds and leader go back; others’ birds stay; the stronghold goes back; the leader tile leaves the game', () => {
		const s = turn(3, COAST_FOREST, B('kiwi', 2), (x) => {
			display(x, ['M05']);
			put(x, 1, 0, 3, true);
			put(x, 1, 1, 4); // more than the seller: no majority needed
			x.regions[0].stronghold = true;
		});
		const r = play(s, 0, { type: 'sell', region: 1, kind: 'possum', pay: pay(B('kiwi', 2)) });
		const g = r.state.regions[0];
		expect([g.birds, g.leader, g.stronghold, g.leaderTile]).toEqual([[1, 4, 0], null, false, null]);
		expect([r.state.supplyBirds[0], r.state.supplyLeaders[0]]).toEqual([15, 4]);
		expect(r.state.leaderTilesOut).toContain('L12');
		expect(r.log[0]).toMatchObject({ returned: [2, 0, 0], leaderTile: 'L12' });
	});

	it('M-7.6 a), b): a leader alone stays as the marker; another player’s leader goes back to its owner’s supply', () => {
		const alone = turn(3, COAST_FOREST, B('kiwi', 2), (x) => {
			display(x, ['M05']);
			put(x, 1, 0, 0, true);
			put(x, 1, 2, 2);
		});
		const r = play(alone, 0, { type: 'sell', region: 1, kind: 'possum', pay: pay(B('kiwi', 2)) });
		expect(r.state.regions[0]).toMatchObject({ leader: 0, birds: [0, 0, 2] });
		const other = turn(3, COAST_FOREST, B('kiwi', 2), (x) => {
			display(x, ['M05']);
			put(x, 1, 0, 1);
			put(x, 1, 2, 2, true);
		});
		const o = play(other, 0, { type: 'sell', region: 1, kind: 'possum', pay: pay(B('kiwi', 2)) });
		expect(o.state.regions[0]).toMatchObject({ leader: null, birds: [1, 0, 2] });
		expect([o.state.supplyLeaders[2], o.state.leadersOut[2]]).toEqual([4, 0]);
	});

	it('M-7.6: a piece of your own is needed; a sold region is closed to placement, leaders, invasion, attack and another sale', () => {
		const s = turn(3, COAST_FOREST, [...B('kiwi', 4), ...B('pukeko'), ...B('haasts_eagle', 2)], (x) => {
			display(x, ['M05', 'M06']);
			put(x, 2, 1, 2);
			tile(x, 1, 'dog', 'trade', 0);
			put(x, 1, 0, 1);
			x.sales = 1;
		});
		refused(s, 0, { type: 'sell', region: 2, kind: 'possum', pay: pay(B('kiwi', 2)) }, 'NO_PIECE_THERE');
		refused(s, 0, { type: 'sell', region: 1, kind: 'possum', pay: pay(B('kiwi', 2)) }, 'REGION_CLOSED');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko')) }, 'REGION_CLOSED');
		refused(s, 0, { type: 'leader', region: 1, pay: pay(B('kiwi')) }, 'NO_LEADER_HERE');
		refused(s, 0, { type: 'attack', region: 1, birds: 0, pay: pay(B('haasts_eagle', 2)) }, 'NOT_INVADED');
		expect(invasionTarget(s)).toBe(2);
	});
});

describe('M-7.7 buy karakia tiles', () => {
	it('M-7.7: 1 or 2 tiles of different types for the sum of their costs; the lowest id left; fresh until the next turn (M-8.4)', () => {
		const cards = [...B('morepork'), ...B('kiwi')]; // 2 + 1 karakia
		const s = turn(3, COAST_FOREST, cards, (x) => giveKarakia(x, 1, 'K01'));
		refused(s, 0, { type: 'buy', types: ['draw_card', 'draw_card'], pay: pay(cards) }, 'SAME_TYPE');
		refused(s, 0, { type: 'buy', types: ['draw_card', 'stronghold'], pay: pay(cards) }, 'TOO_FEW_SYMBOLS');
		refused(s, 0, { type: 'buy', types: [], pay: pay(cards) }, 'BAD_COUNT');
		refused(s, 0, { type: 'buy', types: ['draw_card', 'exchange_three', 'double_combat'], pay: pay(cards) }, 'BAD_COUNT');
		const r = play(s, 0, { type: 'buy', types: ['draw_card', 'exchange_three'], pay: pay(cards) });
		expect(r.state.karakia[0]).toEqual([
			{ id: 'K02', fresh: true },
			{ id: 'K04', fresh: true }
		]);
		expect(r.log[0]).toEqual({ type: 'buy', seat: 0, tiles: ['K02', 'K04'], pay: pay(cards) });
		expect(r.state.karakiaSupply.draw_card).toEqual(['K03']);
	});

	it('M-7.7: an empty stack cannot be bought; a type already owned can; no limit; a karakia leader tile pays too', () => {
		const s = turn(3, COAST_FOREST, B('morepork', 2), (x) => {
			giveKarakia(x, 1, 'K12');
			giveKarakia(x, 2, 'K13');
			giveKarakia(x, 0, 'K10');
			giveLeaderTile(x, 0, 'L11'); // 2 karakia
		});
		refused(s, 0, { type: 'buy', types: ['stronghold'], pay: pay(B('morepork', 2)) }, 'SOLD_OUT');
		expect(legalMoves(s, 0).some((m) => m.type === 'buy' && m.types.includes('stronghold'))).toBe(false);
		const r = play(s, 0, { type: 'buy', types: ['move_birds', 'any_region'], pay: pay(B('morepork'), ['L11']) });
		expect(r.state.karakia[0].map((t) => t.id)).toEqual(['K10', 'K11', 'K08']);
	});
});

describe('M-7.8 pass', () => {
	it('M-7.8: passing does nothing; the player acts again next round', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'));
		const r = play(s, 0, { type: 'pass' });
		expect(r.log).toEqual([
			{ type: 'pass', seat: 0, auto: false },
			{ type: 'turn', seat: 1 }
		]);
		expect(r.state.secret.hands[0]).toEqual(B('pukeko'));
	});

	it('M-0.4: a pass is automatic only with no bird card, no usable symbol leader tile and no usable karakia tile', () => {
		// Written as a position (position.ts), not arranged by rewriting the state.
		const s = positioned(3, {
			round: 1,
			phase: { kind: 'turn', seat: 2 },
			hands: [[], [], B('pukeko')],
			leaderTiles: [null, ['L01']] // a VP tile is no reason to ask
		});
		const r = play(s, 2, { type: 'pass' });
		// Round 2: seat 1 starts (auto pass), then seat 2 is asked.
		expect(entries(r.log, 'pass').slice(1)).toEqual([{ type: 'pass', seat: 1, auto: true }]);
		expect(r.state.phase).toMatchObject({ kind: 'turn', seat: 2 });
		const t = arrange(3, (x) => {
			atTurn(x, 2);
			hand(x, 1, []);
			giveKarakia(x, 1, 'K08'); // usable any-region tile: asked
		});
		expect(play(t, 2, { type: 'pass' }).state.phase).toMatchObject({ kind: 'turn', seat: 1 });
	});
});

describe('M-8.1, M-8.2 paying', () => {
	it('M-8.1: cards go face up to the discard pile in ascending id order; symbols of unused types are lost', () => {
		const cards = [...B('tui'), ...B('moa')]; // moa: 1 bird (its combat, honour, karakia are lost)
		const s = turn(3, COAST_FOREST, [...cards].reverse());
		const r = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay([...cards].reverse()) });
		expect(r.state.birdDiscard).toEqual([...cards].sort());
		expect(r.state.vp[0]).toBe(0);
	});

	it('M-8.2: an item adding none of the counted symbols is accepted and spent, nothing given back; each item at most once (M-8.1)', () => {
		const s = turn(3, COAST_FOREST, [...B('kiwi'), ...B('pukeko'), ...B('haasts_eagle')], (x) => {
			put(x, 1, 0, 1);
			tile(x, 2, 'rat');
			giveLeaderTile(x, 0, 'L09'); // 1 honour
		});
		// A kiwi (no bird symbol) joins a placement: spent, and it adds no bird.
		refused(s, 0, { type: 'place', region: 1, birds: 5, pay: pay([...B('pukeko'), ...B('kiwi')]) }, 'BAD_COUNT');
		const place = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay([...B('pukeko'), ...B('kiwi')]) });
		expect(place.state.regions[0].birds[0]).toBe(5);
		expect(place.state.secret.hands[0]).toEqual(B('haasts_eagle'));
		expect(place.state.birdDiscard).toEqual([...B('kiwi'), ...B('pukeko')].sort());
		expect(place.log[0]).toMatchObject({ type: 'place', pay: pay([...B('pukeko'), ...B('kiwi')]) });
		// An honour leader tile in a placement leaves the game like any tile paid (M-8.3).
		const tilePaid = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay(B('pukeko'), ['L09']) });
		expect(tilePaid.state.leaderTiles[0]).toEqual([]);
		expect(tilePaid.state.leaderTilesOut).toContain('L09');
		// A pūkeko (no honour) with a leader, a kiwi (no combat, no bird) with an attack, a pūkeko (no karakia) with a purchase.
		expect(play(s, 0, { type: 'leader', region: 1, pay: pay([...B('kiwi'), ...B('pukeko')]) }).state.secret.hands[0]).toEqual(B('haasts_eagle'));
		const attack = play(s, 0, { type: 'attack', region: 2, birds: 1, pay: pay([...B('haasts_eagle'), ...B('kiwi')]) });
		expect(attack.state.birdDiscard).toEqual([...B('haasts_eagle'), ...B('kiwi')].sort());
		const buy = play(s, 0, { type: 'buy', types: ['exchange_three'], pay: pay([...B('kiwi'), ...B('pukeko')]) });
		expect(buy.state.karakia[0]).toEqual([{ id: 'K04', fresh: true }]);
		expect(buy.state.secret.hands[0]).toEqual(B('haasts_eagle'));
		// Still, the payment must reach its price, and each item is paid once.
		refused(s, 0, { type: 'leader', region: 1, pay: pay(B('pukeko')) }, 'TOO_FEW_SYMBOLS');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay([...B('pukeko'), ...B('pukeko')]) }, 'BAD_PAYMENT');
		// The honour tile pays for a leader with the kiwi (1 + 2 ≥ 2: paying more is allowed, M-8.2).
		const r = play(s, 0, { type: 'leader', region: 1, pay: pay(B('kiwi'), ['L09']) });
		expect(r.state.leaderTiles[0]).toEqual([{ id: 'L12', fresh: true }]);
		expect(r.state.leaderTilesOut).toContain('L09');
	});

	it('M-8.2: uselessItems names the cards and tiles that add none of the counted symbols (the composer warns of them)', () => {
		expect(uselessItems({ type: 'place', region: 1, birds: 4, pay: pay([...B('pukeko'), ...B('kiwi')], ['L09', 'L05']) })).toEqual(pay(B('kiwi'), ['L09']));
		expect(uselessItems({ type: 'attack', region: 2, birds: 0, pay: pay([...B('tui'), ...B('kiwi')], ['K06']) })).toEqual(pay(B('kiwi')));
		expect(uselessItems({ type: 'defend', pay: pay([...B('tui'), ...B('pukeko')], ['L11']) })).toEqual(pay(B('pukeko'), ['L11']));
		expect(uselessItems({ type: 'sell', region: 8, kind: 'dog', pay: pay([...B('kiwi'), ...B('moa')]) })).toEqual(none);
		expect(uselessItems({ type: 'buy', types: ['draw_card'], pay: pay([...B('morepork'), ...B('kea')]) })).toEqual(pay(B('kea')));
		expect(uselessItems({ type: 'pass' })).toEqual(none);
	});

	it('M-8.2: a payment must reach its price; more is allowed and nothing is given back; any number of items combine', () => {
		const cards = [...B('kakapo', 2), ...B('moa', 2)];
		const s = turn(3, PLAINS, cards, (x) => put(x, 3, 0, 1));
		refused(s, 0, { type: 'leader', region: 3, pay: pay(B('kakapo')) }, 'TOO_FEW_SYMBOLS');
		const r = play(s, 0, { type: 'leader', region: 3, pay: pay(cards) });
		expect(r.state.secret.hands[0]).toEqual([]);
		expect(r.state.birdDiscard).toEqual(cards);
	});

	it('M-8.1: tiles pay only where they count: a double-combat tile not for birds; a fresh tile not at all (M-8.4)', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K06');
			giveLeaderTile(x, 0, 'L06', true);
		});
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko'), ['K06']) }, 'NOT_YOUR_TILE');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko'), ['L06']) }, 'NOT_YOUR_TILE');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('pukeko'), ['L05']) }, 'NOT_YOUR_TILE');
	});
});

describe('bad input is refused with a stable code and changes nothing', () => {
	const s = turn(3, COAST_FOREST, [...B('pukeko'), ...B('kiwi')], (x) => hand(x, 1, B('tui')));

	it('wrong seat, wrong phase, an action before the end, the end before the action', () => {
		refused(s, 1, { type: 'place', region: 1, birds: 1, pay: pay(B('tui')) }, 'NOT_YOUR_TURN');
		refused(s, 1, { type: 'pass' }, 'NOT_YOUR_TURN');
		refused(s, 0, { type: 'decline' }, 'WRONG_PHASE');
		refused(s, 0, { type: 'defend', pay: pay(B('pukeko')) }, 'WRONG_PHASE');
		refused(s, 0, { type: 'neutral', region: 1, what: 'bird' }, 'WRONG_PHASE');
		refused(s, 0, { type: 'discard', cards: B('pukeko') }, 'WRONG_PHASE');
		refused(s, 0, { type: 'end' }, 'ACTION_FIRST');
		refused(s, 5, { type: 'pass' }, 'NOT_SEATED');
		refused(s, -1, { type: 'pass' }, 'NOT_SEATED');
		refused(s, 0.5, { type: 'pass' }, 'NOT_SEATED');
		refused({ ...s, phase: { kind: 'over' } }, 0, { type: 'pass' }, 'GAME_OVER');
	});

	it('too few symbols, cards not in hand (another player’s card too), no such region', () => {
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: none }, 'BAD_COUNT');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(B('tui')) }, 'NOT_YOUR_CARDS');
		refused(s, 0, { type: 'place', region: 1, birds: 1, pay: pay(['B99']) }, 'NOT_YOUR_CARDS');
		refused(s, 0, { type: 'place', region: 0, birds: 1, pay: pay(B('pukeko')) }, 'BAD_REGION');
		refused(s, 0, { type: 'place', region: 13, birds: 1, pay: pay(B('pukeko')) }, 'BAD_REGION');
		refused(s, 0, { type: 'place', region: 1e300, birds: 1, pay: pay(B('pukeko')) }, 'BAD_REGION');
		refused(s, 0, { type: 'leader', region: 1, pay: none }, 'NO_LEADER_HERE');
	});

	it('hostile strings and shapes: unknown types and fields, prototype keys, long strings, non-numbers', () => {
		const junk: unknown[] = [
			null,
			'pass',
			42,
			[],
			{},
			{ type: 'toString' },
			{ type: '__proto__' },
			{ type: 'pass', extra: 1 },
			{ type: 'place', region: '1', birds: 1, pay: none },
			{ type: 'place', region: 1.5, birds: 1, pay: none },
			{ type: 'place', region: NaN, birds: 1, pay: none },
			{ type: 'place', region: 1, birds: Infinity, pay: none },
			{ type: 'place', region: 1, birds: 1, pay: { cards: 'B45', tiles: [] } },
			{ type: 'place', region: 1, birds: 1, pay: { cards: ['x'.repeat(1000)], tiles: [] } },
			{ type: 'place', region: 1, birds: 1, pay: { cards: new Array(500).fill('B45'), tiles: [] } },
			{ type: 'sell', region: 1, kind: '__proto__', pay: none },
			{ type: 'sell', region: 1, kind: 'constructor', pay: none },
			{ type: 'neutral', region: 1, what: 'constructor' },
			{ type: 'buy', types: ['x'.repeat(100)], pay: none }
		];
		for (const j of junk) refused(s, 0, j, 'BAD_MOVE');
		const codes = (m: unknown) => {
			const r = moa.apply(s, 0, m);
			return r.ok ? 'accepted' : r.code;
		};
		// Ids longer than 8 characters are refused by the schema (BAD_MOVE); shorter ones by the rules.
		const either = (code: string) => [code, 'BAD_MOVE'];
		for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'gold']) {
			expect(codes({ type: 'buy', types: [key], pay: pay(B('kiwi')) })).toBe('NO_SUCH_TYPE');
			expect(either('NOT_YOUR_TILE')).toContain(codes({ type: 'place', region: 1, birds: 1, pay: pay(B('pukeko'), [key]) }));
			expect(either('NOT_YOUR_CARDS')).toContain(codes({ type: 'place', region: 1, birds: 1, pay: pay([key]) }));
			expect(either('NOT_YOUR_TILE')).toContain(codes({ type: 'place', region: 1, birds: 1, pay: pay(B('pukeko')), anyRegion: key }));
			expect(codes({ type: 'move', tile: key, from: 1, to: 2, count: 1 })).toBe('NOT_YOUR_TILE');
			expect(codes({ type: 'drawCard', tile: key })).toBe('NOT_YOUR_TILE');
			expect(codes({ type: 'stronghold', tile: key, region: 1 })).toBe('NOT_YOUR_TILE');
		}
	});

	it('every legal move of a seat applies, and nothing else of the same shape sneaks in', () => {
		for (const m of legalMoves(s, 0)) expect(moa.apply(s, 0, m as MoaMove).ok).toBe(true);
		expect(legalMoves(s, 1)).toEqual([]);
	});
});
