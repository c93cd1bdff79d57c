/**
 * Giants' moves as an engine `Game`: its start, moves, views and who is awaited; the end is the
 * kind's `outcome` (kind.ts). Pure: imports nothing of the platform (conventions §1).
 */
import * as v from 'valibot';
import { cloneJson, fail, ok, type Applied, type Game, type Result, type Seat, type Viewer } from '$lib/engine';
import { carve, declineCarve, revealBids, startRound, submitBid } from './auction';
import { Refusal, newCtx, nextUnpassed, type Ctx } from './context';
import { activeSeats, hasNonPass, legalMoves } from './legal';
import { act, place, takeRongo } from './placement';
import { revealChoices, submitChoice } from './roundEnd';
import { MoveSchema } from './schema';
import { scores } from './score';
import { ENGINE_VERSION, cloneState, setup as initialState } from './setup';
import { positionState } from './position';
import { isFullPosition } from './fullPosition';
import { endTransport, markOnly, moveStatue, startTransport } from './transport';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState, GiantsView, Readable } from './types';

export * from './surface';

export { ENGINE_VERSION } from './setup';

function setup(config: GiantsConfig, seed: string): Result<Applied<GiantsState, GiantsEntry>> {
	// A full position (one with a phase) is the game at that point: no new round begins, only the
	// automatic steps it leaves due run (G-0.4; the position is settled already when written from a state).
	const full = isFullPosition(config?.position);
	const r = full ? positionState(config, seed) : initialState(config, seed);
	if (!r.ok) return r;
	const c = newCtx(r.value);
	if (!full) startRound(c); // phase 1 is automatic (G-0.4)
	settle(c);
	return ok({ state: c.s, log: c.log });
}

/**
 * The automatic steps (G-0.4): reveal sealed decisions once all are in, end phases, and pass for a
 * player whose only legal action is to pass — until somebody has a real choice or the game is over.
 */
function settle(c: Ctx): void {
	const s = c.s;
	for (let guard = 0; guard < 100_000; guard++) {
		const ph = s.phase;
		switch (ph.kind) {
			case 'bid':
				if (!ph.submitted.every(Boolean)) return;
				revealBids(c);
				continue;
			case 'carve':
				return; // the carving turn moves itself on (auction.ts nextCarver)
			case 'place':
			case 'transport': {
				if (ph.turn < 0) {
					if (ph.kind === 'place') startTransport(c);
					else endTransport(c);
					continue;
				}
				if (hasNonPass(s, ph.turn)) return;
				s.players[ph.turn].passed = true;
				c.log.push({ type: 'pass', seat: ph.turn, phase: ph.kind, auto: true });
				ph.turn = nextUnpassed(s, ph.turn);
				continue;
			}
			case 'choice':
				if (ph.eligible.some((e, seat) => e && !ph.submitted[seat])) return;
				revealChoices(c);
				continue;
			case 'over':
				return;
		}
	}
	throw new Error('giants: automatic steps did not settle');
}

function wrongPhase(type: string, phase: string): Refusal {
	return new Refusal('WRONG_PHASE', `a ${type} move is not possible in the ${phase} phase`);
}

function apply(state: GiantsState, seat: Seat, raw: unknown): Result<Applied<GiantsState, GiantsEntry>> {
	const parsed = v.safeParse(MoveSchema, raw);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const where = issue.path?.map((p) => String(p.key)).join('.') || 'move';
		return fail('BAD_MOVE', `malformed move: ${where}: ${issue.expected ? 'expected ' + issue.expected : issue.message}`);
	}
	const m = parsed.output as GiantsMove;
	if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return fail('BAD_SEAT', 'no such seat');
	if (state.phase.kind === 'over') return fail('GAME_OVER', 'the game is over');
	const c = newCtx(cloneState(state));
	try {
		dispatch(c, seat, m);
		settle(c);
	} catch (e) {
		// A Refusal is a rule violation raised deep in a phase module; the clone is discarded, so the
		// input is untouched. Anything else is a bug and propagates.
		if (e instanceof Refusal) return fail(e.code, e.message);
		throw e;
	}
	return ok({ state: c.s, log: c.log });
}

function dispatch(c: Ctx, seat: Seat, m: GiantsMove): void {
	const ph = c.s.phase;
	const turn = (t: number) => {
		if (t !== seat) throw new Refusal('NOT_YOUR_TURN', 'it is not your turn');
	};
	// A pass that names its phase (a queued one, issue 32) passes that phase only (G-3.3 declines, G-4.5 passes).
	if (m.type === 'pass' && m.phase !== undefined && m.phase !== ph.kind) throw new Refusal('WRONG_PHASE', `this pass is meant for another phase (${m.phase})`);
	switch (ph.kind) {
		case 'bid':
			if (m.type !== 'bid') throw wrongPhase(m.type, 'bid');
			return submitBid(c, seat, m);
		case 'carve':
			if (m.type !== 'carve' && m.type !== 'pass') throw wrongPhase(m.type, 'carve');
			turn(ph.turn);
			return m.type === 'carve' ? carve(c, seat, m) : declineCarve(c, seat);
		case 'place':
		case 'transport': {
			const allowed = ph.kind === 'place' ? ['place', 'action', 'rongo', 'pass'] : ['move', 'mark', 'pass'];
			if (!allowed.includes(m.type)) throw wrongPhase(m.type, ph.kind);
			turn(ph.turn);
			if (m.type === 'place') place(c, seat, m);
			else if (m.type === 'action') act(c, seat, m);
			else if (m.type === 'rongo') takeRongo(c, seat);
			else if (m.type === 'move') moveStatue(c, seat, m);
			else if (m.type === 'mark') markOnly(c, seat, m);
			else {
				c.s.players[seat].passed = true; // G-4.5: for the rest of the phase
				c.log.push({ type: 'pass', seat, phase: ph.kind, auto: false });
			}
			ph.turn = nextUnpassed(c.s, seat);
			return;
		}
		case 'choice':
			if (m.type !== 'choose') throw wrongPhase(m.type, 'end-of-round');
			return submitChoice(c, seat, m);
		case 'over':
			throw new Refusal('GAME_OVER', 'the game is over');
	}
}

/**
 * G-0.1/G-0.2: everything public, plus the viewer's own sealed decision; the seed only once the
 * game is over. Built from the public part of the state; `secret` never enters a view.
 */
function view(state: GiantsState, viewer: Viewer): GiantsView {
	const { secret, ...pub } = state;
	const out = cloneJson(pub) as GiantsView;
	const seat = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < state.players.length ? viewer : null;
	out.viewer = seat;
	const sealedPhase = state.phase.kind === 'bid' || state.phase.kind === 'choice';
	out.mySealed = seat !== null && sealedPhase ? cloneJson(secret.sealed[seat] ?? null) : null;
	out.seed = state.phase.kind === 'over' ? secret.seed : null;
	return out;
}

export const giants: Game<GiantsConfig, GiantsState, GiantsMove, GiantsView, GiantsEntry> & { start: typeof setup } = {
	id: 'giants',
	engineVersion: ENGINE_VERSION,
	start: setup,
	apply,
	legalMoves: (s, seat) => legalMoves(s as Readable, seat),
	view,
	activeSeats: (s) => activeSeats(s as Readable)
};
