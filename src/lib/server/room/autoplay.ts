/**
 * What the room plays by itself, through the kind (engine/kind.ts): reminders when a clock runs low,
 * the kind's automatic move when it runs out, and the kind's default bot for a dropped seat. Each is
 * committed with the change that marks it done, so an alarm that fires twice, or late, finds nothing
 * left to do the second time.
 */
import { awaited, seedRng } from '$lib/engine';
import { due, markReminded, type Cause, type Timers } from './clock';
import { makeEvent, type EventContext } from './events';
import { userOf, type Held } from './projection';
import type { MoveOutcome } from './core';
import type { SeatQueue } from './storage';
import { queueAnswers } from './queue';

/** Move ids of moves nobody made in person at the table (see below, core.ts, GameRoom.ts). */
const AUTOMATIC = /^(queue|standing|timeout|bot):/;

/** Bot moves played in one go; the rest continue from an immediate alarm (a game of bots only is long). */
const BOT_MOVES_PER_RUN = 200;

export interface AutoplayHost {
	held(): Held | null;
	now(): number;
	/** The one path of a move (core.ts RoomCore.applyMove). */
	applyMove(seat: number, userId: string, move: unknown, moveId: string, cause: Cause, auto?: string | null, during?: () => void): MoveOutcome;
	/** The event context of the current version with these timers. */
	eventContext(timers: Timers, now: number): EventContext;
	/** Saves timers (and an event) in one transaction, and keeps the timers. */
	saveTimers(timers: Timers, event?: ReturnType<typeof makeEvent>): void;
	armAlarm(at: number): Promise<void>;
	/** A seat's standing answer, or null (engine/kind.ts `Standing`). */
	standingOf(seat: number): string | null;
	/** A seat's plan-ahead queue (engine/kind.ts `Queueing`), and the write that replaces it. */
	queueOf(seat: number): SeatQueue;
	writeQueue(seat: number, q: SeatQueue): void;
	/** Seats whose queue is not empty. */
	queuedSeats(): Set<number>;
	/** The newest move's seat and id (its prefix says who made it: a person, a queue, a timeout, the bot). */
	lastMove(): { seat: number; moveId: string } | null;
	/** A seat's queue was dropped: the new (empty) queue and the seat's turn event, in one transaction; its pages are told. */
	dropQueue(seat: number, q: SeatQueue, event: ReturnType<typeof makeEvent>): void;
}

export class Autoplay {
	constructor(private readonly room: AutoplayHost) {}

	/** Reminders and timeouts that are due, one at a time (a timeout changes who is awaited next). */
	runTimers(): void {
		for (let guard = 0; guard < 100; guard++) {
			const h = this.room.held();
			if (!h || h.meta.status !== 'active' || !h.state) return;
			const now = this.room.now();
			const d = due(h.timers, now, userOf(h.players))[0];
			if (!d) return;
			if (d.kind === 'reminder') this.remind(h, d.seat, d.hours, now);
			else this.timeOut(h, d.seat);
			this.runBots();
		}
	}

	/** A reminder is no change of the game (no version): the event and the mark that it was sent, in one transaction. */
	private remind(h: Held, seat: number, hours: number, now: number): void {
		const timers = markReminded(h.timers, seat, hours);
		const ctx = this.room.eventContext(timers, now);
		this.room.saveTimers(timers, makeEvent(ctx, 'reminder', seat, { hoursLeft: hours, deadline: ctx.deadline(seat) }));
	}

	/** The seat's clock ran out: the room makes the kind's automatic move as the seat. */
	private timeOut(h: Held, seat: number): void {
		const player = h.players.find((p) => p.seat === seat)!;
		const version = h.meta.version;
		const moveId = `timeout:${version}:${seat}`;
		const auto = h.kind.timeoutMove(h.state, seat);
		let r = auto ? this.room.applyMove(seat, player.userId, auto.move, moveId, 'timeout', auto.auto) : null;
		if (!r?.ok) {
			// Not expected (every phase allows its automatic move); the bot's legal move keeps the game going.
			console.error(`GameRoom ${h.meta.gameId}: automatic move for seat ${seat} refused: ${r && !r.ok ? r.code : 'none'}`);
			r = this.room.applyMove(seat, player.userId, this.botMove(h, seat), moveId, 'timeout', 'bot');
		}
		if (!r.ok) {
			// Never leave a due timeout behind to fire again and again: count it as done.
			const t = h.timers;
			this.room.saveTimers({ ...t, seats: t.seats.map((x) => (x.seat === seat ? { ...x, timedOutFor: x.waitingSince } : x)) });
		}
	}

	/** A dropped seat whose input is awaited, or null. */
	botSeat(): number | null {
		const h = this.room.held();
		if (!h || !h.state || h.meta.status !== 'active') return null;
		return awaited(h.kind, h.state).find((seat: number) => h.timers.seats[seat]?.dropped) ?? null;
	}

