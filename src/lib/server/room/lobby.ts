/**
 * Lobby rules as pure functions over the room's meta and players: create, join, leave, start.
 * Each returns the next meta/players (the room commits them in one transaction) or a refusal.
 */
import * as v from 'valibot';
import { commitSeed, seedRng, shuffle, type Kind } from '$lib/engine';
import { kindOf } from '$lib/games';
import { timeLimitOf, validControl } from './clock';
import { TIME_LIMITS, isRated, type CreateInput, type GameOrigin, type PositionStart, type RoomError, type RoomUser, type TournamentRef } from '$lib/protocol/room';
import type { Meta, Player } from './storage';

export function refuse(status: number, code: string, message: string, extra?: Pick<RoomError, 'currentVersion' | 'step' | 'alternative' | 'queue' | 'index'>): RoomError {
	return { ok: false, status, code, message, ...extra };
}

export interface Next {
	meta: Meta;
	players: Player[];
	state: unknown;
	log: unknown[];
}

/** Ids the room takes from outside — games, users, invite codes, moves: 1–64 letters, digits, _ or -. */
export const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function validUser(u: unknown): u is RoomUser {
	const x = u as RoomUser;
	return !!x && typeof x.id === 'string' && ID.test(x.id) && typeof x.username === 'string' && x.username.length > 0 && x.username.length <= 64;
}

export function createGame(input: CreateInput, now: number): Next | RoomError {
	const i = input;
	if (!i || typeof i.gameId !== 'string' || !ID.test(i.gameId)) return refuse(400, 'BAD_REQUEST', 'bad game id');
	if (!validUser(i.creator)) return refuse(400, 'BAD_REQUEST', 'bad creator');
	// The kind decides its seats and options (engine/kind.ts); the room knows no kind's rules.
	const kind = kindOf(i.kind);
	if (!kind) return refuse(400, 'UNKNOWN_KIND', 'no such kind of game');
	const { min, max } = kind.seats;
	if (!Number.isInteger(i.seatsWanted) || i.seatsWanted < min || i.seatsWanted > max)
		return refuse(400, 'BAD_REQUEST', `${kind.id} is for ${min} to ${max} players`);
	const opts = v.safeParse(kind.options, i.options ?? {});
	if (!opts.success) return refuse(400, 'BAD_OPTIONS', `options: ${describe(opts.issues[0])}`);
	if (i.visibility !== 'public' && i.visibility !== 'private') return refuse(400, 'BAD_REQUEST', 'bad visibility');
	if (!TIME_LIMITS.includes(i.timeLimit)) return refuse(400, 'BAD_REQUEST', 'bad time limit');
	if (i.clock !== undefined && !validControl(i.clock)) return refuse(400, 'BAD_REQUEST', 'bad clock');
	if (i.rated !== undefined && typeof i.rated !== 'boolean') return refuse(400, 'BAD_REQUEST', 'bad rated');
	if ((i.visibility === 'private') !== (typeof i.inviteCode === 'string' && ID.test(i.inviteCode)))
		return refuse(400, 'BAD_REQUEST', 'a private game needs an invite code, a public one none');
	if (i.tournament !== undefined && !validTournament(i.tournament)) return refuse(400, 'BAD_REQUEST', 'bad tournament');
	if (i.tournament !== undefined && i.from !== undefined) return refuse(400, 'BAD_REQUEST', 'a tournament game starts from the setup');
	const from = i.from === undefined ? null : checkFrom(kind, i, opts.output);
	if (from && 'ok' in from) return from;
	const meta: Meta = {
		gameId: i.gameId,
		kind: kind.id,
		status: 'waiting',
		visibility: i.visibility,
		inviteCode: i.visibility === 'private' ? i.inviteCode : null,
		creatorId: i.creator.id,
		options: opts.output as Meta['options'],
		seatsWanted: i.seatsWanted,
		// The clock decides; timeLimit stays for the lists (days per move, or the bank's start).
		timeLimit: i.clock ? (timeLimitOf(i.clock) as typeof i.timeLimit) : i.timeLimit,
		...(i.clock ? { clock: i.clock } : {}),
		version: 1,
		createdAt: now,
		updatedAt: now,
		startedAt: null,
		finishedAt: null,
		seed: null,
		config: null,
		engineVersion: kind.engineVersion,
		seedCommitment: null,
		lastMoves: {},
		// Issue 34: a game from a position is never rated — its players did not play its beginning.
		rated: from ? false : isRated({ rated: i.rated, visibility: i.visibility }),
		...(from ? { origin: from.origin, position: from.extra } : {}),
		...(i.tournament !== undefined ? { tournament: i.tournament } : {})
	};
	return { meta, players: [{ userId: i.creator.id, username: i.creator.username, seat: from?.seat ?? 0, joinedAt: now }], state: null, log: [] };
}

