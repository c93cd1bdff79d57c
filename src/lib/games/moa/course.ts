/**
 * The course of a Moa period (M-3 … M-6, M-9 … M-11): everything between two decisions runs from
 * `tasks`, a queue of what happens next, until somebody must be asked (`phase`). So an invasion that
 * waits for a defence in the middle of the left terrain card simply leaves the rest of the card, the
 * right card and the round's turns in the queue. Changes a copy in place (see operations.ts).
 */
import { below, cloneJson } from '$lib/engine';
import { BIRD_DECK, C, ERUPTION_SPACE, TERRAIN_DECK, VOLCANO, bird, isErupted, leaderTile, mammal, mammalKind, playerOrder, scoreRegion, terrainCard, usableKarakia, usableLeaderTiles } from './rules';
import { afterTiles, defenceImpossible, defenceOrder, invasionTarget, neutralOptions } from './checks';
import type { CardId, MoaEntry, PeriodScore, Seat, Task, TileId } from './types';
import { shuffle } from './setup';
import { sortIds, syncCounts, type Log, type Working } from './operations';

// ---- the course of the game (tasks) --------------------------------------------------------------

export function settle(s: Working, log: Log): void {
	while (s.phase.kind === 'busy') {
		const task = s.tasks.shift();
		if (!task) throw new Error('moa: nothing left to do in a running game');
		run(s, task, log);
	}
	syncCounts(s);
}

export function run(s: Working, task: Task, log: Log): void {
	switch (task.t) {
		case 'period':
			return startPeriod(s, log);
		case 'terrain':
			return startRound(s, log);
		case 'instruction':
			return instruction(s, task.card, task.index, log);
		case 'draw':
			return drawMammal(s, task.left, log);
		case 'invade':
			return invade(s, task.cards, log);
		case 'turns':
			return nextTurn(s, task.seats, log);
		case 'neutral':
			return neutralRoll(s, task.seat, log);
		case 'roundEnd':
			return roundEnd(s);
		case 'scoring':
			return scoring(s, log);
	}
}

/** M-4: a new period: all 60 bird cards shuffled and 9 dealt to each, all 30 terrain cards shuffled. */
export function startPeriod(s: Working, log: Log): void {
	const x = s.secret;
	s.period++;
	s.round = 0;
	// M-0.3: the full shuffles of a period are fresh piles in the data's order.
	const birds = shuffle(BIRD_DECK, x.rng);
	// M-4.1 (settled): blocks of 9 from the top, from the start player clockwise.
	for (const seat of playerOrder(s)) x.hands[seat] = birds.splice(0, C.handSize);
	x.birdPile = birds;
	s.birdDiscard = [];
	const terrain = shuffle(TERRAIN_DECK, x.rng);
	x.terrainAside = terrain.slice(0, C.terrainSetAsidePerPeriod); // M-4.2
	x.terrainDeck = terrain.slice(C.terrainSetAsidePerPeriod);
	s.terrainDrawn = [];
	s.active = null;
	log.push({ type: 'period', period: s.period });
	s.tasks.unshift({ t: 'terrain' });
}

/** M-5.1, M-5.2: the round's two terrain cards, then their instructions (left first), the turns and the end of the round. */
export function startRound(s: Working, log: Log): void {
	s.round++;
	log.push({ type: 'round', period: s.period, round: s.round, startPlayer: s.startPlayer });
	const deck = s.secret.terrainDeck;
	const left = deck.shift()!;
	const right = deck.shift()!;
	s.active = [left, right];
	s.terrainDrawn.push(left, right);
	log.push({ type: 'terrain', left, right });
	const tasks: Task[] = [];
	for (const card of [left, right]) terrainCard(card).instructions.forEach((_, index) => tasks.push({ t: 'instruction', card, index }));
	tasks.push({ t: 'turns', seats: playerOrder(s) }, { t: 'roundEnd' });
	s.tasks.unshift(...tasks);
}

