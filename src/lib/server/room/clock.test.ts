import { describe, expect, it } from 'vitest';
import {
	DAY, HOUR, advance, clockUsed, controlOf, deadlineOf, due, nextDue, reclaim, reminderAt, setVacation, startTimers, timeLimitOf,
	validControl, wallAt, type TimeControl, type Timers
} from './clock';

const perMove = (days: number): TimeControl => ({ kind: 'perMove', days });
const bank: TimeControl = { kind: 'bank', initialDays: 2, incrementHours: 12, capDays: 3 };
const users = ['ann', 'bob', 'cat'];
const userOf = (s: number) => users[s];
const T0 = Date.UTC(2026, 0, 10);

function started(c: TimeControl, active: number[], now = T0): Timers {
	return advance(startTimers(3, c, {}), c, { active, mover: null, cause: 'none', now }, userOf);
}

describe('time controls', () => {
	it('validates days per move and banks; old games read timeLimit as days per move', () => {
		expect(validControl(perMove(3))).toBe(true);
		expect(validControl(perMove(4))).toBe(false);
		expect(validControl(bank)).toBe(true);
		expect(validControl({ ...bank, capDays: 1 })).toBe(false); // cap below the start
		expect(validControl({ ...bank, incrementHours: 0 })).toBe(false);
		expect(validControl({ ...bank, extra: 1 })).toBe(false);
		expect(controlOf(undefined, '7d')).toEqual(perMove(7));
		expect(controlOf(null, 'x')).toEqual(perMove(3));
		expect(controlOf(bank, '1d')).toEqual(bank);
		expect(timeLimitOf(bank)).toBe('2d');
	});
});

describe('vacation arithmetic', () => {
	const ws = [{ from: T0 + 10 * HOUR, until: T0 + 30 * HOUR }];
	it('clock time leaves out the vacation; the deadline moves by exactly the paused time', () => {
		expect(clockUsed(T0, T0 + 40 * HOUR, ws)).toBe(20 * HOUR);
		expect(wallAt(T0, 24 * HOUR, ws)).toBe(T0 + 44 * HOUR);
		expect(wallAt(T0, 5 * HOUR, ws)).toBe(T0 + 5 * HOUR);
		// A wait starting inside the vacation begins counting when it ends.
		expect(wallAt(T0 + 20 * HOUR, HOUR, ws)).toBe(T0 + 31 * HOUR);
		// Overlapping copies (a retried call) pause once.
		expect(wallAt(T0, 24 * HOUR, [...ws, ...ws])).toBe(T0 + 44 * HOUR);
	});
	it('setVacation ends a running one now and keeps its past part; a planned one is replaced', () => {
		let t = started(perMove(1), [0]);
		t = setVacation(t, 'ann', { from: T0 + HOUR, until: T0 + 5 * DAY }, T0 + HOUR);
		expect(deadlineOf(t.seats[0], t.vacations.ann)).toBe(T0 + 5 * DAY + 23 * HOUR);
		t = setVacation(t, 'ann', null, T0 + 3 * HOUR); // back early
		expect(t.vacations.ann).toEqual([{ from: T0 + HOUR, until: T0 + 3 * HOUR }]);
		expect(deadlineOf(t.seats[0], t.vacations.ann)).toBe(T0 + DAY + 2 * HOUR);
		t = setVacation(t, 'bob', { from: T0 + 2 * DAY, until: T0 + 3 * DAY }, T0 + 3 * HOUR);
		t = setVacation(t, 'bob', null, T0 + 4 * HOUR); // cancelled before it began
		expect(t.vacations.bob).toBeUndefined();
	});
});

