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

/** The phase's rule, for everybody; the options (`now`) only for the seat awaited. Null without a view. */
export function help(view: unknown, seat: number | null): Help | null {
	const v = view as GiantsView | null;
	if (!v) return null;
	const ph = v.phase;
	const rule =
		ph.kind === 'bid' ? 'G-3.1' : ph.kind === 'carve' ? (ph.pass > 1 ? 'G-3.4' : 'G-3.3') : ph.kind === 'place' ? 'G-4' : ph.kind === 'transport' ? 'G-5' : ph.kind === 'choice' ? 'G-6.0' : 'G-6.2';
	return { now: seat === null ? null : now(v, seat), rule };
}

/** The seat's options in words; null when nothing awaits it (a sealed decision made, another's turn, the end). */
function now(v: GiantsView, seat: number): string | null {
	const ph = v.phase;
	const awaited =
		ph.kind === 'bid' ? !ph.submitted[seat] : ph.kind === 'choice' ? ph.eligible[seat] && !ph.submitted[seat] : ph.kind !== 'over' && ph.turn === seat;
	if (!awaited) return null;
	const legal: GiantsMove[] = legalMoves(v, seat);
	const has = (t: GiantsMove['type']) => legal.some((x) => x.type === t);
	switch (ph.kind) {
		case 'bid':
			return m.giants_learn_help_bid();
		case 'carve': {
			const sizes = [...new Set(legal.flatMap((x) => (x.type === 'carve' ? [x.size] : [])))].sort();
			return m.giants_learn_help_carve({ sizes: sizes.join(', ') });
		}
		case 'place': {
			const parts = [has('place') ? m.giants_learn_help_place() : '', has('action') ? m.giants_learn_help_act() : '', has('rongo') ? m.giants_learn_help_rongo() : ''];
			return upper([...parts.filter(Boolean), m.giants_learn_help_pass()].join('; '));
		}
		case 'transport': {
			const parts = has('move') || has('mark') ? [m.giants_learn_help_transport()] : [];
			return upper([...parts, m.giants_learn_help_pass()].join('; '));
		}
		case 'choice':
			return m.giants_learn_help_choice();
		default:
			return null;
	}
}
