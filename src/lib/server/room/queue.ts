/**
 * Plan ahead (issue 32; engine/kind.ts `Queueing`), the room's one judgement: does a seat's queue
 * answer the decision that awaits it now? Judged from the seat's own view, as everything about a
 * queue is. core.ts holds back the seat's turn event when it does (autoplay.ts then plays the step,
 * or drops the queue and wakes the seat); when it does not, the seat is woken as usual and the queue
 * waits for a decision it answers.
 */
import type { Kind } from '$lib/engine';

export function queueAnswers(kind: Kind, view: unknown, seat: number, step: readonly unknown[] | undefined): boolean {
	const q = kind.queue;
	if (!q || !step?.length) return false;
	return !q.answers || step.some((m) => q.answers!(view, seat, m));
}
