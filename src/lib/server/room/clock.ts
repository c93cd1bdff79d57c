/**
 * Clocks (issue 5), pure: time controls, each seat's running wait, deadlines, time-bank arithmetic,
 * vacation pauses and reminder times. The GameRoom keeps one `Timers` value in its storage and
 * passes it through `advance` with every change; the alarm asks `due` what is to be done now.
 *
 * Model: a seat's clock runs while its input is awaited (a "wait"). A wait has a start
 * (`waitingSince`) and an allowance of clock time (`allowance`): the days per move, or what is
 * left in the bank. Clock time is wall time minus the owner's vacations, so a vacation moves the
 * deadline by exactly the paused time, and the deadline is always derived, never stored stale.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const PER_MOVE_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** Reminders before a timeout, in hours of clock time left (only those in the future when the wait starts). */
export const REMINDER_HOURS = [24, 4] as const;
/** Consecutive timeouts after which the bot takes the seat. */
export const DROP_AFTER = 3;
/** Bank limits: a bank may hold at most this many days; an increment of at least an hour keeps an empty bank from timing out at once. */
export const BANK_MAX_DAYS = 30;
export const INCREMENT_HOURS = { min: 1, max: 72 } as const;
export const VACATION_DAYS_PER_YEAR = 14;

import type { TimeControl } from '$lib/protocol/room';

export type { TimeControl };

export type TimeLimitText = `${number}d`;

const isInt = (x: unknown, lo: number, hi: number): x is number => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;

export function validControl(c: unknown): c is TimeControl {
	const x = c as Record<string, unknown> | null;
	if (!x || typeof x !== 'object') return false;
	if (x.kind === 'perMove') return Object.keys(x).length === 2 && (PER_MOVE_DAYS as readonly unknown[]).includes(x.days);
	if (x.kind === 'bank')
		return (
			Object.keys(x).length === 4 &&
			(PER_MOVE_DAYS as readonly unknown[]).includes(x.initialDays) &&
			isInt(x.incrementHours, INCREMENT_HOURS.min, INCREMENT_HOURS.max) &&
			isInt(x.capDays, x.initialDays as number, BANK_MAX_DAYS)
		);
	return false;
}

/** The game's control; games created before clocks existed have only `timeLimit` ('3d'): days per move. */
export function controlOf(clock: TimeControl | null | undefined, timeLimit: string): TimeControl {
	if (clock && validControl(clock)) return clock;
	const days = Number.parseInt(timeLimit, 10);
	return { kind: 'perMove', days: (PER_MOVE_DAYS as readonly number[]).includes(days) ? days : 3 };
}

/** The `timeLimit` column for a control (lists show it): days per move, or the bank's initial days. */
export function timeLimitOf(c: TimeControl): TimeLimitText {
	return `${c.kind === 'perMove' ? c.days : c.initialDays}d`;
}

export interface Window {
	from: number;
	until: number;
}

export interface SeatTimer {
	seat: number;
	/** Start of the running wait; null when the clock does not run (not awaited, dropped, over). */
	waitingSince: number | null;
	/** Clock time this wait may take (ms); null when not running. */
	allowance: number | null;
	/** Bank mode: clock time in the bank while not running (ms); null for days per move. */
	bank: number | null;
	/** Reminders (hours) already sent for the running wait. */
	reminded: number[];
	/** Consecutive timeouts; a real move resets it. */
	timeouts: number;
	dropped: boolean;
	/** `waitingSince` of the wait a timeout was applied to: a late or second alarm applies none again. */
	timedOutFor: number | null;
}

export interface Timers {
	/** By seat; empty until the start. */
	seats: SeatTimer[];
	/** Vacation windows by user id (past ones clipped to when they ended, at most one to come). */
	vacations: Record<string, Window[]>;
}

export function emptyTimers(): Timers {
	return { seats: [], vacations: {} };
}

