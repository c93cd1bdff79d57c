// Issue 34, "Play on from here", without a room: the position of a finished game at a step and after
// an explored line (playon.ts), and the lobby of a game created there (lobby.ts) — for every
// registered kind with a position format, found by the registry, none named.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { branchStart, buildExport, commitSeed, isOver, jsonEqual, playOut, replay, seedRng, type GameExportV2, type Kind } from '$lib/engine';
import { KINDS } from '$lib/games';
import { positionAt } from './playon';
import { createGame, joinGame, startGame } from './room/lobby';
import type { GameOrigin } from '$lib/protocol/room';

const withPosition = KINDS.filter((k) => k.position);

/** A finished bot game of `kind` with `players` seats, as its export. */
function finished(kind: Kind, players: number, seed: string): GameExportV2 {
	const options = v.parse(kind.options, {});
	const config = kind.config(options, players);
	if (!config.ok) throw new Error(config.message);
	const out = playOut(kind, { config: config.value, seed });
	if (!out.over) throw new Error(`${kind.id}: the bot game did not end`);
	return buildExport({
		kind,
		id: 'source',
		config: config.value,
		options,
		seed,
		engineVersion: kind.engineVersion,
		players: Array.from({ length: players }, (_, seat) => ({ seat, username: `p${seat}` })),
		createdAt: 1,
		startedAt: 2,
		finishedAt: 3,
		startVersion: 1,
		moves: out.moves.map((m, i) => ({ version: i + 2, seat: m.seat, move: m.move, at: 10 + i })),
		final: out.state
	});
}

