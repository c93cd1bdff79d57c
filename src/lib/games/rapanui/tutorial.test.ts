// "Learn Rapa Nui" (issue 31): the tutorial's script (tutorial.json) teaches every decision of the
// game. tests/kinds/tutorials.test.ts replays every kind's script; this checks what is Rapa Nui's
// own: the learner meets every move type and every phase (R-3.2 steps 1–3, R-5.7 a/b/c, R-7.5,
// ), each expected move is one the engine offers, the opponent's scripted moves too,
// and the final step's words match the final score.
import { describe, expect, it } from 'vitest';
import { erase } from '$lib/engine';
import { play, replayTutorial, type TutorialGame, type TutorialScript } from '$lib/engine/tutorial';
import type { Result } from '$lib/engine';
import { rapanuiKind } from './kind';
import { legalMoves } from './legal';
import { offeringValues } from './rules';
import { scoreItems, standings } from './score';
import data from './tutorial.json';
import type { RapaNuiMove, RapaNuiState } from './types';

const script = data as unknown as TutorialScript;
const kind = erase(rapanuiKind);
const replayed = replayTutorial(kind, script);
if (!replayed.ok) throw new Error(`${replayed.code}: ${replayed.message}`);
const { before, end } = replayed.value;
const state = (i: number) => before[i].state as RapaNuiState;
const ok = (r: Result<TutorialGame>): TutorialGame => {
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
};

/** What the learner decides at a step: the move type, and for a sacrifice which part of. */
function decision(s: RapaNuiState, move: RapaNuiMove): string {
	if (move.type === 'sacrifice' && s.phase.kind === 'sacrifice') return `sacrifice-${s.phase.part}`;
	if (move.type === 'play') return move.count > 1 ? 'play-several' : move.card === 'moai' ? 'play-moai' : 'play';
	return move.type;
}

const learnerSteps = script.steps.flatMap((step, i) => (step.expect === undefined ? [] : [{ step, i, move: step.expect as RapaNuiMove }]));

describe('the Rapa Nui tutorial', () => {
	it('is a short game: two players, the learner starts, about 12 minutes', () => {
		expect(script.players).toBe(2);
		expect(script.seat).toBe(0);
		expect(script.minutes).toBeLessThanOrEqual(15);
	});

	it('lets the learner make every kind of decision of the game', () => {
		const made = new Set(learnerSteps.map(({ i, move }) => decision(state(i), move)));
		// R-4 buy, R-5.1 two hunter-gatherers and a moai, R-5.5 the skip, R-5.7 a/b (face up, face down)
		// and c (the supply card), R-6.2 draws, R-7.5 the sealed moai choice, R-7.7 a substitute card.
		expect([...made].sort()).toEqual(
			['buy', 'draw', 'moai', 'play-moai', 'play-several', 'sacrifice-a', 'sacrifice-b', 'skip', 'substitute', 'supply'].sort()
		);
		// Every move type the composer can send is among them.
		const types: RapaNuiMove['type'][] = ['buy', 'play', 'skip', 'sacrifice', 'supply', 'draw', 'moai', 'substitute'];
		expect(new Set(learnerSteps.map(({ move }) => move.type))).toEqual(new Set(types));
	});

	it('passes through every phase, and the learner decides in each one that asks a player', () => {
		const phases = new Set(learnerSteps.map(({ i }) => state(i).phase.kind));
		expect([...phases].sort()).toEqual(['draw', 'moai', 'sacrifice', 'substitute', 'turn']);
		const steps = new Set(learnerSteps.flatMap(({ i }) => { const p = state(i).phase; return p.kind === 'turn' ? [p.step] : []; }));
		expect(steps).toEqual(new Set([1, 2]));
		expect((end.state as RapaNuiState).phase.kind).toBe('over');
	});

	it('expects only moves the engine offers the learner, and scripts only moves it offers the opponent', () => {
		for (const { step, i, move } of learnerSteps) expect(legalMoves(state(i), script.seat), step.id).toContainEqual(move);
		// The scripted moves are the opponent's, each one legalMoves offers it at that moment.
		script.steps.forEach((step, i) => {
			let g = before[i];
			if (step.expect !== undefined) g = ok(play(kind, g, script.seat, step.expect));
			for (const m of step.then ?? []) {
				expect(m.seat, step.id).not.toBe(script.seat);
				expect(legalMoves(g.state as RapaNuiState, m.seat), step.id).toContainEqual(m.move);
				g = ok(play(kind, g, m.seat, m.move));
			}
		});
	});

	it('ends by the refill that empties the draw pile (R-8.1), then explains the score it shows', () => {
		const s = end.state as RapaNuiState;
		expect(s.phase).toEqual({ kind: 'over', reason: 'refill' });
		const ended = before.findIndex((g) => (g.state as RapaNuiState).phase.kind === 'over');
		expect(script.steps.slice(ended).map((x) => x.id)).toEqual(['final-scoring', 'you-won']);
		// the values it names are the final ones.
		const values = offeringValues(s)!;
		const named = { en: { grain: 'grain', sweet_potato: 'sweet potato', paper_mulberry: 'paper mulberry', fish: 'fish' }, de: { grain: 'Getreide', sweet_potato: 'Süßkartoffel', paper_mulberry: 'Papiermaulbeere', fish: 'Fisch' } };
		const scoring = script.steps[ended].say;
		for (const lang of ['en', 'de'] as const) for (const [k, word] of Object.entries(named[lang])) expect(scoring[lang]).toContain(`${word} ${values[k as keyof typeof values]}`);
		// the learner wins, by the totals the last step says.
		const rows = standings(s);
		const mine = rows.find((r) => r.seat === script.seat)!;
		const theirs = rows.find((r) => r.seat !== script.seat)!;
		expect(mine.rank).toBe(1);
		const won = script.steps[ended + 1].say;
		expect(won.en).toContain(`${mine.total} to ${theirs.total}`);
		expect(won.de).toContain(`${mine.total} zu ${theirs.total}`);
		const grain = scoreItems(s, script.seat).find((i) => i.detail?.kind === 'grain')!;
		expect(won.en).toContain(`your ${grain.detail!.count} grain cards alone bring ${grain.points} fame`);
	});
});
