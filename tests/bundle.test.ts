// scripts/lib/bundle.ts (issue 29): how the Worker's bytes are attributed to parts, so that the
// report `npm run build:check` prints over budget names the part that grew.
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, partOf, partsOf, report } from '../scripts/lib/bundle';

describe('Worker bundle report', () => {
	it('names a package, a SvelteKit chunk or a source folder', () => {
		expect(partOf('node_modules/drizzle-orm/d1/session.js')).toBe('drizzle-orm');
		expect(partOf('node_modules/@oslojs/cbor/dist/decode.js')).toBe('@oslojs/cbor');
		// A package inside another's node_modules counts as itself.
		expect(partOf('node_modules/a/node_modules/@scope/b/index.js')).toBe('@scope/b');
		expect(partOf('.svelte-kit/output/server/chunks/kind.js')).toBe('kit: chunks/kind.js');
		expect(partOf('src/lib/games/moa/engine.ts')).toBe('src/lib/games/moa');
		expect(partOf('src/worker.ts')).toBe('src/worker.ts');
	});

	it('sums the bytes each part puts into every module, leaving source maps out, largest first', () => {
		const parts = partsOf({
			outputs: {
				'worker.js': {
					bytes: 0,
					inputs: {
						'node_modules/drizzle-orm/a.js': { bytesInOutput: 100 },
						'node_modules/drizzle-orm/b.js': { bytesInOutput: 50 },
						'src/lib/server/room/GameRoom.ts': { bytesInOutput: 300 }
					}
				},
				'chunk.js': { bytes: 0, inputs: { 'node_modules/drizzle-orm/c.js': { bytesInOutput: 200 } } },
				'worker.js.map': { bytes: 0, inputs: { 'src/lib/server/room/GameRoom.ts': { bytesInOutput: 9999 } } }
			}
		});
		expect(parts).toEqual([
			{ name: 'drizzle-orm', bytes: 350 },
			{ name: 'src/lib/server/room', bytes: 300 }
		]);
	});

	it('reports the size against the budget with the largest parts', () => {
		const text = report({ bytes: 2048 * 1024, gzipBytes: 512 * 1024, parts: [{ name: 'drizzle-orm', bytes: 80 * 1024 }] }, 5);
		expect(text).toContain('Worker bundle: 2048 KiB (512 KiB gzipped), budget 2930 KiB (3 MB)');
		expect(text).toContain('80 KiB  drizzle-orm');
		expect(BUDGET_BYTES).toBe(3_000_000);
	});
});
