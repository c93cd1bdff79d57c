/**
 * Issue 35: the bodies of the tournament endpoints (docs/api.md "Tournaments"). The edge checks the
 * platform's fields; the kind's seat range and options are checked against the registry in
 * tournaments.ts (no kind is named here).
 */
import * as v from 'valibot';
import { plainObject } from '../http';
import { ClockBody } from '../games';
import { TOURNAMENT_LIMITS as L } from '$lib/protocol/tournament';

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

export const OrganiseBody = v.pipe(
	v.strictObject({
		name: v.pipe(v.string(), v.trim(), v.minLength(1, 'name: 1 to 80 characters'), v.maxLength(L.nameMax, 'name: 1 to 80 characters')),
		kind: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a kind of game')),
		options: v.optional(plainObject(v.record(v.string(), v.unknown()))),
		tableSize: int(1, 16),
		format: v.picklist(['swiss', 'roundRobin']),
		rounds: int(1, L.roundsMax),
		clock: ClockBody,
		roundDays: v.optional(v.nullable(int(1, L.roundDaysMax)), null),
		signupUntil: v.pipe(v.number(), v.safeInteger()),
		minPlayers: int(L.playersMin, L.playersMax),
		maxPlayers: int(L.playersMin, L.playersMax),
		rated: v.optional(v.boolean(), true),
		visibility: v.optional(v.picklist(['public', 'private']), 'public')
	}),
	v.check((b) => b.maxPlayers >= b.minPlayers, 'maxPlayers: must be at least minPlayers'),
	v.check((b) => b.format !== 'roundRobin' || b.maxPlayers <= L.roundRobinPlayersMax, `maxPlayers: a round robin is for at most ${L.roundRobinPlayersMax} players`)
);
export type Organise = v.InferOutput<typeof OrganiseBody>;

export const SignUpBody = v.strictObject({ inviteCode: v.optional(v.pipe(v.string(), v.maxLength(64))) });
export const NoBody = v.strictObject({});
