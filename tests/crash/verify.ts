/**
 * What `npm run test:crash` requires after the kills (issue 17). Each check returns its problems
 * as sentences (empty: all well), so a failure lists everything that went wrong at once.
 *
 * - The room (`roomProblems`): its move log — `GET /api/games/:id/log`, and for a finished game
 *   the export's moves — holds exactly the acknowledged moves, each once, at the version it was
 *   acknowledged with, versions gapless from the start; and acknowledged moves sent again with
 *   their moveId are answered as duplicates at that version, not applied again (the caller picks
 *   which: every one a kill cut, the last of each game and a sample of the rest).
 * - D1's index (`d1Problems`): each player's "My games" (`GET /api/games/mine`: version, status,
 *   awaited seats, seats, "your turn", the counts), the archive (`/api/archive`: the finished games
 *   with the export's scores) and the watch list (`/api/watch`: the games in progress) agree with
 *   the rooms. These read D1 only: the lists are asked without the read-your-writes cookie, so no
 *   room is woken to answer them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { jsonEqual } from '../../src/lib/engine/index';
import type { Client, GameView } from '../../scripts/lib/client';
import type { Ack, LoadGame } from './load';
import type { Net } from './net';

interface ListItem {
	id: string;
	status: string;
	version: number;
	activeSeats: number[];
	seats: { seat: number; userId: string; score: number | null; winner: boolean | null }[];
	yourSeat?: number;
	yourTurn?: boolean;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const same = (a: number[], b: number[]) => jsonEqual(sorted(a), sorted(b));

/** Every item of a player's "My games", following the pages of finished games. */
async function mine(net: Net, c: Client): Promise<{ items: ListItem[]; counts: Record<string, number> }> {
	const first = await net.get<{ games: ListItem[]; counts: Record<string, number>; finishedCursor: string | null }>(c, '/api/games/mine');
	const items = [...first.games];
	for (let cursor = first.finishedCursor; cursor; ) {
		const page = await net.get<{ games: ListItem[]; finishedCursor: string | null }>(c, `/api/games/mine?finished=${encodeURIComponent(cursor)}`);
		items.push(...page.games.filter((g) => g.status === 'finished'));
		cursor = page.finishedCursor;
	}
	return { items, counts: first.counts };
}

/** How the D1 row of `g` differs from the room as the load last saw it (`g.last`). */
function rowProblems(g: LoadGame, item: ListItem | undefined, c: Client | null): string[] {
	const want = g.last!;
	const where = `game ${g.id} in ${c ? `${c.username}'s My games` : 'the lists'}`;
	if (!item) return [`${where}: missing`];
	const out: string[] = [];
	if (item.version !== want.version) out.push(`${where}: version ${item.version}, the room's is ${want.version}`);
	if (item.status !== want.status) out.push(`${where}: status ${item.status}, the room's is ${want.status}`);
	if (!same(item.activeSeats, want.activeSeats)) out.push(`${where}: awaited seats [${item.activeSeats}], the room's [${want.activeSeats}]`);
	const seats = (s: { seat: number; userId: string }[]) => JSON.stringify([...s].sort((a, b) => a.seat - b.seat).map((x) => x.userId));
	if (seats(item.seats) !== seats(want.seats)) out.push(`${where}: seats ${seats(item.seats)}, the room's ${seats(want.seats)}`);
	if (c) {
		const seat = g.bySeat.indexOf(c);
		const turn = want.status === 'active' && want.activeSeats.includes(seat);
		if (item.yourSeat !== seat) out.push(`${where}: yourSeat ${item.yourSeat}, the room's ${seat}`);
		if (item.yourTurn !== turn) out.push(`${where}: yourTurn ${item.yourTurn}, the room awaits seats [${want.activeSeats}]`);
	}
	return out;
}

/** D1's lists against the rooms, for `games` (all of them: also the archive, watch list and counts). */
export async function d1Problems(net: Net, players: Client[], games: LoadGame[], all: boolean): Promise<string[]> {
	const out: string[] = [];
	for (const c of players) {
		const mineGames = games.filter((g) => g.bySeat.includes(c));
		if (mineGames.length === 0) continue;
		const { items, counts } = await mine(net, c);
		for (const g of mineGames) out.push(...rowProblems(g, items.find((i) => i.id === g.id), c));
		if (!all) continue;
		const turn = mineGames.filter((g) => g.last!.status === 'active' && g.last!.activeSeats.includes(g.bySeat.indexOf(c))).length;
		const want = {
			yourTurn: turn,
			active: mineGames.filter((g) => g.last!.status === 'active').length - turn,
			waiting: 0,
			finished: mineGames.filter((g) => g.last!.status === 'finished').length
		};
		if (!jsonEqual(counts, want)) out.push(`${c.username}'s My games counts ${JSON.stringify(counts)}, the rooms say ${JSON.stringify(want)}`);
		if (items.length !== mineGames.length) out.push(`${c.username}'s My games lists ${items.length} games, the player sits in ${mineGames.length}`);
	}
	if (!all) return out;
	const reader = players[0];
	const archive = await net.get<{ games: { id: string }[] }>(reader, '/api/archive?limit=100');
	const watch = await net.get<{ games: { id: string }[] }>(reader, '/api/watch?limit=100');
	const ids = (status: string) => games.filter((g) => g.last!.status === status).map((g) => g.id).sort();
	const got = (list: { games: { id: string }[] }) => list.games.map((g) => g.id).sort();
	if (!jsonEqual(got(archive), ids('finished'))) out.push(`the archive lists [${got(archive)}], the finished rooms are [${ids('finished')}]`);
	if (!jsonEqual(got(watch), ids('active'))) out.push(`the watch list has [${got(watch)}], the rooms in progress are [${ids('active')}]`);
	return out;
}

