import { describe, expect, it } from 'vitest';
import type { GiantsEntry } from '$lib/games/giants';
import type { LogLine } from './GameLog.svelte';
import { freshHexes, freshLines, freshMoveCount, hexesOf, lastMoves } from './since';

const line = (version: number, entry: GiantsEntry, i = 0): LogLine => ({ version, entry, key: `${version}-${i}` });
// Newest first, as the page holds them.
const lines: LogLine[] = [
	line(9, { type: 'move', seat: 2, statue: 'm3', from: 'H28', path: ['H27', 'H26'], lending: [] } as unknown as GiantsEntry),
	line(8, { type: 'place', seat: 1, figure: 'worker', hex: 'H16', logs: 1 }),
	line(7, { type: 'place', seat: 0, figure: 'chief', hex: 'H10', logs: 0 }),
	line(6, { type: 'phase', phase: 'place' }),
	line(5, { type: 'place', seat: 1, figure: 'worker', hex: 'H04', logs: 0 })
];

describe('since your last visit (issue 12)', () => {
	it('is everything after the version last seen but the viewer\'s own, and nothing on a first visit', () => {
		expect(freshLines(lines, 6, 0).map((l) => l.version)).toEqual([9, 8]);
		expect(freshLines(lines, 5, 1).map((l) => l.version)).toEqual([9, 7, 6]);
		// What one's own move set off (a new phase in the same version) is not news either.
		const withPhase = [line(8, { type: 'phase', phase: 'transport' }, 1), ...lines];
		expect(freshLines(withPhase, 6, 1).map((l) => l.key)).toEqual(['9-0', '7-0']);
		expect(freshMoveCount(freshLines(lines, 5, 1))).toBe(2);
		// Another's move that sets off an automatic pass of the viewer's is still news to the viewer.
		const autoPass = [line(10, { type: 'pass', seat: 0, phase: 'place', auto: true }, 1), line(10, { type: 'place', seat: 2, figure: 'worker', hex: 'H05', logs: 0 }), ...lines];
		expect(freshLines(autoPass, 9, 0).map((l) => l.key)).toEqual(['10-1', '10-0']);
		expect(freshLines(lines, null, 0)).toEqual([]);
		expect(freshLines(lines, 9, 0)).toEqual([]);
	});

	it('marks the hexes those moves touched: a placement, a whole transport path', () => {
		expect([...freshHexes(freshLines(lines, 6, 0))].sort()).toEqual(['H16', 'H26', 'H27', 'H28']);
		expect(hexesOf({ type: 'round', round: 2, startPlayer: 0 })).toEqual([]);
	});

	it('gives the newest move of each other player, in seat order', () => {
		expect(lastMoves(lines, 3, 0).map((x) => [x.seat, x.line.version])).toEqual([
			[1, 8],
			[2, 9]
		]);
		expect(lastMoves(lines, 4, null).map((x) => x.seat)).toEqual([0, 1, 2]);
	});
});
