/**
 * The composer's two plan buttons as edits of the seat's queue (issue 32; kinds.ts `GameProps.setQueue`
 * replaces it whole): "Plan this move" adds a step of its own; "…or else this" adds an alternative to
 * the last step, tried when the ones before it are no longer possible.
 */
export const withStep = (queue: readonly unknown[][], move: unknown): unknown[][] => [...queue, [move]];

export const withAlternative = (queue: readonly unknown[][], move: unknown): unknown[][] =>
	queue.length ? [...queue.slice(0, -1), [...queue[queue.length - 1], move]] : [[move]];
