import { describe, expect, it } from 'vitest';
import { giants, type GiantsState, type StartPosition } from './index';
import { atPlacement, carvedBy0, drive, play, put, refused } from './test-helpers';
import { isOver } from '$lib/engine';
import { giantsKind } from './kind';
import { places, scores as giantsScores } from './score';

type Statues = NonNullable<StartPosition['statues']>;
const moaiOn = (owner: number, ahus: string[], size: 1 | 2 | 3 = 1): Statues => ahus.map((ahu) => ({ kind: 'moai', size, ahu, owner }));
const SEVEN = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07'];

/** Plays phases 3 and 4 of the current round with nobody doing anything. */
function endOfPhase4(s: GiantsState): GiantsState {
	const t = drive(s, {});
	return t.phase.kind === 'transport' ? drive(t, {}) : t; // phase 4 often ends by itself (G-0.4)
}

/** The moai seat 0 carved this round (it lies in front of the screen). */
function carvedId(s: GiantsState): string {
	return s.statues.find((x) => x.loc.kind === 'front')!.id;
}

describe('G-6.1 end of the game', () => {
	it('G-6.1: a player with a moai on every pedestal ends the game after phase 4', () => {
		const s = atPlacement(3, { statues: moaiOn(0, SEVEN) });
		expect(s.phase.kind).toBe('place'); // not before phase 4
		const t = endOfPhase4(s);
		expect(t.phase).toEqual({ kind: 'over', reason: 'pedestals' });
		expect(isOver(giantsKind, t)).toBe(true);
		expect(t.round).toBe(2);
	});

	it('G-6.1: a reserved empty ahu does not count as a filled pedestal', () => {
		const s = atPlacement(3, { statues: moaiOn(0, SEVEN.slice(0, 6)), reserved: { A07: 0 } });
		expect(s.players[0].behind.pedestals).toBe(0);
		const t = endOfPhase4(s);
		expect(t.phase.kind).not.toBe('over');
		expect(t.round).toBe(3);
	});

	it('G-6.1: erecting on the last pedestal ends the game at the end of that phase 4, not at once', () => {
		const s = carvedBy0(1, { 0: [put('worker', 'H34')] }, { statues: moaiOn(0, SEVEN.slice(0, 6)) });
		expect(s.players[0].behind.pedestals).toBe(1);
		const r = giants.apply(s, 0, { type: 'move', statue: carvedId(s), path: ['H34'], erect: 'A22' });
		if (!r.ok) throw new Error(r.code);
		// Seat 0 has nothing more to do, seats 1 and 2 nothing at all: phase 4 ends by itself.
		expect(r.value.state.phase).toEqual({ kind: 'over', reason: 'pedestals' });
		expect(r.value.log.at(-1)).toMatchObject({ type: 'over', reason: 'pedestals', winners: [0] });
	});

	it('G-6.1: once over, every move is refused with GAME_OVER and nobody is asked', () => {
		const t = endOfPhase4(atPlacement(3, { statues: moaiOn(0, SEVEN) }));
		for (const seat of [0, 1, 2]) {
			expect(refused(t, seat, { type: 'pass' }).code).toBe('GAME_OVER');
			expect(giants.legalMoves(t, seat)).toEqual([]);
		}
		expect(giants.activeSeats(t)).toEqual([]);
	});
});

