/**
 * A whole turn in one visit (issue 32) on Rapa Nui's composer: after the first move of the turn, the
 * decisions of the same seat that follow with nothing revealed in between (the engine's `ahead`
 * says which: a buy's play, then the first draw; never after a moai). Each decision's options are the
 * engine's `legalMoves` on the view as it will be then, so the UI decides no rule.
 */
import { ahead, legalMoves } from '$lib/games/rapanui/surface';
import type { RapaNuiMove, RapaNuiView } from '$lib/games/rapanui/surface';

/** One decision of the rest of the turn: a play (after a buy) or the first draw. */
export interface Decision {
	kind: 'play' | 'draw';
	/** The view when it is taken (after the moves before it). */
	view: RapaNuiView;
	options: RapaNuiMove[];
}

const same = (a: RapaNuiMove, b: RapaNuiMove) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The decisions after `first` that may be sent with it, given the choices `rest` made so far: the
 * list ends at the first decision without a valid choice, or at the draw. Empty where `first` must go
 * alone (ahead.ts: a moai, a move of another phase).
 */
export function decisions(view: RapaNuiView, seat: number, first: RapaNuiMove | null, rest: RapaNuiMove[]): Decision[] {
	const out: Decision[] = [];
	let v = first && view.phase.kind === 'turn' ? ahead(view, seat, first) : null;
	for (let i = 0; v && i < 3; i++) {
		const kind = v.phase.kind === 'draw' ? 'draw' : v.phase.kind === 'turn' ? 'play' : null;
		if (!kind) break;
		// A moai in the rest would stop the turn at its sacrifice round: it is played on its own.
		const at = v;
		const options = kind === 'draw' ? legalMoves(v, seat) : legalMoves(v, seat).filter((o) => ahead(at, seat, o) !== null);
		if (!options.length) break;
		out.push({ kind, view: v, options });
		const chosen = rest[i];
		if (kind === 'draw' || !chosen || !options.some((o) => same(o, chosen))) break;
		v = ahead(v, seat, chosen);
	}
	return out;
}

/** The whole turn is composed: every decision has its choice and the last is the draw. */
export function complete(steps: Decision[], rest: RapaNuiMove[]): boolean {
	const last = steps.at(-1);
	return !!last && last.kind === 'draw' && rest.length === steps.length && last.options.some((o) => same(o, rest[steps.length - 1]));
}

/** The rest with `mv` chosen for decision `index`: the choices after it were made on another view and go. */
export const choose = (rest: RapaNuiMove[], index: number, mv: RapaNuiMove): RapaNuiMove[] => [...rest.slice(0, index), mv];

/**
 * What "Confirm whole turn" sends (GameProps.submit's `move` and `more`): the first move and the rest
 * up to the draw — or null while the whole turn is not composed (then only Confirm, the first move alone).
 */
export function submission(view: RapaNuiView, seat: number, first: RapaNuiMove | null, rest: RapaNuiMove[]): { move: RapaNuiMove; more: RapaNuiMove[] } | null {
	if (!first) return null;
	return complete(decisions(view, seat, first, rest), rest) ? { move: first, more: [...rest] } : null;
}
