/**
 * Test helpers: a game set up with a known deck and start player, arranged by hand for a scenario,
 * and moves that must succeed. Tests only.
 */
import { expect } from 'vitest';
import { cloneJson } from '$lib/engine';
import { rapanui } from './index';
import { COLOURS, DECK } from './rules';
import type { RapaNuiPosition } from './position';
import type { CardId, Kind, Offerings, RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState, Seat } from './types';

export const SEED = 'rapanui-test-seed';

/** A fresh game: seat 0 starts, colours in data order, the deck in canonical order unless given. */
export function fresh(players = 2, config: Partial<RapaNuiConfig> = {}): RapaNuiState {
	const r = rapanui.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), deck: [...DECK], ...config }, SEED);
	if (!r.ok) throw new Error(r.message);
	return r.value.state;
}

/**
 * A game started from a position (position.ts, docs/positions.md § Rapa Nui): seat 0 the start
 * player, colours in data order; R-0.4's automatic steps have run. Refused positions throw.
 */
export function positioned(players: number, position: RapaNuiPosition, config: Partial<RapaNuiConfig> = {}): RapaNuiState {
	return started(players, position, config).state;
}

/** The same with the start's log entries. */
export function started(players: number, position: RapaNuiPosition, config: Partial<RapaNuiConfig> = {}): { state: RapaNuiState; log: RapaNuiEntry[] } {
	const r = rapanui.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), position, ...config }, SEED);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	return r.value;
}

/** Why the position is refused (`BAD_POSITION: …`), or `accepted`. */
export function refusedPosition(players: number, position: unknown, config: Partial<RapaNuiConfig> = {}): string {
	const r = rapanui.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), position: position as RapaNuiPosition, ...config }, SEED);
	return r.ok ? 'accepted' : `${r.code}: ${r.message}`;
}

/** A fresh game changed by `f` (a scenario's position). */
export function arrange(players: number, f: (s: RapaNuiState) => void, config: Partial<RapaNuiConfig> = {}): RapaNuiState {
	const s = cloneJson(fresh(players, config));
	f(s);
	return s;
}

export function offerings(o: Partial<Offerings> = {}): Offerings {
	return { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0, ...o };
}

/** Gives `seat` exactly this collection (public ledger to match; no face-down cards), taking from or returning to the supply. */
export function holding(s: RapaNuiState, seat: Seat, o: Partial<Offerings>): void {
	const want = offerings(o);
	for (const k of Object.keys(want) as Kind[]) {
		s.supply[k] += s.secret.collections[seat][k] - want[k];
		s.secret.collections[seat][k] = want[k];
		s.ledger[seat][k] = want[k];
	}
}

/** `count` deck cards of a type (by id prefix), not yet used in `taken`. */
export function cards(prefix: string, count: number, taken: Set<CardId> = new Set()): CardId[] {
	const out = DECK.filter((id) => id.startsWith(prefix + '-') && !taken.has(id)).slice(0, count);
	out.forEach((id) => taken.add(id));
	return out;
}

/** Applies a move that must be accepted. */
export function must(s: RapaNuiState, seat: Seat, move: RapaNuiMove): { state: RapaNuiState; log: RapaNuiEntry[] } {
	const r = rapanui.apply(s, seat, move);
	if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.code}: ${r.message}`);
	return r.value;
}

/** Applies a move that must be refused with `code`, and checks nothing changed. */
export function refused(s: RapaNuiState, seat: Seat, move: unknown, code: string): void {
	const before = JSON.stringify(s);
	const r = rapanui.apply(s, seat, move);
	expect(r.ok ? 'accepted' : r.code).toBe(code);
	expect(JSON.stringify(s)).toBe(before);
}

export const types = (log: RapaNuiEntry[]) => log.map((e) => e.type);
