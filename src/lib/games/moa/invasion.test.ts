// M-6 invasions: targets, strongholds, the defence order and its tie-break, M-0.4's automatic
// declines, defending and not defending; the rulebook's dog example (M-6.9).
import { describe, expect, it } from 'vitest';
import { defenceImpossible, defenceOrder } from './checks';
import { moa } from './index';
import { legalMoves } from './legal';
import { MAX_CARD_COMBAT } from './rules';
import { birds, entries, giveKarakia, giveLeaderTile, hand, mammals, mammalTop, nextRound, pay, play, put, refused, tile, types } from './test-helpers';
import type { MoaState } from './types';

/** Step A of the next round draws one weasel (T01: coast, draw 1 mammal; T27 moves the volcano). */
const weasel = (players: number, f: (s: MoaState) => void = () => {}) =>
	nextRound(players, 'T01', 'T27', (x) => {
		mammalTop(x, mammals('weasel', 1));
		f(x);
	});

/** Step A: all dogs attack (T24, forest) after a harmless volcano card; `dogs` lie in the display, oldest first. */
const dogsAttack = (players: number, dogs: string[], f: (s: MoaState) => void = () => {}) =>
	nextRound(players, 'T27', 'T24', (x) => {
		x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => !dogs.includes(c));
		x.display.dog = [...dogs];
		f(x);
	});

const pass = (x: { s: MoaState; seat: number }) => play(x.s, x.seat, { type: 'pass' });

describe('M-6.1–M-6.3 the target and the tile', () => {
	it('M-6.1, M-6.2, M-6.3: a drawn weasel attacks the lowest region with no mammal tile and no stronghold; its tile lies there attack side up; the card is discarded', () => {
		const r = pass(
			weasel(3, (x) => {
				tile(x, 1, 'rat');
				tile(x, 2, 'dog', 'trade', 1);
				put(x, 2, 1, 1);
				x.regions[2].stronghold = true;
			})
		);
		expect(entries(r.log, 'invasion')).toEqual([{ type: 'invasion', card: 'M16', region: 4 }]);
		expect(r.state.regions[3].mammal).toEqual({ kind: 'weasel', side: 'attack', combat: 5, vp: 3 });
		expect(r.state.mammalDiscard).toEqual(['M16']);
	});

	it('M-6.2: with no region free, every stronghold goes back and the search starts again at region 1', () => {
		const r = pass(
			weasel(3, (x) => {
				for (let id = 1; id <= 12; id++) tile(x, id, 'rat');
				for (const id of [3, 7]) {
					x.regions[id - 1].mammal = null;
					x.regions[id - 1].stronghold = true;
				}
			})
		);
		expect(types(r.log).filter((t) => ['strongholdsBack', 'invasion'].includes(t))).toEqual(['strongholdsBack', 'invasion']);
		expect(entries(r.log, 'invasion')[0].region).toBe(3);
		expect(r.state.regions[6].stronghold).toBe(false);
	});

	it('M-6.2: still no region: the attacking card and every remaining attacker of the invasion are discarded, nothing else happens', () => {
		const r = pass(
			dogsAttack(3, ['M03', 'M01'], (x) => {
				for (let id = 1; id <= 12; id++) tile(x, id, 'weasel');
			})
		);
		expect(entries(r.log, 'noTarget')).toHaveLength(1);
		expect(entries(r.log, 'invasion')).toEqual([]);
		expect(r.state.display.dog).toEqual([]);
		// M-0.3 (Settled): cards that go onto a discard pile together go in ascending order of their ids.
		expect(r.state.mammalDiscard).toEqual(['M01', 'M03']);
		expect(r.state.regions.every((g) => g.mammal?.kind === 'weasel')).toBe(true);
	});

	it('M-6.8: the next attacker of the same invasion searches again from region 1', () => {
		const r = pass(
			dogsAttack(3, ['M01', 'M02'], (x) => {
				put(x, 1, 0, 2);
				hand(x, 0, birds('haasts_eagle', 2));
			})
		);
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 0, region: 1, card: 'M01' });
		const d = play(r.state, 0, { type: 'defend', pay: pay(birds('haasts_eagle', 2)) });
		// Region 1 now holds a stronghold: the second dog goes to region 2.
		expect(entries(d.log, 'invasion')).toEqual([{ type: 'invasion', card: 'M02', region: 2 }]);
	});
});

