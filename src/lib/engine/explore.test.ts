// Issue 34: exploring a finished game — a line's link format and its replay, for every registered kind.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KINDS } from '$lib/games';
import { branchStart, decodeLine, encodeLine, LINE_MAX_MOVES, playLine } from './explore';
import { isOver } from './outcome';
import { playOut, randomLegal } from './playout';
import { replay } from './replay';
import { seedRng } from './seed';
import { jsonEqual } from './clone';

describe('a line in a link', () => {
	it('reads back what was written, whatever the moves hold', () => {
		const moves = [
			{ seat: 0, move: { type: 'bid', markers: 2, note: 'ü ✓ "quoted" </script>' } },
			{ seat: 3, move: { type: 'pass' } }
		];
		const enc = encodeLine(moves);
		expect(enc).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(decodeLine(enc)).toEqual({ ok: true, value: moves });
		expect(encodeLine([])).toBe('');
		expect(decodeLine(null)).toEqual({ ok: true, value: [] });
		expect(decodeLine('')).toEqual({ ok: true, value: [] });
	});

	it('refuses a damaged, foreign or oversized line with BAD_LINE', () => {
		const code = (raw: string) => {
			const r = decodeLine(raw);
			return r.ok ? 'ok' : r.code;
		};
		expect(code('!!!')).toBe('BAD_LINE');
		expect(code(encodeLine([{ seat: 0, move: {} }]).slice(0, -3))).toBe('BAD_LINE');
		const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
		expect(code(b64({ not: 'a list' }))).toBe('BAD_LINE');
		expect(code(b64([[-1, {}]]))).toBe('BAD_LINE');
		expect(code(b64([['0', {}]]))).toBe('BAD_LINE');
		expect(code(b64(Array.from({ length: LINE_MAX_MOVES + 1 }, () => [0, 1])))).toBe('BAD_LINE');
		expect(code('A'.repeat(12_001))).toBe('BAD_LINE');
		expect(code(b64([[1, { type: 'x' }]]))).toBe('ok');
	});
});

describe.each(KINDS.map((k) => [k.id, k] as const))('exploring a finished game of %s', (_, kind) => {
	const options = v.parse(kind.options, {});
	const players = kind.seats.min;
	const config = kind.config(options, players);
	if (!config.ok) throw new Error(config.message);
	const seed = `explore-${kind.id}`;
	const game = playOut(kind, { config: config.value, seed, bots: randomLegal(kind), rng: seedRng(`${seed}/bots`) });
	const mid = Math.floor(game.moves.length / 2);
	const at = replay(kind, { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed }, game.moves.slice(0, mid));
	if (!at.ok) throw new Error(at.message);

	it("with the game's seed continued, the main line played again is what happened", () => {
		const start = branchStart(kind, { options, players }, at.value, { fresh: false });
		if (!start.ok) throw new Error(start.message);
		const line = playLine(kind, start.value.state, game.moves.slice(mid));
		expect(line.error).toBeNull();
		expect(jsonEqual(line.moves.at(-1)!.state, game.state)).toBe(true);
		expect(isOver(kind, line.moves.at(-1)!.state)).toBe(true);
	});

	it('a move the rules refuse stops the line there, with the engine’s code, and keeps the moves before', () => {
		const legal = kind.legalMoves(at.value, kind.activeSeats(at.value)[0]);
		const seat = kind.activeSeats(at.value)[0];
		const first = { seat, move: legal[0] };
		const r1 = kind.apply(at.value, seat, legal[0]);
		if (!r1.ok) throw new Error(r1.message);
		// Whoever is not awaited after the first move, moving anything: refused by the rules.
		const idle = Array.from({ length: players }, (_, s) => s).find((s) => !kind.activeSeats(r1.value.state).includes(s));
		const bad = idle === undefined ? { seat: 99, move: { type: 'nonsense' } } : { seat: idle, move: legal[0] };
		const line = playLine(kind, at.value, [first, bad]);
		expect(line.moves.length).toBe(1);
		expect(line.error?.index).toBe(1);
		expect(line.error?.code).toMatch(/^[A-Z_]+$/);
	});

	it.skipIf(!kind.position)('fresh draws start the same position from the explorer’s seed: the same decision awaited', () => {
		const a = branchStart(kind, { options, players }, at.value, { fresh: true, seed: 'one' });
		const b = branchStart(kind, { options, players }, at.value, { fresh: true, seed: 'two' });
		if (!a.ok || !b.ok) throw new Error(`${!a.ok ? a.message : ''} ${!b.ok ? b.message : ''}`);
		for (const s of [a.value.state, b.value.state]) {
			expect(kind.activeSeats(s)).toEqual(kind.activeSeats(at.value));
			expect(kind.status(s)).toEqual(kind.status(at.value));
		}
		// The same seed gives the same line again (a link rebuilds it).
		const again = branchStart(kind, { options, players }, at.value, { fresh: true, seed: 'one' });
		expect(again.ok && jsonEqual(again.value.state, a.value.state)).toBe(true);
		expect(branchStart(kind, { options, players }, at.value, { fresh: true, seed: 'bad seed!' })).toMatchObject({ ok: false, code: 'BAD_SEED' });
	});

	it.skipIf(!!kind.position)('without a position format, fresh draws are refused with NO_POSITION', () => {
		expect(branchStart(kind, { options, players }, at.value, { fresh: true, seed: 'one' })).toMatchObject({ ok: false, code: 'NO_POSITION' });
	});
});