export function startTimers(n: number, c: TimeControl, vacations: Timers['vacations']): Timers {
	const seats = Array.from({ length: n }, (_, seat): SeatTimer => ({
		seat,
		waitingSince: null,
		allowance: null,
		bank: c.kind === 'bank' ? c.initialDays * DAY : null,
		reminded: [],
		timeouts: 0,
		dropped: false,
		timedOutFor: null
	}));
	return { seats, vacations };
}

/** Windows sorted and merged (a retried vacation call may add an overlapping copy). */
export function merged(ws: readonly Window[]): Window[] {
	const out: Window[] = [];
	for (const w of ws.filter((x) => x.until > x.from).sort((a, b) => a.from - b.from)) {
		const last = out[out.length - 1];
		if (last && w.from <= last.until) last.until = Math.max(last.until, w.until);
		else out.push({ ...w });
	}
	return out;
}

/** Clock time between `start` and `end`: wall time minus the vacation in it. */
export function clockUsed(start: number, end: number, ws: readonly Window[]): number {
	if (end <= start) return 0;
	let paused = 0;
	for (const w of merged(ws)) paused += Math.max(0, Math.min(end, w.until) - Math.max(start, w.from));
	return end - start - paused;
}

/** The wall time at which `amount` of clock time has run since `start`. */
export function wallAt(start: number, amount: number, ws: readonly Window[]): number {
	let t = start;
	let left = amount;
	for (const w of merged(ws)) {
		if (w.until <= t) continue;
		if (w.from > t) {
			if (w.from - t >= left) return t + left;
			left -= w.from - t;
		}
		t = w.until;
	}
	return t + left;
}

export function deadlineOf(t: SeatTimer, ws: readonly Window[]): number | null {
	return t.waitingSince === null || t.allowance === null ? null : wallAt(t.waitingSince, t.allowance, ws);
}

/** When the reminder `hours` before the deadline is due, or null if it was not ahead when the wait began. */
export function reminderAt(t: SeatTimer, hours: number, ws: readonly Window[]): number | null {
	if (t.waitingSince === null || t.allowance === null || t.allowance <= hours * HOUR) return null;
	return wallAt(t.waitingSince, t.allowance - hours * HOUR, ws);
}

/** Why the change happened, for the counters: a player's own move resets them, a timeout raises them. */
export type Cause = 'player' | 'timeout' | 'bot' | 'none';

export interface Change {
	/** Seats awaited after the change (dropped seats included: the room filters them). */
	active: number[];
	/** The seat that moved, if any. */
	mover: number | null;
	cause: Cause;
	now: number;
}

/**
 * The timers after a change. A wait ends when the seat is no longer awaited or has moved (then a
 * new one starts if it is still awaited: every move gets its own time); in bank mode the clock
 * time used leaves the bank and a move adds the increment, up to the cap.
 */
export function advance(timers: Timers, c: TimeControl, ch: Change, userOf: (seat: number) => string | undefined): Timers {
	const seats = timers.seats.map((t0) => {
		const t = { ...t0, reminded: [...t0.reminded] };
		const ws = timers.vacations[userOf(t.seat) ?? ''] ?? [];
		const moved = ch.mover === t.seat;
		// A move the player makes themselves (not a timeout, not the bot) means they are back: the
		// counter clears and a dropped seat is theirs again, as if they had pressed "take it back".
		if (moved && ch.cause === 'player') {
			t.timeouts = 0;
			t.dropped = false;
		}
		if (moved && ch.cause === 'timeout') {
			t.timeouts += 1;
			t.timedOutFor = t.waitingSince;
			if (t.timeouts >= DROP_AFTER) t.dropped = true;
		}
		const awaited = ch.active.includes(t.seat) && !t.dropped;
		if (t.waitingSince !== null && (!awaited || moved)) {
			if (c.kind === 'bank') {
				let bank = Math.max(0, (t.allowance ?? 0) - clockUsed(t.waitingSince, ch.now, ws));
				if (moved) bank = Math.min(c.capDays * DAY, bank + c.incrementHours * HOUR);
				t.bank = bank;
			}
			t.waitingSince = null;
			t.allowance = null;
			t.reminded = [];
		}
		if (awaited && t.waitingSince === null) {
			t.waitingSince = ch.now;
			t.allowance = c.kind === 'bank' ? (t.bank ?? 0) : c.days * DAY;
			t.reminded = [];
		}
		return t;
	});
	return prune({ seats, vacations: timers.vacations }, ch.now);
}