describe('M-6.4 the defence order', () => {
	it('M-6.4: more pieces first; the leader breaks a tie; then player order from the start player — at every rank', () => {
		// 5 players, start player 3: player order 3, 4, 0, 1, 2.
		const { s, seat } = weasel(5, (x) => {
			x.startPlayer = 3;
			put(x, 1, 4, 3); // 3 pieces
			put(x, 1, 0, 2); // 2 pieces
			put(x, 1, 1, 2); // 2 pieces
			put(x, 1, 2, 1, true); // 2 pieces with the leader
			put(x, 1, 3, 1); // 1 piece
			for (let k = 0; k < 5; k++) hand(x, k, birds('pukeko', 1, new Set(birds('pukeko', k))).concat(birds('kea', 1, new Set(birds('kea', k)))));
		});
		const region = s.regions[0];
		expect(defenceOrder(s, region)).toEqual([4, 2, 0, 1, 3]);
		let r = pass({ s, seat });
		const asked: number[] = [];
		while (r.state.phase.kind === 'defend') {
			asked.push(r.state.phase.seat);
			r = play(r.state, r.state.phase.seat, { type: 'decline' });
		}
		expect(asked).toEqual([4, 2, 0, 1, 3]);
		// The start player's rank (seat 3 asked last) shows the order is by pieces first, not by seats.
		expect(entries(r.log, 'invaded')[0].birds).toEqual([2, 2, 1, 1, 3]);
	});

	it('M-6.4: a tie at a lower rank is broken by the leader, and another by player order', () => {
		const { s } = weasel(4, (x) => {
			x.startPlayer = 2; // player order 2, 3, 0, 1
			put(x, 1, 1, 4);
			put(x, 1, 0, 1, true); // 2 pieces with the leader: first of the 2s
			put(x, 1, 2, 2);
			put(x, 1, 3, 2);
		});
		expect(defenceOrder(s, s.regions[0])).toEqual([1, 0, 2, 3]);
		const t = structuredClone(s);
		t.startPlayer = 3; // player order 3, 0, 1, 2: seat 3 now before seat 2
		expect(defenceOrder(t, t.regions[0])).toEqual([1, 0, 3, 2]);
	});

	it('M-6.4: the first player to defend is the only defender; later players are not asked', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 3);
			put(x, 1, 1, 2);
			hand(x, 0, birds('pukeko', 2));
			hand(x, 1, birds('haasts_eagle', 2));
		});
		let r = pass({ s, seat });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 0, order: [1] });
		r = play(r.state, 0, { type: 'decline' });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1, order: [] });
		r = play(r.state, 1, { type: 'defend', pay: pay(birds('haasts_eagle', 2)) });
		expect(entries(r.log, 'defended')).toHaveLength(1);
		expect(r.state.phase.kind).toBe('turn');
	});

	it('only the player asked may answer; nobody else, and no action meanwhile', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 3);
			put(x, 1, 1, 2);
			hand(x, 0, birds('pukeko', 2));
			hand(x, 1, birds('haasts_eagle', 2));
		});
		const r = pass({ s, seat });
		refused(r.state, 1, { type: 'defend', pay: pay(birds('haasts_eagle', 2)) }, 'NOT_YOUR_TURN');
		refused(r.state, 2, { type: 'decline' }, 'NOT_YOUR_TURN');
		refused(r.state, 0, { type: 'pass' }, 'WRONG_PHASE');
		expect(moa.activeSeats(r.state)).toEqual([0]);
	});
});

