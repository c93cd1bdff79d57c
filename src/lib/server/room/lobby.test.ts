import { describe, expect, it } from 'vitest';
import { giants } from '$lib/games/giants';
import { giantsKind } from '$lib/games/giants/kind';
import { createGame, joinGame, leaveGame, shuffleSeats, startGame } from './lobby';
import { rebuild } from './rebuild';
import type { Meta, Player } from './storage';
import { startState, erase } from '$lib/engine';

const u = (id: string) => ({ id, username: id });
const base = { kind: 'giants', options: { quickStart: false, immediateScoring: false }, seatsWanted: 4, visibility: 'public' as const, inviteCode: null, timeLimit: '3d' as const };

function lobby(n: number): { meta: Meta; players: Player[] } {
	let next = createGame({ gameId: 'g1', creator: u('a'), ...base }, 1);
	if ('ok' in next) throw new Error(next.code);
	for (const id of ['b', 'c', 'd'].slice(0, n - 1)) {
		const j = joinGame(next.meta, next.players, u(id), undefined, 2);
		if ('ok' in j) throw new Error(j.code);
		next = j;
	}
	return next;
}

describe('lobby rules', () => {
	it('refuses bad create input', () => {
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, seatsWanted: 6 }, 1)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, visibility: 'private' }, 1)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		expect(createGame({ gameId: 'g g', creator: u('a'), ...base }, 1)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
		// The kind decides (issue 11): an unknown kind, and options its schema refuses.
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, kind: 'chess' }, 1)).toMatchObject({ ok: false, code: 'UNKNOWN_KIND' });
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, options: { quickStart: 'yes' } }, 1)).toMatchObject({ ok: false, code: 'BAD_OPTIONS' });
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, options: { extra: true } }, 1)).toMatchObject({ ok: false, code: 'BAD_OPTIONS' });
	});
	it('rated or casual (issue 28): chosen at creation, by default public rated and private casual', () => {
		const made = (over: object) => {
			const r = createGame({ gameId: 'g', creator: u('a'), ...base, ...over }, 1);
			if ('ok' in r) throw new Error(r.code);
			return r.meta.rated;
		};
		expect(made({})).toBe(true);
		expect(made({ visibility: 'private', inviteCode: 'code' })).toBe(false);
		expect(made({ visibility: 'private', inviteCode: 'code', rated: true })).toBe(true);
		expect(made({ rated: false })).toBe(false);
		expect(createGame({ gameId: 'g', creator: u('a'), ...base, rated: 'yes' as never }, 1)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
	});
	it('fills the lowest free slot and starts by itself when full', () => {
		const l = lobby(3);
		const left = leaveGame(l.meta, l.players, u('b'), 3);
		if ('ok' in left) throw new Error(left.code);
		expect(left.players.map((p) => p.seat)).toEqual([0, 2]);
		const back = joinGame(left.meta, left.players, u('e'), undefined, 4);
		if ('ok' in back) throw new Error(back.code);
		expect(back.players.find((p) => p.userId === 'e')!.seat).toBe(1);
		const full = joinGame(back.meta, back.players, u('f'), undefined, 5);
		if ('ok' in full) throw new Error(full.code);
		expect(full.meta.status).toBe('active');
		expect(full.meta.version).toBe(back.meta.version + 1);
		expect(full.state).not.toBeNull();
	});
	it('seat order and start player come from the seed, reproducibly', () => {
		const l = lobby(3);
		const s1 = startGame(l.meta, l.players, 9, true, 'seed-1');
		const s2 = startGame(l.meta, l.players, 9, true, 'seed-1');
		if ('ok' in s1 || 'ok' in s2) throw new Error('refused');
		expect(s1.players).toEqual(s2.players);
		expect(s1.players.map((p) => p.userId)).toEqual(shuffleSeats(['a', 'b', 'c'], 'seed-1'));
		expect(s1.players.map((p) => p.seat)).toEqual([0, 1, 2]);
		const direct = startState(giants, { players: 3, quickStart: false, immediateScoring: false }, 'seed-1');
		expect(direct.ok && direct.value).toEqual(s1.state);
		const orders = new Set(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'].map((seed) => shuffleSeats(['a', 'b', 'c', 'd'], seed).join()));
		expect(orders.size).toBeGreaterThan(1);
	});
});

describe('rebuild', () => {
	it('replays the log from the setup, or the moves after a snapshot on top of it (issue 33); refuses another engine version and a refused move', () => {
		const config = { players: 3 };
		const setup = { config, seed: 'x', engineVersion: giants.engineVersion };
		let state = (startState(giants, config, 'x') as { ok: true; value: import('$lib/games/giants').GiantsState }).value;
		const moves = [];
		const states = [];
		for (let v = 1; v <= 5; v++) {
			const seat = giants.activeSeats(state)[0];
			const move = giants.legalMoves(state, seat)[0];
			const r = giants.apply(state, seat, move);
			if (!r.ok) throw new Error(r.code);
			state = r.value.state;
			states.push(state);
			moves.push({ version: v, seat, move: JSON.stringify(move) });
		}
		expect(rebuild(erase(giantsKind), setup, moves, null)).toEqual({ ok: true, value: { state, fromSnapshot: null, replayed: 5 } });
		// From the snapshot at version 3: only moves 4 and 5 are applied, and the result is the same state.
		expect(rebuild(erase(giantsKind), setup, moves.slice(3), { version: 3, state: states[2] })).toEqual({ ok: true, value: { state, fromSnapshot: 3, replayed: 2 } });
		// A logged move the engine refuses on the snapshot (storage changed under the game): refused, with its version.
		const wrong = rebuild(erase(giantsKind), setup, moves.slice(3), { version: 3, state: states[0] });
		expect(wrong).toMatchObject({ ok: false, code: 'REPLAY_FAILED' });
		expect(!wrong.ok && wrong.message).toMatch(/version [45]/);
		expect(rebuild(erase(giantsKind), { ...setup, engineVersion: 'giants@0' }, moves, null)).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
		expect(rebuild(erase(giantsKind), { ...setup, engineVersion: 'giants@0' }, [], { version: 3, state })).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
	});
});
