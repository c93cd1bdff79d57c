/**
 * The register of a user's sockets by session (issue 10), kept in the storage of the user's hub
 * (notify/UserHub.ts delegates to it): which game rooms hold a socket of which of the user's
 * sessions, so that ending a session closes all of them at once (./session-sockets.ts). Ended
 * sessions are remembered for a day, so a socket whose upgrade was already under way when its
 * session ended is closed as soon as its room registers it. A room that cannot be reached is asked
 * again from the hub's alarm, with backoff (issue 28): until it hears, its sockets of the ended
 * session would still hear the seat's view.
 */
import type { DurableObjectStorage, SqlStorage, WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { closeSessionsIn } from './session-sockets';

const DAY = 86_400_000;
/** How long an ended session is remembered: far longer than any upgrade can be under way. */
const ENDED_KEPT_MS = DAY;
/** A register row older than this (its socket long gone without saying so) is forgotten. */
const ROOM_KEPT_MS = 90 * DAY;
/** A room not reached is asked again after 5 s, 10 s, 20 s … (about 85 min in all), then given up (logged). */
const RETRY_FIRST_MS = 5_000;
const RETRY_TRIES = 10;

/** A game room as the register reaches it (GameRoom.closeSessions). */
export type RoomOf = (gameId: string) => { closeSessions(sessionIds: string[]): Promise<number> };

type Ask = { gameId: string; sessionIds: string[]; tries: number };

export class SessionRegister {
	private readonly sql: SqlStorage;

	constructor(
		private readonly storage: DurableObjectStorage,
		private readonly roomOf: RoomOf
	) {
		this.sql = storage.sql;
		this.sql.exec(
			`CREATE TABLE IF NOT EXISTS session_rooms (session_id TEXT NOT NULL, game_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (session_id, game_id));
			 CREATE TABLE IF NOT EXISTS ended_sessions (session_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
			 CREATE TABLE IF NOT EXISTS closes_due (game_id TEXT NOT NULL, session_id TEXT NOT NULL, tries INTEGER NOT NULL, due INTEGER NOT NULL, PRIMARY KEY (game_id, session_id));`
		);
	}

	/** Whether the session has ended (lately: ended sessions are kept for a day). */
	ended(sessionId: string): boolean {
		return this.sql.exec('SELECT 1 FROM ended_sessions WHERE session_id = ?', sessionId).toArray().length > 0;
	}

	/** A game room accepted a socket of `sessionId`: false if that session has ended (the room closes it). */
	register(sessionId: string, gameId: string): boolean {
		const now = Date.now();
		this.sql.exec('DELETE FROM ended_sessions WHERE at < ?', now - ENDED_KEPT_MS);
		if (this.ended(sessionId)) return false;
		this.sql.exec('DELETE FROM session_rooms WHERE at < ?', now - ROOM_KEPT_MS);
		this.sql.exec('INSERT OR REPLACE INTO session_rooms (session_id, game_id, at) VALUES (?, ?, ?)', sessionId, gameId, now);
		return true;
	}

	/** The room's last socket of `sessionId` closed. */
	unregister(sessionId: string, gameId: string): void {
		this.sql.exec('DELETE FROM session_rooms WHERE session_id = ? AND game_id = ?', sessionId, gameId);
	}

	/**
	 * These sessions have ended: end their sockets among `own` (the hub's) and in every room that
	 * registered one; remember them as ended. Answers how many sockets were ended.
	 */
	async end(sessionIds: string[], own: () => CfWebSocket[]): Promise<number> {
		const ids = new Set(sessionIds.filter((id) => typeof id === 'string'));
		const now = Date.now();
		const rooms = new Set<string>();
		for (const id of ids) {
			this.sql.exec('INSERT OR REPLACE INTO ended_sessions (session_id, at) VALUES (?, ?)', id, now);
			for (const r of this.sql.exec<{ game_id: string }>('SELECT game_id FROM session_rooms WHERE session_id = ?', id)) rooms.add(r.game_id);
			this.sql.exec('DELETE FROM session_rooms WHERE session_id = ?', id);
		}
		const closed = closeSessionsIn(own(), ids);
		return closed + (await this.closeInRooms([...rooms].map((gameId) => ({ gameId, sessionIds: [...ids], tries: 0 }))));
	}

	/** The hub's alarm: the rooms due to be asked again. */
	async retry(): Promise<void> {
		const due = this.sql.exec<{ game_id: string; session_id: string; tries: number }>('SELECT game_id, session_id, tries FROM closes_due WHERE due <= ?', Date.now()).toArray();
		const byRoom = new Map<string, Ask>();
		for (const r of due) {
			const a = byRoom.get(r.game_id) ?? { gameId: r.game_id, sessionIds: [], tries: 0 };
			a.sessionIds.push(r.session_id);
			a.tries = Math.max(a.tries, r.tries);
			byRoom.set(r.game_id, a);
		}
		await this.closeInRooms([...byRoom.values()]);
	}

	/**
	 * The user's account is deleted (issue 15): the register of rooms goes. Ended sessions stay for
	 * their day (only hashes of tokens that no longer exist), so a racing upgrade is still closed.
	 */
	forget(): void {
		this.sql.exec('DELETE FROM session_rooms');
	}

	/**
	 * Asks each room to end its sockets of these sessions; a room that cannot be reached is asked
	 * again by the alarm (`closes_due`). Answers how many sockets the rooms ended.
	 */
	private async closeInRooms(asks: Ask[]): Promise<number> {
		const results = await Promise.allSettled(asks.map((a) => this.roomOf(a.gameId).closeSessions(a.sessionIds)));
		const now = Date.now();
		let closed = 0;
		results.forEach((r, i) => {
			const a = asks[i];
			if (r.status === 'fulfilled') {
				closed += r.value;
				this.done(a);
				return;
			}
			const tries = a.tries + 1;
			const why = (r.reason as Error)?.message;
			if (tries >= RETRY_TRIES) {
				console.error(`UserHub: gave up ending an ended session's sockets in room ${a.gameId} after ${tries} tries: ${why}`);
				this.done(a);
				return;
			}
			console.error(`UserHub: a room did not end an ended session's sockets (try ${tries}, asked again later): ${why}`);
			const due = now + RETRY_FIRST_MS * 2 ** (tries - 1);
			for (const id of a.sessionIds)
				this.sql.exec('INSERT OR REPLACE INTO closes_due (game_id, session_id, tries, due) VALUES (?, ?, ?, ?)', a.gameId, id, tries, due);
		});
		await this.armAlarm();
		return closed;
	}

	/** The room heard, or is given up on: nothing of it is due any more. */
	private done(a: Ask): void {
		for (const id of a.sessionIds) this.sql.exec('DELETE FROM closes_due WHERE game_id = ? AND session_id = ?', a.gameId, id);
	}

	private async armAlarm(): Promise<void> {
		const next = this.sql.exec<{ due: number | null }>('SELECT min(due) AS due FROM closes_due').one().due;
		if (next === null) return;
		const current = await this.storage.getAlarm();
		if (current === null || current > next) await this.storage.setAlarm(next);
	}
}