export function instruction(s: Working, card: CardId, index: number, log: Log): void {
	const ins = terrainCard(card).instructions[index];
	if (ins.kind === 'draw_mammals') s.tasks.unshift({ t: 'draw', left: ins.count }); // M-5.4
	else if (ins.kind === 'mammals_attack') {
		// M-5.5: every card of the kind in the display, oldest first.
		const cards = [...(s.display[ins.mammal] ?? [])];
		if (cards.length) {
			log.push({ type: 'attackOrder', kind: ins.mammal, cards: cards.length });
			s.tasks.unshift({ t: 'invade', cards });
		}
	} else moveVolcano(s, log);
}

/** M-5.6, M-5.7 */
export function moveVolcano(s: Working, log: Log): void {
	if (s.erupted) return;
	s.volcano++;
	log.push({ type: 'volcano', space: s.volcano });
	if (s.volcano === ERUPTION_SPACE) erupt(s, log);
}

export function erupt(s: Working, log: Log): void {
	const r = s.regions[VOLCANO - 1];
	const birds = r.birds.slice();
	for (let o = 0; o < r.birds.length; o++) {
		s.supplyBirds[o] += r.birds[o];
		r.birds[o] = 0;
	}
	const leader = r.leader;
	if (leader !== null) s.supplyLeaders[leader]++; // not lost, unlike an invasion
	r.leader = null;
	const entry: MoaEntry = { type: 'eruption', birds, leader, leaderTile: r.leaderTile, mammal: r.mammal?.kind ?? null, stronghold: r.stronghold };
	if (r.leaderTile) s.leaderTilesOut.push(r.leaderTile);
	r.leaderTile = null;
	r.mammal = null;
	r.sale = null; // the sale still counts in the sale price (M-5.7: `sales` keeps it)
	r.stronghold = false;
	s.erupted = true;
	log.push(entry);
}

/** M-5.4: one mammal card at a time; a weasel attacks at once, before the next is drawn. */
export function drawMammal(s: Working, left: number, log: Log): void {
	if (left <= 0) return;
	const x = s.secret;
	if (x.mammalDeck.length === 0) {
		if (s.mammalDiscard.length === 0) {
			log.push({ type: 'noMammal' });
			return;
		}
		x.mammalDeck = shuffle(s.mammalDiscard, x.rng);
		log.push({ type: 'mammalReshuffle', cards: s.mammalDiscard.length });
		s.mammalDiscard = [];
	}
	const card = x.mammalDeck.shift()!;
	log.push({ type: 'mammal', card });
	const kind = mammal(card).kind;
	const next: Task[] = [];
	if (mammalKind(kind).entersDisplay) s.display[kind].push(card);
	else next.push({ t: 'invade', cards: [card] });
	if (left > 1) next.push({ t: 'draw', left: left - 1 });
	s.tasks.unshift(...next);
}

export function removeFromDisplay(s: Working, card: CardId): void {
	const k = mammal(card).kind;
	if (s.display[k]) s.display[k] = s.display[k].filter((c) => c !== card);
}

/** M-6.2–M-6.8: the first of `cards` attacks; the rest wait in the queue. */
export function invade(s: Working, cards: CardId[], log: Log): void {
	if (cards.length === 0) return;
	const [card, ...rest] = cards;
	let target = invasionTarget(s);
	if (target === null && s.regions.some((r) => r.stronghold)) {
		for (const r of s.regions) r.stronghold = false;
		log.push({ type: 'strongholdsBack' });
		target = invasionTarget(s);
	}
	if (target === null) {
		for (const c of cards) removeFromDisplay(s, c);
		s.mammalDiscard.push(...sortIds(cards)); // M-0.3 (settled): discarded together, ascending ids
		log.push({ type: 'noTarget', cards });
		return;
	}
	removeFromDisplay(s, card);
	const m = mammal(card);
	const region = s.regions[target - 1];
	region.mammal = { kind: m.kind, side: 'attack', combat: m.combat, vp: m.vp }; // M-6.3
	s.mammalDiscard.push(card);
	log.push({ type: 'invasion', card, region: target });
	if (rest.length) s.tasks.unshift({ t: 'invade', cards: rest });
	askNext(s, target, card, defenceOrder(s, region), log);
}

