/**
 * The standings after an earlier round (issue 35): the page computes them from the tournament's own
 * schedule with the library the server uses (src/lib/tournament `standings`), so "after round 2"
 * ranks by the same points and tie-breaks as the overall standings the API gives.
 */
import type { StandingRow, TournamentView } from '$lib/protocol/tournament';
import { standings } from '$lib/tournament/standings';
import type { Bye, TableResult, TournamentPlayer } from '$lib/tournament/types';

/**
 * The standings once round `round` (1-based) and every one before it were over: the finished tables
 * and the byes of those rounds — every table with places, as the server reads them. Withdrawn
 * players are marked as they are now (the view does not say when they withdrew).
 */
export function standingsAfter(t: Pick<TournamentView, 'playersList' | 'schedule' | 'tableSize' | 'rounds'>, round: number): StandingRow[] {
	const players: TournamentPlayer[] = t.playersList.map((p) => ({ id: p.id, order: p.seq, rating: p.rating, withdrawn: p.withdrawn }));
	const rounds = t.schedule.filter((r) => r.round <= round);
	const results: TableResult[] = rounds.flatMap((r) =>
		r.tables.filter((x) => x.places).map((x) => ({ round: r.round, players: x.players.map((p) => p.id), places: x.places! }))
	);
	const byes: Bye[] = rounds.flatMap((r) => r.byes.map((p) => ({ round: r.round, player: p.id })));
	const names = new Map(t.playersList.map((p) => [p.id, p.username]));
	for (const r of t.schedule) for (const x of r.tables) for (const p of x.players) if (!names.has(p.id)) names.set(p.id, p.username);
	return standings(players, results, byes, t.tableSize, t.rounds).map((s) => ({ ...s, username: names.get(s.player) ?? s.player }));
}

/** The rounds whose standings the page offers: each finished one. */
export function finishedRounds(t: Pick<TournamentView, 'schedule'>): number[] {
	return t.schedule.filter((r) => r.finished).map((r) => r.round);
}
