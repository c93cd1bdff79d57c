/**
 * What must hold in every Rapa Nui state (rapanui.md, cited R-x.y): the fuzzer checks it after every
 * move (fuzz.ts) and a starting position is refused when it breaks any of it (position.ts). Pure;
 * reads a full state (the secrets included).
 */
import { conservationErrors, type Place } from '$lib/engine';
import { DECK, HAND_SIZE, KINDS, PER_KIND, startDisplay, startHand } from './rules';
import type { Kind, RapaNuiState } from './types';

/** Where each card lies, by place (the words of the errors). */
function cardPlaces(s: RapaNuiState): Place[] {
	return [
		['the pile', s.secret.pile],
		...s.columns.map((c, i): Place => [`column ${i + 1}`, c]),
		...s.hands.map((h, seat): Place => [`seat ${seat}'s hand`, h]),
		...s.displays.map((d, seat): Place => [`seat ${seat}'s display`, d]),
		['the box', s.box]
	];
}

/** What must hold in every state; a list of what does not. */
export function invariantErrors(s: RapaNuiState): string[] {
	const errs: string[] = [];
	// the 50 Rapa Nui cards and the start cards of the colours in play, each
	// exactly once: pile, display, hands, personal displays, box.
	const start = s.colours.flatMap((c) => [...startDisplay(c), ...startHand(c)]);
	const places = cardPlaces(s);
	errs.push(...conservationErrors('R-1.1, R-1.2', 'card', places, [...DECK, ...start]));
	// a start card is never drawn or boxed, so it stays with its colour's seat (one that is
	// nowhere at all is reported above).
	s.colours.forEach((c, seat) => {
		for (const id of [...startDisplay(c), ...startHand(c)])
			if (!s.hands[seat].includes(id) && !s.displays[seat].includes(id) && places.some(([, ids]) => ids.includes(id)))
				errs.push(`R-2.2: start card ${id} lies elsewhere than in seat ${seat}'s hand or display`);
	});
	if (s.pileLeft !== s.secret.pile.length) errs.push('pileLeft disagrees with the pile');
	// 25 of each kind in the supply, the collections and on the stone.
	let down = 0;
	const stone: Record<Kind, number> = { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 };
	const downBy: Record<Kind, number>[] = s.wood.map(() => ({ fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 }));
	for (const c of s.stone) {
		const k = c.faceUp ? c.kind : s.secret.faceDown[down++];
		if (!k) {
			errs.push('a face-up stone card without a kind');
			continue;
		}
		if (!c.faceUp && s.phase.kind !== 'over' && c.kind !== null) errs.push('a face-down kind is public before the end');
		stone[k]++;
		if (!c.faceUp) downBy[c.seat][k]++;
	}
	if (down !== s.secret.faceDown.length) errs.push('face-down kinds disagree with the stone');
	for (const k of KINDS) {
		const total = s.supply[k] + stone[k] + s.secret.collections.reduce((a, c) => a + c[k], 0);
		if (total !== PER_KIND) errs.push(`R-1.3: ${total} offering cards of ${k} in the supply, the collections and on the stone, not ${PER_KIND}`);
		if (s.supply[k] < 0) errs.push(`R-1.3: the ${k} supply pile holds ${s.supply[k]}`);
	}
	s.wood.forEach((_, seat) => {
		if (s.wood[seat] < 0 || s.fame[seat] < 0) errs.push(`R-1.4: seat ${seat}: negative wood or fame`);
		if (s.faceDowns[seat] !== s.stone.filter((c) => !c.faceUp && c.seat === seat).length) errs.push(`seat ${seat}: face-down count`);
		for (const k of KINDS) {
			if (s.secret.collections[seat][k] < 0) errs.push(`seat ${seat}: negative ${k}`);
			// the ledger is the collection plus the seat's face-down cards of the kind.
			if (s.ledger[seat][k] !== s.secret.collections[seat][k] + downBy[seat][k]) errs.push(`seat ${seat}: ledger ${k}`);
		}
		if (s.hands[seat].length > HAND_SIZE) errs.push(`R-6.1: seat ${seat} holds ${s.hands[seat].length} cards`);
	});
	return errs;
}