/**
 * Issue 34: the position a game is created at (`CreateInput.from`), checked at creation so that a
 * game nobody could start is never listed: the kind must have a position format, the game is casual,
 * and the kind's `config` must take the position with exactly `seatsWanted` seats (it refuses an
 * impossible one with BAD_POSITION, as for a test scenario).
 */
function checkFrom(kind: Kind, i: CreateInput, options: unknown): PositionStart | RoomError {
	const f = i.from!;
	if (!kind.position) return refuse(409, 'NO_POSITION', `${kind.id} has no position format: a game of it cannot start from a position`);
	if (i.rated === true) return refuse(400, 'CASUAL_ONLY', 'a game played on from a position is never rated');
	if (!f || typeof f !== 'object' || !f.extra || typeof f.extra !== 'object' || Array.isArray(f.extra)) return refuse(400, 'BAD_REQUEST', 'bad position');
	if (!validOrigin(f.origin, kind.id)) return refuse(400, 'BAD_REQUEST', 'bad origin');
	if (!Number.isInteger(f.seat) || f.seat < 0 || f.seat >= i.seatsWanted) return refuse(400, 'BAD_SEAT', `the seat must be 0 to ${i.seatsWanted - 1}`);
	const config = kind.config(options, i.seatsWanted, f.extra);
	if (!config.ok) return refuse(400, config.code, config.message);
	return { extra: f.extra, origin: f.origin, seat: f.seat };
}

function validTournament(t: TournamentRef): boolean {
	return (
		!!t && typeof t.id === 'string' && ID.test(t.id) && typeof t.name === 'string' && t.name.length > 0 && t.name.length <= 80 &&
		Number.isSafeInteger(t.round) && t.round >= 1 && Number.isSafeInteger(t.table) && t.table >= 0
	);
}

function validOrigin(o: GameOrigin | undefined, kind: string): boolean {
	const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
	return (
		!!o &&
		(o.gameId === null || (typeof o.gameId === 'string' && ID.test(o.gameId))) &&
		o.kind === kind &&
		// A tutorial is nobody's game: no id, no players.
		(o.tutorial === undefined || (o.tutorial === true && o.gameId === null && Array.isArray(o.players) && o.players.length === 0)) &&
		// A worked example too: named by its rule.
		(o.example === undefined ||
			(typeof o.example === 'string' && /^[A-Z]-[0-9.]{1,16}$/.test(o.example) && o.tutorial === undefined && o.gameId === null && Array.isArray(o.players) && o.players.length === 0)) &&
		count(o.step) &&
		count(o.explored) &&
		Array.isArray(o.players) &&
		o.players.length <= 16 &&
		o.players.every((p) => typeof p === 'string' && p.length <= 64)
	);
}

function bump(meta: Meta, now: number, patch: Partial<Meta> = {}): Meta {
	return { ...meta, ...patch, version: meta.version + 1, updatedAt: now };
}

export function joinGame(meta: Meta, players: Player[], user: RoomUser, inviteCode: string | undefined, now: number): Next | RoomError {
	if (meta.status !== 'waiting') return refuse(409, 'NOT_WAITING', 'the game has already started');
	if (players.some((p) => p.userId === user.id)) return refuse(409, 'ALREADY_SEATED', 'you already have a seat in this game');
	// The code is compared only for private games; a wrong one is answered like a missing one.
	if (meta.visibility === 'private' && inviteCode !== meta.inviteCode) return refuse(403, 'FORBIDDEN', 'a private game needs its invite link');
	if (players.length >= meta.seatsWanted) return refuse(409, 'GAME_FULL', 'every seat is taken');
	const taken = new Set(players.map((p) => p.seat));
	let slot = 0;
	while (taken.has(slot)) slot++;
	const next: Next = {
		meta: bump(meta, now),
		players: [...players, { userId: user.id, username: user.username, seat: slot, joinedAt: now }].sort((a, b) => a.seat - b.seat),
		state: null,
		log: []
	};
	// Issue 3: the game starts by itself when full — in the same change, so nobody sees a full lobby.
	return next.players.length === meta.seatsWanted ? startGame(next.meta, next.players, now, false) : next;
}

