// Moa as a plug-in: replay fixtures, secrecy (M-0.1, M-0.2), the randomness check (M-0.3), the bots,
// the automatic moves, the texts in both languages and the fuzzer (a short run; `npm run fuzz --
// --game moa` runs more).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneJson, playOut, replayExport, seedRng, type GameExportV2, type LogBatch } from '$lib/engine';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { heuristicBot, randomBot } from './bots';
import { copyState } from './views';
import { fuzzGame } from './fuzz';
import { moa } from './index';
import { moaKind } from './kind';
import { legalMoves } from './legal';
import { standings } from './score';
import { arrange, atTurn, birds, giveKarakia, hand, mammals, mammalTop, nextRound, pay, play, put, turn } from './test-helpers';
import { logText, phaseName } from './text';
import type { MoaConfig, MoaEntry, MoaMove, MoaState, Viewer } from './types';

afterAll(() => overwriteGetLocale(() => 'en'));

const DIR = join(process.cwd(), 'tests/fixtures/games');
const FIXTURES = readdirSync(DIR)
	.filter((f) => f.startsWith('moa-'))
	.map((f) => ({ name: f, e: JSON.parse(readFileSync(join(DIR, f), 'utf8')) as GameExportV2<MoaConfig, MoaMove> }));

describe('replay fixtures (conventions §7)', () => {
	it('there are finished games of 2, 3, 4 and 5 players', () => {
		expect(new Set(FIXTURES.map((f) => f.e.config.players))).toEqual(new Set([2, 3, 4, 5]));
	});
	for (const { name, e } of FIXTURES)
		it(`${name} replays to its recorded result`, () => {
			const r = replayExport(moaKind, e);
			expect(r.ok, r.ok ? '' : `${r.code} at ${r.at}: ${r.message}`).toBe(true);
			if (!r.ok) return;
			const s = r.state as MoaState;
			expect(s.phase).toEqual({ kind: 'over' });
			expect([s.period, s.round]).toEqual([2, 7]);
			expect(s.vp).toEqual(e.result.scores);
		});
});

function finishedGame(players: number, seed: string) {
	const out = playOut(moaKind, { config: { players }, seed });
	return {
		out,
		revealed: { config: { players } as MoaConfig, seed, seedCommitment: out.state.seedCommitment, moves: out.moves as { seat: number; move: MoaMove }[], log: out.log as LogBatch<MoaEntry>[] }
	};
}

// ---- secrecy ------------------------------------------------------------------------------------

/** Twins of `s` that differ only in one secret, with the seat that may tell them apart (null: nobody). */
function twins(s: MoaState): { what: string; world: MoaState; knows: number | null }[] {
	const out: { what: string; world: MoaState; knows: number | null }[] = [];
	const x = s.secret;
	if (x.birdPile.length > 1) {
		const w = cloneJson(s);
		w.secret.birdPile.reverse();
		out.push({ what: 'the bird pile’s order', world: w, knows: null });
	}
	for (let seat = 0; seat < s.players; seat++)
		if (x.hands[seat].length && x.birdPile.length) {
			const w = cloneJson(s);
			const h = w.secret.hands[seat];
			[h[0], w.secret.birdPile[0]] = [w.secret.birdPile[0], h[0]];
			out.push({ what: `seat ${seat}’s hand`, world: w, knows: seat });
		}
	if (x.mammalDeck.length > 1) {
		const w = cloneJson(s);
		w.secret.mammalDeck.reverse();
		out.push({ what: 'the mammal deck’s order', world: w, knows: null });
	}
	if (x.terrainDeck.length && x.terrainAside.length) {
		const w = cloneJson(s);
		[w.secret.terrainDeck[0], w.secret.terrainAside[0]] = [w.secret.terrainAside[0], w.secret.terrainDeck[0]];
		out.push({ what: 'which terrain cards are set aside', world: w, knows: null });
	}
	return out;
}

/** Log entries that legitimately depend on a changed secret (a draw from it). */
const DRAWS = new Set(['terrain', 'mammal', 'mammalReshuffle', 'noMammal', 'birdReshuffle', 'period', 'round', 'drawCard', 'exchange', 'end', 'reveal']);
const BAD: unknown[] = [{ type: 'place', region: 1, birds: 1, pay: { cards: ['B01', 'B45'], tiles: [] } }, { type: 'defend', pay: { cards: ['B01'], tiles: [] } }, { type: 'discard', cards: ['B02'] }, { type: 'drawCard', tile: 'K01' }];