describe('waits, reminders and timeouts', () => {
	it('days per move: each awaited seat runs; a move ends the wait and resets the counter', () => {
		const c = perMove(2);
		let t = started(c, [0, 1, 2]);
		expect(t.seats.map((s) => deadlineOf(s, []))).toEqual([T0 + 2 * DAY, T0 + 2 * DAY, T0 + 2 * DAY]);
		t = advance(t, c, { active: [1, 2], mover: 0, cause: 'player', now: T0 + HOUR }, userOf);
		expect(t.seats[0].waitingSince).toBeNull();
		// Still awaited after its own move (a new turn): a fresh wait.
		t = advance(t, c, { active: [0], mover: 1, cause: 'player', now: T0 + 2 * HOUR }, userOf);
		expect(t.seats[0].waitingSince).toBe(T0 + 2 * HOUR);
		t = advance(t, c, { active: [0], mover: 0, cause: 'player', now: T0 + 3 * HOUR }, userOf);
		expect(t.seats[0].waitingSince).toBe(T0 + 3 * HOUR);
	});

	it('only reminders ahead when the wait begins: a 1-day wait gets the 4 h one only', () => {
		const t = started(perMove(1), [0]);
		expect(reminderAt(t.seats[0], 24, [])).toBeNull();
		expect(reminderAt(t.seats[0], 4, [])).toBe(T0 + 20 * HOUR);
		expect(nextDue(t, userOf)).toBe(T0 + 20 * HOUR);
		expect(due(t, T0 + 19 * HOUR, userOf)).toEqual([]);
		expect(due(t, T0 + 20 * HOUR, userOf)).toEqual([{ kind: 'reminder', seat: 0, hours: 4 }]);
		const t2 = started(perMove(2), [0]);
		expect(due(t2, T0 + 24 * HOUR, userOf)).toEqual([{ kind: 'reminder', seat: 0, hours: 24 }]);
		// Both passed: both are due once; past the deadline only the timeout is.
		expect(due(t2, T0 + 47 * HOUR, userOf).length).toBe(2);
		expect(due(t2, T0 + 48 * HOUR, userOf)).toEqual([{ kind: 'timeout', seat: 0 }]);
	});

	it('three timeouts in a row drop the seat (its clock stops); a real move in between resets; reclaim restarts', () => {
		const c = perMove(1);
		let t = started(c, [0]);
		const out = (x: Timers, now: number, active: number[]) => advance(x, c, { active, mover: 0, cause: 'timeout', now }, userOf);
		t = out(t, T0 + DAY, [0]);
		expect(t.seats[0].timeouts).toBe(1);
		expect(due(t, T0 + DAY, userOf)).toEqual([]); // the new wait is not due
		t = advance(t, c, { active: [0], mover: 0, cause: 'player', now: T0 + DAY + HOUR }, userOf);
		expect(t.seats[0].timeouts).toBe(0);
		t = out(t, T0 + 3 * DAY, [0]);
		t = out(t, T0 + 4 * DAY, [0]);
		t = out(t, T0 + 5 * DAY, [0]);
		expect(t.seats[0]).toMatchObject({ timeouts: 3, dropped: true, waitingSince: null });
		expect(nextDue(t, userOf)).toBeNull();
		t = reclaim(t, c, 0, [0], T0 + 6 * DAY);
		expect(t.seats[0]).toMatchObject({ timeouts: 0, dropped: false, waitingSince: T0 + 6 * DAY });
		expect(deadlineOf(t.seats[0], [])).toBe(T0 + 7 * DAY);
		// Dropped again; this time the player moves by themselves (a sealed bid, say): back too.
		t = out(t, T0 + 7 * DAY, [0]);
		t = out(t, T0 + 8 * DAY, [0]);
		t = out(t, T0 + 9 * DAY, [0]);
		expect(t.seats[0].dropped).toBe(true);
		t = advance(t, c, { active: [0], mover: 0, cause: 'player', now: T0 + 9 * DAY + HOUR }, userOf);
		expect(t.seats[0]).toMatchObject({ timeouts: 0, dropped: false, waitingSince: T0 + 9 * DAY + HOUR });
	});

	it('a timed-out wait is never due again, even if the alarm comes back late', () => {
		const c = perMove(1);
		const t = started(c, [0, 1]);
		const marked = { ...t, seats: t.seats.map((s) => (s.seat === 0 ? { ...s, timedOutFor: s.waitingSince } : s)) };
		expect(due(marked, T0 + 5 * DAY, userOf)).toEqual([{ kind: 'timeout', seat: 1 }]);
	});

	it('time bank: used time leaves the bank, a move adds the increment up to the cap, a timeout leaves the increment', () => {
		let t = started(bank, [0, 1]);
		expect(deadlineOf(t.seats[0], [])).toBe(T0 + 2 * DAY);
		t = advance(t, bank, { active: [1], mover: 0, cause: 'player', now: T0 + 10 * HOUR }, userOf);
		expect(t.seats[0].bank).toBe(2 * DAY - 10 * HOUR + 12 * HOUR);
		t = advance(t, bank, { active: [0, 1], mover: null, cause: 'none', now: T0 + 11 * HOUR }, userOf);
		t = advance(t, bank, { active: [1], mover: 0, cause: 'player', now: T0 + 11 * HOUR + 1 }, userOf);
		expect(t.seats[0].bank).toBe(62 * HOUR - 1);
		t = advance(t, bank, { active: [0, 1], mover: null, cause: 'none', now: T0 + 12 * HOUR }, userOf);
		t = advance(t, bank, { active: [1], mover: 0, cause: 'player', now: T0 + 12 * HOUR }, userOf);
		expect(t.seats[0].bank).toBe(3 * DAY); // 74 h, capped
		// Seat 1 ran since T0 without moving and times out at 2 days: its bank is empty, plus the increment.
		t = advance(t, bank, { active: [0], mover: 1, cause: 'timeout', now: T0 + 2 * DAY }, userOf);
		expect(t.seats[1].bank).toBe(12 * HOUR);
		// A seat that stops being awaited without moving pays its time, gains nothing.
		t = advance(t, bank, { active: [], mover: null, cause: 'none', now: T0 + 2 * DAY + HOUR }, userOf);
		expect(t.seats[0].bank).toBe(3 * DAY - HOUR);
	});

	it('a vacation pauses a running bank too', () => {
		let t = started(bank, [0]);
		t = setVacation(t, 'ann', { from: T0, until: T0 + DAY }, T0);
		expect(deadlineOf(t.seats[0], t.vacations.ann)).toBe(T0 + 3 * DAY);
		t = advance(t, bank, { active: [], mover: 0, cause: 'player', now: T0 + 25 * HOUR }, userOf);
		expect(t.seats[0].bank).toBe(2 * DAY - HOUR + 12 * HOUR);
	});
});

