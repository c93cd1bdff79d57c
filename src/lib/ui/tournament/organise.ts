/**
 * The organise form (/tournaments/new) as a POST /api/tournaments body (issue 35, docs/api.md
 * "Tournaments"). The form is a plain form post — it works without script — so this reads named
 * fields; the API is the one judge of the values (its refusal names the field, shown beside it).
 * Read here only what the API cannot: the kind's options from their inputs, the time control, and
 * the sign-up deadline's wall time in the organiser's zone.
 */
import type { TimeControl } from '$lib/protocol/room';
import type { Format } from '$lib/protocol/tournament';
import { clockFromForm } from '$lib/ui/clockForm';
import { localToEpoch } from './zoned';

export interface OrganiseBody {
	name: string;
	kind: string;
	options: Record<string, unknown>;
	tableSize: number;
	format: Format;
	rounds: number;
	clock: TimeControl;
	roundDays: number | null;
	signupUntil: number;
	minPlayers: number;
	maxPlayers: number;
	rated: boolean;
	visibility: 'public' | 'private';
}

export type OrganiseField = keyof OrganiseBody;
export const ORGANISE_FIELDS: readonly OrganiseField[] = [
	'name', 'kind', 'options', 'tableSize', 'format', 'rounds', 'clock', 'roundDays', 'signupUntil', 'minPlayers', 'maxPlayers', 'rated', 'visibility'
];

/** What the form sends, as text (echoed back into the form when the API refuses it). */
export type OrganiseValues = Record<string, string>;

type Get = (name: string) => string | null;

/** Unwraps valibot's optional/nullable wrappers to the base schema's `type` ('boolean', 'number', …). */
function baseType(schema: unknown): string {
	let s = schema as { type?: string; wrapped?: unknown } | undefined;
	while (s && s.wrapped && ['optional', 'exact_optional', 'nullable', 'nullish', 'undefinedable'].includes(s.type ?? '')) s = s.wrapped as typeof s;
	return s?.type ?? '';
}

/**
 * A kind's options from their inputs, named by option key as every kind's Options component names
 * them (docs/adding-a-game.md): the kind's schema (an object schema) says each key's type. A checkbox
 * posts only when ticked, so an absent boolean is false; an absent other value is left out (the
 * schema fills its default); a key of another kind's options is never read.
 */
export function optionsFromForm(schema: unknown, get: Get): Record<string, unknown> {
	const entries = (schema as { entries?: Record<string, unknown> } | null)?.entries;
	if (!entries || typeof entries !== 'object') return {};
	const out: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(entries)) {
		const raw = get(key);
		switch (baseType(entry)) {
			case 'boolean':
				out[key] = raw !== null && raw !== '' && raw !== 'false';
				break;
			case 'number':
				if (raw !== null && raw.trim() !== '') out[key] = Number(raw);
				break;
			default:
				if (raw !== null) out[key] = raw;
		}
	}
	return out;
}

/** A whole number from a field, or NaN (which the API refuses, naming the field). */
const int = (raw: string | null): number => (raw !== null && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN);

export type Organised = { ok: true; body: OrganiseBody } | { ok: false; field: OrganiseField; code: 'BAD_DATE' };

/**
 * The body from the posted fields. `optionsSchema` is the chosen kind's (null: an unknown kind, which
 * the API refuses as UNKNOWN_KIND). Only a deadline that is no date at all is refused here.
 */
export function organiseFromForm(get: Get, optionsSchema: unknown): Organised {
	const signupUntil = localToEpoch(get('signupUntil') ?? '', get('timeZone') ?? 'UTC');
	if (signupUntil === null) return { ok: false, field: 'signupUntil', code: 'BAD_DATE' };
	const roundDays = get('roundLimit') === 'days' ? int(get('roundDays')) : null;
	return {
		ok: true,
		body: {
			name: (get('name') ?? '').trim(),
			kind: get('kind') ?? '',
			options: optionsSchema ? optionsFromForm(optionsSchema, get) : {},
			tableSize: int(get('tableSize')),
			format: get('format') === 'roundRobin' ? 'roundRobin' : 'swiss',
			rounds: int(get('rounds')),
			clock: clockFromForm(get),
			roundDays,
			signupUntil,
			minPlayers: int(get('minPlayers')),
			maxPlayers: int(get('maxPlayers')),
			rated: get('rated') !== 'casual',
			visibility: get('visibility') === 'private' ? 'private' : 'public'
		}
	};
}
