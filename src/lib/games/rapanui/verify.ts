/**
 * Checking a finished Rapa Nui game's randomness from its revealed seed: the seed matches the
 * commitment published at creation, and the start player, the drawn colours and every card laid out
 * (the display, then each refill in order) are recomputed from the seed alone with the documented
 * algorithm (engine.ts `draws`) and compared with what the public log showed. No replay of moves:
 * the deck's order was fixed before any move, so the log's refills must be its consecutive slices.
 */
import { commitSeed, type DrawCheck, type RandomnessCheck, type RevealedGame } from '$lib/engine';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { COLUMN_DEPTH, COLUMNS } from './rules';
import { draws, shuffle } from './engine';
import { fixedPileTop, positionState } from './position';
import type { CardId, Colour, RapaNuiConfig, RapaNuiEntry, RapaNuiMove } from './types';

function status(shown: string, recomputed: string, forced: boolean): DrawCheck['status'] {
	return forced ? 'forced' : shown === recomputed ? 'confirmed' : 'mismatch';
}

/**
 * A game started from a position (position.ts, a test seam): its start player, colours and display
 * are the position's (forced), and so is the top of its pile; the rest of the pile is the seed's
 * shuffle of the cards it did not place, recomputed the same way.
 */
function positionDraws(config: RapaNuiConfig, seed: string): { startPlayer: number; colours: Colour[]; pile: CardId[]; fixed: number } {
	const s = positionState(config, seed, shuffle);
	if (!s.ok) return { startPlayer: -1, colours: [], pile: [], fixed: 0 };
	return { startPlayer: s.value.startPlayer, colours: s.value.colours, pile: s.value.secret.pile, fixed: fixedPileTop(config) };
}

export function verify(g: RevealedGame<RapaNuiConfig, RapaNuiMove, RapaNuiEntry>): RandomnessCheck {
	const commitment = commitSeed(g.seed) === g.seedCommitment;
	const positioned = g.config.position !== undefined;
	const r = positioned ? positionDraws(g.config, g.seed) : { ...draws(g.config, g.seed), fixed: COLUMNS * COLUMN_DEPTH };
	const entries = g.log.flatMap((b) => b.log);
	const start = entries.find((e): e is Extract<RapaNuiEntry, { type: 'start' }> => e.type === 'start');
	const checks: DrawCheck[] = [];
	checks.push({
		label: m.rapanui_verify_start(),
		shown: start ? String(start.startPlayer + 1) : '—',
		recomputed: String(r.startPlayer + 1),
		status: status(start ? String(start.startPlayer + 1) : '—', String(r.startPlayer + 1), g.config.startPlayer !== undefined || positioned)
	});
	const shownColours = start ? start.colours.join(', ') : '—';
	checks.push({ label: m.rapanui_verify_colours(), shown: shownColours, recomputed: r.colours.join(', '), status: status(shownColours, r.colours.join(', '), positioned) });
	// The laid-out cards: the display (16), then every refill, each a consecutive slice of the deck
	// (of a position's pile: its display is the position's own, forced).
	const laid: CardId[][] = [start ? start.display.flat() : []];
	for (const e of entries) if (e.type === 'draw' && e.refill) laid.push(e.refill);
	let at = 0;
	laid.forEach((cards, i) => {
		const size = i === 0 && !positioned ? COLUMNS * COLUMN_DEPTH : cards.length;
		const expected = i === 0 && positioned ? cards : r.pile.slice(at, at + size);
		if (i > 0 || !positioned) at += size;
		// Forced: a fixed deck, or what a position placed (its display, its pile's given top).
		const forced = g.config.deck !== undefined || (positioned && (i === 0 || at <= r.fixed));
		checks.push({
			label: i === 0 ? m.rapanui_verify_cards() : `${m.rapanui_verify_cards()} ${i}`,
			shown: cards.join(' '),
			recomputed: expected.join(' '),
			status: status(cards.join(' '), expected.join(' '), forced)
		});
	});
	return { commitment, draws: checks, ok: commitment && checks.every((c) => c.status !== 'mismatch') };
}
