import { describe, expect, it } from 'vitest';
import { fuzzGame } from './fuzz';

// The full run (2,000+ games) is `npm run fuzz:giants`, part of `npm test`; this keeps a few games
// in the unit layer so a failing invariant shows up next to the code too.
describe('fuzzer', () => {
	it('plays 3-, 4- and 5-player games with both options and every check passing', () => {
		for (let g = 0; g < 6; g++) {
			const r = fuzzGame(g, 'unit');
			expect(r.players).toBe(3 + (g % 3));
			expect(r.moves).toBeGreaterThan(0);
			expect(['pedestals', 'round-limit', 'no-erect']).toContain(r.reason);
		}
	}, 120_000);
});