describe('M-0.2 secrecy', () => {
	it('another seat’s hand, the bird pile, the mammal deck and the set-aside terrain cards reach no view, log or error before the end', () => {
		const players = 3;
		const viewers: Viewer[] = [null, 0, 1, 2];
		let checked = 0;
		playOut(moaKind, {
			config: { players },
			seed: 'secrets',
			onMove: ({ state, index }) => {
				const s = state as MoaState;
				if (s.phase.kind === 'over' || index % 3 !== 0) return;
				const awaited = moa.activeSeats(s)[0];
				const move = heuristicBot(moa.view(s, awaited), awaited, seedRng(`m${index}`));
				const real = moa.apply(s, awaited, move);
				expect(real.ok).toBe(true);
				for (const { what, world, knows } of twins(s)) {
					for (const v of viewers) if (v !== knows) expect(JSON.stringify(moa.view(world, v)), `${what} seen by ${v}`).toBe(JSON.stringify(moa.view(s, v)));
					const refusal = (x: MoaState, seat: number, bad: unknown) => {
						const r = moa.apply(x, seat, bad);
						return r.ok ? 'accepted' : JSON.stringify(r);
					};
					for (const bad of BAD)
						for (let seat = 0; seat < players; seat++) if (seat !== knows) expect(refusal(world, seat, bad), `${what} in an error`).toBe(refusal(s, seat, bad));
					if (awaited === knows || !real.ok || real.value.log.some((e) => DRAWS.has(e.type))) continue;
					const other = moa.apply(world, awaited, move);
					expect(other.ok && JSON.stringify(other.value.log), `${what} in the log`).toBe(JSON.stringify(real.value.log));
					checked++;
				}
			}
		});
		expect(checked).toBeGreaterThan(20);
	});

	it('a seat sees its own hand only; the seed, piles and decks are null in every view until the end', () => {
		const s = arrange(4);
		for (const v of [null, 0, 1, 2, 3] as Viewer[]) {
			const view = moa.view(s, v);
			expect(view.secret.hands.map((h) => h !== null)).toEqual([0, 1, 2, 3].map((seat) => seat === v));
			expect([view.secret.seed, view.secret.birdPile, view.secret.mammalDeck, view.secret.terrainDeck, view.secret.terrainAside]).toEqual([null, null, null, null, null]);
			expect(JSON.stringify(view)).not.toContain('rng');
		}
	});

	it('M-0.1: the public counts and compositions are in every view (hand sizes, pile size, deck sizes, what is unseen)', () => {
		const s = arrange(3);
		const v = moa.view(s, null);
		expect([v.handSize, v.birdPileLeft, v.mammalDeckLeft, v.terrainDeckLeft]).toEqual([s.handSize, s.birdPileLeft, s.mammalDeckLeft, s.terrainDeckLeft]);
	});

	it('M-0.2: when the game ends, everything is revealed: the seed, every hand, the piles and decks, the set-aside cards', () => {
		const { out } = finishedGame(3, 'reveal-all');
		const s = out.state;
		const v = moa.view(s, 0);
		expect(v.secret).toEqual({
			seed: 'reveal-all',
			hands: s.secret.hands,
			birdPile: s.secret.birdPile,
			terrainDeck: s.secret.terrainDeck,
			terrainAside: s.secret.terrainAside,
			mammalDeck: s.secret.mammalDeck
		});
		const last = out.log.at(-1)!.log as MoaEntry[];
		expect(last.at(-1)).toEqual({ type: 'reveal', hands: s.secret.hands, terrainAside: s.secret.terrainAside, terrainDeck: s.secret.terrainDeck, mammalDeck: s.secret.mammalDeck, birdPile: s.secret.birdPile });
		// The seed is in no log entry, not even the last (the view and the export reveal it).
		expect(JSON.stringify(out.log)).not.toContain('reveal-all');
	});
});

// ---- M-0.3 the randomness check -----------------------------------------------------------------

describe('M-0.3 the randomness check (verify)', () => {
	it('confirms the setup, every terrain card, mammal card and d12 roll and the revealed piles of a played game', () => {
		for (const players of [2, 4]) {
			const { revealed } = finishedGame(players, `verify-${players}`);
			const r = moaKind.verify(revealed);
			expect(r.commitment).toBe(true);
			expect(r.draws.map((d) => d.status).every((x) => x === 'confirmed')).toBe(true);
			expect(r.draws.length).toBeGreaterThanOrEqual(players === 2 ? 6 : 5);
			expect(r.ok).toBe(true);
		}
	});

	it('catches another seed and a tampered log entry (a mammal card, a d12 roll, a terrain card)', () => {
		const { revealed } = finishedGame(2, 'verify-tamper');
		expect(moaKind.verify({ ...revealed, seed: 'other' }).commitment).toBe(false);
		expect(moaKind.verify({ ...revealed, seed: 'other' }).ok).toBe(false);
		for (const type of ['mammal', 'roll', 'terrain'] as const) {
			const log = cloneJson(revealed.log);
			const e = log.flatMap((b) => b.log).find((x) => x.type === type)!;
			if (e.type === 'mammal') e.card = e.card === 'M01' ? 'M02' : 'M01';
			if (e.type === 'roll') e.roll = (e.roll % 12) + 1;
			if (e.type === 'terrain') [e.left, e.right] = [e.right, e.left];
			const r = moaKind.verify({ ...revealed, log });
			expect(r.ok, type).toBe(false);
			expect(r.commitment).toBe(true);
			expect(r.draws.filter((d) => d.status === 'mismatch')).toHaveLength(1);
		}
	});
});

