/**
 * What must hold in every Moa state (moa.md, cited M-x.y): the fuzzer checks it after every move
 * (fuzz.ts), the test helpers after arranging a position by hand, and a position (position.ts) is
 * refused when it breaks any of it. Pure; reads a full state (the secrets included).
 */
import { conservationErrors, type Place } from '$lib/engine';
import { BIRD_DECK, C, KARAKIA_TILES, LEADER_TILES, MAMMAL_DECK, PER_COLOUR, TERRAIN_DECK, owners } from './rules';
import type { MoaState } from './types';

const bySeat = (what: string, lists: readonly (readonly string[])[]): Place[] => lists.map((ids, seat): Place => [`seat ${seat}'s ${what}`, ids]);

/** What must hold in every state; a list of what does not. */
export function invariantErrors(s: MoaState): string[] {
	const errs: string[] = [];
	const x = s.secret;
	// M-1.2: the 60 bird cards: hands, draw pile, discard pile.
	errs.push(...conservationErrors('M-1.2', 'bird card', [...bySeat('hand', x.hands), ['the bird pile', x.birdPile], ['the bird discard pile', s.birdDiscard]], BIRD_DECK));
	// M-1.3: the 20 mammal cards: deck, display, discard, taken by selling.
	errs.push(
		...conservationErrors(
			'M-1.3',
			'mammal card',
			[['the mammal deck', x.mammalDeck], ...Object.entries(s.display).map(([k, ids]): Place => [`the ${k} display`, ids]), ['the mammal discard pile', s.mammalDiscard], ...bySeat('sold cards', s.taken.map((t) => t.cards))],
			MAMMAL_DECK
		)
	);
	// M-1.5: the 30 terrain cards (once a period is under way): drawn, undrawn, set aside (M-4.2).
	if (s.period > 0)
		errs.push(...conservationErrors('M-1.5', 'terrain card', [['the drawn terrain cards', s.terrainDrawn], ['the terrain deck', x.terrainDeck], ['the terrain cards set aside', x.terrainAside]], TERRAIN_DECK));
	// M-1.6: the 12 leader tiles: on the board, held, out of the game.
	const onBoard = s.regions.map((r): Place => [`region ${r.id}`, r.leaderTile === null ? [] : [r.leaderTile]]);
	errs.push(...conservationErrors('M-1.6', 'leader tile', [...onBoard, ...bySeat('leader tiles', s.leaderTiles.map((l) => l.map((t) => t.id))), ['the leader tiles out of the game', s.leaderTilesOut]], LEADER_TILES.map((t) => t.id)));
	// M-1.7: the 13 karakia tiles: each on its type's stack (M-2.4) or held.
	const stacks = Object.entries(s.karakiaSupply).map(([type, ids]): Place => [`the ${type} stack`, ids]);
	errs.push(...conservationErrors('M-1.7', 'karakia tile', [...stacks, ...bySeat('karakia tiles', s.karakia.map((l) => l.map((t) => t.id)))], KARAKIA_TILES.map((t) => t.id)));
	for (const [type, ids] of Object.entries(s.karakiaSupply))
		for (const id of ids) if (KARAKIA_TILES.some((t) => t.id === id && t.type !== type)) errs.push(`M-2.4: karakia tile ${id} lies on the ${type} stack, not its own type's`);
	// M-1.8: per colour 16 birds and 4 leaders.
	for (let o = 0; o < owners(s); o++) {
		const birds = s.supplyBirds[o] + s.regions.reduce((a, r) => a + r.birds[o], 0);
		const leaders = s.supplyLeaders[o] + s.leadersOut[o] + s.regions.filter((r) => r.leader === o).length;
		if (birds !== PER_COLOUR.birds) errs.push(`M-1.8: ${s.colours[o]} has ${birds} birds in its supply and on the board, not ${PER_COLOUR.birds}`);
		if (leaders !== PER_COLOUR.leaders) errs.push(`M-1.8: ${s.colours[o]} has ${leaders} leaders in its supply, on the board and out of the game, not ${PER_COLOUR.leaders}`);
		if (s.supplyBirds[o] < 0 || s.supplyLeaders[o] < 0 || s.leadersOut[o] < 0 || s.regions.some((r) => r.birds[o] < 0)) errs.push(`M-1.8: ${s.colours[o]}: a negative count`);
	}
	for (const r of s.regions) {
		if (r.mammal && r.stronghold) errs.push(`M-8.6: region ${r.id}: a stronghold beside a mammal tile`);
		if ((r.sale !== null) !== (r.mammal?.side === 'trade')) errs.push(`M-7.6: region ${r.id}: a sale without a trade tile, or a trade tile without a sale`);
		if (s.erupted && r.id === C.volcanoRegion && (r.birds.some((b) => b > 0) || r.leader !== null || r.mammal || r.stronghold || r.leaderTile)) errs.push('M-5.7: the erupted volcano is not empty');
	}
	if (s.regions.filter((r) => r.stronghold).length > C.strongholds) errs.push(`M-1.8: more than ${C.strongholds} strongholds`);
	if (s.vp.some((v) => v < 0) || s.sales < 0) errs.push('a negative counter');
	if (s.handSize.some((n, seat) => n !== x.hands[seat].length) || s.birdPileLeft !== x.birdPile.length || s.mammalDeckLeft !== x.mammalDeck.length || s.terrainDeckLeft !== x.terrainDeck.length)
		errs.push('a public count disagrees with its pile');
	if (s.owe.some((n, seat) => n < 0 || n > x.hands[seat].length)) errs.push(`M-8.6: an owed discard of more cards than the hand holds`);
	if (s.phase.kind === 'busy') errs.push('a busy state left apply');
	return errs;
}
