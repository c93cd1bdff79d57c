/**
 * Who may sit together (issue 35, docs/matchmaker.md), pure. Requests of one bucket (kind, seats,
 * pace) are compatible when each one's rating lies within the other's range — a null bound is open —
 * so nobody is seated with a player outside the range they asked for, in either direction. A group is
 * `seats` mutually compatible requests, found first come first served: the oldest requests get the
 * first chance, and a newcomer never jumps the queue of those who waited longer.
 */

export interface Candidate {
	userId: string;
	rating: number;
	minRating: number | null;
	maxRating: number | null;
	createdAt: number;
}

const within = (r: number, lo: number | null, hi: number | null) => (lo === null || r >= lo) && (hi === null || r <= hi);

export function compatible(a: Candidate, b: Candidate): boolean {
	return within(a.rating, b.minRating, b.maxRating) && within(b.rating, a.minRating, a.maxRating);
}

/** Oldest first; ties by user id, so every matcher sees the same order. */
export function byAge(a: Candidate, b: Candidate): number {
	return a.createdAt - b.createdAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

/**
 * A group of `seats` that includes `anchor`: the anchor and the oldest of `waiting` each compatible
 * with every one already taken (greedy: the oldest who fit are taken first). In seat order — the
 * order of asking. Null if there are not enough.
 */
export function groupWith(anchor: Candidate, waiting: readonly Candidate[], seats: number): Candidate[] | null {
	const group = [anchor];
	for (const c of [...waiting].sort(byAge)) {
		if (group.length === seats) break;
		if (c.userId === anchor.userId) continue;
		if (group.every((g) => compatible(g, c))) group.push(c);
	}
	return group.length === seats ? group.sort(byAge) : null;
}

/**
 * Disjoint groups of one bucket (the cron's sweep): the oldest request that can still be seated
 * anchors the next group, until none can.
 */
export function groupsOf(waiting: readonly Candidate[], seats: number): Candidate[][] {
	let left = [...waiting].sort(byAge);
	const out: Candidate[][] = [];
	for (let i = 0; i < left.length; ) {
		const g = groupWith(left[i], left.slice(i + 1), seats);
		if (!g) {
			i++;
			continue;
		}
		out.push(g);
		const taken = new Set(g.map((c) => c.userId));
		left = left.filter((c) => !taken.has(c.userId));
	}
	return out;
}
