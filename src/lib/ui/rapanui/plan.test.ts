// Plan ahead on Rapa Nui's page (issue 32): the composer's plan mode while the seat waits (the engine's
// queue options: a, R-7.5, R-7.7), its two buttons as queue edits, and the words of a queued
// move (GameModule.moveText) in both languages. Rendered as the server renders them; the clicks are
// the platform's e2e tests'.
import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rapanui } from '$lib/games/rapanui';
import { queueOptions } from '$lib/games/rapanui/surface';
import { arrange, holding, must } from '$lib/games/rapanui/test-helpers';
import type { RapaNuiMove, RapaNuiState } from '$lib/games/rapanui/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import type { RoomView } from '$lib/protocol/room';
import Composer from './Composer.svelte';
import GameView, { moveText, refusal } from './GameView.svelte';
import { withAlternative, withStep } from './queueEdit';

const NAMES = ['Ana', 'Ben', 'Caro'];
const name = (seat: number) => NAMES[seat];
let locale = 'en';
beforeAll(() => overwriteGetLocale(() => locale as 'en'));
afterAll(() => overwriteGetLocale(() => 'en'));

/** Ana (seat 0) may build a moai now; Caro (seat 2) waits with fish and paper mulberry, and a moai of her own. */
function waiting(): RapaNuiState {
	return arrange(3, (x) => {
		x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
		x.wood[0] = 9;
		x.phase = { kind: 'turn', step: 2 };
		holding(x, 2, { fish: 2, paper_mulberry: 1 });
		x.displays[2].push('moai-2');
	});
}

function room(s: RapaNuiState, seat: number, extra: Partial<RoomView> = {}): RoomView {
	return {
		gameId: 'g',
		kind: 'rapanui',
		game: 'rapanui',
		version: 7,
		status: 'active',
		yourSeat: seat,
		activeSeats: rapanui.activeSeats(s),
		view: rapanui.view(s, seat),
		result: null,
		seats: [],
		clocks: [],
		...extra
	} as unknown as RoomView;
}

const clocks = createRawSnippet(() => ({ render: () => '<div></div>' }));
const page = (r: RoomView, props: Record<string, unknown> = {}) =>
	render(GameView, { props: { room: r, lines: [], name, busy: false, since: null, submit: () => {}, clocks, ...props } }).body;

describe('the composer plans while the seat waits', () => {
	test('the queue options by decision, "Plan this move" instead of Confirm, and the hint', () => {
		const s = waiting();
		const v = rapanui.view(s, 2);
		const options = queueOptions(v, 2);
		const body = render(Composer, { props: { view: v, seat: 2, legal: options, plan: { queued: 0, add: () => {}, or: () => {} }, busy: false, name, onconfirm: () => {} } }).body;
		expect(body).toContain('Plan ahead');
		expect(body).toContain('data-testid="plan-hint"');
		expect(body).toContain('otherwise you are woken');
		expect(body).toContain('data-testid="plan-sacrifice"'); // a
		expect(body).toContain('data-testid="plan-moai"');
		expect(body).not.toContain('data-testid="plan-substitute"'); // every pile is full
		expect(body).toContain('data-testid="move-sacrifice-fish"');
		expect(body).toContain('you hold 2');
		expect(body).toContain('data-testid="plan-add"');
		expect(body).not.toContain('data-testid="plan-or"'); // nothing queued yet: no step to add to
		expect(body).not.toContain('data-testid="confirm"');
		const more = render(Composer, { props: { view: v, seat: 2, legal: options, plan: { queued: 1, add: () => {}, or: () => {} }, busy: false, name, onconfirm: () => {} } }).body;
		expect(more).toContain('data-testid="plan-or"');
		expect(more).toContain('…or else this');
	});

	test('on the page: plan mode for a waiting seat with a queue, the real composer for an awaited one', () => {
		const s = waiting();
		const setQueue = () => {};
		const plan = page(room(s, 2), { queue: [], setQueue });
		expect(plan).toContain('data-testid="plan-add"');
		expect(plan).not.toContain('data-testid="confirm"');
		const mine = page(room(s, 0), { queue: [], setQueue });
		expect(mine).toContain('data-testid="confirm"');
		expect(mine).not.toContain('data-testid="plan-add"');
		// Spectators and pages without queues: no planning.
		expect(page(room(s, 2))).not.toContain('data-testid="plan-add"');
		expect(page(room(s, 2, { status: 'finished' }), { queue: [], setQueue })).not.toContain('data-testid="plan-add"');
	});

	test('a standing answer already answers moai scorings (R-0.5): only the sacrifice is planned', () => {
		const s = waiting();
		const body = page(room(s, 2), { queue: [], setQueue: () => {}, standing: 'fame', setStanding: () => {} });
		expect(body).toContain('data-testid="plan-sacrifice"');
		expect(body).not.toContain('data-testid="plan-moai"');
		// Nothing left to plan: no composer in plan mode at all.
		const noMoai = arrange(3, (x) => x.displays[2].push('moai-2'));
		expect(page(room(noMoai, 2), { queue: [], setQueue: () => {}, standing: 'wood', setStanding: () => {} })).not.toContain('data-testid="plan-add"');
	});

	test('while a scoring waits on others, a seat that has chosen may still change its choice (R-0.5), not plan', () => {
		const s = arrange(3, (x) => {
			x.displays[1].push('moai-2');
			x.displays[2].push('moai-3');
			x.phase = { kind: 'moai', waiting: [1, 2], choosers: [1, 2] };
		});
		const t = must(s, 2, { type: 'moai', choice: 'fame' }).state;
		const body = page(room(t, 2), { queue: [], setQueue: () => {} });
		expect(body).toContain('data-testid="confirm"');
		expect(body).not.toContain('data-testid="plan-add"');
	});
});

