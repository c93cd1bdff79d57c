/** Test data of the tournament components' tests (the shapes of src/lib/protocol/tournament.ts). */
import type { StandingRow, TournamentRound, TournamentSummary } from '$lib/protocol/tournament';
import type { KindInfo } from '$lib/ui/kindInfo';

export const KINDS: KindInfo[] = [{ id: 'k', name: 'Kindname', blurb: '', seats: { min: 2, max: 4 }, typicalMinutes: 30 }];

const person = (id: string) => ({ id, username: id });

export function summary(over: Partial<TournamentSummary> = {}): TournamentSummary {
	return {
		id: 't1',
		name: 'Winter Cup',
		kind: 'k',
		format: 'swiss',
		tableSize: 4,
		rounds: 3,
		clock: { kind: 'perMove', days: 3 },
		rated: true,
		visibility: 'public',
		status: 'signup',
		round: 0,
		players: 5,
		minPlayers: 4,
		maxPlayers: 12,
		signupUntil: Date.UTC(2031, 0, 15, 18, 30),
		organiser: person('ana'),
		createdAt: Date.UTC(2031, 0, 1),
		startedAt: null,
		finishedAt: null,
		winners: [],
		...over
	};
}

export function row(player: string, place: number, points: number, perRound: (number | null)[], over: Partial<StandingRow> = {}): StandingRow {
	return { player, username: player, place, points, buchholz: 4.5, firsts: 1, games: perRound.filter((p) => p !== null).length, byes: 0, withdrawn: false, perRound, ...over };
}

export const ROUND: TournamentRound = {
	round: 2,
	tables: [
		{ table: 0, gameId: 'g1', players: ['caro', 'ana', 'ben'].map(person), places: [2, 1, 2], points: [1.5, 3, 1.5], finished: true },
		{ table: 1, gameId: 'g2', players: ['dan', 'eve'].map(person), places: null, points: null, finished: false, inviteCode: 'INV-2' }
	],
	byes: [person('fay')],
	startedAt: Date.UTC(2031, 0, 20),
	deadline: null,
	finished: false
};
