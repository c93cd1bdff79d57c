/**
 * Replay fixtures (conventions §7, issue 6): every export in tests/fixtures/games replays with the
 * engine to its recorded result, and a tampered export is caught — a seed that does not match its
 * commitment, a move changed, a score changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneJson, replayExport as replayV2, isOver } from '$lib/engine';
import { readExport } from '$lib/games/exports';
import { replayExport, type GameExport } from './export';
import { giants } from './index';
import { loadScenario, runScenario } from './scenario';
import { giantsKind } from './kind';
import { places, scores as giantsScores } from './score';

const DIR = join(process.cwd(), 'tests/fixtures/games');
const ALL = readdirSync(DIR)
	.filter((f) => f.endsWith('.json'))
	.map((f) => ({ name: f, raw: JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { formatVersion: number } }));
/** The v1 files (Giants, before kinds): read through the kind's legacyExport, and as scenario files. */
const FIXTURES = ALL.filter((f) => f.raw.formatVersion === 1).map((f) => ({ name: f.name, e: f.raw as unknown as GameExport }));

describe('replay fixtures', () => {
	it('every fixture, v1 or v2, replays with its kind to its recorded result (readExport, the one replay)', () => {
		expect(ALL.some((f) => f.raw.formatVersion === 2)).toBe(true);
		for (const { name, raw } of ALL) {
			const read = readExport(raw);
			expect(read.ok, name).toBe(true);
			if (!read.ok) continue;
			const r = replayV2(read.value.kind, read.value.export);
			expect(r.ok, r.ok ? '' : `${name}: ${r.code} at ${r.at}: ${r.message}`).toBe(true);
		}
	});

	it('there are fixtures of 3, 4 and 5 players', () => {
		expect(new Set(FIXTURES.map((f) => f.e.scenario.players))).toEqual(new Set([3, 4, 5]));
	});

	for (const { name, e } of FIXTURES) {
		it(`${name}: replays to its recorded result, also as a scenario file`, () => {
			const r = replayExport(e);
			expect(r.ok, r.ok ? '' : `${r.code} at ${r.at}: ${r.message}`).toBe(true);
			if (!r.ok) return;
			expect(isOver(giantsKind, r.state)).toBe(true);
			expect(r.state.round).toBe(e.result.rounds);
			expect(r.state.phase).toMatchObject({ kind: 'over', reason: e.result.reason });
			const sheets = giantsScores(r.state);
			expect(sheets.map((s) => s.total)).toEqual(e.result.scores);
			expect(places(sheets).flatMap((p, seat) => (p === 1 ? [seat] : []))).toEqual(e.result.winners);
			// The same through the scenario runner (`npm run scenario -- <export>`).
			const sc = loadScenario(e.scenario);
			expect(sc.ok).toBe(true);
			const run = sc.ok ? runScenario(sc.value) : null;
			expect(run?.ok && run.value.error).toBeFalsy();
			if (run?.ok) expect(run.value.state).toEqual(r.state);
		});
	}
});

describe('a tampered v2 export is refused (engine replayExport)', () => {
	const v2 = ALL.find((f) => f.raw.formatVersion === 2)!.raw;
	const read = readExport(v2);
	if (!read.ok) throw new Error(read.message);
	const { kind, export: e } = read.value;
	it('another seed, another result, another kind, another engine', () => {
		expect(replayV2(kind, { ...cloneJson(e), seed: e.seed + 'x' })).toMatchObject({ ok: false, code: 'SEED_COMMITMENT' });
		expect(replayV2(kind, { ...cloneJson(e), result: { ...e.result, scores: e.result.scores.map((x) => x + 1) } })).toMatchObject({ ok: false, code: 'RESULT' });
		expect(replayV2(kind, { ...cloneJson(e), kind: 'moa' })).toMatchObject({ ok: false, code: 'WRONG_KIND' });
		expect(replayV2(kind, { ...cloneJson(e), engineVersion: 'giants@0' })).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
		const moved = cloneJson(e);
		moved.moves[3] = { ...moved.moves[3], seat: (moved.moves[3].seat + 1) % 4 };
		// Seat 3's bid moved to another seat may still be legal (sealed bids come in any order); the
		// replay fails where the log stops making sense, and says where.
		const r = replayV2(kind, moved);
		expect(r.ok).toBe(false);
		expect(!r.ok && r.at).toBeGreaterThanOrEqual(4);
	});
});

describe('a tampered export is refused', () => {
	const e = FIXTURES[0].e;

	it('a seed that does not match the commitment published at the start', () => {
		const t = cloneJson(e);
		t.seed = t.seed + 'x';
		t.scenario.seed = t.seed;
		expect(replayExport(t)).toMatchObject({ ok: false, code: 'SEED_COMMITMENT' });
	});

	it('a changed move (illegal there, or leading elsewhere)', () => {
		const t = cloneJson(e);
		const i = t.scenario.moves.findIndex((m) => m.move.type === 'place');
		t.scenario.moves[i] = { seat: (t.scenario.moves[i].seat + 1) % t.scenario.players, move: t.scenario.moves[i].move };
		const r = replayExport(t);
		expect(r.ok).toBe(false);
	});

	it('a changed score', () => {
		const t = cloneJson(e);
		t.result.scores[0] += 1;
		expect(replayExport(t)).toMatchObject({ ok: false, code: 'RESULT' });
	});

	it('another format or engine version', () => {
		expect(replayExport({ ...cloneJson(e), formatVersion: 2 as never })).toMatchObject({ ok: false, code: 'BAD_FORMAT' });
		expect(replayExport({ ...cloneJson(e), engineVersion: 'giants@0' })).toMatchObject({ ok: false, code: 'ENGINE_VERSION' });
	});
});
