/**
 * How often a game wakes its players (issue 32): one game of a kind played by its default bot, each
 * seat from its own view, as people playing over days would play it — each seat comes back some time
 * after it became awaited, makes its decisions, and leaves — counting per seat:
 *  - decisions: the seat's moves (queued ones included);
 *  - wake-ups: each maximal run of the seat's own decisions, made in person, with no other seat's
 *    move in between (each needs the player to come back) — a run is not broken by another seat's
 *    queued move played while the player is still at the table — split by whose turn it was (`turnOf`):
 *    the seat's own, or another's / nobody's (defences, sacrifices, sealed decisions);
 *  - notifications per channel, from the room's own events (`changeEvents`, src/lib/server/room/events.ts)
 *    and the postman's rules: in-app at once; email, push and webhook after the grace time, one
 *    message for all that is pending and current then (`sendTogether`).
 * With `queues`, a seat that leaves plans ahead with its kind's `queue.plan`, and the room plays a due
 * queued move at once (no wake-up, no event), or drops the queue and wakes the seat — as autoplay.ts does.
 *
 * Pure apart from the kind's own work; no clock: time is simulated.
 */
import * as v from 'valibot';
import { awaited, isOver, resultOf, seedRng, below, type Kind, type RngState } from '../../src/lib/engine/index';
import { changeEvents, type EventContext } from '../../src/lib/server/room/events';
import { queueAnswers } from '../../src/lib/server/room/queue';
import { tripAt, turnDueAt, type PendingTurn } from '../../src/lib/server/notify/grace';

