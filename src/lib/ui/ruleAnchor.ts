/**
 * `/rules/<kind>#R-4.2` (issue 31): the glossary, the help line and refusals link to a rule by its
 * number. The rules pages say each rule's number after its text — "(R-4.2)", "(R-5.2– )",
 * "(R-5.7 a, b)" — so the page finds the rule there rather than every kind keeping ids in step.
 */

/** The numbers a reference names: "R-5.2–, R-6" → ranges [[R-5.2, R-5.4], [R-6, R-6]]. */
function ranges(text: string): [string, string][] {
	return text
		.replace(/[()]/g, '')
		.split(',')
		.map((part) => part.trim())
		.flatMap((part): [string, string][] => {
			const [a, b] = part.split('–').map((x) => /[A-Z]-\d+(?:\.\d+)*/.exec(x)?.[0]);
			return a ? [[a, b ?? a]] : [];
		});
}

/** A rule number as comparable parts: "R-5.10" → ["R", 5, 10]. */
function parts(code: string): [string, number[]] {
	const [letter, nums] = code.split('-');
	return [letter, nums.split('.').map(Number)];
}

function compare(a: number[], b: number[]): number {
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const d = (a[i] ?? -1) - (b[i] ?? -1);
		if (d) return d;
	}
	return 0;
}

/** Whether a reference's text names `code` (itself or within a range of its depth). */
export function names(text: string, code: string): boolean {
	const [letter, n] = parts(code);
	return ranges(text).some(([a, b]) => {
		const [la, na] = parts(a);
		const [, nb] = parts(b);
		if (la !== letter || na.length !== n.length) return false;
		return compare(na, n) <= 0 && compare(n, nb) <= 0;
	});
}

/**
 * The index of the reference (in page order) that states `code`: the first naming it, else the
 * first naming the rule above it (R-4.2 → R-4: the section); -1 when none does.
 */
export function findRule(code: string, refs: readonly string[]): number {
	if (!/^[A-Z]-\d+(?:\.\d+)*$/.test(code)) return -1;
	for (let c: string | null = code; c; c = c.includes('.') ? c.slice(0, c.lastIndexOf('.')) : null) {
		const i = refs.findIndex((t) => names(t, c!));
		if (i >= 0) return i;
	}
	return -1;
}
