/**
 * Moa's setup (M-2) and the draws it makes from the seed (M-0.3): the start of every game, before
 * the course of the game (course.ts) takes over. Pure.
 */
import { below, commitSeed, shuffle, fail, ok, seedRng, type Applied, type Failure, type Result, type RngState } from '$lib/engine';
import { COLOURS, DISPLAY_KINDS, KARAKIA_TILES, LEADER_TILES, MAMMAL_DECK, PER_COLOUR, PLAYERS, REGIONS, bird, leaderTile, mammal } from './rules';
import type { CardId, Colour, MoaConfig, MoaEntry, MoaState, Seat, TileId } from './types';
import { type Log, type Working } from './operations';
import { settle } from './course';

// ---- randomness (M-0.3) --------------------------------------------------------------------------

/** M-0.3: Fisher–Yates from the end, with the engine's `below` (engine/rng.ts). */
export { shuffle };

/**
 * M-0.3: the draws at creation, in the settled order: leader tiles (B), the mammal deck (E), colours
 * (F, in seat order), the start player (G). The period's bird and terrain shuffles follow from the
 * returned generator. The verifier (verify.ts) replays the game from the same function.
 */
export function creationDraws(config: MoaConfig, seed: string): { leaderTiles: TileId[]; mammalDeck: CardId[]; colours: Colour[]; firstPlayer: Seat; rng: RngState } {
	const n = config.players;
	const rng = seedRng(seed);
	const leaderTiles = shuffle(
		LEADER_TILES.map((t) => t.id),
		rng
	);
	const mammalDeck = shuffle(MAMMAL_DECK, rng);
	const colours: (Colour | null)[] = Array.from({ length: n }, (_, i) => config.colours?.[i] ?? null);
	const free = COLOURS.filter((c) => !colours.includes(c));
	for (let seat = 0; seat < n; seat++) if (colours[seat] === null) colours[seat] = free.splice(below(rng, free.length), 1)[0];
	const firstPlayer = config.startPlayer ?? below(rng, n);
	// The neutral (M-11.1) takes the first colour not in play, in the data's order: no draw.
	if (n === 2) colours.push(free[0]);
	return { leaderTiles, mammalDeck, colours: colours as Colour[], firstPlayer, rng };
}

function checkConfig(config: MoaConfig): Failure | null {
	const n = config?.players;
	const min = PLAYERS.twoPlayerVariant ? 2 : PLAYERS.min;
	if (!Number.isInteger(n) || n < min || n > PLAYERS.max) return fail('BAD_CONFIG', `M-2.1, M-11: Moa is for ${min} to ${PLAYERS.max} players`);
	if (config.startPlayer !== undefined && !(Number.isInteger(config.startPlayer) && config.startPlayer >= 0 && config.startPlayer < n))
		return fail('BAD_CONFIG', 'the start player must be a seat');
	if (config.colours !== undefined) {
		if (!Array.isArray(config.colours) || config.colours.length > n) return fail('BAD_CONFIG', 'one colour per seat at most');
		const chosen = config.colours.filter((c) => c !== null);
		if (chosen.some((c) => !COLOURS.includes(c as Colour)) || new Set(chosen).size !== chosen.length) return fail('BAD_CONFIG', 'colours must be distinct colours of the game');
	}
	return null;
}

export function setupWithLog(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> {
	const bad = checkConfig(config);
	if (bad) return bad;
	if (typeof seed !== 'string' || seed.length === 0) return fail('BAD_SEED', 'the seed must be a non-empty string');
	const n = config.players;
	const d = creationDraws(config, seed);
	const neutral = n === 2;
	const o = n + (neutral ? 1 : 0);
	const zeros = (k: number) => new Array<number>(k).fill(0);
	const s: Working = {
		players: n,
		neutral,
		colours: d.colours,
		seedCommitment: commitSeed(seed),
		firstPlayer: d.firstPlayer,
		startPlayer: d.firstPlayer,
		period: 0,
		round: 0,
		phase: { kind: 'busy' },
		tasks: [{ t: 'period' }],
		// M-2.2: the i-th shuffled tile goes to region i.
		regions: REGIONS.map((r, i) => ({ id: r.id, birds: zeros(o), leader: null, leaderTile: d.leaderTiles[i], stronghold: false, mammal: null, sale: null })),
		volcano: 0, // M-2.3
		erupted: false,
		vp: zeros(n), // M-2.6
		sales: 0,
		display: Object.fromEntries(DISPLAY_KINDS.map((k) => [k, []])), // M-2.5
		mammalDiscard: [],
		mammalDeckLeft: d.mammalDeck.length,
		taken: Array.from({ length: n }, () => ({ tiles: [], cards: [] })),
		supplyBirds: new Array(o).fill(PER_COLOUR.birds), // M-2.6
		supplyLeaders: new Array(o).fill(PER_COLOUR.leaders),
		leadersOut: zeros(o),
		leaderTiles: Array.from({ length: n }, () => []),
		leaderTilesOut: [],
		karakia: Array.from({ length: n }, () => []),
		karakiaSupply: Object.fromEntries(KARAKIA_TILES.reduce((m, t) => m.set(t.type, [...(m.get(t.type) ?? []), t.id]), new Map<string, string[]>())), // M-2.4
		active: null,
		terrainDrawn: [],
		terrainDeckLeft: 0,
		handSize: zeros(n),
		birdPileLeft: 0,
		birdDiscard: [],
		owe: zeros(n),
		periodScores: [],
		secret: { seed, rng: d.rng, hands: Array.from({ length: n }, () => []), birdPile: [], terrainDeck: [], terrainAside: [], mammalDeck: d.mammalDeck }
	};
	const log: Log = [{ type: 'start', colours: d.colours, firstPlayer: d.firstPlayer, leaderTiles: d.leaderTiles, neutral }];
	settle(s, log);
	return ok({ state: s as MoaState, log });
}
