import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { optionsFromForm, organiseFromForm } from './organise';

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;
// A kind's options schema as kinds write them (a strict object of optional fields with defaults).
const Schema = v.strictObject({ quick: v.optional(v.boolean(), false), variant: v.optional(v.picklist(['a', 'b']), 'a'), depth: v.optional(v.number(), 2) });

describe('the organise form as the API’s body', () => {
	test('a kind’s options from their inputs: an unticked box is false, other keys are never read', () => {
		expect(optionsFromForm(Schema, form({ quick: 'on', variant: 'b', depth: '3', name: 'x', evil: '1' }))).toEqual({ quick: true, variant: 'b', depth: 3 });
		expect(optionsFromForm(Schema, form({}))).toEqual({ quick: false });
		expect(v.safeParse(Schema, optionsFromForm(Schema, form({}))).success).toBe(true);
		expect(optionsFromForm(v.strictObject({}), form({ quick: 'on' }))).toEqual({});
		expect(optionsFromForm(null, form({ quick: 'on' }))).toEqual({});
	});

	test('every field, the deadline in the organiser’s zone', () => {
		const r = organiseFromForm(
			form({
				name: '  Winter Cup ',
				kind: 'k',
				quick: 'on',
				tableSize: '4',
				format: 'roundRobin',
				rounds: '3',
				clockKind: 'perMove',
				timeLimit: '2',
				roundLimit: 'days',
				roundDays: '10',
				signupUntil: '2031-01-15T18:30',
				timeZone: 'Europe/Berlin',
				minPlayers: '4',
				maxPlayers: '12',
				rated: 'casual',
				visibility: 'private'
			}),
			Schema
		);
		expect(r).toEqual({
			ok: true,
			body: {
				name: 'Winter Cup',
				kind: 'k',
				options: { quick: true },
				tableSize: 4,
				format: 'roundRobin',
				rounds: 3,
				clock: { kind: 'perMove', days: 2 },
				roundDays: 10,
				signupUntil: Date.UTC(2031, 0, 15, 17, 30),
				minPlayers: 4,
				maxPlayers: 12,
				rated: false,
				visibility: 'private'
			}
		});
	});

	test('no round deadline unless chosen; numbers that are none go to the API as such (it names the field)', () => {
		const r = organiseFromForm(form({ roundLimit: 'none', roundDays: '10', rounds: '3.5', tableSize: '', signupUntil: '2031-01-15T18:30', rated: 'rated' }), null);
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.body.roundDays).toBeNull();
		expect(r.body.rounds).toBeNaN();
		expect(JSON.parse(JSON.stringify(r.body)).rounds).toBeNull();
		expect(r.body.rated).toBe(true);
		expect(r.body.format).toBe('swiss');
		expect(r.body.visibility).toBe('public');
		expect(r.body.options).toEqual({});
	});

	test('a deadline that is no date is refused here, naming its field', () => {
		expect(organiseFromForm(form({ signupUntil: 'next week' }), null)).toEqual({ ok: false, field: 'signupUntil', code: 'BAD_DATE' });
	});
});
