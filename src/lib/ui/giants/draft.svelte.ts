/**
 * The move being composed on the game page, step by step, before it is confirmed (issue 4: nothing
 * is sent until the player confirms; every step can be undone). One draft serves the board (which
 * hexes, ahus and statues are targets now) and the move panel (what to choose next). It knows no
 * rules: every option comes from the engine's legalMoves or transportStep on the seat's own view.
 */
// Straight from the modules, not the package index: the index brings the whole engine (apply,
// valibot) into the game page's bundle (docs/benchmarks.md, UI).
import type { Borrow, Figure, GiantsMove, GiantsView, Size, TransportStep } from '$lib/games/giants/surface';
import { transportStep } from '$lib/games/giants/surface';
import { canonical, choicesAt, hexesFor, legalSet, type HexChoices } from './compose';

export type Finish = { kind: 'plain' } | { kind: 'mark' } | { kind: 'erect'; ahu: string } | { kind: 'crown'; ahu: string };

/**
 * Why Confirm is disabled (issue 30: every disabled Confirm says why): the draft's missing step, or
 * the rule a complete draft breaks (G-3.3: the sculptors' value must reach the moai's size).
 */
export type Why =
	| { kind: 'carve-size' }
	| { kind: 'carve-value'; value: number; size: number }
	| { kind: 'place-figure' }
	| { kind: 'place-hex' }
	| { kind: 'place-kind' }
	| { kind: 'place-ahu' }
	| { kind: 'transport-statue' }
	| { kind: 'transport-finish' }
	| { kind: 'not-legal' };

export interface DraftInput {
	view: GiantsView | null;
	seat: number | null;
	legal: GiantsMove[];
}

const EMPTY: ReadonlySet<string> = new Set();

export class Draft {
	bid = $state({ markers: 0, workers: 0, medicineMan: false, chief: false });
	carve = $state<{ size: Size | null; workers: number; medicineMan: boolean; chief: boolean }>({ size: null, workers: 0, medicineMan: false, chief: false });
	place = $state<{ figure: Figure | null; hex: string | null; kind: 'place' | 'action' | null; logs: number; ahu: string | null }>({
		figure: null,
		hex: null,
		kind: null,
		logs: 0,
		ahu: null
	});
	transport = $state<{ statue: string | null; path: string[]; borrow: Record<string, Borrow>; finish: Finish | null }>({
		statue: null,
		path: [],
		borrow: {},
		finish: null
	});
	choice = $state<{ mark: string[]; release: string[] }>({ mark: [], release: [] });
	/** A move that needs no composing (pass, rongo), chosen but not yet confirmed. */
	simple = $state<GiantsMove | null>(null);

