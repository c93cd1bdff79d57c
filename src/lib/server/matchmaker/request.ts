/**
 * POST /api/match's body (issue 35, docs/api.md "Match-maker"). The shape is checked by the schema
 * (400 BAD_REQUEST naming the field); what needs the registry or a range has its own stable code, so
 * a client can word it: UNKNOWN_KIND, BAD_SEATS (outside the kind's seat range, which the registry
 * says — no kind is named here), BAD_RANGE (a rating bound outside 0–5000, or min above max),
 * BAD_WAIT (a waiting time outside 1 hour – 14 days).
 */
import * as v from 'valibot';
import { kindOf } from '$lib/games';
import { RATING_BOUNDS, WAIT_HOURS } from '$lib/protocol/match';
import type { TimeControl } from '$lib/protocol/room';
import { ClockBody } from '../games';

export const KIND_ID = /^[a-z][a-z0-9-]{0,31}$/;

const Int = v.pipe(v.number(), v.safeInteger());

export const MatchBody = v.strictObject({
	kind: v.pipe(v.string(), v.regex(KIND_ID, 'a kind of game')),
	seats: Int,
	clock: ClockBody,
	minRating: v.optional(v.nullable(Int)),
	maxRating: v.optional(v.nullable(Int)),
	waitHours: v.optional(Int)
});

export interface MatchInput {
	kind: string;
	seats: number;
	clock: TimeControl;
	minRating: number | null;
	maxRating: number | null;
	waitHours: number;
}

export type Checked = { ok: true; value: MatchInput } | { ok: false; status: 400; code: string; message: string };

const no = (code: string, message: string): Checked => ({ ok: false, status: 400, code, message });

/** The body's meaning, once its shape has passed `MatchBody`. */
export function checkMatch(b: v.InferOutput<typeof MatchBody>): Checked {
	const kind = kindOf(b.kind);
	if (!kind) return no('UNKNOWN_KIND', 'no such kind of game');
	const { min, max } = kind.seats;
	if (b.seats < min || b.seats > max) return no('BAD_SEATS', `${kind.id} is for ${min} to ${max} players`);
	const lo = b.minRating ?? null;
	const hi = b.maxRating ?? null;
	const inBounds = (r: number | null) => r === null || (r >= RATING_BOUNDS.min && r <= RATING_BOUNDS.max);
	if (!inBounds(lo) || !inBounds(hi)) return no('BAD_RANGE', `a rating bound is between ${RATING_BOUNDS.min} and ${RATING_BOUNDS.max}`);
	if (lo !== null && hi !== null && lo > hi) return no('BAD_RANGE', 'minRating is above maxRating');
	const waitHours = b.waitHours ?? WAIT_HOURS.default;
	if (waitHours < WAIT_HOURS.min || waitHours > WAIT_HOURS.max) return no('BAD_WAIT', `waitHours is between ${WAIT_HOURS.min} and ${WAIT_HOURS.max}`);
	return { ok: true, value: { kind: kind.id, seats: b.seats, clock: b.clock as TimeControl, minRating: lo, maxRating: hi, waitHours } };
}
