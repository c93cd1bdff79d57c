// Rapa Nui as a plug-in: replay fixtures, the randomness check, the bots, the automatic moves,
// the texts in both languages and the fuzzer (a short run; CI runs `npm run fuzz -- --game rapanui`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneJson, playOut, replayExport, seedRng, type GameExportV2, type LogBatch } from '$lib/engine';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { heuristicBot, randomBot } from './bots';
import { fuzzGame } from './fuzz';
import { rapanui } from './index';
import { rapanuiKind } from './kind';
import { standings } from './score';
import { logText, phaseName } from './text';
import type { RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState } from './types';

afterAll(() => overwriteGetLocale(() => 'en'));

const DIR = join(process.cwd(), 'tests/fixtures/games');
const FIXTURES = readdirSync(DIR)
	.filter((f) => f.startsWith('rapanui-'))
	.map((f) => ({ name: f, e: JSON.parse(readFileSync(join(DIR, f), 'utf8')) as GameExportV2<RapaNuiConfig, RapaNuiMove> }));

describe('replay fixtures', () => {
	it('there are finished games of 2, 3 and 4 players', () => {
		expect(new Set(FIXTURES.map((f) => f.e.config.players))).toEqual(new Set([2, 3, 4]));
	});
	for (const { name, e } of FIXTURES)
		it(`${name} replays to its recorded result`, () => {
			const r = replayExport(rapanuiKind, e);
			expect(r.ok, r.ok ? '' : `${r.code} at ${r.at}: ${r.message}`).toBe(true);
			if (!r.ok) return;
			const s = r.state as RapaNuiState;
			expect(s.phase).toEqual({ kind: 'over', reason: 'refill' });
		});
});

function finishedGame(players: number, seed: string) {
	const out = playOut(rapanuiKind, { config: { players }, seed });
	return { out, revealed: { config: { players } as RapaNuiConfig, seed, seedCommitment: out.state.seedCommitment, moves: out.moves as { seat: number; move: RapaNuiMove }[], log: out.log as LogBatch<RapaNuiEntry>[] } };
}

describe('R-0.3 the randomness check', () => {
	it('confirms the start player, colours, the deal and every refill from the revealed seed', () => {
		const { revealed } = finishedGame(3, 'verify-me');
		const r = rapanuiKind.verify(revealed);
		expect(r.commitment).toBe(true);
		expect(r.draws).toHaveLength(2 + 1 + 9);
		expect(r.draws.every((d) => d.status === 'confirmed')).toBe(true);
		expect(r.ok).toBe(true);
	});

	it('catches another seed and a log whose refill differs from the deck', () => {
		const { revealed } = finishedGame(2, 'verify-me-2');
		expect(rapanuiKind.verify({ ...revealed, seed: 'other' }).commitment).toBe(false);
		const log = cloneJson(revealed.log);
		const draw = log.flatMap((b) => b.log).find((e) => e.type === 'draw' && e.refill) as Extract<RapaNuiEntry, { type: 'draw' }>;
		draw.refill = [...draw.refill!].reverse();
		const r = rapanuiKind.verify({ ...revealed, log });
		expect(r.ok).toBe(false);
		expect(r.draws.filter((d) => d.status === 'mismatch')).toHaveLength(1);
	});
});

describe('bots', () => {
	// Issue 17: every table size against random bots is tests/bots.test.ts; here the duel, seat by seat.
	it('the heuristic bot beats the random bot in at least 90% of 60 two-player games, each ended by the rules', () => {
		let wins = 0;
		for (let g = 0; g < 60; g++) {
			const h = g % 2; // alternate who starts as the heuristic seat
			const bots = h === 0 ? [heuristicBot, randomBot] : [randomBot, heuristicBot];
			const out = playOut(rapanuiKind, { config: { players: 2 }, seed: `duel-${g}`, bots: bots as never, rng: seedRng(`duel-${g}/bots`) });
			expect(out.state.phase).toEqual({ kind: 'over', reason: 'refill' });
			const st = standings(out.state);
			if (st[h].rank === 1 && st[1 - h].rank > 1) wins++;
		}
		expect(wins).toBeGreaterThanOrEqual(54);
	}, 60_000); // a limit, not a speed bar (the lookahead bot takes seconds for 60 games)
});

