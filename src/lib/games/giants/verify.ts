/**
 * Verifying a finished Giants game's dice from its revealed seed (G-0.3; issue 6, docs/export.md).
 * Pure and independent of the replay: the browser's "Verify dice" and the contract's `verify`.
 */
import { below, commitSeed, seedRng, type RandomnessCheck, type RevealedGame, type RngState } from '$lib/engine';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { COMPONENTS, SETUP } from './board';
import { isFullPosition } from './fullPosition';
import type { DieRoll, GiantsConfig, GiantsEntry } from './types';

/** What the check needs: the engine config, the revealed seed and the commitment shown from the start. */
export interface DiceInput {
	config: Pick<GiantsConfig, 'players' | 'startPlayer' | 'forcedDice' | 'position'>;
	seed: string;
	seedCommitment: string;
}

/*
 * The trust argument (docs/export.md "Verifying the dice"):
 * 1. From the start every view showed `seedCommitment` = SHA-256(seed). SHA-256 is preimage- and
 *    collision-resistant, so the server cannot reveal another seed at the end than the one it
 *    committed to: we check SHA-256(revealed seed) = commitment.
 * 2. The dice depend on nothing but the seed (docs/giants-notation.md "Provable dice"): the
 *    generator draws only the start player (when not fixed) and each round's dice, in a fixed order,
 *    whatever the players did. (A game from a full position starts from the position's generator,
 *    or, written `fresh`, from its own seed with no start-player draw; see `verifyDice`.) So the whole sequence of rolls was fixed when the game was created,
 *    before any move; the server could not steer a roll in reaction to play.
 * 3. We recompute every roll from the seed with that documented algorithm alone — no replay of the
 *    moves, no server code path — and compare it with the rolls in the public log, which is what the
 *    players were shown during the game (GET /api/games/:id/log), not with anything in the export.
 * What it cannot show: that the server did not know the seed (it did; it had to roll the dice), so
 * a server colluding with a player could have told that player the coming rolls.
 */

export type RollStatus = 'confirmed' | 'mismatch' | 'forced';

export interface RollCheck {
	round: number;
	/** The dice recomputed from the seed (or the forced faces of a test scenario). */
	expected: { colour: DieRoll['colour']; face: number }[];
	/** The dice the public log showed for that round. */
	shown: { colour: DieRoll['colour']; face: number }[];
	status: RollStatus;
}

export interface DiceCheck {
	commitmentOk: boolean;
	rounds: RollCheck[];
	/** Every roll confirmed (forced rounds aside) and the commitment holds. */
	ok: boolean;
}

/** The public log (GET /api/games/:id/log): batches by version, oldest first. */
export type PublicLog = { version: number; log: GiantsEntry[] }[];

/** The rolls in a log, each with the round its `round` entry announced. */
export function rollsOf(log: PublicLog): { round: number; dice: DieRoll[] }[] {
	const out: { round: number; dice: DieRoll[] }[] = [];
	let round = 0;
	for (const b of log)
		for (const e of b.log) {
			if (e.type === 'round') round = e.round;
			else if (e.type === 'roll') out.push({ round, dice: e.dice });
		}
	return out;
}

/** Recomputes every roll shown in `shown` from the export's seed alone and compares them. */
export function verifyDice(e: DiceInput, shown: PublicLog): DiceCheck {
	const commitmentOk = commitSeed(e.seed) === e.seedCommitment;
	const n = e.config.players;
	const colours: DieRoll['colour'][] = [
		...Array<DieRoll['colour']>(COMPONENTS.dice.white.count).fill('white'),
		...Array<DieRoll['colour']>(SETUP.brownDiceByPlayers[String(n)]).fill('brown')
	];
	const pos = e.config.position;
	// A game from a full position (position.ts) starts inside its round, with the position's generator
	// if it gives one (a state written down), else a fresh one from the seed (a game played on from a
	// position); its first roll is the next round's, and until then it has rolled nothing.
	const full = isFullPosition(pos);
	const rng: RngState = full && pos.rng ? [...pos.rng] : seedRng(e.seed);
	if (!full && e.config.startPlayer === undefined) below(rng, n); // G-2.3: the first draw is the start player
	const rolls = rollsOf(shown);
	const rounds: RollCheck[] = [];
	// Each round draws its dice in turn, so the rounds must follow each other without a gap.
	let expectRound = rolls.length ? (pos?.round ?? 1) + (full ? 1 : 0) : 0;
	for (const r of rolls) {
		const forced = e.config.forcedDice?.[r.round - 1];
		const expected = colours.map((colour, i) => ({ colour, face: forced ? forced[i] : COMPONENTS.dice[colour].faces[below(rng, 6)] }));
		const got = r.dice.map((d) => ({ colour: d.colour, face: d.face }));
		const same = r.round === expectRound && got.length === expected.length && got.every((d, i) => d.colour === expected[i].colour && d.face === expected[i].face);
		rounds.push({ round: r.round, expected, shown: got, status: !same ? 'mismatch' : forced ? 'forced' : 'confirmed' });
		expectRound++;
	}
	return { commitmentOk, rounds, ok: commitmentOk && (rounds.length > 0 || full) && rounds.every((r) => r.status !== 'mismatch') };
}

/**
 * The randomness check of the contract (engine/kind.ts): every round's roll and whether it matches,
 * worded for the platform's history page (ui/history/RandomCheck.svelte).
 */
export function verify(g: RevealedGame<GiantsConfig, unknown, GiantsEntry>): RandomnessCheck {
	const d = verifyDice({ config: g.config, seed: g.seed, seedCommitment: g.seedCommitment }, g.log);
	const dice = (ds: RollCheck['expected']) => ds.map((x) => `${x.colour} ${x.face}`).join(', ');
	return {
		commitment: d.commitmentOk,
		ok: d.ok,
		draws: d.rounds.map((r) => ({ label: m.history_dice_label({ round: String(r.round) }), shown: dice(r.shown), recomputed: dice(r.expected), status: r.status }))
	};
}