	#get: () => DraftInput;
	/** Lazily derived, so #get is set by the time they are read. */
	input: DraftInput = $derived.by(() => this.#get());
	legal: Set<string> = $derived(legalSet(this.input.legal));

	constructor(get: () => DraftInput) {
		this.#get = get;
	}

	/**
	 * Issue 12: "Change" a sealed decision already made starts from that decision, not from nothing
	 * (a bid is replaced whole: starting at zero made one more click replace it with nothing).
	 */
	editFrom(made: GiantsView['mySealed']) {
		this.reset();
		if (!made) return;
		if ('markers' in made) this.bid = { markers: made.markers, workers: made.workers, medicineMan: !!made.medicineMan, chief: !!made.chief };
		else this.choice = { mark: [...made.mark], release: [...made.release] };
	}

	reset() {
		this.bid = { markers: 0, workers: 0, medicineMan: false, chief: false };
		this.carve = { size: null, workers: 0, medicineMan: false, chief: false };
		this.place = { figure: null, hex: null, kind: null, logs: 0, ahu: null };
		this.transport = { statue: null, path: [], borrow: {}, finish: null };
		this.choice = { mark: [], release: [] };
		this.simple = null;
	}

	/** Where a transport stands now (null when no statue is chosen or the path went stale). */
	get step(): TransportStep | null {
		const { view, seat } = this.input;
		const t = this.transport;
		if (!view || seat === null || view.phase.kind !== 'transport' || !t.statue) return null;
		return transportStep(view, seat, t.statue, t.path);
	}

	/** The options on the chosen hex of a placement. */
	get hexChoices(): HexChoices | null {
		const p = this.place;
		return p.figure && p.hex ? choicesAt(this.input.legal, p.figure, p.hex) : null;
	}

	/** The composed move if it is complete and legal; else null. */
	get move(): GiantsMove | null {
		if (this.simple) return this.legal.has(canonical(this.simple)) ? this.simple : null;
		const { view } = this.input;
		if (!view) return null;
		let m: GiantsMove | null = null;
		switch (view.phase.kind) {
			case 'bid':
				m = { type: 'bid', ...this.bid };
				break;
			case 'carve':
				if (this.carve.size === null) return null;
				m = { type: 'carve', size: this.carve.size, workers: this.carve.workers, medicineMan: this.carve.medicineMan, chief: this.carve.chief };
				break;
			case 'place': {
				const p = this.place;
				if (!p.figure || !p.hex || !p.kind) return null;
				if (p.kind === 'place') m = { type: 'place', figure: p.figure, hex: p.hex, logs: p.logs };
				else if (p.figure === 'worker') return null;
				else m = { type: 'action', figure: p.figure, hex: p.hex, logs: p.logs, ...(p.ahu ? { ahu: p.ahu } : {}) };
				break;
			}
			case 'transport':
				return this.transportMove();
			case 'choice':
				m = { type: 'choose', mark: [...this.choice.mark], release: [...this.choice.release] };
				break;
			default:
				return null;
		}
		return this.legal.has(canonical(m)) ? m : null;
	}

	/** Why there is no move to confirm yet (null when `move` is one). */
	get why(): Why | null {
		if (this.move) return null;
		const { view } = this.input;
		if (!view || this.simple) return { kind: 'not-legal' };
		switch (view.phase.kind) {
			case 'carve': {
				const c = this.carve;
				if (c.size === null) return { kind: 'carve-size' };
				const value = c.workers + (c.medicineMan ? 1 : 0) + (c.chief ? 3 : 0); // G-3.1: a chief is worth 3
				return value < c.size ? { kind: 'carve-value', value, size: c.size } : { kind: 'not-legal' };
			}
			case 'place': {
				const p = this.place;
				if (!p.figure) return { kind: 'place-figure' };
				if (!p.hex) return { kind: 'place-hex' };
				if (!p.kind) return { kind: 'place-kind' };
				if (p.kind === 'action' && !p.ahu && (this.hexChoices?.action?.ahus.length ?? 0) > 1) return { kind: 'place-ahu' };
				return { kind: 'not-legal' };
			}
			case 'transport':
				if (!this.transport.statue || !this.step) return { kind: 'transport-statue' };
				if (!this.transport.finish) return { kind: 'transport-finish' };
				return { kind: 'not-legal' };
			default:
				return { kind: 'not-legal' };
		}
	}

	private transportMove(): GiantsMove | null {
		const step = this.step;
		const t = this.transport;
		const f = t.finish;
		if (!step || !f || !t.statue) return null;
		if (f.kind === 'mark' && t.path.length === 0) return step.mark ? { type: 'mark', statue: t.statue } : null;
		const borrow: Record<string, Borrow> = {};
		for (const h of step.hexes) if (t.borrow[h.hex] && h.options.length > 1) borrow[h.hex] = t.borrow[h.hex];
		const base = { type: 'move' as const, statue: t.statue, path: [...t.path], ...(Object.keys(borrow).length ? { borrow } : {}) };
		switch (f.kind) {
			case 'plain':
				return step.plain ? base : null;
			case 'mark':
				return step.mark ? { ...base, mark: true } : null;
			case 'erect':
				return step.erect.includes(f.ahu) ? { ...base, erect: f.ahu } : null;
			case 'crown':
				return step.crown.includes(f.ahu) ? { ...base, crown: f.ahu } : null;
		}
	}

	/**
	 * The finish chosen for the player after a path change: only when the step allows exactly one.
	 * Issue 12: with several (erect on either of two ahu, or erect or just move) the player chooses —
	 * the composer never picks an ending for them, least of all a weaker one.
	 */
	defaultFinish(step: TransportStep | null): Finish | null {
		if (!step) return null;
		const all: Finish[] = [
			...step.erect.map((ahu) => ({ kind: 'erect', ahu }) as const),
			...step.crown.map((ahu) => ({ kind: 'crown', ahu }) as const),
			...(step.mark ? [{ kind: 'mark' } as const] : []),
			...(step.plain ? [{ kind: 'plain' } as const] : [])
		];
		return all.length === 1 ? all[0] : null;
	}

	// ---- board interaction ---------------------------------------------------------------------

	get hexTargets(): ReadonlySet<string> {
		const { view } = this.input;
		if (!view || this.simple) return EMPTY;
		if (view.phase.kind === 'place' && this.place.figure) return hexesFor(this.input.legal, this.place.figure);
		if (view.phase.kind === 'transport') {
			const step = this.step;
			return step ? new Set([...step.next, ...this.transport.path]) : EMPTY;
		}
		return EMPTY;
	}

	get ahuTargets(): ReadonlySet<string> {
		const { view } = this.input;
		if (!view || this.simple) return EMPTY;
		if (view.phase.kind === 'place') {
			const c = this.hexChoices;
			return this.place.kind === 'action' && c?.action && c.action.ahus.length > 1 ? new Set(c.action.ahus) : EMPTY;
		}
		const step = this.step;
		return step ? new Set([...step.erect, ...step.crown]) : EMPTY;
	}

	/** Statues on the board the seat may pick up (before a statue is chosen). */
	statueTargets(handleable: string[]): ReadonlySet<string> {
		const { view } = this.input;
		if (!view || view.phase.kind !== 'transport' || this.simple) return EMPTY;
		return new Set(handleable);
	}

	pickFigure(figure: Figure) {
		this.simple = null;
		this.place = { figure, hex: null, kind: null, logs: 0, ahu: null };
	}

	pickHex(hex: string) {
		const { view } = this.input;
		if (!view) return;
		if (view.phase.kind === 'place' && this.place.figure) {
			const c = choicesAt(this.input.legal, this.place.figure, hex);
			// One kind possible: take it; both: the player chooses (place only, or the action).
			const kind = c.place && !c.action ? 'place' : c.action && !c.place ? 'action' : null;
			const ahu = kind === 'action' && c.action!.ahus.length === 1 ? c.action!.ahus[0] : null;
			this.place = { ...this.place, hex, kind, logs: 0, ahu };
			return;
		}
		if (view.phase.kind === 'transport') {
			const t = this.transport;
			const at = t.path.indexOf(hex);
			// A hex already on the path: go back to it; a next hex: extend the path.
			const path = at >= 0 ? t.path.slice(0, at + 1) : this.step?.next.includes(hex) ? [...t.path, hex] : null;
			if (!path) return;
			if (at >= 0 && at === t.path.length - 1) path.pop(); // the last hex again: one step back
			this.setPath(path);
		}
	}

	setPath(path: string[]) {
		const t = this.transport;
		const borrow = Object.fromEntries(Object.entries(t.borrow).filter(([h]) => path.includes(h)));
		this.transport = { ...t, path, borrow, finish: null };
		this.transport.finish = this.defaultFinish(this.step);
	}

	pickAhu(ahu: string) {
		const { view } = this.input;
		if (view?.phase.kind === 'place') this.place = { ...this.place, ahu };
		const step = this.step;
		if (!step) return;
		if (step.erect.includes(ahu)) this.transport.finish = { kind: 'erect', ahu };
		else if (step.crown.includes(ahu)) this.transport.finish = { kind: 'crown', ahu };
	}

	pickStatue(id: string) {
		this.simple = null;
		this.transport = { statue: id, path: [], borrow: {}, finish: null };
		this.transport.finish = this.defaultFinish(this.step);
	}

	/** One step back: the last choice made is taken back. */
	undo() {
		const { view } = this.input;
		if (this.simple) {
			this.simple = null;
			return;
		}
		if (view?.phase.kind === 'place') {
			const p = this.place;
			if (p.ahu && p.kind === 'action' && (this.hexChoices?.action?.ahus.length ?? 0) > 1) this.place = { ...p, ahu: null };
			else if (p.hex) this.place = { ...p, hex: null, kind: null, logs: 0, ahu: null };
			else this.place = { ...p, figure: null };
		} else if (view?.phase.kind === 'transport') {
			const t = this.transport;
			if (t.path.length) this.setPath(t.path.slice(0, -1));
			else this.transport = { statue: null, path: [], borrow: {}, finish: null };
		} else this.reset();
	}

	get started(): boolean {
		return (
			!!this.simple ||
			!!this.place.figure ||
			!!this.transport.statue ||
			this.carve.size !== null ||
			this.choice.mark.length + this.choice.release.length > 0 ||
			this.bid.markers + this.bid.workers > 0 ||
			this.bid.medicineMan ||
			this.bid.chief
		);
	}
}
