/**
 * A small seeded generator (mulberry32): the search's kicks and the simulated tournaments of the
 * tests and the benchmark draw from it, so the same seed always gives the same numbers — the
 * library reads no global random source.
 */
export function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