/** The room of `g` against the moves the load saw acknowledged (see the file's comment). */
export async function roomProblems(
	net: Net,
	g: LoadGame,
	archive: Map<string, { seat: number; score: number | null; winner: boolean }[]>,
	resend: (a: Ack) => boolean
): Promise<{ problems: string[]; resent: number }> {
	const out: string[] = [];
	const say = (s: string) => out.push(`game ${g.id} (${g.kind.id}): ${s}`);
	const c = g.bySeat[0];
	const view = await net.get<GameView>(c, `/api/games/${g.id}`);
	if (view.version !== g.last!.version || view.status !== g.last!.status)
		say(`the room is at version ${view.version} (${view.status}), the load left it at ${g.last!.version} (${g.last!.status})`);

	const acks = [...g.acks].sort((a, b) => a.version - b.version);
	const ackVersions = acks.map((a) => a.version);
	if (new Set(ackVersions).size !== acks.length) say(`two acknowledged moves share a version: [${ackVersions}]`);
	if (new Set(acks.map((a) => a.moveId)).size !== acks.length) say('a moveId was acknowledged twice');

	// The log: the start's entry, then one per move in the room's `moves` table, by version.
	const { entries } = await net.get<{ entries: { version: number }[] }>(c, `/api/games/${g.id}/log`);
	const start = entries[0]?.version;
	// Version 1 is the creation, each join one more; the join that fills the game starts it.
	if (start !== g.bySeat.length) say(`the log starts at version ${start}, the lobby made ${g.bySeat.length}`);
	const moveVersions = entries.slice(1).map((e) => e.version);
	const gapless = moveVersions.every((v, i) => v === start + 1 + i) && (moveVersions.at(-1) ?? start) === view.version;
	if (!gapless) say(`the log's move versions are not ${start + 1}…${view.version} without a gap: [${moveVersions}]`);
	if (!jsonEqual(moveVersions, ackVersions)) {
		const lost = ackVersions.filter((v) => !moveVersions.includes(v));
		const extra = moveVersions.filter((v) => !ackVersions.includes(v));
		say(`the log's moves are not the acknowledged ones: acknowledged but missing [${lost}], in the log but never acknowledged [${extra}]`);
	}

	if (view.status === 'finished') {
		const exp = await net.get<{ startVersion: number; moves: { version: number; seat: number; move: unknown }[]; result: { scores: number[] } }>(c, `/api/games/${g.id}/export`);
		if (exp.startVersion !== start) say(`the export starts at version ${exp.startVersion}, the log at ${start}`);
		if (exp.moves.length !== acks.length) say(`the export has ${exp.moves.length} moves, ${acks.length} were acknowledged`);
		for (const a of acks) {
			const m = exp.moves.find((x) => x.version === a.version);
			if (!m || m.seat !== a.seat || !jsonEqual(m.move, a.move)) say(`the export's move at version ${a.version} is not the one acknowledged (${a.moveId})`);
		}
		const row = archive.get(g.id);
		const scores = row && [...row].sort((a, b) => a.seat - b.seat).map((p) => p.score);
		if (!row || !jsonEqual(scores, exp.result.scores)) say(`the archive's scores ${JSON.stringify(scores)} are not the export's ${JSON.stringify(exp.result.scores)}`);
	}

	// Acknowledged moves again, same moveId and body: the room must recognise each, not apply it.
	const again = acks.filter(resend);
	for (const a of again) {
		const r = await net.move(a.client, g.id, a.moveId, a.move, a.expectedVersion, { gameId: g.id, moveId: a.moveId, cutBy: null, retried: false });
		if (r.status !== 200 || r.body.duplicate !== true || r.body.version !== a.version)
			say(`move ${a.moveId} (acknowledged at version ${a.version}) sent again: ${r.status} ${JSON.stringify(r.body)}, not a duplicate at ${a.version}`);
	}
	const after = await net.get<GameView>(c, `/api/games/${g.id}`);
	if (after.version !== view.version) say(`sending the moves again moved the room from version ${view.version} to ${after.version}`);
	return { problems: out, resent: again.length };
}

/**
 * D1's version of each game as a kill left it: read from the local D1's SQLite file while the server
 * is down (`wrangler dev --persist-to` keeps it under v3/d1/), so nothing can flush in between.
 * Null when the file cannot be read (another wrangler layout): the summary then says "unknown".
 */
export function d1VersionsOnDisk(stateDir: string, ids: string[]): Map<string, number> | null {
	const dir = join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
	if (!existsSync(dir)) return null;
	for (const f of readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
		let db: DatabaseSync | null = null;
		try {
			db = new DatabaseSync(join(dir, f), { readOnly: true });
			const rows = db.prepare(`SELECT id, version FROM games WHERE id IN (${ids.map(() => '?').join(', ')})`).all(...ids) as { id: string; version: number }[];
			return new Map(rows.map((r) => [r.id, Number(r.version)]));
		} catch {
			/* not the games database */
		} finally {
			db?.close();
		}
	}
	return null;
}
