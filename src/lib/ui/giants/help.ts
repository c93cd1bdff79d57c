/**
 * "What can I do now?" (issue 31, GameModule.help): the seat's legal options in words, from the
 * engine's legalMoves on the seat's own view (the UI knows no rules), and the rule of the phase.
 * Part of the game page's chunk, so one short sentence per phase (the page's JavaScript budget,
 * docs/benchmarks.md); the refusals' words are their own chunk (refusals.ts).
 */
import type { GiantsMove, GiantsView } from '$lib/games/giants/surface';
import { legalMoves } from '$lib/games/giants/surface';
import { m } from '$lib/paraglide/messages';
import type { Help } from '$lib/ui/kinds';

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Null when nothing awaits the seat (a sealed decision already made, another's turn, the end). */
export function help(view: unknown, seat: number | null): Help | null {
	const v = view as GiantsView | null;
	if (!v || seat === null) return null;
	const ph = v.phase;
	const awaited =
		ph.kind === 'bid' ? !ph.submitted[seat] : ph.kind === 'choice' ? ph.eligible[seat] && !ph.submitted[seat] : ph.kind !== 'over' && ph.turn === seat;
	if (!awaited) return null;
	const legal: GiantsMove[] = legalMoves(v, seat);
	const has = (t: GiantsMove['type']) => legal.some((x) => x.type === t);
	switch (ph.kind) {
		case 'bid':
			return { now: m.giants_learn_help_bid(), rule: 'G-3.1' };
		case 'carve': {
			const sizes = [...new Set(legal.flatMap((x) => (x.type === 'carve' ? [x.size] : [])))].sort();
			return { now: m.giants_learn_help_carve({ sizes: sizes.join(', ') }), rule: ph.pass > 1 ? 'G-3.4' : 'G-3.3' };
		}
		case 'place': {
			const parts = [has('place') ? m.giants_learn_help_place() : '', has('action') ? m.giants_learn_help_act() : '', has('rongo') ? m.giants_learn_help_rongo() : ''];
			return { now: upper([...parts.filter(Boolean), m.giants_learn_help_pass()].join('; ')), rule: 'G-4' };
		}
		case 'transport': {
			const parts = has('move') || has('mark') ? [m.giants_learn_help_transport()] : [];
			return { now: upper([...parts, m.giants_learn_help_pass()].join('; ')), rule: 'G-5' };
		}
		case 'choice':
			return { now: m.giants_learn_help_choice(), rule: 'G-6.0' };
		default:
			return null;
	}
}