describe('vacation days', () => {
	const none = { from: null, until: null, year: null, days: 0 };
	it('at most 14 days a calendar year, one at a time, starting now or later; back early gives days back', async () => {
		const { planVacation, endVacation } = await import('./clock');
		const a = planVacation(none, { from: T0, until: T0 + 10 * DAY }, T0);
		expect(a).toMatchObject({ ok: true, record: { from: T0, until: T0 + 10 * DAY, year: 2026, days: 10 } });
		if (!a.ok) throw new Error();
		expect(planVacation(a.record, { from: T0 + 20 * DAY, until: T0 + 21 * DAY }, T0 + DAY)).toMatchObject({ ok: false, code: 'VACATION_EXISTS' });
		const back = endVacation(a.record, T0 + 2 * DAY + HOUR); // 3 days begun
		expect(back).toEqual({ from: null, until: null, year: 2026, days: 3 });
		expect(planVacation(back, { from: T0 + 3 * DAY, until: T0 + 15 * DAY }, T0 + 3 * DAY)).toMatchObject({ ok: false, status: 422, code: 'VACATION_LIMIT' });
		expect(planVacation(back, { from: T0 + 3 * DAY, until: T0 + 14 * DAY }, T0 + 3 * DAY)).toMatchObject({ ok: true, record: { days: 14 } });
		expect(planVacation(none, { from: T0 - HOUR, until: T0 + DAY }, T0)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		expect(planVacation(none, { from: T0, until: T0 }, T0)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		// A new year starts a new count; a planned one cancelled costs nothing.
		const ny = planVacation({ from: null, until: null, year: 2025, days: 14 }, { from: T0, until: T0 + DAY }, T0);
		expect(ny).toMatchObject({ ok: true, record: { year: 2026, days: 1 } });
		const planned = planVacation(none, { from: T0 + 5 * DAY, until: T0 + 7 * DAY }, T0);
		if (!planned.ok) throw new Error();
		expect(endVacation(planned.record, T0 + DAY).days).toBe(0);
	});
});
