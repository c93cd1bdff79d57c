/**
 * What the room shows of a game, pure: each viewer's view, every seat's clock, the D1 rows of a
 * version and the context of its notification events. Everything about the game's rules comes
 * through its kind (engine/kind.ts): the room never looks inside a state.
 *
 * Secrets: the only shape in which a state leaves the room is `kind.view(state, seat)`; the D1 rows
 * carry the seed commitment, never the seed.
 */
import { awaited, resultOf, type GameResult, type Kind } from '$lib/engine';
import { isRated, type D1Payload, type RoomView, type SeatClock, type TimeControl } from '$lib/protocol/room';
import { isBotId } from '$lib/protocol/people';
import { controlOf, currentVacation, deadlineOf, type Timers } from './clock';
import type { EventContext } from './events';
import type { Meta, Player } from './storage';

/** One version of a game as the room holds it. */
export interface Held {
	kind: Kind;
	meta: Meta;
	players: Player[];
	/** The engine state; null while the game waits for players (and for games closed before the start). */
	state: unknown;
	timers: Timers;
}

export function control(m: Pick<Meta, 'clock' | 'timeLimit'>): TimeControl {
	return controlOf(m.clock, m.timeLimit);
}

export function userOf(players: readonly Player[]): (seat: number) => string | undefined {
	return (seat) => players.find((p) => p.seat === seat)?.userId;
}

/** The seats whose input is awaited: none while waiting or once finished. */
export function activeSeats(kind: Kind, state: unknown, meta: Pick<Meta, 'status'>): number[] {
	return state && meta.status === 'active' ? awaited(kind, state) : [];
}

/** How the game ended (engine/outcome.ts), or null while it runs. */
export function finalResult(kind: Kind, state: unknown): GameResult | null {
	const o = state ? kind.outcome(state) : null;
	return o && resultOf(o);
}

/** The viewer's own view (`userId` null: a spectator or a signed-out visitor). */
export function roomView(h: Held, userId: string | null, now: number): RoomView {
	const m = h.meta;
	const me = userId === null ? undefined : h.players.find((p) => p.userId === userId);
	const seat = me && h.state ? me.seat : null;
	return {
		gameId: m.gameId,
		kind: m.kind,
		game: m.kind,
		version: m.version,
		status: m.status,
		visibility: m.visibility,
		rated: isRated(m),
		origin: m.origin ?? null,
		tournament: m.tournament ?? null,
		creatorId: m.creatorId,
		options: m.options,
		seatsWanted: m.seatsWanted,
		timeLimit: m.timeLimit,
		seats: h.players.map((p) => ({
			seat: p.seat,
			userId: p.userId,
			username: p.username,
			colour: h.state ? h.kind.seatColour(h.state, p.seat) : null
		})),
		yourSeat: me ? me.seat : null,
		inviteCode: me ? m.inviteCode : null,
		activeSeats: activeSeats(h.kind, h.state, m),
		view: h.state ? h.kind.view(h.state, seat) : null,
		result: finalResult(h.kind, h.state),
		clock: control(m),
		clocks: seatClocks(h, now)
	};
}

/** Every seat's clock, public: deadlines, drops and vacations are for everybody to see. */
export function seatClocks(h: Held, now: number): SeatClock[] {
	return h.players.map((p) => {
		const ws = h.timers.vacations[p.userId] ?? [];
		const t = h.state ? h.timers.seats[p.seat] : undefined;
		const vacation = currentVacation(ws, now);
		return {
			seat: p.seat,
			waitingSince: t?.waitingSince ?? null,
			deadline: t ? deadlineOf(t, ws) : null,
			bank: t?.bank ?? null,
			timeouts: t?.timeouts ?? 0,
			dropped: !!t?.dropped,
			...(isBotId(p.userId) ? { bot: true } : {}),
			vacation,
			paused: !!vacation && vacation.from <= now
		};
	});
}

/** The D1 rows of this version (outbox.ts writes them). */
export function d1Payload(h: Held): D1Payload {
	const m = h.meta;
	const result = finalResult(h.kind, h.state);
	return {
		game: {
			id: m.gameId, game: m.kind, status: m.status, visibility: m.visibility, inviteCode: m.inviteCode, creatorId: m.creatorId,
			options: JSON.stringify(m.options), seatsWanted: m.seatsWanted, timeLimit: m.timeLimit, engineVersion: m.engineVersion,
			version: m.version, activeSeats: JSON.stringify(activeSeats(h.kind, h.state, m)), seedCommitment: m.seedCommitment,
			clock: JSON.stringify(control(m)), createdAt: m.createdAt, updatedAt: m.updatedAt, startedAt: m.startedAt, finishedAt: m.finishedAt,
			rounds: h.state ? h.kind.status(h.state).round : null, players: h.players.length, rated: isRated(m),
			origin: m.origin ? JSON.stringify(m.origin) : null,
			tournamentId: m.tournament?.id ?? null
		},
		seats: h.players.map((p) => {
			const t = h.state ? h.timers.seats[p.seat] : undefined;
			return {
				userId: p.userId,
				seat: p.seat,
				colour: h.state ? h.kind.seatColour(h.state, p.seat) : null,
				score: result ? result.scores[p.seat] : null,
				winner: result ? (result.winners.includes(p.seat) ? 1 : 0) : null,
				place: result ? result.places[p.seat] : null,
				joinedAt: p.joinedAt,
				waitingSince: t?.waitingSince ?? null,
				deadline: t ? deadlineOf(t, h.timers.vacations[p.userId] ?? []) : null,
				timeouts: t?.timeouts ?? 0,
				dropped: t?.dropped ? 1 : 0,
				// Unknown (a game finished before they were counted) stays unknown: ratings.ts rates nothing then.
				...(m.decisions ? { decisions: m.decisions[p.seat] ?? 0 } : {})
			};
		})
	};
}

/** What the notification events of this version need (events.ts); `h.state` is set (a started game). */
export function eventContext(
	h: Held,
	now: number,
	open: ReadonlySet<string>,
	since: EventContext['since']
): EventContext {
	const who = userOf(h.players);
	const status = h.kind.status(h.state);
	return {
		gameId: h.meta.gameId,
		kind: h.kind.id,
		version: h.meta.version,
		now,
		round: status.round,
		phase: status.phase,
		names: h.players.map((p) => p.username),
		userOf: who,
		open,
		since,
		deadline: (seat) => {
			const t = h.timers.seats[seat];
			return t ? deadlineOf(t, h.timers.vacations[who(seat) ?? ''] ?? []) : null;
		}
	};
}
