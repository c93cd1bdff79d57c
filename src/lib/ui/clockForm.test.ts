import { describe, expect, test } from 'vitest';
import { clockFromForm } from './clockForm';

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;

describe('clockFromForm', () => {
	test('days per move, as chosen', () => {
		expect(clockFromForm(form({ clockKind: 'perMove', timeLimit: '5', bankDays: '7' }))).toEqual({ kind: 'perMove', days: 5 });
	});

	test('a bank; a cap below the start follows the start (the API refuses a smaller cap)', () => {
		expect(clockFromForm(form({ clockKind: 'bank', bankDays: '7', incrementHours: '24', capDays: '14' }))).toEqual({ kind: 'bank', initialDays: 7, incrementHours: 24, capDays: 14 });
		expect(clockFromForm(form({ clockKind: 'bank', bankDays: '14', incrementHours: '4', capDays: '3' }))).toEqual({ kind: 'bank', initialDays: 14, incrementHours: 4, capDays: 14 });
	});

	test('a value no select offers falls back to the default, never into the body', () => {
		expect(clockFromForm(form({ clockKind: 'perMove', timeLimit: '4' }))).toEqual({ kind: 'perMove', days: 3 });
		expect(clockFromForm(form({ clockKind: 'bank', bankDays: '1e3', incrementHours: '-1', capDays: 'x' }))).toEqual({ kind: 'bank', initialDays: 3, incrementHours: 12, capDays: 7 });
		expect(clockFromForm(form({}))).toEqual({ kind: 'perMove', days: 3 });
	});
});
