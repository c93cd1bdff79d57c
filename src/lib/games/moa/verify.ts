/**
 * Checking a finished Moa game's randomness from its revealed seed (M-0.3): the seed matches the
 * commitment published at creation, and the game is replayed from the seed and its moves with the
 * documented algorithms (setup.ts `creationDraws`, `shuffle`; the d12 is 1 + below(12)). Every
 * random event the public log showed — the leader tiles, colours and start player, each period's
 * terrain cards, every mammal card drawn, every d12 roll — and the piles revealed at the end are
 * compared with what the seed gives.
 */
import { commitSeed, type DrawCheck, type RandomnessCheck, type RevealedGame } from '$lib/engine';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { apply } from './engine';
import { start } from './position';
import type { MoaConfig, MoaEntry, MoaMove } from './types';

/** The random events of a log, grouped for the check: label → shown values. */
function randomEvents(entries: MoaEntry[]): { key: string; label: string; value: string }[] {
	const out: { key: string; label: string; value: string }[] = [];
	let period = 0;
	for (const e of entries) {
		if (e.type === 'start') out.push({ key: 'setup', label: m.moa_verify_setup(), value: `${e.leaderTiles.join(' ')} | ${e.colours.join(' ')} | ${e.firstPlayer + 1}` });
		else if (e.type === 'period') period = e.period;
		else if (e.type === 'terrain') out.push({ key: `terrain${period}`, label: m.moa_verify_terrain({ period }), value: `${e.left} ${e.right}` });
		else if (e.type === 'mammal') out.push({ key: 'mammals', label: m.moa_verify_mammals(), value: e.card });
		else if (e.type === 'roll') out.push({ key: 'rolls', label: m.moa_verify_rolls(), value: String(e.roll) });
		else if (e.type === 'reveal')
			out.push({ key: 'reveal', label: m.moa_log_reveal(), value: `${e.terrainAside.join(' ')} | ${e.terrainDeck.join(' ')} | ${e.mammalDeck.join(' ')} | ${e.birdPile.join(' ')}` });
	}
	return out;
}

function grouped(events: { key: string; label: string; value: string }[]): Map<string, { label: string; value: string }> {
	const g = new Map<string, { label: string; value: string }>();
	for (const e of events) {
		const x = g.get(e.key);
		g.set(e.key, { label: e.label, value: x ? `${x.value} ${e.value}` : e.value });
	}
	return g;
}

export function verify(g: RevealedGame<MoaConfig, MoaMove, MoaEntry>): RandomnessCheck {
	const commitment = commitSeed(g.seed) === g.seedCommitment;
	const recomputed: MoaEntry[] = [];
	// A game from a position (a test seam) starts there, as it did (position.ts `start`).
	const started = start(g.config, g.seed);
	let replayed = started.ok;
	if (started.ok) {
		recomputed.push(...started.value.log);
		let s = started.value.state;
		for (const { seat, move } of g.moves) {
			const r = apply(s, seat, move);
			if (!r.ok) {
				replayed = false;
				break;
			}
			s = r.value.state;
			recomputed.push(...r.value.log);
		}
	}
	const shown = grouped(randomEvents(g.log.flatMap((b) => b.log)));
	const again = grouped(randomEvents(recomputed));
	const keys = [...new Set([...shown.keys(), ...again.keys()])];
	const draws: DrawCheck[] = keys.map((k) => {
		const a = shown.get(k)?.value ?? '—';
		const b = replayed ? (again.get(k)?.value ?? '—') : '—';
		return { label: (shown.get(k) ?? again.get(k))!.label, shown: a, recomputed: b, status: a === b ? 'confirmed' : 'mismatch' };
	});
	return { commitment, draws, ok: commitment && replayed && draws.every((d) => d.status !== 'mismatch') };
}
