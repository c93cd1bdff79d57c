/**
 * A kind's glossary (issue 31): every game term on its table — resources, card types, symbols,
 * phases, scores — with a short definition in the user's language and the rule it comes from. One
 * per kind (`src/lib/ui/<kind>/glossary.ts`, registered in KIND_UI), used by the table's terms
 * (Term.svelte: on hover, focus and tap) and listed on the kind's rules page.
 */
export interface GlossaryEntry {
	/** The term as the table says it ("Wood"). */
	term(): string;
	/** A sentence or two: what it is and what it is for. */
	def(): string;
	/** The rule that defines it, as the rules file numbers it ("R-1.4"): the link goes there. */
	rule: string;
}

export type Glossary = Readonly<Record<string, GlossaryEntry>>;

/**
 * The rules page's address of a rule: `/rules/<kind>#<rule>` (the page finds the rule's number in
 * its text, src/routes/rules/[game]/+page.svelte). Not localized here: the caller's `localizeHref`.
 */
export function ruleHref(kind: string, rule: string): string {
	return `/rules/${encodeURIComponent(kind)}#${encodeURIComponent(firstRule(rule))}`;
}

/** The first rule number of a reference such as "R-5.2–R-5.4", "G-6.2, G-6.3" or "R-5.7 a, b". */
export function firstRule(rule: string): string {
	return /^[A-Z]-\d+(?:\.\d+)*/.exec(rule.trim())?.[0] ?? rule.trim();
}

/**
 * The rule number(s) an engine's refusal names in its message: "… (R-4.2)" → "R-4.2", or at its start
 * as Moa's engine writes them, "M-0.5, M-8.6: …" → "M-0.5, M-8.6"; null when none.
 */
export function ruleOf(message: string): string | null {
	const m =
		/\(([A-Z]-\d+(?:\.\d+)*(?:\s?[a-z])?(?:[,–][^)]*)?)\)\s*$/.exec(message) ??
		/\(([A-Z]-\d+(?:\.\d+)*[^)]*)\)/.exec(message) ??
		/^([A-Z]-\d+(?:\.\d+)*(?:,\s*[A-Z]-\d+(?:\.\d+)*)*)(?:\s*\([a-z]+\))?:/.exec(message);
	return m ? m[1].trim() : null;
}
