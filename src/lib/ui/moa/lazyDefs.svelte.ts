/**
 * What Moa's table loads only when it is needed (the game page's JavaScript budget, docs/benchmarks.md):
 * the glossary's definitions, at the first look at a term (pointer, focus or tap), and the refusals'
 * words, at the first touch of the composer — before its move can come back refused. Both are read
 * reactively, so a term's definition appears as soon as it has arrived. GameView.svelte triggers them.
 */
import type { Defs } from './glossaryDefs';

class Lazy {
	defs = $state<Defs | null>(null);
	refusals: Record<string, () => string> | null = null;
}
export const lazy = new Lazy();

let defs: Promise<void> | null = null;
let refusals: Promise<void> | null = null;

export function loadDefs(): Promise<void> {
	return (defs ??= import('./glossaryDefs').then((x) => {
		lazy.defs = x.defs;
	}));
}

export function loadRefusals(): Promise<void> {
	return (refusals ??= import('./refusals').then((x) => {
		lazy.refusals = x.REFUSALS;
	}));
}
