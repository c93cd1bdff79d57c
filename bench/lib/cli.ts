/**
 * What the benchmarks' command lines and reports share: the arguments, quantiles, a figure in ms.
 */

/** The command's arguments (after the script). */
export const args = process.argv.slice(2);

/** The value after `--name`, or undefined. */
export function value(name: string): string | undefined {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
}

/** The p-quantile (0…1, nearest rank) of `xs`; NaN for none. */
export function q(xs: number[], p: number): number {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

/** A duration in ms with one decimal, or "–" when there is none. */
export const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '–');

export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
