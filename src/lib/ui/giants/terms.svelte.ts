/**
 * The table's terms (issue 31), loaded on demand: the glossary's words and the Term disclosure are
 * their own chunks, fetched when the player first points at, taps or focuses the table (GameView),
 * not with the game page — whose JavaScript budget (docs/benchmarks.md) has no room for them. Until
 * then a term is its plain word (Word.svelte).
 */
import type { Component, Snippet } from 'svelte';
import type { GlossaryEntry } from '$lib/ui/glossary';
import type { TermId } from './glossary';

type TermComponent = Component<{ entry: GlossaryEntry; kind: string; children?: Snippet; testid?: string }>;

let loaded = $state.raw<{ entry: (id: TermId) => GlossaryEntry; Term: TermComponent } | null>(null);
let started = false;

export function loadTerms(): void {
	if (started) return;
	started = true;
	void Promise.all([import('./glossary'), import('$lib/ui/Term.svelte')]).then(
		([g, t]) => (loaded = { entry: (id) => g.glossary[id], Term: t.default as TermComponent }),
		() => (started = false) // offline for a moment: the next interaction tries again
	);
}

/** The loaded terms, or null while a term is still its plain word. */
export function terms() {
	return loaded;
}
