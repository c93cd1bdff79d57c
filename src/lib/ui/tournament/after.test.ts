import { describe, expect, test } from 'vitest';
import type { TournamentRound, TournamentView } from '$lib/protocol/tournament';
import { finishedRounds, standingsAfter } from './after';

const person = (id: string) => ({ id, username: id.toUpperCase() });
const table = (n: number, ids: string[], places: number[] | null) => ({
	table: n,
	gameId: `g${n}`,
	players: ids.map(person),
	places,
	points: null,
	finished: places !== null
});
const round = (r: number, tables: ReturnType<typeof table>[], finished: boolean, byes: string[] = []): TournamentRound => ({
	round: r,
	tables,
	byes: byes.map(person),
	startedAt: 0,
	deadline: null,
	finished
});
// Five players at tables of 2: a bye each round; round 3 half played.
const view: Pick<TournamentView, 'playersList' | 'schedule' | 'tableSize' | 'rounds'> = {
	tableSize: 2,
	rounds: 3,
	playersList: ['a', 'b', 'c', 'd', 'e'].map((id, seq) => ({ ...person(id), seq, withdrawn: id === 'd', rating: null })),
	schedule: [
		round(1, [table(0, ['a', 'b'], [1, 2]), table(1, ['c', 'd'], [1, 2])], true, ['e']),
		round(2, [table(0, ['a', 'c'], [2, 1]), table(1, ['e', 'b'], [1, 2])], true, ['d']),
		round(3, [table(0, ['c', 'e'], [1, 1]), table(1, ['a', 'd'], null)], false, ['b'])
	]
};

describe('the standings after an earlier round', () => {
	test('after round 1: the winners and the bye (half a win) ahead, equal ones sharing their place', () => {
		const rows = standingsAfter(view, 1);
		expect(rows.map((r) => [r.username, r.place, r.points])).toEqual([
			['A', 1, 1],
			['C', 1, 1],
			['E', 3, 0.5],
			['B', 4, 0],
			['D', 4, 0]
		]);
		expect(rows.every((r) => r.perRound.length === 3 && r.perRound[1] === null)).toBe(true);
	});

	test('after round 2: round 3 not counted yet; a withdrawal marked', () => {
		const rows = standingsAfter(view, 2);
		expect(rows.map((r) => [r.username, r.points])).toEqual([
			['C', 2],
			['E', 1.5],
			['A', 1],
			['D', 0.5],
			['B', 0]
		]);
		expect(rows.find((r) => r.player === 'd')?.withdrawn).toBe(true);
		expect(rows.find((r) => r.player === 'c')?.perRound).toEqual([1, 1, null]);
	});

	test('only finished rounds are offered', () => {
		expect(finishedRounds(view)).toEqual([1, 2]);
	});
});