export function askNext(s: Working, region: number, card: CardId, order: Seat[], log: Log): void {
	const combat = s.regions[region - 1].mammal!.combat;
	while (order.length) {
		const [seat, ...rest] = order;
		syncCounts(s);
		if (!defenceImpossible(s, seat, combat)) {
			s.phase = { kind: 'defend', seat, region, card, order: rest };
			return;
		}
		log.push({ type: 'declined', seat, region, auto: true });
		order = rest;
	}
	undefended(s, region, log);
}

/** M-6.7: nobody defended. */
export function undefended(s: Working, id: number, log: Log): void {
	const r = s.regions[id - 1];
	const birds = r.birds.slice();
	for (let o = 0; o < r.birds.length; o++) {
		s.supplyBirds[o] += r.birds[o];
		r.birds[o] = 0;
	}
	const leader = r.leader;
	if (leader !== null) s.leadersOut[leader]++; // out of the game
	r.leader = null;
	const leaderTile = r.leaderTile;
	if (leaderTile) s.leaderTilesOut.push(leaderTile);
	r.leaderTile = null;
	log.push({ type: 'invaded', region: id, birds, leader, leaderTile });
	s.phase = { kind: 'busy' };
}

/** M-7.1: the next seat's step-B turn; in the 2-player game the neutral follows it (M-11.2). */
export function nextTurn(s: Working, seats: Seat[], log: Log): void {
	if (seats.length === 0) return;
	const [seat, ...rest] = seats;
	const next: Task[] = [];
	if (s.neutral) next.push({ t: 'neutral', seat });
	if (rest.length) next.push({ t: 'turns', seats: rest });
	s.tasks.unshift(...next);
	// M-8.4: tiles gained earlier become usable now.
	for (const t of s.leaderTiles[seat]) t.fresh = false;
	for (const t of s.karakia[seat]) t.fresh = false;
	log.push({ type: 'turn', seat });
	// M-0.4: a pass is automatic only for a player with no bird card, no usable symbol leader tile and no usable karakia tile.
	const symbolTiles = usableLeaderTiles(s, seat).filter((t) => leaderTile(t)?.symbols);
	if (s.secret.hands[seat].length === 0 && symbolTiles.length === 0 && usableKarakia(s, seat).length === 0) {
		log.push({ type: 'pass', seat, auto: true });
		return;
	}
	s.phase = { kind: 'turn', seat, acted: false };
}

/** After the action: the turn waits only for a usable move-birds or stronghold tile (M-0.5). */
export function afterAction(s: Working, seat: Seat): void {
	s.phase = afterTiles(s, seat).length ? { kind: 'turn', seat, acted: true } : { kind: 'busy' };
}

/** M-11.2: the d12 roll after a turn, then the neutral's placement. */
export function neutralRoll(s: Working, seat: Seat, log: Log): void {
	const roll = 1 + below(s.secret.rng, C.neutralDieSides);
	log.push({ type: 'roll', seat, roll });
	const options = neutralOptions(s, roll);
	if (options.length === 0) {
		log.push({ type: 'noNeutral' });
		return;
	}
	if (options.length === 1) {
		placeNeutral(s, seat, options[0].region, options[0].what, true, log);
		return;
	}
	s.phase = { kind: 'neutral', seat, roll };
}

export function placeNeutral(s: Working, seat: Seat, id: number, what: 'bird' | 'birds' | 'leader', auto: boolean, log: Log): void {
	const o = s.players;
	const r = s.regions[id - 1];
	let birds = 0;
	let leaderTileId: TileId | null = null;
	if (what === 'leader') {
		r.leader = o;
		s.supplyLeaders[o]--;
		leaderTileId = r.leaderTile; // removed from the game (M-11.2)
		if (leaderTileId) s.leaderTilesOut.push(leaderTileId);
		r.leaderTile = null;
	} else {
		birds = what === 'birds' ? C.neutralBirdsIfRolledRegionActive : C.neutralBirdsBase;
		r.birds[o] += birds;
		s.supplyBirds[o] -= birds;
	}
	log.push({ type: 'neutral', seat, region: id, birds, leader: what === 'leader', leaderTile: leaderTileId, auto });
	s.phase = { kind: 'busy' };
}

