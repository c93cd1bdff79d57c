/**
 * A fresh site for one e2e file: its own local D1 and Durable Object state in a temporary
 * directory, migrated, served by `wrangler dev` on a free port (scripts/lib/devserver.ts).
 * `close()` stops it and removes the state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, migrate, startDevServer, type DevServer } from '../../scripts/lib/devserver';

export interface TestServer extends DevServer {
	close(): Promise<void>;
}

export async function startTestServer(vars: Record<string, string> = {}): Promise<TestServer> {
	const stateDir = mkdtempSync(join(tmpdir(), 'rongo-e2e-state-'));
	const remove = () => rmSync(stateDir, { recursive: true, force: true });
	try {
		await migrate(stateDir, { quiet: true });
		const server = await startDevServer({ port: await freePort(), persistTo: stateDir, stdio: 'pipe', logLevel: 'warn', vars });
		return Object.assign(server, {
			async close() {
				await server.stop();
				remove();
			}
		});
	} catch (e) {
		remove();
		throw e;
	}
}