// ---- bots and automatic moves -------------------------------------------------------------------

describe('bots', () => {
	it('the heuristic bot beats two random bots in at least 80% of 200 three-player games (rank 1 by the standings)', () => {
		let wins = 0;
		for (let g = 0; g < 200; g++) {
			const h = g % 3; // rotate the heuristic seat
			const bots = [0, 1, 2].map((seat) => (seat === h ? heuristicBot : randomBot));
			const out = playOut(moaKind, { config: { players: 3 }, seed: `duel-${g}`, bots: bots as never, rng: seedRng(`duel-${g}/bots`) });
			expect(out.state.phase.kind).toBe('over');
			if (standings(out.state)[h].rank === 1) wins++;
		}
		expect(wins).toBeGreaterThanOrEqual(160);
	}, 120_000);

	it('bots play from a view and only choose legal moves', () => {
		const s = arrange(3, (x) => hand(x, 0, birds('pukeko', 2)));
		const v = moa.view(s, 0);
		for (const bot of [heuristicBot, randomBot]) expect(legalMoves(v, 0)).toContainEqual(bot(v, 0, seedRng('b')));
	});
});

describe('timeoutMove: what the room does for a seat whose clock ran out', () => {
	it('declines a defence, passes a turn, ends a turn whose action is taken, places the neutral, discards first', () => {
		const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 1, 1);
			hand(x, 1, birds('haasts_eagle', 2));
		});
		const defend = play(s, seat, { type: 'pass' }).state;
		expect(moaKind.timeoutMove(defend, 1)).toEqual({ move: { type: 'decline' }, auto: 'decline' });
		expect(moaKind.timeoutMove(moa.view(defend, 1), 1)).toEqual({ move: { type: 'decline' }, auto: 'decline' });

		const t = turn(3, ['T01', 'T20'], birds('pukeko', 1), (x) => {
			giveKarakia(x, 0, 'K12');
			giveKarakia(x, 1, 'K04');
		});
		expect(moaKind.timeoutMove(t, 0)).toEqual({ move: { type: 'pass' }, auto: 'pass' });
		const acted = play(t, 0, { type: 'pass' }).state;
		expect(moaKind.timeoutMove(acted, 0)).toEqual({ move: { type: 'end' }, auto: 'end' });
		const owe = play(t, 1, { type: 'exchange', tile: 'K04' }).state;
		const tm = moaKind.timeoutMove(owe, 1)!;
		expect(tm.auto).toBe('discard');
		expect(tm.move.type === 'discard' && tm.move.cards).toHaveLength(3);
		expect(play(owe, 1, tm.move).state.owe[1]).toBe(0);
		// A seat nobody waits for has nothing to time out.
		expect(moaKind.timeoutMove(t, 2)).toBeNull();

		const n = arrange(2, (x) => hand(x, 0, birds('pukeko', 1)));
		const placing = play(n, 0, { type: 'pass' }).state;
		if (placing.phase.kind === 'neutral') {
			const m = moaKind.timeoutMove(placing, 0)!;
			expect(m.auto).toBe('neutral');
			expect(play(placing, 0, m.move).state.phase).toMatchObject({ kind: 'turn', seat: 1 });
		}
	});

	it('a whole game played by timeouts alone ends by the rules', () => {
		for (const players of [2, 3]) {
			const bot = (v: unknown, seat: number) => moaKind.timeoutMove(v as MoaState, seat)!.move;
			const out = playOut(moaKind, { config: { players }, seed: `timeouts-${players}`, bots: bot as never });
			expect(out.state.phase.kind).toBe('over');
		}
	});

	it('passive (engine/kind.ts, ratings): a pass, a declined defence, the end of a turn, the neutral\'s placement — not an action', () => {
		for (const m of [{ type: 'pass' }, { type: 'decline' }, { type: 'end' }, { type: 'neutral', region: 3, what: 'bird' }] as MoaMove[])
			expect(moaKind.passive!(m), m.type).toBe(true);
		const pay = { cards: [], tiles: [] } as never;
		for (const m of [
			{ type: 'place', region: 1, birds: 1, pay },
			{ type: 'attack', region: 1, birds: 1, pay },
			{ type: 'defend', pay },
			{ type: 'buy', types: [], pay },
			{ type: 'discard', cards: ['B01'] }
		] as MoaMove[])
			expect(moaKind.passive!(m), m.type).toBe(false);
	});

	it('the reported farm (issue 28): a 2-player seat that only passes and places for the neutral makes no real decision', () => {
		// Seat 1 answers everything with what a timeout would play, but as its own moves (M-7.8, M-11.2).
		const idle = (v: unknown, seat: number) => moaKind.timeoutMove(v as MoaState, seat)!.move;
		const out = playOut(moaKind, { config: { players: 2 }, seed: 'farm-2', bots: [heuristicBot, idle] as never });
		expect(out.state.phase.kind).toBe('over');
		const real = (seat: number) => out.moves.filter((x) => x.seat === seat && !moaKind.passive!(x.move as MoaMove)).length;
		expect(out.moves.filter((x) => x.seat === 1).length).toBeGreaterThan(10);
		expect(real(1)).toBe(0);
		expect(real(0)).toBeGreaterThan(0);
	});

	it('the status line names the round (1–14) and the phase awaited', () => {
		const s = arrange(3, (x) => {
			x.period = 2;
			x.round = 3;
			atTurn(x, 0);
		});
		expect(moaKind.status(s)).toEqual({ round: 10, phase: 'turn' });
		expect(moaKind.seatColour(s, 2)).toBe('green');
	});
});

