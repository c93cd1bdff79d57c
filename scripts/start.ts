/**
 * npm start [-- --port 8787] [--persist-to .wrangler/state] [--no-build] [--no-seed]
 *
 * Builds the site, applies the D1 migrations to the local database, starts `wrangler dev`
 * (workerd, local D1 and Durable Object storage) on http://localhost:8787, waits until it answers,
 * seeds demo data through the HTTP API (scripts/lib/seed.ts) and keeps the server in the
 * foreground. Ctrl-C, SIGTERM and SIGHUP stop wrangler and workerd — at any step, also before the
 * server answers (tests/e2e/start.e2e.ts). package.json runs this with `exec` so npm's shell does not
 * stay in between: npm passes a SIGTERM to its child, and a shell would die of it without passing it
 * on (issue 30: `kill <npm>` left wrangler running). And with `node --import tsx`, not the `tsx`
 * command: tsx's CLI runs the script in a child, relays a signal to it and SIGKILLs it when its
 * acknowledgement takes over 30 ms — on a loaded machine before the shutdown below had stopped
 * wrangler (issue 34: a CI run found wrangler and workerd alive after `npm start` had ended).
 *
 * The default state directory is wrangler's own (.wrangler/state), so `npm run preview` serves the
 * same data. The seed is idempotent: a second start signs the demo users in and adds nothing.
 *
 * wrangler's local tracing (a trace of every request and storage call, for the Local Explorer) is
 * off unless `RONGO_TRACING=1 npm start` (scripts/lib/devserver.ts `tracingFromEnv` says why).
 */
import { build, migrate, ROOT, startDevServer, stopAll, tracingFromEnv, type DevServer } from './lib/devserver';
import { DEMO_PASSWORD, seed } from './lib/seed';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
function option(name: string, fallback: string) {
	const i = args.indexOf(name);
	return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}
const port = Number(option('--port', '8787'));
const persistTo = resolve(ROOT, option('--persist-to', '.wrangler/state'));

let server: DevServer | undefined;
let stopping = false;
async function shutdown(code: number) {
	if (stopping) return;
	stopping = true;
	await server?.stop();
	// Also what a step before the server answered started (wrangler still starting, the
	// migrations' wrangler): asked to end, then killed if it does not.
	await stopAll();
	process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('SIGHUP', () => void shutdown(129));

try {
	// A wrong RONGO_TRACING stops here, before the build.
	const tracing = tracingFromEnv();
	if (!args.includes('--no-build')) {
		console.log('» building (vite build)…');
		await build();
	}
	console.log(`» applying D1 migrations (local, ${persistTo})…`);
	await migrate(persistTo);
	console.log(`» starting wrangler dev on port ${port}…`);
	// DEV_MAILBOX: mails are kept for http://localhost:<port>/dev/mailbox (docs/notifications.md).
	server = await startDevServer({ port, persistTo, stdio: 'inherit', tracing, vars: { DEV_MAILBOX: '1' } });
	if (!args.includes('--no-seed')) {
		console.log('» seeding demo data…');
		try {
			const t0 = performance.now();
			const summary = await seed(server.url);
			console.log(summary);
			console.log(`» seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
		} catch (e) {
			// The site still runs; say what went wrong instead of taking it down.
			console.error('» seeding failed:', e instanceof Error ? e.message : e);
		}
	}
	console.log(
		`\n  Rongo runs on http://localhost:${port}\n` +
			`  Demo accounts: ana, ben, caro, dan — password "${DEMO_PASSWORD}"\n` +
			`  Mails the site sent (turn notifications): http://localhost:${port}/dev/mailbox\n` +
			(tracing
				? `  wrangler's local tracing is on (RONGO_TRACING=1): http://localhost:${port}/cdn-cgi/local/explorer\n`
				: '  wrangler\'s local tracing is off; RONGO_TRACING=1 npm start turns it on\n') +
			'  Ctrl-C stops it.\n'
	);
	const how = await server.exited;
	if (!stopping) {
		console.error(`wrangler dev ended (${how})`);
		process.exit(typeof how === 'number' ? how || 1 : 1);
	}
} catch (e) {
	console.error(e instanceof Error ? e.message : e);
	await shutdown(1);
}
