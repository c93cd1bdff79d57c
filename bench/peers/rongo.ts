/**
 * The Rongo contestants of bench:peers, on one `wrangler dev` of the built app (fresh local state):
 * a move over the game socket, a move over HTTP (both timed to the event at another seat's socket;
 * bench/lib/rongo.ts), and the no-op — `GET /api/ping` with the same session cookie, so the same
 * hooks (the session lookup in D1) run as for a move.
 */
import type { Kind } from '../../src/lib/engine/index';
import type { Client } from '../../scripts/lib/client';
import { freePort, migrate, startDevServer } from '../../scripts/lib/devserver';
import { closeGame, newGame, signupPlayers, step, type Via } from '../lib/rongo';
import type { Lane, Sut } from './measure';

export interface RongoServer {
	move(via: Via): Sut;
	noop: Sut;
	stop(): Promise<void>;
}

/**
 * `wrangler dev` on the built app over `stateDir` (already created), three users signed up;
 * wrangler's local tracing as `npm start` has it (off unless RONGO_TRACING=1) or as `tracing` says.
 */
export async function startRongo(kind: Kind, stateDir: string, opts: { tracing?: boolean } = {}): Promise<RongoServer> {
	await migrate(stateDir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: stateDir, stdio: 'pipe', logLevel: 'warn', tracing: opts.tracing });
	let players: Client[];
	try {
		players = await signupPlayers(server.url);
	} catch (e) {
		await server.stop();
		throw e;
	}
	const pid = server.child.pid!;
	return {
		move: (via) => ({
			pid,
			async open(n): Promise<Lane> {
				const game = await newGame(players, kind, n);
				return {
					step: async () => (await step(game, via))?.rtt ?? null,
					close: () => closeGame(game)
				};
			}
		}),
		noop: {
			pid,
			async open(): Promise<Lane> {
				return {
					async step() {
						const t0 = performance.now();
						await players[0].api('GET', '/api/ping');
						return performance.now() - t0;
					},
					close() {}
				};
			}
		},
		stop: server.stop
	};
}