// ---- texts, copies, the fuzzer ------------------------------------------------------------------

describe('texts', () => {
	it('every log entry of a game reads as a sentence in English and German, with no raw ids', () => {
		const { out } = finishedGame(2, 'words');
		const more = finishedGame(5, 'words-5').out;
		for (const locale of ['en', 'de'] as const) {
			overwriteGetLocale(() => locale);
			const lines = [...out.log, ...more.log].flatMap((b) => (b.log as MoaEntry[]).map((e) => logText(e, (s) => `P${s}`)));
			for (const l of lines) expect(l).not.toMatch(/undefined|\[object|NaN|\b[BMTLK]\d\d\b/);
			for (const p of ['defend', 'turn', 'neutral', 'discard', 'over']) expect(phaseName(p)).toMatch(/\S/);
			if (locale === 'de') for (const p of ['defend', 'turn', 'neutral', 'discard', 'over']) expect(phaseName(p)).not.toBe(p);
		}
		overwriteGetLocale(() => 'en');
	});
});

describe('copyState (the copy apply works on)', () => {
	it('equals its input and shares no object or array with it', () => {
		const objects = (x: unknown, out = new Set<object>()): Set<object> => {
			if (x && typeof x === 'object') {
				out.add(x);
				for (const v of Object.values(x)) objects(v, out);
			}
			return out;
		};
		const phases = new Set<string>();
		playOut(moaKind, {
			config: { players: 2 },
			seed: 'copy',
			onMove: ({ state }) => {
				const s = state as MoaState;
				phases.add(s.phase.kind);
				const c = copyState(s);
				expect(c).toEqual(s);
				const mine = objects(s);
				for (const o of objects(c)) expect(mine.has(o)).toBe(false);
			}
		});
		expect(phases.size).toBeGreaterThanOrEqual(3);
	});
});

describe('the fuzzer', () => {
	it('20 games (2 to 5 players, heuristic, random and mixed) keep every invariant, secrecy included', () => {
		for (let i = 0; i < 20; i++) expect(fuzzGame(i, 'vitest').reason).toBe('periods');
	}, 300_000);

	it('has teeth: a view that leaks the hands is caught', () => {
		const view = moa.view;
		moa.view = (s, viewer) => ({ ...view(s, viewer), secret: { ...view(s, viewer).secret, hands: s.secret.hands.map((h) => h.slice()) } });
		try {
			expect(() => fuzzGame(1, 'teeth')).toThrow(/sees a secret/);
		} finally {
			moa.view = view;
		}
	});
});

describe('the defence helpers agree with legalMoves', () => {
	it('a defend payment listed is accepted', () => {
		const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 0, 1);
			hand(x, 0, [...birds('kea', 2), ...birds('tui', 1)]);
		});
		const d = play(s, seat, { type: 'pass' }).state;
		const defs = legalMoves(d, 0).filter((m) => m.type === 'defend');
		// The least that pays 5 combat: both kea (4) and the tūī (1); nothing can be left out.
		expect(defs).toEqual([{ type: 'defend', pay: pay([...birds('kea', 2), ...birds('tui', 1)]) }]);
		for (const m of defs) expect(moa.apply(d, 0, m).ok).toBe(true);
	});
});