export interface Timing {
	name: string;
	/** How long after being woken a player comes back (ms): uniform in [min, max]. */
	back: [number, number];
	/** Time per decision while at the table (ms). */
	decide: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Players away: they come back hours later (a game over days). */
export const AWAY: Timing = { name: 'away', back: [1 * HOUR, 12 * HOUR], decide: 30_000 };
/** Quick players, not looking in between (the tab hidden): back within minutes. */
export const QUICK: Timing = { name: 'quick', back: [1 * MIN, 5 * MIN], decide: 20_000 };

export const CHANNELS = ['inapp', 'email', 'push', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface SeatCount {
	decisions: number;
	queued: number;
	wakeups: number;
	wakeOwn: number;
	wakeOther: number;
	/** Turn notifications per channel; `finished` (one per seat and channel) is counted apart. */
	notes: Record<Channel, number>;
	dropped: number;
}

export interface GameCount {
	seats: SeatCount[];
	moves: number;
	over: boolean;
	/** Simulated duration (ms). */
	duration: number;
	hasTurnOf: boolean;
}

export interface SimOptions {
	queues: boolean;
	/** Grace before email, push and webhook (ms); 0 = today's at once. */
	grace: number;
	timing: Timing;
	maxMoves?: number;
}

/** The seat's turn notifications, in order: created at, gone (stale) from, and whether the seat looked. */
interface TurnEvent {
	seat: number;
	at: number;
	open: boolean;
}

export function simulate(kind: Kind, players: number, seed: string, o: SimOptions): GameCount {
	const config = kind.config(v.parse(kind.options, {}), players);
	if (!config.ok) throw new Error(`${kind.id}: ${config.message}`);
	const start = kind.start(config.value, seed);
	if (!start.ok) throw new Error(`${kind.id}: ${start.message}`);
	let state = start.value.state;
	const rng: RngState = seedRng(`${seed}/wakeups`);
	const bot = kind.bots[kind.defaultBot];
	const q = o.queues ? kind.queue : undefined;
	const seats: SeatCount[] = Array.from({ length: players }, () => ({
		decisions: 0, queued: 0, wakeups: 0, wakeOwn: 0, wakeOther: 0, notes: { inapp: 0, email: 0, push: 0, webhook: 0 }, dropped: 0
	}));
	const queue: unknown[][][] = Array.from({ length: players }, () => []);
	const readyAt: number[] = Array(players).fill(Infinity);
	const presentUntil: number[] = Array(players).fill(-Infinity);
	/** Another seat moved since this seat's last decision in person (the next one is a wake-up). */
	const othersMoved: boolean[] = Array(players).fill(true);
	/** The seat's pending decision came up while its player was still at the table. */
	const cameWhilePresent: boolean[] = Array(players).fill(false);
	/** When each seat moved (any move), and the awaited intervals: for staleness. */
	const movedAt: number[][] = Array.from({ length: players }, () => []);
	const awaitedFrom: (number | null)[] = Array(players).fill(null);
	const awaitedSpans: [number, number][][] = Array.from({ length: players }, () => []);
	const events: TurnEvent[] = [];
	let t = 0;
	let version = 0;
	let moves = 0;
	const max = o.maxMoves ?? 20_000;
	const back = () => o.timing.back[0] + below(rng, o.timing.back[1] - o.timing.back[0] + 1);
	const names = Array.from({ length: players }, (_, i) => `p${i}`);
	const ctxAt = (now: number, open: Set<string>): EventContext => ({
		gameId: 'sim', kind: kind.id, version, now, round: null, phase: '', names,
		userOf: (s) => names[s], open, since: () => ({ entries: [], more: false }), deadline: () => null
	});
	const present = (s: number) => presentUntil[s] >= t;

	/** Who is awaited changed: spans, readiness, queued moves first, then the turn events. */
	const changed = (before: number[], mover: number | null) => {
		const after = awaited(kind, state);
		for (let s = 0; s < players; s++) {
			const was = before.includes(s);
			const is = after.includes(s);
			if (was && !is) {
				awaitedSpans[s].push([awaitedFrom[s]!, t]);
				awaitedFrom[s] = null;
				readyAt[s] = Infinity;
			}
			if (!was && is) {
				awaitedFrom[s] = t;
				cameWhilePresent[s] = present(s);
				readyAt[s] = present(s) ? t + o.timing.decide : t + back();
			}
		}
		// The room suppresses the turn event of a seat whose queue is about to answer (autoplay.ts).
		const answering = (s: number) => !!q && queueAnswers(kind, kind.view(state, s), s, queue[s][0]);
		const open = new Set(names.filter((_, s) => present(s) || (!before.includes(s) && answering(s))));
		const fin = isOver(kind, state) ? resultOf(kind.outcome(state)!) : null;
		for (const e of changeEvents(ctxAt(t, open), { before, after, mover, timeout: null, dropped: new Set(), droppedNow: [], finished: fin }))
			if (e.kind === 'turn') events.push({ seat: e.data.seat, at: t, open: e.gameOpen });
	};

	const play = (seat: number, move: unknown, inPerson: boolean) => {
		const before = awaited(kind, state);
		const turn = kind.turnOf ? kind.turnOf(state) : null;
		const r = kind.apply(state, seat, move);
		if (!r.ok) throw new Error(`${kind.id}: refused ${r.code}: ${r.message} (${JSON.stringify(move)})`);
		state = r.value.state;
		version++;
		moves++;
		const c = seats[seat];
		c.decisions++;
		movedAt[seat].push(t);
		if (inPerson) {
			// Someone else decided since the seat's last decision, and the decision came up when the
			// player had left: they had to come back. (Another seat's queued move, played the moment
			// the seat's own move made it due, breaks no visit.)
			if (othersMoved[seat] && !cameWhilePresent[seat]) {
				c.wakeups++;
				if (turn === seat) c.wakeOwn++;
				else c.wakeOther++;
			}
			othersMoved[seat] = false;
			cameWhilePresent[seat] = false;
			presentUntil[seat] = t + o.timing.decide;
		} else c.queued++;
		for (let s = 0; s < players; s++) if (s !== seat) othersMoved[s] = true;
		// A move the room made for the seat (its queue): the player is not there (core.ts `away`).
		if (inPerson) changed(before, seat);
		else changed(before.filter((s) => s !== seat), null);
		if (inPerson && !awaited(kind, state).includes(seat) && q && !isOver(kind, state))
			queue[seat] = q.plan(kind.view(state, seat), seat, rng);
	};

	/** Queued moves that are due now, played at once (autoplay.ts); a queue that cannot answer is dropped. */
	const runQueues = (): boolean => {
		if (!q) return false;
		for (const s of awaited(kind, state)) {
			if (queue[s].length === 0 || present(s)) continue;
			const view = kind.view(state, s);
			if (!queueAnswers(kind, view, s, queue[s][0])) continue; // waits for a decision it answers
			const step = queue[s][0];
			const move = step.map((m) => q.due(view, s, m)).find((m) => m !== null) ?? null;
			if (move === null) {
				queue[s] = [];
				seats[s].dropped++;
				// Dropped: the seat is woken now (its turn event, which the queue had held back).
				events.push({ seat: s, at: t, open: false });
				continue;
			}
			queue[s] = queue[s].slice(1);
			play(s, move, false);
			return true;
		}
		return false;
	};

	changed([], null);
	while (!isOver(kind, state) && moves < max) {
		if (runQueues()) continue;
		const active = awaited(kind, state);
		if (active.length === 0) throw new Error(`${kind.id}: nobody is awaited`);
		const seat = active.reduce((a, b) => (readyAt[b] < readyAt[a] ? b : a));
		t = Math.max(t, readyAt[seat]);
		play(seat, bot(kind.view(state, seat), seat, rng), true);
		if (awaited(kind, state).includes(seat)) readyAt[seat] = t + o.timing.decide;
	}
	for (let s = 0; s < players; s++) if (awaitedFrom[s] !== null) awaitedSpans[s].push([awaitedFrom[s]!, Infinity]);

	// The channels, from the events: in-app at once (the fan-out drops a stale one), the others by the postman's rule.
	for (let s = 0; s < players; s++) {
		const mine = events.filter((e) => e.seat === s && !e.open);
		const stale = (e: TurnEvent, at: number) =>
			movedAt[s].some((m) => m > e.at && m <= at) || !awaitedSpans[s].some(([a, b]) => a <= at && at < b);
		seats[s].notes.inapp = mine.filter((e) => !stale(e, e.at + 1000)).length;
		// The postman (delivery.ts) with its pure rule (notify/grace.ts): it acts whenever a row is
		// due; stale rows are skipped, and all current ones go out together as one message.
		let rest = mine.map((e, i) => ({ id: String(i), gameId: 'sim', createdAt: e.at, dueAt: turnDueAt(e.at, o.grace / 60_000) }));
		let sent = 0;
		while (rest.length) {
			const now = Math.min(...rest.map((p) => p.dueAt));
			const trip = tripAt(rest.map((p): PendingTurn => ({ ...p, stale: p.createdAt <= now && stale(mine[Number(p.id)], now) })), now);
			if (trip.send.length) sent++;
			const done = new Set([...trip.send, ...trip.skip]);
			if (done.size === 0) throw new Error('the postman made no progress');
			rest = rest.filter((p) => !done.has(p.id));
		}
		for (const ch of ['email', 'push', 'webhook'] as const) seats[s].notes[ch] = sent;
	}
	return { seats, moves, over: isOver(kind, state), duration: t, hasTurnOf: !!kind.turnOf };
}