	private botMove(h: Held, seat: number): unknown {
		// From the seat's own view (what a player could know) and a generator seeded by game and version: reproducible.
		const rng = seedRng(`${h.meta.gameId}/${h.meta.version}/bot`);
		return h.kind.bots[h.kind.defaultBot](h.kind.view(h.state, seat), seat, rng);
	}

	/**
	 * An awaited seat whose standing answer answers what awaits it, with that move, or null. It is the
	 * player's own move (cause 'player'), made the moment the decision comes up (issue 13, R-0.5).
	 */
	standingMove(): { seat: number; move: unknown } | null {
		const h = this.room.held();
		const standing = h?.kind.standing;
		if (!h || !h.state || h.meta.status !== 'active' || !standing) return null;
		for (const seat of awaited(h.kind, h.state)) {
			if (h.timers.seats[seat]?.dropped) continue;
			const answer = this.room.standingOf(seat);
			const move = answer === null ? null : standing.answer(h.state, seat, answer);
			if (move !== null) return { seat, move };
		}
		return null;
	}

	/**
	 * Plan ahead (issue 32): an awaited seat with a queue, judged from the seat's own view only. Its
	 * first step's first alternative that is due now is played as the seat's own move (cause
	 * 'player'), and the step leaves the queue in the move's own transaction. If none is due, the
	 * whole queue is dropped and the seat is woken: its turn event, which the queue held back
	 * (core.ts commit), is written now. True when something was done.
	 */
	queueStep(): boolean {
		const h = this.room.held();
		const queueing = h?.kind.queue;
		if (!h || !h.state || h.meta.status !== 'active' || !queueing) return false;
		// After every move: one read when nobody has a plan (the common case), nothing more.
		const queued = this.room.queuedSeats();
		const seats = awaited(h.kind, h.state).filter((seat: number) => queued.has(seat) && !h.timers.seats[seat]?.dropped);
		if (seats.length === 0) return false;
		const last = this.room.lastMove();
		for (const seat of seats) {
			// Right after the seat's own move in person the player is at the table, in the middle of
			// their turn: the queue waits for a decision that comes up after someone else's move.
			if (last && last.seat === seat && !AUTOMATIC.test(last.moveId)) continue;
			const q = this.room.queueOf(seat);
			if (q.steps.length === 0) continue;
			const view = h.kind.view(h.state, seat);
			// A first step for another decision waits (the seat was woken for this one, core.ts).
			if (!queueAnswers(h.kind, view, seat, q.steps[0])) continue;
			const move = q.steps[0].map((m) => queueing.due(view, seat, m)).find((m) => m !== null) ?? null;
			const player = h.players.find((p) => p.seat === seat)!;
			if (move !== null) {
				const rest: SeatQueue = { steps: q.steps.slice(1), rev: q.rev + 1 };
				const r = this.room.applyMove(seat, player.userId, move, `queue:${h.meta.version}:${seat}`, 'player', null, () => this.room.writeQueue(seat, rest));
				if (r.ok) return true;
				console.error(`GameRoom ${h.meta.gameId}: queued move of seat ${seat} refused: ${r.code}`);
			}
			const ctx = this.room.eventContext(h.timers, this.room.now());
			this.room.dropQueue(seat, { steps: [], rev: q.rev + 1 }, makeEvent(ctx, 'turn', seat, { deadline: ctx.deadline(seat) }));
			return true;
		}
		return false;
	}

	/** Standing answers first, then queued moves, then dropped seats (the bot), as soon as they are awaited. */
	runBots(): void {
		for (let i = 0; i < BOT_MOVES_PER_RUN; i++) {
			const st = this.standingMove();
			if (st) {
				const h = this.room.held()!;
				const player = h.players.find((p) => p.seat === st.seat)!;
				const r = this.room.applyMove(st.seat, player.userId, st.move, `standing:${h.meta.version}:${st.seat}`, 'player');
				if (!r.ok) {
					console.error(`GameRoom ${h.meta.gameId}: standing answer of seat ${st.seat} refused: ${r.code}`);
					return;
				}
				continue;
			}
			if (this.queueStep()) continue;
			const seat = this.botSeat();
			if (seat === null) return;
			const h = this.room.held()!;
			const player = h.players.find((p) => p.seat === seat)!;
			const r = this.room.applyMove(seat, player.userId, this.botMove(h, seat), `bot:${h.meta.version}:${seat}`, 'bot');
			if (!r.ok) {
				console.error(`GameRoom ${h.meta.gameId}: bot move for seat ${seat} refused: ${r.code}`);
				return;
			}
		}
		if (this.botSeat() !== null) void this.room.armAlarm(this.room.now());
	}
}
