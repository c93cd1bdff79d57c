// Plan ahead (issue 32; engine/kind.ts `Queueing`): what the room relies on, for every kind that lets
// seats queue decisions. On states of random play (games of the default bot, several seeds):
// - secrets: whether a queued move is played depends on the seat's view alone — `due(view)` gives a
//   move exactly when `apply(state)` accepts it, and the move `due` gives is accepted;
// - every option the page offers passes `check` from the same view, and a `due` move answers the
//   decision awaited (it is legal now);
// - `plan` queues only moves that `check` accepts;
// - `check` refuses hostile input with a stable code and never throws.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isOver, playOut, seedRng, type Kind } from '$lib/engine';
import { KINDS } from '$lib/games';

const QUEUED = KINDS.filter((k) => k.queue);

interface Sample {
	state: unknown;
	seat: number;
}

/** States along bot games, with a seat that is awaited and one that waits (every few moves). */
function samples(kind: Kind, players: number, seed: string, every = 3): Sample[] {
	const config = kind.config(v.parse(kind.options, {}), players);
	if (!config.ok) throw new Error(config.message);
	const out: Sample[] = [];
	playOut(kind, {
		config: config.value,
		seed,
		rng: seedRng(`${seed}/q`),
		maxMoves: 4000,
		onMove: ({ index, state }) => {
			if (index % every !== 0 || isOver(kind, state)) return;
			for (let seat = 0; seat < players; seat++) out.push({ state, seat });
		}
	});
	return out;
}

const HOSTILE: unknown[] = [null, 0, 'place', [], {}, { type: 42 }, { type: '__proto__' }, { type: 'place', hex: 'x'.repeat(10_000) }, { constructor: { prototype: {} } }];

describe.each(QUEUED.map((k) => [k.id, k] as const))('plan ahead: %s', (_id, kind) => {
	const q = kind.queue!;
	const players = [kind.seats.min, kind.seats.max];

	it('a queued move is played exactly when the state accepts it, judged from the seat view alone', () => {
		let tried = 0;
		let playable = 0;
		for (const n of players)
			for (const seed of ['q1', 'q2']) {
				for (const { state, seat } of samples(kind, n, `${kind.id}-${seed}-${n}`)) {
					const view = kind.view(state, seat);
					const awaitedNow = kind.activeSeats(state).includes(seat);
					// What the seat could queue in a moment like this one: its options, and the legal moves now.
					const candidates = [...q.options(view, seat), ...(awaitedNow ? kind.legalMoves(view, seat) : [])];
					for (const m of candidates.slice(0, 12)) {
						const c = q.check(view, seat, m);
						if (!c.ok) continue;
						tried++;
						const due = awaitedNow ? q.due(view, seat, c.value) : null;
						const applied = awaitedNow ? kind.apply(state, seat, c.value) : null;
						// A move that is played answers the decision awaited (Queueing.answers).
						if (due !== null && q.answers) expect(q.answers(view, seat, c.value)).toBe(true);
						if (due !== null) {
							playable++;
							const r = kind.apply(state, seat, due);
							expect(r.ok, r.ok ? '' : `${r.code}: ${r.message}`).toBe(true);
						}
						// Not awaited: nothing is due. Awaited: due ⇔ the state accepts the queued move.
						if (!awaitedNow) expect(due).toBeNull();
						else expect(due !== null, JSON.stringify(c.value)).toBe(applied!.ok);
					}
				}
			}
		expect(tried).toBeGreaterThan(20);
		expect(playable).toBeGreaterThan(0);
	});

	it('every option passes check from the same view; plan queues only checked moves', () => {
		let options = 0;
		let planned = 0;
		for (const n of players)
			for (const { state, seat } of samples(kind, n, `${kind.id}-opt-${n}`, 5)) {
				const view = kind.view(state, seat);
				for (const m of q.options(view, seat)) {
					options++;
					const c = q.check(view, seat, m);
					expect(c.ok, c.ok ? '' : `${c.code}: ${c.message}`).toBe(true);
				}
				for (const step of q.plan(view, seat, seedRng(`plan-${n}-${seat}`))) {
					expect(step.length).toBeGreaterThan(0);
					for (const m of step) {
						planned++;
						expect(q.check(view, seat, m).ok).toBe(true);
					}
				}
			}
		expect(options).toBeGreaterThan(0);
		expect(planned).toBeGreaterThan(0);
	});

	it('check refuses hostile input with a code and never throws', () => {
		const [{ state, seat }] = samples(kind, kind.seats.min, `${kind.id}-hostile`, 1);
		const view = kind.view(state, seat);
		for (const bad of HOSTILE) {
			const c = q.check(view, seat, bad);
			expect(c.ok).toBe(false);
			if (!c.ok) expect(c.code).toMatch(/^[A-Z_]+$/);
		}
	});
});

describe('plan ahead', () => {
	it('the three kinds of the app let seats queue decisions (issue 32)', () => {
		expect(QUEUED.map((k) => k.id).sort()).toEqual(expect.arrayContaining(['giants', 'moa', 'rapanui']));
	});
});