/** The state after `step` moves of the export. */
function stateAt(kind: Kind, e: GameExportV2, step: number): unknown {
	const r = replay(kind, { game: e.kind, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves.slice(0, step));
	if (!r.ok) throw new Error(r.message);
	return r.value;
}

/** `n` moves the default bot would play from `state` on (an explored line). */
function lineFrom(kind: Kind, state: unknown, n: number): { seat: number; move: unknown }[] {
	const rng = seedRng('line');
	const line: { seat: number; move: unknown }[] = [];
	for (let i = 0; i < n && !isOver(kind, state); i++) {
		const seat = kind.activeSeats(state)[0];
		const move = kind.bots[kind.defaultBot](kind.view(state, seat), seat, rng);
		const r = kind.apply(state, seat, move);
		if (!r.ok) throw new Error(r.message);
		line.push({ seat, move });
		state = r.value.state;
	}
	return line;
}

describe.each(withPosition.map((k) => [k.id, k] as const))('play on from here: %s', (_id, kind) => {
	const players = Math.min(3, kind.seats.max);
	const e = finished(kind, players, `playon-${kind.id}`);
	const step = Math.floor(e.moves.length / 2);

	it('writes the position after the step and the line; refuses a bad step, an illegal line, a finished position and a kind without positions', () => {
		const line = lineFrom(kind, stateAt(kind, e, step), 3);
		expect(line.length).toBe(3);
		const at = positionAt(kind, e, step, line);
		if (!at.ok) throw new Error(at.message);
		// The state is the one the line leads to, and the position is the kind's fresh writing of it.
		let state = stateAt(kind, e, step);
		for (const m of line) state = (kind.apply(state, m.seat, m.move) as { ok: true; value: { state: unknown } }).value.state;
		expect(jsonEqual(at.state, state)).toBe(true);
		expect(at.extra).toEqual(kind.position!.write(state, { fresh: true }));

		// A line the explorer played on fresh draws of its own seed is played again from the same start.
		const fresh = branchStart(kind, { options: e.options, players }, stateAt(kind, e, step), { fresh: true, seed: 'explorer' });
		if (!fresh.ok) throw new Error(fresh.message);
		const freshLine = lineFrom(kind, fresh.value.state, 2);
		const onFresh = positionAt(kind, e, step, freshLine, { fresh: true, seed: 'explorer' });
		expect(onFresh.ok, !onFresh.ok ? onFresh.message : '').toBe(true);
		expect(positionAt(kind, e, step, [], { fresh: true, seed: 'not a seed!' })).toMatchObject({ ok: false, status: 400, code: 'BAD_SEED' });

		expect(positionAt(kind, e, e.moves.length + 1, [])).toMatchObject({ ok: false, status: 400, code: 'BAD_STEP' });
		expect(positionAt(kind, e, -1, [])).toMatchObject({ ok: false, code: 'BAD_STEP' });
		// The first move legal, the second nothing the kind knows: refused at index 1 with the kind's own words.
		const bad = positionAt(kind, e, step, [line[0], { seat: line[1].seat, move: { type: 'no-such-move' } }]);
		expect(bad).toMatchObject({ ok: false, status: 400, code: 'BAD_LINE', index: 1 });
		expect(!bad.ok && bad.refusal?.code).toBeTruthy();
		expect(!bad.ok && bad.message).toContain(!bad.ok ? bad.refusal!.message : '');
		// A move of a seat that is not awaited is refused too (the kind's apply judges the seat).
		const idle = Array.from({ length: players }, (_, s) => s).find((s) => !kind.activeSeats(stateAt(kind, e, step)).includes(s));
		if (idle !== undefined) expect(positionAt(kind, e, step, [{ seat: idle, move: line[0].move }])).toMatchObject({ ok: false, code: 'BAD_LINE', index: 0 });
		expect(positionAt(kind, e, e.moves.length, [])).toMatchObject({ ok: false, status: 409, code: 'GAME_OVER' });
		expect(positionAt({ ...kind, position: undefined } as Kind, e, step, [])).toMatchObject({ ok: false, status: 409, code: 'NO_POSITION' });
		expect(positionAt(kind, { ...e, engineVersion: `${kind.id}@0` }, step, [])).toMatchObject({ ok: false, status: 409, code: 'ENGINE_VERSION' });
	});

	it('a game created there: casual, the creator at their seat, joiners in the free slots, no early start, not shuffled, the position at its start', () => {
		const at = positionAt(kind, e, step, []);
		if (!at.ok) throw new Error(at.message);
		const origin: GameOrigin = { gameId: 'source', kind: kind.id, step, explored: 0, players: e.players.map((p) => p.username) };
		const input = {
			gameId: 'new',
			kind: kind.id,
			creator: { id: 'c', username: 'c' },
			options: e.options,
			seatsWanted: players,
			visibility: 'public' as const,
			inviteCode: null,
			timeLimit: '3d' as const,
			from: { extra: at.extra, origin, seat: players - 1 }
		};
		expect(createGame({ ...input, rated: true }, 1)).toMatchObject({ ok: false, status: 400, code: 'CASUAL_ONLY' });
		expect(createGame({ ...input, from: { ...input.from, seat: players } }, 1)).toMatchObject({ ok: false, code: 'BAD_SEAT' });
		expect(createGame({ ...input, from: { ...input.from, origin: { ...origin, kind: 'other' } } }, 1)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		// The position has `players` seats: another count is the kind's to refuse.
		if (players > kind.seats.min) expect(createGame({ ...input, seatsWanted: players - 1, from: { ...input.from, seat: 0 } }, 1)).toMatchObject({ ok: false, status: 400 });
		const made = createGame(input, 1);
		if ('ok' in made) throw new Error(made.message);
		expect(made.meta.rated).toBe(false);
		expect(made.meta.origin).toEqual(origin);
		expect(made.players).toEqual([{ userId: 'c', username: 'c', seat: players - 1, joinedAt: 1 }]);
		let next = made;
		for (let i = 0; i < players - 1; i++) {
			// Not before every seat is taken (and then only by joining: the last join starts it).
			expect(startGame(next.meta, next.players, 2)).toMatchObject({ ok: false, status: 409, code: 'SEATS_NOT_TAKEN' });
			const j = joinGame(next.meta, next.players, { id: `j${i}`, username: `j${i}` }, undefined, 2);
			if ('ok' in j) throw new Error(j.message);
			next = j;
		}
		expect(next.meta.status).toBe('active');
		// Seat k of the position is slot k: the joiners took 0, 1, … in order, the creator kept theirs.
		expect(next.players.map((p) => p.userId)).toEqual([...Array.from({ length: players - 1 }, (_, i) => `j${i}`), 'c']);
		expect(next.meta.position).toBeUndefined();
		expect(next.meta.origin).toEqual(origin);
		expect(next.meta.seed).not.toBe(e.seed);
		expect(next.meta.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
		// Its start is the position: every seat sees what it saw there (hands, board, whose turn) — but
		// the seed commitment a view publishes, which is the new game's own.
		const commitment = (seed: string) => commitSeed(seed);
		const seen = (state: unknown, seat: number | null, seed: string) => JSON.stringify(kind.view(state, seat)).replaceAll(commitment(seed), '<commitment>');
		for (const seat of [...Array.from({ length: players }, (_, s) => s), null]) {
			expect(JSON.stringify(kind.view(next.state, seat))).toContain(next.meta.seedCommitment!);
			expect(seen(next.state, seat, next.meta.seed!)).toBe(seen(at.state, seat, e.seed));
		}
		// …and it is an ordinary game of its config and seed (an export of it replays).
		const again = kind.start(next.meta.config, next.meta.seed!);
		expect(again.ok && jsonEqual(again.value.state, next.state)).toBe(true);
	});
});

it('some registered kind has a position format (else the tests above test nothing)', () => {
	expect(withPosition.length).toBeGreaterThan(0);
});
