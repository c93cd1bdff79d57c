// Plan ahead (issue 32) on Giants' page: the queued moves in short words (GameView's `moveText`),
// the composer in plan mode (MovePanel with `plan`), and how a planned move joins the queue.
import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { giants, type GiantsMove } from '$lib/games/giants';
import { giantsQueue } from '$lib/games/giants/queue';
import { atPlacement, dice, faces, play, put, start } from '$lib/games/giants/test-helpers';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { planAdd, planOr } from './compose';
import { Draft } from './draft.svelte';
import GameView, { moveText } from './GameView.svelte';
import MovePanel from './move/MovePanel.svelte';

const NAMES = ['Ana', 'Ben', 'Caro'];
const name = (s: number) => NAMES[s];
afterAll(() => overwriteGetLocale(() => 'en'));

// Seat 0 has placed; seat 1 is on turn; seat 2 waits and may plan (G-4).
const state = play(atPlacement(3), 0, put('worker', 'H20'));
const waiting = giants.view(state, 2);

describe('moveText: a queued move in short words (G-4.1–G-4.5)', () => {
	const cases: [GiantsMove, string, string][] = [
		[put('worker', 'H20'), 'Worker on H20', 'Arbeiter auf H20'],
		[put('medicineMan', 'H14', 2), 'Medicine man with 2 logs on H14', 'Medizinmann mit 2 Baumstämmen auf H14'],
		[{ type: 'action', figure: 'medicineMan', hex: 'H10', logs: 0 }, 'Medicine man on H10 (forest): take 4 logs (the forest is cut)', 'Medizinmann auf H10 (Wald): 4 Baumstämme nehmen (der Wald ist dann gerodet)'],
		[{ type: 'action', figure: 'chief', hex: 'H01', ahu: 'A02' }, 'Chief on H01 (plain): reserve ahu A02 (moai', 'Häuptling auf H01 (Ebene): Ahu A02 (Moai'],
		[{ type: 'rongo' }, 'Take a rongo half', 'Rongo-Tafelhälfte nehmen'],
		[{ type: 'pass' }, 'Pass (rest of phase 3)', 'Passen (Rest von Phase 3)'],
		// Issue 32: a queued pass names its phase (G-4.5; G-3.3 a decline).
		[{ type: 'pass', phase: 'place' }, 'Pass (rest of phase 3)', 'Passen (Rest von Phase 3)'],
		[{ type: 'pass', phase: 'transport' }, 'Pass (rest of phase 4)', 'Passen (Rest von Phase 4)'],
		[{ type: 'pass', phase: 'carve' }, 'Decline the moai', 'Auf den Moai verzichten']
	];
	it.each(cases)('%j', (move, en, de) => {
		overwriteGetLocale(() => 'en');
		expect(moveText(move, waiting, name)).toContain(en);
		overwriteGetLocale(() => 'de');
		expect(moveText(move, waiting, name)).toContain(de);
	});
	it('every option of a waiting seat has words, none of them an internal id', () => {
		overwriteGetLocale(() => 'en');
		for (const m of giantsQueue.options(waiting, 2)) {
			const t = moveText(m, waiting, name);
			expect(t.length).toBeGreaterThan(3);
			expect(t).not.toMatch(/medicineMan|undefined|\{/);
		}
	});
});

describe('the composer plans while the seat waits', () => {
	const draft = (legal: GiantsMove[]) => new Draft(() => ({ view: waiting, seat: 2, legal }));
	const plan = (steps: number, can = { add: true, or: true }) => ({ steps, canAdd: () => can.add, canOr: () => can.or, add: () => {}, or: () => {} });
	const html = (props: Record<string, unknown>) => {
		overwriteGetLocale(() => 'en');
		return render(MovePanel, { props: { name, handleable: [], busy: false, onconfirm: () => {}, ...props } as never }).body;
	};

	it('"Plan this move" and the hint instead of Confirm; "…or else this" only once something is queued', () => {
		const d = draft(giantsQueue.options(waiting, 2));
		d.simple = { type: 'pass' };
		const first = html({ draft: d, plan: plan(0) });
		expect(first).toContain('data-testid="plan-add"');
		expect(first).toContain('Played for you when it is your turn, if still possible; otherwise you are woken.');
		expect(first).not.toContain('data-testid="confirm"');
		expect(first).not.toContain('data-testid="plan-or"');
		expect(first).toContain('Will plan:');
		const more = html({ draft: d, plan: plan(2) });
		expect(more).toContain('data-testid="plan-or"');
		// A complete move: both buttons enabled.
		expect(more).not.toMatch(/data-testid="plan-add"[^>]*disabled/);
		expect(more).not.toMatch(/data-testid="plan-or"[^>]*disabled/);
		expect(more).not.toContain('data-testid="plan-why"');
	});

	it('a move not possible after the steps queued (its figure used up) can only be an alternative of the last, and says so', () => {
		const d = draft(giantsQueue.options(waiting, 2));
		d.simple = { type: 'pass' };
		const body = html({ draft: d, plan: plan(1, { add: false, or: true }) });
		expect(body).toMatch(/data-testid="plan-add"[^>]*disabled/);
		expect(body).not.toMatch(/data-testid="plan-or"[^>]*disabled/);
		expect(body).toContain('data-testid="plan-why"');
	});

	it('the seat on turn moves as ever: Confirm, no plan buttons', () => {
		const d = new Draft(() => ({ view: giants.view(state, 1), seat: 1, legal: giants.legalMoves(state, 1) }));
		const body = html({ draft: d });
		expect(body).toContain('data-testid="confirm"');
		expect(body).not.toContain('data-testid="plan-add"');
	});
});

describe('a planned move joins the queue', () => {
	const a = put('worker', 'H14');
	const b = put('worker', 'H16');
	it('"Plan this move" adds a step; "…or else this" an alternative of the last step, once', () => {
		expect(planAdd([], a)).toEqual([[a]]);
		expect(planAdd([[a]], b)).toEqual([[a], [b]]);
		expect(planOr([[a]], b)).toEqual([[a, b]]);
		expect(planOr([[b], [a]], b)).toEqual([[b], [a, b]]);
		expect(planOr([[a, b]], { ...b })).toEqual([[a, b]]);
		expect(planOr([], a)).toEqual([[a]]);
	});
});

describe('a phase-4 move in words (G-5.2–G-5.6)', () => {
	it('a queued transport reads as the composer says it, never by an internal id', () => {
		overwriteGetLocale(() => 'en');
		const t = moveText({ type: 'move', statue: 'm1', path: ['H27', 'H33'], erect: 'A21' }, waiting, name);
		expect(t).toContain('H27 → H33');
		expect(t).toContain('A21');
		expect(t).not.toContain('m1');
	});
});

describe('the game page plans while the seat waits (GameView)', () => {
	// Only what GameView reads of the room; the rest of RoomView is the platform's.
	const room = (s: ReturnType<typeof atPlacement>, seat: number) =>
		({ gameId: 'g1', kind: 'giants', game: 'giants', version: 7, status: 'active', seats: [0, 1, 2].map((i) => ({ seat: i })), yourSeat: seat, activeSeats: giants.activeSeats(s), view: giants.view(s, seat) }) as never;
	const page = (s: ReturnType<typeof atPlacement>, seat: number, queue?: unknown[][]) => {
		overwriteGetLocale(() => 'en');
		return render(GameView, {
			props: { room: room(s, seat), lines: [], name, busy: false, since: null, submit: () => {}, clocks: createRawSnippet(() => ({ render: () => '<span></span>' })), ...(queue ? { queue, setQueue: () => {} } : {}) }
		}).body;
	};

	it('a waiting seat with a queue gets "Plan this move"; the seat on turn and a spectator do not', () => {
		const waitingPage = page(state, 2, []);
		expect(waitingPage).toContain('data-testid="plan-add"');
		expect(waitingPage).not.toContain('data-testid="confirm"');
		expect(waitingPage).not.toContain('data-testid="plan-or"');
		expect(page(state, 2, [[put('worker', 'H14')]])).toContain('data-testid="plan-or"');
		const onTurn = page(state, 1, []);
		expect(onTurn).toContain('data-testid="confirm"');
		expect(onTurn).not.toContain('data-testid="plan-add"');
		expect(page(state, 2)).not.toContain('data-testid="plan-add"'); // no queue given: no planning
	});

	it('G-3.5: while the others carve, a waiting seat plans its placements', () => {
		const nothing = { type: 'bid', markers: 0, workers: 0 };
		let s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [1, 0, 0]), position: { round: 2 } });
		s = play(play(play(s, 0, { ...nothing, chief: true }), 1, nothing), 2, nothing);
		expect(s.phase.kind).toBe('carve');
		expect(page(s, 2, [])).toContain('data-testid="plan-add"');
	});
});
