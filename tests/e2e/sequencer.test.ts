// The e2e files' start order (sequencer.ts): longest first by the measured table, a file missing
// from it first of all, and a table that names exactly the files there are (a new or renamed file
// is timed once with `npm run e2e:durations`, docs/testing.md).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { order } from './sequencer';

const table: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));
const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.e2e.ts'));

describe('the e2e files start longest first', () => {
	test('by the table, a file it does not know before all, ties by name', () => {
		const known = Object.entries(table).sort((a, b) => b[1] - a[1]);
		const [longest, shortest] = [known[0][0], known.at(-1)![0]];
		expect(order([`/x/${shortest}`, '/x/new.e2e.ts', `/x/${longest}`])).toEqual(['/x/new.e2e.ts', `/x/${longest}`, `/x/${shortest}`]);
		expect(order(['/x/b.e2e.ts', '/x/a.e2e.ts'])).toEqual(['/x/a.e2e.ts', '/x/b.e2e.ts']);
	});

	test('durations.json names every e2e file and no other (npm run e2e:durations)', () => {
		expect(Object.keys(table).sort()).toEqual([...files].sort());
		for (const s of Object.values(table)) expect(s).toBeGreaterThan(0);
	});
});
