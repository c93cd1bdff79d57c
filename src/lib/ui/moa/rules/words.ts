// Words the rules page builds from Moa's data (rules.ts), shared by its sections: every count is
// handed to the messages as a parameter, never typed into a text (Rules.test.ts checks the messages).
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { C } from '$lib/games/moa/surface';
import { karakiaName } from '$lib/games/moa/text';
import type { Symbol } from '$lib/games/moa/surface';

/** A text, read when it is shown (the locale may change between renders). */
export type Text = () => string;
/** A rule as the page lists it: its number in moa.md (M-…) and its text. */
/** A rule's text and number; the third part names a worked example's position (src/lib/games/moa/examples.json, issue 34). */
export type Item = [ref: string, text: Text, example?: string];

/** A column of a rules table (Table.svelte): its head, and whether it holds numbers or shows a symbol. */
export interface Column {
	text: Text;
	/** Numbers, set to the end (the head stays at the start). */
	num?: boolean;
	symbol?: Symbol;
}

/** "a, b and c" — British English, like the rest of the site's English (no serial comma). */
export const list = (items: string[], type: 'conjunction' | 'disjunction' = 'conjunction') =>
	new Intl.ListFormat(getLocale() === 'en' ? 'en-GB' : getLocale(), { type }).format(items);

const SYMBOL_COUNT: Record<Symbol, (p: { count: number }) => string> = {
	bird: m.moa_rules_n_bird_symbols,
	combat: m.moa_rules_n_combat_symbols,
	honour: m.moa_rules_n_honour_symbols,
	karakia: m.moa_rules_n_karakia_symbols
};
export const nSymbols = (s: Symbol, count: number) => SYMBOL_COUNT[s]({ count });

/** The two-player game's neutral die (M-11). */
export const die = () => m.moa_rules_die({ sides: C.neutralDieSides });

/** The karakia tiles other rules name. */
export const names = {
	double: () => karakiaName('double_combat'),
	any: () => karakiaName('any_region'),
	move: () => karakiaName('move_birds'),
	stronghold: () => karakiaName('stronghold'),
	draw: () => karakiaName('draw_card'),
	exchange: () => karakiaName('exchange_three')
};