describe('M-0.4 a defence is declined automatically only when public information proves it impossible', () => {
	it('M-0.4: (hand + usable draw-a-card tiles) × the highest card combat + tile combat < the mammal’s combat', () => {
		expect(MAX_CARD_COMBAT).toBe(3);
		const s = weasel(3, (x) => {
			hand(x, 0, birds('pukeko', 1));
			hand(x, 1, birds('pukeko', 1, new Set(birds('pukeko', 1))));
			giveKarakia(x, 1, 'K01'); // a usable draw-a-card tile: (1 + 1) × 3 = 6 ≥ 5
			hand(x, 2, []);
			giveLeaderTile(x, 2, 'L07'); // 2 combat
			giveKarakia(x, 2, 'K06'); // double combat: 2 + 2 = 4 < 5
		}).s;
		expect(defenceImpossible(s, 0, 5)).toBe(true); // 1 × 3 = 3 < 5
		expect(defenceImpossible(s, 1, 5)).toBe(false);
		expect(defenceImpossible(s, 2, 5)).toBe(true);
		expect(defenceImpossible(s, 2, 4)).toBe(false); // 4 is not < 4
		s.leaderTiles[2][0].fresh = true; // a fresh tile counts nothing (M-8.4)
		expect(defenceImpossible(s, 2, 3)).toBe(true);
	});

	it('M-0.4: the impossible defences are declined and logged as automatic; a possible one is asked, even with no combat in hand', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 3);
			put(x, 1, 1, 2);
			put(x, 1, 2, 1);
			hand(x, 0, birds('haasts_eagle', 1)); // 3 < 5: declined for her
			hand(x, 1, birds('pukeko', 2)); // 6 ≥ 5: asked, though the pūkeko have no combat
			hand(x, 2, birds('kea', 1));
			giveKarakia(x, 2, 'K01', true); // fresh: counts nothing, so 3 < 5
		});
		let r = pass({ s, seat });
		expect(entries(r.log, 'declined')).toEqual([{ type: 'declined', seat: 0, region: 1, auto: true }]);
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1 });
		r = play(r.state, 1, { type: 'decline' });
		expect(entries(r.log, 'declined')).toEqual([
			{ type: 'declined', seat: 1, region: 1, auto: false },
			{ type: 'declined', seat: 2, region: 1, auto: true }
		]);
		expect(entries(r.log, 'invaded')).toHaveLength(1);
	});

	it('M-0.4: a dog (combat 6) is asked of a player with 2 cards (6 is not less than 6)', () => {
		const { s, seat } = dogsAttack(3, ['M01'], (x) => {
			put(x, 1, 0, 1);
			hand(x, 0, birds('pukeko', 2));
		});
		expect(pass({ s, seat }).state.phase).toMatchObject({ kind: 'defend', seat: 0 });
	});
});

describe('M-6.5–M-6.7 defending or not', () => {
	it('M-6.5: the defender pays the combat from cards, leader tiles and double-combat tiles; too little is refused', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 2);
			hand(x, 0, [...birds('kea', 1), ...birds('pukeko', 1)]);
			giveLeaderTile(x, 0, 'L07');
			giveKarakia(x, 0, 'K06');
		});
		const r = pass({ s, seat });
		const x = r.state;
		refused(x, 0, { type: 'defend', pay: pay(birds('kea', 1)) }, 'TOO_FEW_SYMBOLS');
		refused(x, 0, { type: 'defend', pay: pay(birds('kea', 1), ['L07']) }, 'TOO_FEW_SYMBOLS'); // 4 < 5
		// M-8.2: a pūkeko (no combat) may join the defence; it is spent, nothing given back.
		const more = play(x, 0, { type: 'defend', pay: pay([...birds('kea', 1), ...birds('pukeko', 1)], ['L07', 'K06']) });
		expect(more.state.secret.hands[0]).toEqual([]);
		expect(more.state.birdDiscard.slice(-2)).toEqual([...birds('kea', 1), ...birds('pukeko', 1)].sort());
		expect(more.log[0]).toMatchObject({ type: 'defended', seat: 0, pay: pay([...birds('kea', 1), ...birds('pukeko', 1)], ['L07', 'K06']) });
		const d = play(x, 0, { type: 'defend', pay: pay(birds('kea', 1), ['L07', 'K06']) }); // 2 + 2 + 2
		expect(d.state.leaderTiles[0]).toEqual([]);
		expect(d.state.leaderTilesOut).toContain('L07');
		expect(d.state.karakia[0]).toEqual([]);
		expect(d.state.karakiaSupply.double_combat).toEqual(['K06', 'K07']); // M-8.5
		expect(d.state.birdDiscard.at(-1)).toBe(birds('kea', 1)[0]);
		expect(legalMoves(x, 0).filter((m) => m.type === 'defend').map((m) => (m.type === 'defend' ? m.pay : null))).toContainEqual(pay(birds('kea', 1), ['L07', 'K06']));
	});

	it('M-6.6: a successful defence takes the tile (scored at the end of the period), puts a stronghold; pieces and leader tile stay', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 2, true);
			put(x, 1, 1, 1);
			hand(x, 0, birds('haasts_eagle', 2));
		});
		const tileThere = s.regions[0].leaderTile;
		const r = pass({ s, seat });
		const d = play(r.state, 0, { type: 'defend', pay: pay(birds('haasts_eagle', 2)) });
		const g = d.state.regions[0];
		expect([g.mammal, g.stronghold, g.birds, g.leader, g.leaderTile]).toEqual([null, true, [2, 1, 0], 0, tileThere]);
		expect(d.state.taken[0].tiles).toEqual([{ kind: 'weasel', vp: 3 }]);
		expect(d.log[0]).toEqual({ type: 'defended', seat: 0, region: 1, card: 'M16', pay: pay(birds('haasts_eagle', 2)) });
	});

	it('M-6.7: no defence: birds back to their supplies, the leader and the leader tile out of the game; the region is invaded', () => {
		const { s, seat } = weasel(3, (x) => {
			put(x, 1, 0, 2, true);
			put(x, 1, 1, 3);
			hand(x, 0, []);
			hand(x, 1, []);
		});
		const tileThere = s.regions[0].leaderTile;
		const r = pass({ s, seat });
		expect(r.log).toContainEqual({ type: 'invaded', region: 1, birds: [2, 3, 0], leader: 0, leaderTile: tileThere });
		const g = r.state.regions[0];
		expect([g.birds, g.leader, g.leaderTile, g.mammal?.side]).toEqual([[0, 0, 0], null, null, 'attack']);
		expect(r.state.supplyBirds.slice(0, 2)).toEqual([16, 16]);
		expect([r.state.supplyLeaders[0], r.state.leadersOut[0]]).toEqual([3, 1]);
		expect(r.state.leaderTilesOut).toContain(tileThere);
	});

	it('M-6.7: nobody there: the tile lies and the leader tile leaves the game', () => {
		const r = pass(weasel(3));
		expect(entries(r.log, 'declined')).toEqual([]);
		expect(entries(r.log, 'invaded')[0].region).toBe(1);
		expect(r.state.regions[0].leaderTile).toBeNull();
	});
});