/** M-3.2 C, M-3.3: the marker passes after every round; after round 7 the scoring follows. */
export function roundEnd(s: Working): void {
	s.startPlayer = (s.startPlayer + 1) % s.players;
	s.tasks.unshift(s.round < C.roundsPerPeriod ? { t: 'terrain' } : { t: 'scoring' });
}

/** M-9 scoring, then M-10 clean-up (period 1) or the end (period 2). */
export function scoring(s: Working, log: Log): void {
	const n = s.players;
	const regionScores = [];
	const byRegion = new Array(n).fill(0);
	for (const r of s.regions) {
		if (isErupted(s, r.id)) continue; // M-5.7
		const points = scoreRegion(s, r);
		regionScores.push({ region: r.id, points });
		for (let seat = 0; seat < n; seat++) byRegion[seat] += points[seat]; // the neutral's are not recorded (M-11.4)
	}
	// M-9.7: taken mammal tiles and sold cards; the cards go to the discard pile in player order.
	const mammals = new Array(n).fill(0);
	for (const seat of playerOrder(s)) {
		const t = s.taken[seat];
		for (const tile of t.tiles) mammals[seat] += tile.vp;
		for (const c of t.cards) mammals[seat] += mammal(c).vp;
		s.mammalDiscard.push(...sortIds(t.cards));
		s.taken[seat] = { tiles: [], cards: [] };
	}
	for (const r of s.regions) if (r.sale) r.sale.scored = true;
	// M-9.8: VP leader tiles score and leave the game.
	const tiles = new Array(n).fill(0);
	for (let seat = 0; seat < n; seat++) {
		for (const t of s.leaderTiles[seat]) {
			const vp = leaderTile(t.id)?.vp;
			if (vp === undefined) continue;
			tiles[seat] += vp;
			s.leaderTilesOut.push(t.id);
		}
		s.leaderTiles[seat] = s.leaderTiles[seat].filter((t) => leaderTile(t.id)?.vp === undefined);
	}
	const period: PeriodScore[] = [];
	for (let seat = 0; seat < n; seat++) {
		s.vp[seat] += byRegion[seat] + mammals[seat] + tiles[seat];
		period.push({ regions: byRegion[seat], mammals: mammals[seat], leaderTiles: tiles[seat] });
	}
	s.periodScores.push(period);
	log.push({ type: 'scoring', period: s.period, regions: regionScores, mammals, leaderTiles: tiles });
	if (s.period < C.periods) {
		// M-10.1: the hands to the discard pile, face up, in player order; M-10.2: strongholds back.
		const discarded: CardId[][] = s.secret.hands.map(() => []);
		for (const seat of playerOrder(s)) {
			discarded[seat] = sortIds(s.secret.hands[seat]);
			s.birdDiscard.push(...discarded[seat]);
			s.secret.hands[seat] = [];
		}
		for (const r of s.regions) r.stronghold = false;
		s.active = null;
		s.owe = s.owe.map(() => 0);
		log.push({ type: 'cleanup', discarded });
		s.tasks.unshift({ t: 'period' });
		return;
	}
	// M-10.4: the game ends after the scoring of period 2; every secret is revealed (M-0.2).
	s.phase = { kind: 'over' };
	const x = s.secret;
	// The seed itself is never logged (the platform's contract): the view and the export reveal it.
	log.push({ type: 'end' }, { type: 'reveal', hands: cloneJson(x.hands), terrainAside: [...x.terrainAside], terrainDeck: [...x.terrainDeck], mammalDeck: [...x.mammalDeck], birdPile: [...x.birdPile] });
}