/**
 * Issue 35: these seats are handed to the bot now, as if each had timed out DROP_AFTER times in a
 * row — a tournament player who withdrew, or every seat of a game at its round's deadline. A running
 * wait ends (a bank keeps what was left of it); the bot plays the seat whenever it is awaited. As for
 * any dropped seat, its player may take it back (reclaim, or simply by moving).
 */
export function handToBot(timers: Timers, c: TimeControl, seats: ReadonlySet<number>, now: number, userOf: (seat: number) => string | undefined): Timers {
	return {
		...timers,
		seats: timers.seats.map((t) => {
			if (!seats.has(t.seat) || t.dropped) return t;
			const ws = timers.vacations[userOf(t.seat) ?? ''] ?? [];
			const bank = c.kind === 'bank' && t.waitingSince !== null ? Math.max(0, (t.allowance ?? 0) - clockUsed(t.waitingSince, now, ws)) : t.bank;
			return { ...t, dropped: true, timeouts: Math.max(t.timeouts, DROP_AFTER), waitingSince: null, allowance: null, reminded: [], bank };
		})
	};
}

/** Reclaim: the seat is the player's again, its counter is cleared and, if awaited, its clock starts now. */
export function reclaim(timers: Timers, c: TimeControl, seat: number, active: number[], now: number): Timers {
	const seats = timers.seats.map((t) => {
		if (t.seat !== seat) return t;
		const awaited = active.includes(seat);
		return {
			...t,
			dropped: false,
			timeouts: 0,
			reminded: [],
			waitingSince: awaited ? now : null,
			allowance: awaited ? (c.kind === 'bank' ? (t.bank ?? 0) : c.days * DAY) : null
		};
	});
	return { seats, vacations: timers.vacations };
}

/**
 * A user's vacation from now on: `next` replaces any planned one; a running one ends now (its past
 * part stays: it paused waits that are still running). null ends or cancels it.
 */
export function setVacation(timers: Timers, userId: string, next: Window | null, now: number): Timers {
	const kept = (timers.vacations[userId] ?? [])
		.filter((w) => w.from < now)
		.map((w) => ({ from: w.from, until: Math.min(w.until, now) }));
	const list = merged(next && next.until > next.from ? [...kept, next] : kept);
	const vacations = { ...timers.vacations };
	if (list.length) vacations[userId] = list;
	else delete vacations[userId];
	return prune({ seats: timers.seats, vacations }, now);
}

/** Windows that ended before now and before every running wait began can never matter again. */
function prune(timers: Timers, now: number): Timers {
	const oldest = Math.min(now, ...timers.seats.flatMap((t) => (t.waitingSince === null ? [] : [t.waitingSince])));
	const vacations: Timers['vacations'] = {};
	for (const [u, ws] of Object.entries(timers.vacations)) {
		const keep = ws.filter((w) => w.until > oldest);
		if (keep.length) vacations[u] = keep;
	}
	return { seats: timers.seats, vacations };
}

/** The vacation to show: the one running at `now`, else the next planned one. */
export function currentVacation(ws: readonly Window[] | undefined, now: number): Window | null {
	return merged(ws ?? []).find((w) => w.until > now) ?? null;
}

export type Due = { kind: 'reminder'; seat: number; hours: number } | { kind: 'timeout'; seat: number };

/**
 * What is due at `now`, reminders before timeouts. A reminder whose deadline has passed too is
 * skipped (the timeout says more); a wait timed out once is never timed out again.
 */
