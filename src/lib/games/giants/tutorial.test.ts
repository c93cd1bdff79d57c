// "Learn Giants" (issue 31): the script (tutorial.json) teaches every decision of the game. Beside
// tests/kinds/tutorials.test.ts (every kind's script replays to the end in both languages), this
// checks what is Giants' own: the learner makes every kind of move of every phase — both sealed
// decisions (G-3.1, G-6.0), carving and declining (G-3.3, G-3.4), placing with logs, both figures'
// actions and a rongo half (G-4.1–G-4.5), moving with a borrowed carrier, erecting, crowning,
// marking with and without moving (G-5.2–G-5.8) — each expected move is one the engine offers, and
// the score the last step explains is the engine's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '$lib/engine/clone';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { giantsKind } from './kind';
import type { GiantsEntry, GiantsMove, GiantsState } from './types';
import raw from './tutorial.json';

const script = raw as TutorialScript;
const kind = giantsKind;

const replay = () => {
	const r = replayTutorial(kind as never, script);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
};

/** What a learner's move teaches: its phase and type, and how a transport ends. */
function what(phase: string, m: GiantsMove): string {
	if (m.type === 'action') return `${phase}:action:${m.figure}`;
	if (m.type === 'move') return `${phase}:move:${m.erect ? 'erect' : m.crown ? 'crown' : m.mark ? 'mark' : 'plain'}`;
	if (m.type === 'place') return `${phase}:place${m.logs ? ':logs' : ''}`;
	if (m.type === 'bid') return `${phase}:bid${m.markers + m.workers || m.medicineMan || m.chief ? '' : ':nothing'}`;
	return `${phase}:${m.type}`;
}

describe('the Giants tutorial', () => {
	const { before, end } = replay();
	const learner = script.steps.map((s, i) => ({ step: s, at: before[i].state as GiantsState })).filter((x) => x.step.expect !== undefined);

	it('has the learner make every kind of move of every phase', () => {
		const taught = new Set(learner.map(({ step, at }) => what(at.phase.kind, step.expect as GiantsMove)));
		expect([...taught].sort()).toEqual(
			[
				'bid:bid', // G-3.1 a sealed bid
				'bid:bid:nothing', // G-3.1 a bid of nothing
				'carve:carve', // G-3.3
				'carve:pass', // G-3.4 declining
				'place:place', // G-4.1
				'place:place:logs', // G-4.1 with a log
				'place:action:medicineMan', // G-4.2
				'place:action:chief', // G-4.3
				'place:rongo', // G-4.4
				'place:pass', // G-4.5
				'transport:move:crown', // G-5.5
				'transport:move:erect', // G-5.4
				'transport:move:mark', // G-5.6
				'transport:mark', // G-5.6 without moving (an abandoned statue, G-5.8)
				'transport:pass',
				'choice:choose' // G-6.0, sealed
			].sort()
		);
	});

	it('has the learner borrow a carrier, take an abandoned statue, and both mark and release at the round’s end', () => {
		const entries = (i: number) => {
			const a = before[i + 1] ?? { log: [] };
			return a.log.slice(before[i].log.length).flatMap((b: { log: unknown[] }) => b.log) as GiantsEntry[];
		};
		const idx = (id: string) => script.steps.findIndex((s) => s.id === id);
		const moved = entries(idx('borrow')).find((e) => e.type === 'move' && e.seat === script.seat);
		expect(moved && moved.type === 'move' && moved.lent.length).toBeGreaterThan(0); // G-5.3
		const abandoned = before[idx('abandoned')].state as GiantsState;
		const target = (script.steps[idx('abandoned')].expect as { statue: string }).statue;
		expect(abandoned.statues.find((s) => s.id === target)?.abandoned).toBe(true); // G-5.8
		const choice = script.steps[idx('round-end-choice')].expect as { mark: string[]; release: string[] };
		expect(choice.mark.length && choice.release.length).toBeGreaterThan(0);
	});

	it('expects only moves the engine offers the learner there', () => {
		for (const { step, at } of learner) {
			const legal = kind.legalMoves(at, script.seat) as GiantsMove[];
			const want = kind.apply(at, script.seat, step.expect);
			expect(want.ok, step.id).toBe(true);
			if (!want.ok) continue;
			// The same move as the engine writes it (defaults filled), or one leading to the same game.
			const offered = legal.some((m) => {
				const r = kind.apply(at, script.seat, m);
				return r.ok && jsonEqual(r.value.state, want.value.state);
			});
			expect(offered, step.id).toBe(true);
		}
	});

	it('ends by the rules’ own end with the learner winning, as the last step says', () => {
		const o = kind.outcome(end.state as GiantsState);
		expect(o?.reason).toBe('pedestals'); // G-6.1
		expect(o?.places[script.seat]).toBe(1);
		const last = script.steps.at(-1)!;
		expect(last.expect).toBeUndefined();
		for (const sheet of o!.sheets) {
			expect(last.say.en).toContain(String(sheet.total));
			expect(last.say.de).toContain(String(sheet.total));
		}
	});

	it('clicks only controls the Giants table has (stable test ids, board targets)', () => {
		const dir = join(process.cwd(), 'src/lib/ui/giants');
		const files = [...readdirSync(dir), ...readdirSync(join(dir, 'move')).map((f) => `move/${f}`), ...readdirSync(join(dir, 'board')).map((f) => `board/${f}`)];
		const source = files.filter((f) => f.endsWith('.svelte')).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
		const ids = [...source.matchAll(/data-testid="([^"]+)"/g)].map((m) => new RegExp(`^${m[1].replace(/\{[^}]+\}/g, '[\\w-]+')}$`));
		const selectors = script.steps.flatMap((s) => [...(s.do ?? []), ...(s.tryOther ?? []), ...(s.point ? [s.point] : [])]);
		for (const sel of selectors) {
			const testid = /^\[data-testid="([^"]+)"\]$/.exec(sel)?.[1];
			if (testid) expect(ids.some((r) => r.test(testid)), sel).toBe(true);
			else expect(sel, sel).toMatch(/^(\.board|\[data-key="hex:H\d\d"\]|\[data-hex="H\d\d"\])$/);
		}
	});
});