describe('the plan buttons as queue edits', () => {
	const fish: RapaNuiMove = { type: 'sacrifice', kind: 'fish' };
	const grain: RapaNuiMove = { type: 'sacrifice', kind: 'grain' };
	test('"Plan this move" adds a step; "…or else this" an alternative to the last step', () => {
		expect(withStep([], fish)).toEqual([[fish]]);
		expect(withStep([[fish]], grain)).toEqual([[fish], [grain]]);
		expect(withAlternative([[fish]], grain)).toEqual([[fish, grain]]);
		expect(withAlternative([[grain], [fish]], grain)).toEqual([[grain], [fish, grain]]);
		expect(withAlternative([], fish)).toEqual([[fish]]);
	});
});

describe('moveText: a queued move in words', () => {
	const moves: RapaNuiMove[] = [
		{ type: 'sacrifice', kind: 'paper_mulberry' },
		{ type: 'moai', choice: 'fame' },
		{ type: 'moai', choice: 'wood' },
		{ type: 'substitute', kind: 'grain' },
		{ type: 'substitute', kind: null },
		{ type: 'buy', kind: 'fish' },
		{ type: 'play', card: 'fish', count: 2 },
		{ type: 'skip' },
		{ type: 'supply', kind: 'grain' },
		{ type: 'draw', column: 3 }
	];
	const v = rapanui.view(waiting(), 2);

	test.each(['en', 'de'])('%s: every move, short and distinct', (l) => {
		locale = l;
		const words = moves.map((mv) => moveText(mv, v, name));
		locale = 'en';
		for (const w of words) expect(w).toMatch(/\w{3}/);
		expect(new Set(words).size).toBe(moves.length);
		expect(Math.max(...words.map((w) => w.length)), words.join(' | ')).toBeLessThan(40);
	});

	test('en: the decision each answers', () => {
		expect(moveText({ type: 'sacrifice', kind: 'paper_mulberry' }, v, name)).toBe('Sacrifice paper mulberry');
		expect(moveText({ type: 'moai', choice: 'wood' }, v, name)).toBe('Moai scoring: wood');
		expect(moveText({ type: 'substitute', kind: null }, v, name)).toBe('No substitute card');
	});

	test('the refusal of a move that cannot be planned is worded', () => {
		expect(refusal('NOT_QUEUEABLE')).toMatch(/planned/);
	});
});
