/**
 * Copies and views of a Moa state (M-0.1, M-0.2): `apply` works on a copy, a seat sees its view.
 */
import { mammal } from './rules';
import type { MoaState, MoaView, Viewer } from './types';

/**
 * A deep copy, field by field (apply never touches its input). Arrays are copied by spreading, not
 * `slice()`: V8 slices a frozen array (the fuzzer freezes every state) about 50 times slower.
 */
export function copyState(s: MoaState): MoaState {
	return { ...copyPublic(s), secret: copySecret(s.secret) };
}

/** Everything but the secret, copied (a view never copies what it drops). */
function copyPublic(s: MoaState): Omit<MoaState, 'secret'> {
	const { secret: _secret, ...rest } = s;
	return {
		...rest,
		colours: [...s.colours],
		phase: s.phase.kind === 'defend' ? { ...s.phase, order: [...s.phase.order] } : { ...s.phase },
		tasks: s.tasks.map((t) => (t.t === 'invade' ? { ...t, cards: [...t.cards] } : t.t === 'turns' ? { ...t, seats: [...t.seats] } : { ...t })),
		regions: s.regions.map((r) => ({ ...r, birds: [...r.birds], mammal: r.mammal && { ...r.mammal }, sale: r.sale && { ...r.sale } })),
		vp: [...s.vp],
		display: Object.fromEntries(Object.entries(s.display).map(([k, c]) => [k, [...c]])),
		mammalDiscard: [...s.mammalDiscard],
		taken: s.taken.map((t) => ({ tiles: t.tiles.map((x) => ({ ...x })), cards: [...t.cards] })),
		supplyBirds: [...s.supplyBirds],
		supplyLeaders: [...s.supplyLeaders],
		leadersOut: [...s.leadersOut],
		leaderTiles: s.leaderTiles.map((l) => l.map((t) => ({ ...t }))),
		leaderTilesOut: [...s.leaderTilesOut],
		karakia: s.karakia.map((l) => l.map((t) => ({ ...t }))),
		karakiaSupply: Object.fromEntries(Object.entries(s.karakiaSupply).map(([k, c]) => [k, [...c]])),
		active: s.active && [s.active[0], s.active[1]],
		terrainDrawn: [...s.terrainDrawn],
		handSize: [...s.handSize],
		birdDiscard: [...s.birdDiscard],
		owe: [...s.owe],
		periodScores: s.periodScores.map((p) => p.map((x) => ({ ...x })))
	};
}

function copySecret(x: MoaState['secret']): MoaState['secret'] {
	return {
		seed: x.seed,
		rng: [x.rng[0], x.rng[1], x.rng[2], x.rng[3]],
		hands: x.hands.map((h) => [...h]),
		birdPile: [...x.birdPile],
		terrainDeck: [...x.terrainDeck],
		terrainAside: [...x.terrainAside],
		mammalDeck: [...x.mammalDeck]
	};
}

// ---- views ---------------------------------------------------------------------------------------

/** M-0.1, M-0.2: everything public; of the secrets only the viewer's own hand, and all at the end. */
export function view(s: MoaState, viewer: Viewer): MoaView {
	const over = s.phase.kind === 'over';
	const x = s.secret;
	const pub = copyPublic(s);
	return {
		...pub,
		viewer,
		secret: {
			seed: over ? x.seed : null,
			hands: x.hands.map((h, seat) => (over || seat === viewer ? h.slice() : null)),
			birdPile: over ? x.birdPile.slice() : null,
			terrainDeck: over ? x.terrainDeck.slice() : null,
			terrainAside: over ? x.terrainAside.slice() : null,
			mammalDeck: over ? x.mammalDeck.slice() : null
		}
	};
}
