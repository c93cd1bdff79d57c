/**
 * A fresh site for one e2e file: its own local D1 and Durable Object state in a temporary
 * directory — a copy of the run's migrated template (global-setup.ts) — served by `wrangler dev`
 * on a free port (scripts/lib/devserver.ts).
 * `close()` stops it and removes the state — and fails the file if any socket was ended for
 * exceeding its budget (issue 28, server/sockets/gate.ts): the pages these tests drive, whole games
 * of every kind among them, must stay within what the budget allows real pages, even when a test
 * clicks faster than people do. `overBudget()` counts such sockets so far.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort, startDevServer, type DevServer } from '../../scripts/lib/devserver';

export interface TestServer extends DevServer {
	/** Stops the server; fails unless exactly `overBudget` sockets (default 0) were ended for their budget. */
	close(o?: { overBudget?: number }): Promise<void>;
	overBudget(): number;
}

/** The server's line for a socket it ended with 1008 (sockets/gate.ts). */
const OVER_BUDGET_LINE = 'socket over budget:';

export async function startTestServer(vars: Record<string, string> = {}): Promise<TestServer> {
	const stateDir = mkdtempSync(join(tmpdir(), 'rongo-e2e-state-'));
	const remove = () => rmSync(stateDir, { recursive: true, force: true });
	try {
		cpSync(inject('migratedState'), stateDir, { recursive: true });
		const server = await startDevServer({ port: await freePort(), persistTo: stateDir, stdio: 'pipe', logLevel: 'warn', vars });
		let over = 0;
		const tails = { stdout: '', stderr: '' };
		const count = (stream: keyof typeof tails) => (d: Buffer) => {
			const lines = (tails[stream] + String(d)).split('\n');
			tails[stream] = lines.pop()!;
			over += lines.filter((l) => l.includes(OVER_BUDGET_LINE)).length;
		};
		server.child.stdout?.on('data', count('stdout'));
		server.child.stderr?.on('data', count('stderr'));
		const overBudget = () => over + Object.values(tails).filter((t) => t.includes(OVER_BUDGET_LINE)).length;
		return Object.assign(server, {
			overBudget,
			async close(o: { overBudget?: number } = {}) {
				await server.stop();
				remove();
				const n = overBudget();
				if (n !== (o.overBudget ?? 0)) throw new Error(`${n} socket(s) were ended for exceeding their budget, not ${o.overBudget ?? 0} (issue 28)`);
			}
		});
	} catch (e) {
		remove();
		throw e;
	}
}
