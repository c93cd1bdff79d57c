/**
 * Provable randomness (G-0.3). The seed is secret while the game runs; the game publishes
 * `commitSeed(seed)` at creation and reveals the seed at the end, so anyone can recompute every roll:
 *
 *   key   = SHA-256("rongo-rng:" + seed)            (UTF-8)
 *   state = sfc32 seeded with key's first four big-endian 32-bit words, then 12 draws discarded
 *   die   = faces[u32 % 6] from the next u32 below 4294967292 (rejection, so no face is favoured)
 *
 * The generator state is four 32-bit integers that live inside the game state (never a global), so
 * the engine stays pure and a JSON round trip keeps the stream.
 */
export type RngState = [number, number, number, number];

/** sfc32 (Chris Doty-Humphrey's small fast counting generator); mutates only the array given. */
export function next(s: RngState): number {
	let [a, b, c, d] = s;
	a >>>= 0;
	b >>>= 0;
	c >>>= 0;
	d >>>= 0;
	const t = (((a + b) >>> 0) + d) >>> 0;
	d = (d + 1) >>> 0;
	a = b ^ (b >>> 9);
	b = (c + (c << 3)) >>> 0;
	c = ((c << 21) | (c >>> 11)) >>> 0;
	c = (c + t) >>> 0;
	s[0] = a >>> 0;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	return t;
}

/** A uniform integer in [0, n) for 1 ≤ n ≤ 2^32, by rejection sampling. */
export function below(s: RngState, n: number): number {
	const limit = 2 ** 32 - (2 ** 32 % n);
	for (;;) {
		const x = next(s);
		if (x < limit) return x % n;
	}
}

/**
 * Fisher–Yates from the end with `below`: a copy of `items` in the order the seed gives. The one
 * shuffle of every kind's provable draws (M-0.3, R-0.3) and of the seat order, so a game's shuffles
 * can be recomputed from its revealed seed by this one documented algorithm.
 */
export function shuffle<T>(items: readonly T[], rng: RngState): T[] {
	const a = [...items];
	for (let i = a.length - 1; i >= 1; i--) {
		const j = below(rng, i + 1);
		[a[i], a[j]] = [a[j], a[i]];
	}
	return a;
}