export function due(timers: Timers, now: number, userOf: (seat: number) => string | undefined): Due[] {
	const out: Due[] = [];
	for (const t of timers.seats) {
		if (t.waitingSince === null || t.dropped) continue;
		const ws = timers.vacations[userOf(t.seat) ?? ''] ?? [];
		const deadline = deadlineOf(t, ws)!;
		const timedOut = t.timedOutFor === t.waitingSince;
		if (deadline <= now) {
			if (!timedOut) out.push({ kind: 'timeout', seat: t.seat });
			continue;
		}
		for (const hours of REMINDER_HOURS) {
			const at = reminderAt(t, hours, ws);
			if (at !== null && at <= now && !t.reminded.includes(hours)) out.push({ kind: 'reminder', seat: t.seat, hours });
		}
	}
	return out;
}

/** The earliest future moment something is due (a reminder not yet sent, a deadline), or null. */
export function nextDue(timers: Timers, userOf: (seat: number) => string | undefined): number | null {
	let best: number | null = null;
	const take = (x: number | null) => {
		if (x !== null && (best === null || x < best)) best = x;
	};
	for (const t of timers.seats) {
		if (t.waitingSince === null || t.dropped || t.timedOutFor === t.waitingSince) continue;
		const ws = timers.vacations[userOf(t.seat) ?? ''] ?? [];
		take(deadlineOf(t, ws));
		for (const hours of REMINDER_HOURS) if (!t.reminded.includes(hours)) take(reminderAt(t, hours, ws));
	}
	return best;
}

/** Marks a reminder as sent for the running wait. */
export function markReminded(timers: Timers, seat: number, hours: number): Timers {
	return { ...timers, seats: timers.seats.map((t) => (t.seat === seat ? { ...t, reminded: [...t.reminded, hours] } : t)) };
}

/** Vacation days a window takes: whole days, started ones counted. */
export function vacationDays(w: Window): number {
	return Math.max(0, Math.ceil((w.until - w.from) / DAY));
}

/** A user's vacation as D1 keeps it (users.vacation_*): the planned or running one and the days taken in `year`. */
export interface VacationRecord {
	from: number | null;
	until: number | null;
	year: number | null;
	days: number;
}

/** Days taken this calendar year (UTC) by the record, as of `now`. */
export function daysTaken(r: VacationRecord, year: number): number {
	return r.year === year ? r.days : 0;
}

/**
 * A new vacation: it starts now or later (a minute of slack for the request's travel), lasts at most
 * what is left of the 14 days of the calendar year it starts in (UTC; a vacation over New Year counts
 * in the year it starts), and only one may be planned or running at a time.
 */
export function planVacation(
	r: VacationRecord, w: Window, now: number
): { ok: true; record: VacationRecord } | { ok: false; status: number; code: string; message: string } {
	if (r.until !== null && r.until > now) return { ok: false, status: 409, code: 'VACATION_EXISTS', message: 'end the current vacation first' };
	if (w.from < now - 60_000) return { ok: false, status: 400, code: 'BAD_REQUEST', message: 'a vacation starts now or later' };
	if (w.from > now + 366 * DAY) return { ok: false, status: 400, code: 'BAD_REQUEST', message: 'a vacation starts within a year' };
	if (w.until <= w.from) return { ok: false, status: 400, code: 'BAD_REQUEST', message: 'until must be after from' };
	const year = new Date(w.from).getUTCFullYear();
	const days = vacationDays(w);
	const taken = daysTaken(r, year);
	if (taken + days > VACATION_DAYS_PER_YEAR)
		return { ok: false, status: 422, code: 'VACATION_LIMIT', message: `${VACATION_DAYS_PER_YEAR - taken} vacation days left in ${year}` };
	return { ok: true, record: { from: Math.max(w.from, now), until: w.until, year, days: taken + days } };
}

/** Back early (or a planned one cancelled): the days not begun are given back. */
export function endVacation(r: VacationRecord, now: number): VacationRecord {
	if (r.from === null || r.until === null || r.until <= now) return { ...r, from: null, until: null };
	const planned = vacationDays({ from: r.from, until: r.until });
	const used = r.from >= now ? 0 : vacationDays({ from: r.from, until: now });
	return { from: null, until: null, year: r.year, days: Math.max(0, r.days - planned + used) };
}