describe('G-6.2 final score', () => {
	function scored(): GiantsState {
		return atPlacement(3, {
			statues: [
				...moaiOn(0, ['A21'], 2), // moai value 3 × size 2 = 6
				{ kind: 'headdress', ahu: 'A21', owner: 1 }, // headdress value 8, crowned by seat 1
				...moaiOn(0, ['A22'], 3), // 2 × 3 = 6, not crowned
				...moaiOn(1, ['A07']) // 10 × 1
			],
			players: [{ lent: 4, rongo: 5 }, { rongo: 1 }, { lent: 2, rongo: 2 }]
		});
	}

	it('G-6.2: lending + ahu value × size + headdress value whoever crowned + 3 per tablet', () => {
		const [a, b, c] = giantsScores(scored());
		expect(a.items).toEqual([
			{ kind: 'lending', points: 4 },
			{ kind: 'moai', points: 6, detail: { ahu: 'A21', size: 2, value: 3 } },
			{ kind: 'headdress', points: 8, detail: { ahu: 'A21', value: 8 } },
			{ kind: 'moai', points: 6, detail: { ahu: 'A22', size: 3, value: 2 } },
			{ kind: 'rongo', points: 6, detail: { tablets: 2 } }
		]);
		expect(a.total).toBe(30);
		// Seat 1 crowned A21 but earns nothing for it; a lone rongo half counts nothing.
		expect(b.items).toEqual([{ kind: 'moai', points: 10, detail: { ahu: 'A07', size: 1, value: 10 } }]);
		expect(b.total).toBe(10);
		expect(c.total).toBe(5);
		expect(places([a, b, c])).toEqual([1, 2, 3]);
	});

	it('G-6.2: scores read the same from the state and from any view', () => {
		const s = scored();
		for (const viewer of [0, 1, null]) expect(giantsScores(giants.view(s, viewer))).toEqual(giantsScores(s));
	});

	it('G-6.2: at the end the score track shows the final totals', () => {
		const s = atPlacement(3, { statues: [...moaiOn(0, SEVEN)], players: [{ lent: 3, rongo: 2 }] });
		const t = endOfPhase4(s);
		const totals = giantsScores(t).map((x) => x.total);
		expect(totals[0]).toBe(3 + 9 + 9 + 9 + 6 + 5 + 5 + 10 + 3);
		expect(t.players.map((p) => p.score)).toEqual(totals);
	});

	it('G-2.5/G-6.2: immediate scoring changes when moai points are added, not the final score', () => {
		const play7th = (immediateScoring: boolean) => {
			const position = { statues: [...moaiOn(0, SEVEN.slice(0, 6)), { kind: 'headdress' as const, ahu: 'A01', owner: 1 }], players: [{ behind: { workers: 2 } }] };
			const s = carvedBy0(2, { 0: [put('worker', 'H34'), put('worker', 'H34')] }, position, { immediateScoring });
			return giants.apply(s, 0, { type: 'move', statue: carvedId(s), path: ['H34'], erect: 'A22', borrow: {} });
		};
		const late = play7th(false);
		const now = play7th(true);
		if (!late.ok || !now.ok) throw new Error(`refused: ${JSON.stringify([late, now])}`);
		const moveLate = late.value.log.find((e) => e.type === 'move');
		const moveNow = now.value.log.find((e) => e.type === 'move');
		expect(moveLate).not.toHaveProperty('points');
		expect(moveNow).toMatchObject({ points: 4 }); // A22: 2 × size 2
		expect(giantsScores(now.value.state)).toEqual(giantsScores(late.value.state));
		expect(now.value.state.players.map((p) => p.score)).toEqual(late.value.state.players.map((p) => p.score));
		expect(giantsScores(now.value.state)[0].total).toBe(9 + 9 + 9 + 6 + 5 + 5 + 4 + 5);
	});

	it('G-2.5: with immediate scoring the score track shows erected moai during the game', () => {
		const s = carvedBy0(1, { 0: [put('worker', 'H34'), put('worker', 'H27')] }, { statues: [{ kind: 'moai', size: 1, hex: 'H28', marker: 0 }], players: [{ behind: { workers: 2 } }] }, { immediateScoring: true });
		const t = play(s, 0, { type: 'move', statue: 'm2', path: ['H34'], erect: 'A22' });
		expect(t.phase.kind).toBe('transport');
		expect(t.players[0].score).toBe(2);
	});
});

describe('G-6.3 shared victory', () => {
	it('G-6.3: ties for the highest total share the victory', () => {
		const s = atPlacement(3, { players: [{ lent: 5 }, { rongo: 2, lent: 2 }, { lent: 4 }] });
		const sheets = giantsScores(s);
		expect(sheets.map((x) => x.total)).toEqual([5, 5, 4]);
		expect(places(sheets)).toEqual([1, 1, 3]);
	});

	it('G-6.3: the game-over log names every winner', () => {
		const s = play(play(atPlacement(3, { round: 25, players: [{ lent: 7 }, { lent: 7 }, { lent: 1 }] }), 0, { type: 'pass' }), 1, { type: 'pass' });
		const r = giants.apply(s, 2, { type: 'pass' });
		if (!r.ok) throw new Error(r.code);
		expect(r.value.log.at(-1)).toEqual({ type: 'over', reason: 'round-limit', totals: [7, 7, 1], winners: [0, 1] });
	});
});

describe('G-6.4 digital safeguard', () => {
	it('G-6.4: the game ends after phase 4 of round 25', () => {
		const t = endOfPhase4(atPlacement(3, { round: 25 }));
		expect(t.phase).toEqual({ kind: 'over', reason: 'round-limit' });
		expect(t.round).toBe(25);
	});

	it('G-6.4: round 24 still goes on to round 25', () => {
		const t = endOfPhase4(atPlacement(3, { round: 24 }));
		expect(t.round).toBe(25);
		expect(isOver(giantsKind, t)).toBe(false);
	});

	it('G-6.4: the seed is revealed whatever ended the game', () => {
		const t = endOfPhase4(atPlacement(3, { round: 25 }));
		expect(giants.view(t, 1).seed).toBe('unit-test-seed');
	});
});