export function leaveGame(meta: Meta, players: Player[], user: RoomUser, now: number): Next | RoomError {
	if (meta.status !== 'waiting') return refuse(409, 'NOT_WAITING', 'you can only leave before the start');
	if (!players.some((p) => p.userId === user.id)) return refuse(409, 'NOT_SEATED', 'you have no seat in this game');
	const rest = players.filter((p) => p.userId !== user.id);
	if (rest.length === 0) {
		// The last player left: the game is closed (finished, never started, no seats).
		return { meta: bump(meta, now, { status: 'finished', finishedAt: now }), players: [], state: null, log: [] };
	}
	// The creator's right to start passes to the longest-waiting player.
	const creatorId = meta.creatorId === user.id ? rest.slice().sort((a, b) => a.joinedAt - b.joinedAt || a.seat - b.seat)[0].userId : meta.creatorId;
	return { meta: bump(meta, now, { creatorId }), players: rest, state: null, log: [] };
}

/**
 * The kind's scenario extra (kind.config) a game starts from, seats in slot order (not shuffled): for
 * GameRoom.createScenario (test seam) and for a game created at a position (issue 34, `meta.position`).
 */
export interface ScenarioStart {
	config?: unknown;
}

/** A valibot issue as "path: what was expected". */
function describe(issue: v.BaseIssue<unknown>): string {
	const where = issue.path?.map((p) => String(p.key)).join('.') || 'options';
	return `${where}: ${issue.message}`;
}

/** The kind of a stored game; a room of an unknown kind is refused (core.ts load). */
export function kindOfMeta(meta: Meta): Kind | null {
	return kindOf(meta.kind);
}

/** `bumped` false when the caller already counted this change's version (join that fills the game). */
export function startGame(
	meta: Meta,
	players: Player[],
	now: number,
	bumped = true,
	seed = randomSeed(),
	scenario: ScenarioStart | null = null
): Next | RoomError {
	if (meta.status !== 'waiting') return refuse(409, 'NOT_WAITING', 'the game has already started');
	const kind = kindOfMeta(meta);
	if (!kind) return refuse(503, 'GAME_UNAVAILABLE', 'this kind of game is not available');
	// Issue 34: a position has its seats — seat k is the one who took slot k — so it starts only with
	// all of them, in slot order, with the seed drawn here (everything random from now on is this game's).
	const from = scenario ?? (meta.position ? { config: meta.position } : null);
	if (meta.position && players.length !== meta.seatsWanted)
		return refuse(409, 'SEATS_NOT_TAKEN', `a game played on from a position starts only with all its ${meta.seatsWanted} seats taken`);
	if (players.length < kind.seats.min) return refuse(409, 'NOT_ENOUGH_PLAYERS', `at least ${kind.seats.min} players are needed`);
	// Seat order from the seed; the start player is the engine's to pick from it (G-2.3).
	const bySlot = players.slice().sort((a, b) => a.seat - b.seat);
	const order = from ? bySlot : shuffleSeats(bySlot, seed);
	const seated = order.map((p, seat) => ({ ...p, seat }));
	const config = kind.config(meta.options, seated.length, from?.config);
	if (!config.ok) return refuse(400, config.code, config.message);
	const r = kind.start(config.value, seed);
	if (!r.ok) return refuse(500, 'SETUP_FAILED', 'the game could not be set up');
	const patch: Partial<Meta> = {
		status: 'active',
		startedAt: now,
		seed,
		config: config.value,
		engineVersion: kind.engineVersion,
		// Published from the start (G-0.3, R-0.3, M-0.3): the seed is fixed before any move.
		seedCommitment: commitSeed(seed),
		// Counted from the first move on (the seats were just renumbered).
		decisions: {}
	};
	// The config holds the position now (and the export with it): the extra is not kept twice. Left
	// out, not set to undefined, so the meta held equals the meta stored (JSON has no undefined).
	const { position: _inConfig, ...rest } = meta;
	const started = bumped ? bump(rest, now, patch) : { ...rest, ...patch, updatedAt: now };
	return {
		meta: { ...started, startVersion: started.version },
		players: seated,
		state: r.value.state,
		log: r.value.log
	};
}

/** Fisher–Yates from the seed (design: `seedRng(seed + '/seats')`), so the seat order is provable too. */
export function shuffleSeats<T>(items: readonly T[], seed: string): T[] {
	return shuffle(items, seedRng(seed + '/seats'));
}

/** 32 random bytes, hex (G-0.3). Generated inside the room and never sent out while the game runs. */
export function randomSeed(): string {
	const b = crypto.getRandomValues(new Uint8Array(32));
	return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
