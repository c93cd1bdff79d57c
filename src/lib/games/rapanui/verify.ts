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
import { draws } from './engine';
import type { CardId, RapaNuiConfig, RapaNuiEntry, RapaNuiMove } from './types';

function status(shown: string, recomputed: string, forced: boolean): DrawCheck['status'] {
	return forced ? 'forced' : shown === recomputed ? 'confirmed' : 'mismatch';
}

export function verify(g: RevealedGame<RapaNuiConfig, RapaNuiMove, RapaNuiEntry>): RandomnessCheck {
	const commitment = commitSeed(g.seed) === g.seedCommitment;
	const r = draws(g.config, g.seed);
	const entries = g.log.flatMap((b) => b.log);
	const start = entries.find((e): e is Extract<RapaNuiEntry, { type: 'start' }> => e.type === 'start');
	const checks: DrawCheck[] = [];
	checks.push({
		label: m.rapanui_verify_start(),
		shown: start ? String(start.startPlayer + 1) : '—',
		recomputed: String(r.startPlayer + 1),
		status: status(start ? String(start.startPlayer + 1) : '—', String(r.startPlayer + 1), g.config.startPlayer !== undefined)
	});
	const shownColours = start ? start.colours.join(', ') : '—';
	checks.push({ label: m.rapanui_verify_colours(), shown: shownColours, recomputed: r.colours.join(', '), status: status(shownColours, r.colours.join(', '), false) });
	// The laid-out cards: the display (16), then every refill, each a consecutive slice of the deck.
	const laid: CardId[][] = [start ? start.display.flat() : []];
	for (const e of entries) if (e.type === 'draw' && e.refill) laid.push(e.refill);
	let at = 0;
	laid.forEach((cards, i) => {
		const size = i === 0 ? COLUMNS * COLUMN_DEPTH : cards.length;
		const expected = r.pile.slice(at, at + size);
		at += size;
		checks.push({
			label: i === 0 ? m.rapanui_verify_cards() : `${m.rapanui_verify_cards()} ${i}`,
			shown: cards.join(' '),
			recomputed: expected.join(' '),
			status: status(cards.join(' '), expected.join(' '), g.config.deck !== undefined)
		});
	});
	return { commitment, draws: checks, ok: commitment && checks.every((c) => c.status !== 'mismatch') };
}