describe('passive (engine/kind.ts, ratings)', () => {
	it('only R-5.5\'s skip and R-7.7\'s declined substitute decline to act; playing is mandatory (R-5.4)', () => {
		for (const m of [{ type: 'skip' }, { type: 'substitute', kind: null }] as RapaNuiMove[]) expect(rapanuiKind.passive!(m), m.type).toBe(true);
		const decisions = [
			{ type: 'substitute', kind: 'fish' },
			{ type: 'play', card: 'woodcutter', count: 1 },
			{ type: 'buy', kind: 'fish' },
			{ type: 'draw', column: 0 },
			{ type: 'moai', choice: 'fame' },
			{ type: 'sacrifice', kind: 'fish' }
		] as RapaNuiMove[];
		for (const m of decisions) expect(rapanuiKind.passive!(m), JSON.stringify(m)).toBe(false);
	});
});

describe('texts', () => {
	it('every log entry of a game reads as a sentence in English and German, with no raw ids', () => {
		const { out } = finishedGame(4, 'words');
		for (const locale of ['en', 'de'] as const) {
			overwriteGetLocale(() => locale);
			const lines = out.log.flatMap((b) => (b.log as RapaNuiEntry[]).map((e) => logText(e, (s) => `P${s}`)));
			for (const l of lines) expect(l).not.toMatch(/undefined|\[object|_|-\d/);
			expect(new Set(out.log.flatMap((b) => (b.log as RapaNuiEntry[]).map((e) => e.type))).size).toBeGreaterThan(8);
			for (const p of ['buy', 'play', 'sacrifice', 'draw', 'moai', 'substitute', 'over']) expect(phaseName(p)).not.toBe(p);
		}
		overwriteGetLocale(() => 'de');
		expect(logText({ type: 'gain', seat: 0, amount: 2, resource: 'fame', bonus: false }, () => 'Ana')).toBe('Ana erhält 2 Ruhmespunkte.');
		expect(logText({ type: 'play', seat: 0, card: 'fish', count: 2, cost: 1 }, () => 'Ana')).toBe('Ana spielt 2 Jäger & Sammler (Fisch) für 1 Holz aus.');
		overwriteGetLocale(() => 'en');
		expect(logText({ type: 'play', seat: 0, card: 'fish', count: 2, cost: 1 }, () => 'Ana')).toBe('Ana plays 2 fish hunter-gatherers for 1 wood.');
		expect(logText({ type: 'sacrifice', seat: 0, round: 3, kind: null, faceUp: false, fromSupply: false }, () => 'Ana')).toBe('Ana sacrifices an offering card face down (sacrifice round 3).');
	});
});

describe('the fuzzer', () => {
	// A limit, not a speed bar: the default bot looks a move ahead, so 30 fuzzed games take seconds.
	it('30 games (2, 3 and 4 players) keep every invariant, including secrecy', () => {
		for (let i = 0; i < 30; i++) expect(fuzzGame(i, 'vitest').reason).toBe('refill');
	}, 60_000);

	it('has teeth: a view that leaks a collection is caught', () => {
		const view = rapanui.view;
		rapanui.view = (s, viewer) => ({ ...view(s, viewer), secret: { ...view(s, viewer).secret, collections: s.secret.collections } });
		try {
			expect(() => fuzzGame(0, 'teeth')).toThrow(/sees a secret/);
		} finally {
			rapanui.view = view;
		}
	});
});

describe('copyState (the copy apply works on)', () => {
	it('equals its input and shares no object or array with it, in every phase of a game', async () => {
		const { copyState } = await import('./engine');
		const objects = (x: unknown, out = new Set<object>()): Set<object> => {
			if (x && typeof x === 'object') {
				out.add(x);
				for (const v of Object.values(x)) objects(v, out);
			}
			return out;
		};
		const phases = new Set<string>();
		playOut(rapanuiKind, {
			config: { players: 4 },
			seed: 'copy',
			onMove: ({ state }) => {
				const s = state as RapaNuiState;
				phases.add(s.phase.kind);
				const c = copyState(s);
				expect(c).toEqual(s);
				const mine = objects(s);
				for (const o of objects(c)) expect(mine.has(o)).toBe(false);
			}
		});
		expect(phases.size).toBeGreaterThanOrEqual(5);
	});
});
