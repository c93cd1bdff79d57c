import { describe, expect, it } from 'vitest';
import { fuzzGame } from './fuzz';

// The full run (2,000+ games) is `npm run fuzz:giants`, part of `npm test`; this keeps a few games
// in the unit layer so a failing invariant shows up next to the code too.
describe('fuzzer', () => {
	it('plays 3-, 4- and 5-player games with both options, every mix of bots and every check passing', () => {
		const reasons: string[] = [];
		for (let g = 0; g < 8; g++) {
			const r = fuzzGame(g, 'unit');
			expect(r.players).toBe(3 + (g % 3));
			expect(r.moves).toBeGreaterThan(0);
			expect(['pedestals', 'round-limit', 'no-erect']).toContain(r.reason);
			reasons.push(r.reason);
		}
		// Games 0–7 are the 8 mixes of `seatsFor`: all but the all-random one have a heuristic seat
		// and, like real games, reach the rules' normal end (G-6.1).
		expect(reasons.filter((r) => r === 'pedestals').length).toBeGreaterThanOrEqual(6);
	}, 120_000);
});
