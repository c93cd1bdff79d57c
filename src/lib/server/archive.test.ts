import { describe, expect, it } from 'vitest';
import { parseArchiveQuery } from './archive';

// Issue 10: `?__proto__=1` passed as "no parameter at all" — assigning it to a plain object sets
// the object's prototype instead of a key, so the strict schema never saw it.
describe('parseArchiveQuery', () => {
	it.each(['__proto__=1', '__proto__=x&game=giants', 'constructor=1', 'toString=x', 'hasOwnProperty=1'])('refuses the unknown parameter %s', (q) => {
		const r = parseArchiveQuery(new URLSearchParams(q));
		expect(r.ok).toBe(false);
	});
	it('still takes the known ones', () => {
		expect(parseArchiveQuery(new URLSearchParams('game=giants&players=3&limit=10'))).toMatchObject({ ok: true, filters: { game: 'giants', players: 3, limit: 10 } });
	});
});
