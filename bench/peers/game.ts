/**
 * A Rongo kind as a boardgame.io `Game` (bench:peers): the same engine, so both servers run the
 * same rules on the same moves and only the platform differs.
 *
 * - `setup`: the kind's start state for its default options and this many seats (the seed comes
 *   with the match's setupData).
 * - one move, `play`, which hands the bot's move to `kind.apply` and answers INVALID_MOVE on a
 *   refusal. It is `client: false`: a boardgame.io client would otherwise run it first on its own
 *   copy of G — which is the seat's view here, not the state.
 * - every seat is always "active" for boardgame.io (`ActivePlayers.ALL`): the engine decides who may
 *   move (`kind.activeSeats`), as it does in Rongo's room.
 * - `playerView` is the kind's own per-seat view; `endIf` the engine's `isOver` (its outcome) of the state.
 */
import * as v from 'valibot';
import type { Game } from 'boardgame.io';
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import { isOver, type Kind } from '../../src/lib/engine/index';

export interface SetupData {
	seed: string;
}

export function bgioGame(kind: Kind, seats: number): Game {
	const config = kind.config(v.parse(kind.options, {}), seats);
	if (!config.ok) throw new Error(`${kind.id}: no default config for ${seats} seats: ${config.code}`);
	return {
		name: kind.id,
		minPlayers: seats,
		maxPlayers: seats,
		setup: (_, setupData?: SetupData) => {
			const r = kind.start(config.value, setupData?.seed ?? 'bench-peers');
			if (!r.ok) throw new Error(`${kind.id}: setup refused: ${r.code}`);
			return r.value.state;
		},
		moves: {
			play: {
				move: ({ G, playerID }, move: unknown) => {
					const r = kind.apply(G, Number(playerID), move);
					return r.ok ? r.value.state : INVALID_MOVE;
				},
				client: false
			}
		},
		turn: { activePlayers: ActivePlayers.ALL },
		playerView: ({ G, playerID }) => kind.view(G, playerID === null || playerID === undefined ? null : Number(playerID)),
		endIf: ({ G }) => (isOver(kind, G) ? { over: true } : undefined)
	};
}
