/**
 * The choices of ClockFields.svelte and the way back from its fields to a `TimeControl`, for a page
 * that reads them from a plain form post (a tournament's organise form without script, issue 35).
 * The API validates the result (server/room/clock.ts `validControl`); this only never produces
 * something the fields could not have meant.
 */
import type { TimeControl } from '$lib/protocol/room';

/** Days per move, and a bank's starting days: server/room/clock.ts PER_MOVE_DAYS. */
export const PER_MOVE_CHOICES = [1, 2, 3, 5, 7, 14] as const;
export const BANK_INCREMENTS = [1, 4, 8, 12, 24, 48] as const;
export const BANK_CAPS = [1, 2, 3, 5, 7, 10, 14, 21, 30] as const;

export interface ClockChoice {
	clockKind: 'perMove' | 'bank';
	timeLimit: number;
	bankDays: number;
	incrementHours: number;
	capDays: number;
}

/** The fields' choice as the API takes it; the cap follows a larger start, as the fields do. */
export function toControl(c: ClockChoice): TimeControl {
	return c.clockKind === 'perMove'
		? { kind: 'perMove', days: c.timeLimit }
		: { kind: 'bank', initialDays: c.bankDays, incrementHours: c.incrementHours, capDays: Math.max(c.capDays, c.bankDays) };
}

const pick = <T extends number>(raw: string | null, allowed: readonly T[], fallback: T): T => {
	const n = Number(raw);
	return (allowed as readonly number[]).includes(n) ? (n as T) : fallback;
};

/**
 * The control a posted form chose. A value no select offers (a hand-made post) falls back to the
 * fields' default rather than to a refusal: the organiser sees the choice on the next page.
 */
export function clockFromForm(get: (name: string) => string | null): TimeControl {
	return toControl({
		clockKind: get('clockKind') === 'bank' ? 'bank' : 'perMove',
		timeLimit: pick(get('timeLimit'), PER_MOVE_CHOICES, 3),
		bankDays: pick(get('bankDays'), PER_MOVE_CHOICES, 3),
		incrementHours: pick(get('incrementHours'), BANK_INCREMENTS, 12),
		capDays: pick(get('capDays'), BANK_CAPS, 7)
	});
}
