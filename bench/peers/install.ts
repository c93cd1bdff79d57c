/**
 * boardgame.io for bench:peers comes from bench/peers/package-lock.json, installed on demand into
 * bench/peers/node_modules (git-ignored) — never into the app's package.json: it brings Svelte 3,
 * Koa, socket.io… which the app must not see. Imports nothing of boardgame.io itself, so it runs
 * before anything that does.
 */
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ROOT, run } from '../../scripts/lib/devserver';

const PEERS = join(ROOT, 'bench/peers');
/** What `npm ci` leaves behind: its own copy of the lock, newer than the committed one. */
const INSTALLED = join(PEERS, 'node_modules/.package-lock.json');

/** Installs bench/peers/node_modules when it is missing or older than the lock file. */
export async function ensurePeers(): Promise<void> {
	if (existsSync(INSTALLED) && statSync(INSTALLED).mtimeMs >= statSync(join(PEERS, 'package-lock.json')).mtimeMs) return;
	console.error('bench:peers: installing boardgame.io into bench/peers/node_modules (npm ci)…');
	// The project's npm: whichever `npm` is on PATH, run by the project's Node (node_modules/.bin first).
	const PATH = [join(ROOT, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter);
	await run('npm', ['ci', '--prefix', 'bench/peers', '--no-audit', '--no-fund'], { quiet: true, env: { PATH } });
}
