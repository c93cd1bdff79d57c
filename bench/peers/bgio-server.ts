/**
 * boardgame.io's own `Server` (Koa + socket.io, its lobby API on the same port) hosting one Rongo
 * kind (./game.ts) — run by bench:peers as a child process of its own, so that its CPU can be read
 * from /proc apart from the benchmark's clients:
 *
 *   node --import tsx bench/peers/bgio-server.ts --game <kind> --port N [--flatfile DIR]
 *
 * Without --flatfile the matches live in boardgame.io's default in-memory db; with it, in its
 * FlatFile db (node-persist: one file per key, written with fs.writeFile, never fsynced). Prints
 * `ready` once it listens.
 */
import { FlatFile, Server } from 'boardgame.io/server';
import { KIND_IDS, kindOf } from '../../src/lib/games/index';
import { seatsFor } from '../lib/rongo';
import { bgioGame } from './game';

const args = process.argv.slice(2);
const arg = (name: string) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
};
const kind = kindOf(arg('--game'));
if (!kind) {
	console.error(`--game: one of ${KIND_IDS.join(', ')}`);
	process.exit(2);
}
const dir = arg('--flatfile');
const server = Server({
	games: [bgioGame(kind, seatsFor(kind))],
	...(dir ? { db: new FlatFile({ dir }) } : {})
});
await server.run(Number(arg('--port')));
console.log('ready');
