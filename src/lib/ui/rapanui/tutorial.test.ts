// "Learn Rapa Nui" (issue 31): the tutorial's clicks (`do`) and pointers (`point`) name parts of the
// real table, rendered here at every step as the learn page shows it (Table, Players, Composer with
// the engine's legal moves). The end-to-end test follows the same clicks in a browser.
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayTutorial } from '$lib/engine/tutorial';
import { legalMoves } from '$lib/games/rapanui/legal';
import type { RapaNuiMove, RapaNuiView } from '$lib/games/rapanui/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import Composer, { moveTestId } from './Composer.svelte';
import Players from './Players.svelte';
import ScoreSheet from './ScoreSheet.svelte';
import Table from './Table.svelte';
import { kind, script } from './tutorial';

beforeAll(() => overwriteGetLocale(() => 'en'));

const replayed = replayTutorial(kind, script);
if (!replayed.ok) throw new Error(replayed.message);
const name = (seat: number) => script.names[seat];

/** The table as the learner sees it before step `i`. */
function table(i: number): string {
	const view = kind.view(replayed.ok ? replayed.value.before[i].state : null, script.seat) as RapaNuiView;
	const legal = legalMoves(view, script.seat);
	const drawable = legal.flatMap((m) => (m.type === 'draw' ? [m.column] : []));
	return [
		render(Table, { props: { view, name, drawable } }).body,
		render(Players, { props: { view, name, yourSeat: script.seat, active: kind.activeSeats(view) } }).body,
		legal.length ? render(Composer, { props: { view, seat: script.seat, legal, busy: false, name, onconfirm: () => {} } }).body : '',
		// The learn page shows the score sheet once the game is over (src/lib/ui/learn/Tutorial.svelte).
		view.phase.kind === 'over' ? render(ScoreSheet, { props: { view, name } }).body : ''
	].join('\n');
}

/** The attribute tests of a selector such as `[data-testid="rn-display"] [data-column="0"]` (and an element name). */
const parts = (selector: string) => [...selector.matchAll(/\[([a-z-]+)="([^"]+)"\]/g)].map((m) => `${m[1]}="${m[2]}"`);

describe('the Rapa Nui tutorial on the table', () => {
	it('uses only attribute selectors the coach and the test can follow', () => {
		for (const s of script.steps) for (const sel of [...(s.do ?? []), ...(s.tryOther ?? []), ...(s.point ? [s.point] : [])]) expect(sel.replace(/(?:^|\s)(?:tr|li)(?=\[)|\[[a-z-]+="[^"]+"\]|\s/g, ''), `${s.id}: ${sel}`).toBe('');
	});

	it.each(script.steps.map((s, i) => [s.id, i] as const))('%s: what it points at and clicks is on the table', (_id, i) => {
		const step = script.steps[i];
		const html = table(i);
		for (const sel of [...(step.point ? [step.point] : []), ...(step.do ?? []), ...(step.tryOther ?? [])]) for (const p of parts(sel)) expect(html, `${step.id}: ${sel}`).toContain(p);
	});

	it('clicks, for every move it asks for, that move’s option (or column) and then Confirm', () => {
		for (const s of script.steps) {
			if (s.expect === undefined) continue;
			const mv = s.expect as RapaNuiMove;
			const pickId = mv.type === 'draw' ? `draw-${mv.column}` : moveTestId(mv);
			expect(s.do, s.id).toEqual([`[data-testid="${pickId}"]`, '[data-testid="confirm"]']);
			// The e2e test's other legal move (tests/e2e/learn.e2e.ts) is one the engine offers, and another.
			if (s.tryOther) {
				const i = script.steps.indexOf(s);
				const view = kind.view(replayed.ok ? replayed.value.before[i].state : null, script.seat) as RapaNuiView;
				const other = legalMoves(view, script.seat).find((m) => `[data-testid="${moveTestId(m)}"]` === s.tryOther![0]);
				expect(other, s.id).toBeDefined();
				expect(other, s.id).not.toEqual(mv);
				expect(s.tryOther[1]).toBe('[data-testid="confirm"]');
			}
		}
	});
});
