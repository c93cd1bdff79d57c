// Which games move ratings and how a finished game is ranked for them (issue 28, docs/people.md
// "Which games count"), and when a rating stops being provisional. The D1 side (exactly once, the
// flush batch) is tested in workerd: tests/worker/again.worker.test.ts, rated.worker.test.ts.
import { describe, expect, it } from 'vitest';
import { rate, rating } from 'openskill';
import type { D1Payload } from '$lib/protocol/room';
import { PROVISIONAL_SIGMA, provisional, ranking, ratable } from './ratings';

type Seat = D1Payload['seats'][number];

/** A finished game of `seats` as the room writes it: a rated public game unless `game` says otherwise. */
function finished(seats: Partial<Seat>[], game: Partial<D1Payload['game']> = {}): D1Payload {
	return {
		game: {
			id: 'g', game: 'k', status: 'finished', visibility: 'public', inviteCode: null, creatorId: 'u0', options: '{}', seatsWanted: seats.length,
			timeLimit: '3d', engineVersion: 'k@1', version: 9, activeSeats: '[]', seedCommitment: null, createdAt: 1, updatedAt: 2, startedAt: 1, finishedAt: 2,
			rated: true, ...game
		},
		seats: seats.map((s, seat) => ({ userId: `u${seat}`, seat, colour: null, score: 3 - seat, winner: seat === 0 ? 1 : 0, joinedAt: 1, dropped: 0, decisions: 4, ...s }))
	};
}

describe('ratable: which finished games move ratings', () => {
	it('a rated game in which everybody decided something', () => {
		expect(ratable(finished([{}, {}]))).toBe(true);
		expect(ratable(finished([{}, {}], { visibility: 'private', inviteCode: 'c' }))).toBe(true);
	});

	it('a casual game never does', () => {
		expect(ratable(finished([{}, {}], { rated: false }))).toBe(false);
	});

	it('before the choice was stored: public games rated, private games casual', () => {
		expect(ratable(finished([{}, {}], { rated: undefined }))).toBe(true);
		expect(ratable(finished([{}, {}], { rated: undefined, visibility: 'private', inviteCode: 'c' }))).toBe(false);
	});

	it('a game with a bot seat never does, even rated and with decisions counted for it (issue 34)', () => {
		expect(ratable(finished([{}, { userId: 'bot-1' }]))).toBe(false);
		expect(ratable(finished([{}, {}, { userId: 'bot-2', dropped: 1 }]))).toBe(false);
		// A person's id that merely contains the word is a person.
		expect(ratable(finished([{}, { userId: 'robot-1' }]))).toBe(true);
	});

	it('a seat without a real decision (only passes, timeouts, the bot) rates nobody; unknown counts neither', () => {
		expect(ratable(finished([{}, { decisions: 0 }]))).toBe(false);
		expect(ratable(finished([{ decisions: 0 }, {}]))).toBe(false);
		expect(ratable(finished([{}, { decisions: undefined }]))).toBe(false);
		expect(ratable(finished([{}, { decisions: 1 }]))).toBe(true);
	});

	it('a seat played by the bot at the end still lets the game count, unless everybody left', () => {
		expect(ratable(finished([{}, { dropped: 1 }]))).toBe(true);
		expect(ratable(finished([{}, { dropped: 1 }, { dropped: 1 }]))).toBe(true);
		expect(ratable(finished([{ dropped: 1 }, { dropped: 1 }]))).toBe(false);
		// …but not if the leaver never decided anything before leaving.
		expect(ratable(finished([{}, { dropped: 1, decisions: 0 }]))).toBe(false);
	});

	it('not a normal end: running, closed before the start, one player, a result missing', () => {
		expect(ratable(finished([{}, {}], { status: 'active' }))).toBe(false);
		expect(ratable(finished([], { startedAt: null }))).toBe(false);
		expect(ratable(finished([{}]))).toBe(false);
		expect(ratable(finished([{}, { score: null }]))).toBe(false);
		expect(ratable(null)).toBe(false);
	});
});

describe('ranking', () => {
	it('winners share first place, the rest by total, equal totals share', () => {
		expect(ranking([{ score: 10, winner: 1 }, { score: 12, winner: 0 }, { score: 3, winner: 0 }])).toEqual([1, 2, 3]);
		expect(ranking([{ score: 10, winner: 1 }, { score: 10, winner: 1 }, { score: 3, winner: 0 }, { score: 3, winner: 0 }, { score: 1, winner: 0 }])).toEqual([1, 1, 3, 3, 5]);
	});

	it('a seat played by the bot at the end is last, whatever the bot scored; quitters share last place', () => {
		expect(ranking([{ score: 1, winner: 0 }, { score: 9, winner: 1, dropped: 1 }])).toEqual([1, 2]);
		expect(ranking([{ score: 0, winner: 0, dropped: 1 }, { score: 5, winner: 0 }, { score: 9, winner: 1 }])).toEqual([3, 2, 1]);
		expect(ranking([{ score: 7, winner: 1, dropped: 1 }, { score: 1, winner: 0 }, { score: 2, winner: 0, dropped: 1 }, { score: 0, winner: 0 }])).toEqual([3, 1, 3, 2]);
	});
});

describe('provisional', () => {
	it('a newcomer is provisional; the threshold is a σ below the start', () => {
		expect(provisional(rating().sigma)).toBe(true);
		expect(provisional(PROVISIONAL_SIGMA)).toBe(false);
		expect(provisional(PROVISIONAL_SIGMA + 0.01)).toBe(true);
	});

	it('clears after about as many games against settled players as lichess needs (RD > 110: ~11)', () => {
		for (const players of [2, 3, 4]) {
			let me = rating();
			let games = 0;
			// Alternating first and last place: σ falls with every game whatever the result.
			while (provisional(me.sigma) && games < 100) {
				const others = Array.from({ length: players - 1 }, () => rating({ mu: 25, sigma: 2 }));
				const rank = [games % 2 ? players : 1, ...others.map((_, i) => (games % 2 ? i + 1 : i + 2))];
				me = rate([[me], ...others.map((o) => [o])], { rank })[0][0];
				games++;
			}
			expect(games, `${players} players`).toBeGreaterThanOrEqual(8);
			expect(games, `${players} players`).toBeLessThanOrEqual(14);
		}
	});
});