describe('M-6.9 the rulebook’s invasion by two dogs', () => {
	it('M-6.9: targets 4 then 5; Red’s leader puts her first; she declines; Green defends with 6 combat; region 5’s tile is removed', () => {
		// Seats: 0 red, 1 yellow, 2 green.
		const { s, seat } = dogsAttack(3, ['M01', 'M02'], (x) => {
			tile(x, 1, 'weasel'); // invaded
			tile(x, 2, 'dog', 'trade', 0); // sold by Red
			put(x, 2, 0, 1);
			x.regions[1].leaderTile = null;
			x.leaderTilesOut.push('L03');
			x.regions[2].stronghold = true;
			put(x, 4, 0, 1, true);
			giveLeaderTile(x, 0, 'L04'); // Red took region 4's tile with her leader
			put(x, 4, 2, 2);
			hand(x, 0, birds('haasts_eagle', 2));
			hand(x, 2, birds('haasts_eagle', 2, new Set(birds('haasts_eagle', 2))));
		});
		expect(s.regions[4].leaderTile).toBe('L07');
		let r = pass({ s, seat });
		expect(entries(r.log, 'invasion')).toEqual([{ type: 'invasion', card: 'M01', region: 4 }]);
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 0, region: 4, order: [2] });
		r = play(r.state, 0, { type: 'decline' });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 2, region: 4 });
		const green = birds('haasts_eagle', 2, new Set(birds('haasts_eagle', 2)));
		r = play(r.state, 2, { type: 'defend', pay: pay(green) });
		const x = r.state;
		expect(x.taken[2].tiles).toEqual([{ kind: 'dog', vp: 4 }]);
		expect(x.regions[3].stronghold).toBe(true);
		expect(entries(r.log, 'invasion')).toEqual([{ type: 'invasion', card: 'M02', region: 5 }]);
		expect(r.log).toContainEqual({ type: 'invaded', region: 5, birds: [0, 0, 0], leader: null, leaderTile: 'L07' });
		expect(x.regions[4].mammal).toMatchObject({ kind: 'dog', side: 'attack' });
		expect(x.mammalDiscard).toEqual(['M01', 'M02']);
		expect(x.display.dog).toEqual([]);
	});
});
