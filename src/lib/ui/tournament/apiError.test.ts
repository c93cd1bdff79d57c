import { describe, expect, test } from 'vitest';
import { failedField, readFailure } from './apiError';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the tournament API’s refusals', () => {
	test('both envelopes, and a body that is none', async () => {
		expect(await readFailure(json(409, { code: 'TOURNAMENT_FULL', message: 'full' }))).toEqual({ status: 409, code: 'TOURNAMENT_FULL', message: 'full' });
		expect(await readFailure(json(409, { error: { code: 'SIGNUP_CLOSED', message: 'closed' } }))).toEqual({ status: 409, code: 'SIGNUP_CLOSED', message: 'closed' });
		expect(await readFailure(new Response('<html>bad gateway</html>', { status: 502 }))).toEqual({ status: 502, code: 'HTTP_502', message: '' });
	});

	test('the field a refusal is about: by its code, else the name its message starts with', () => {
		const fields = ['name', 'kind', 'options', 'tableSize', 'rounds'] as const;
		expect(failedField({ status: 400, code: 'BAD_TABLE_SIZE', message: 'between 2 and 4' }, fields)).toBe('tableSize');
		expect(failedField({ status: 400, code: 'UNKNOWN_KIND', message: '' }, fields)).toBe('kind');
		expect(failedField({ status: 400, code: 'BAD_REQUEST', message: 'rounds: at most 20' }, fields)).toBe('rounds');
		expect(failedField({ status: 400, code: 'BAD_REQUEST', message: '(body): rounds: must be fewer' }, fields)).toBe('rounds');
		expect(failedField({ status: 400, code: 'BAD_REQUEST', message: 'the body must be JSON' }, fields)).toBeNull();
		expect(failedField({ status: 400, code: 'BAD_REQUEST', message: '(body): expected an object' }, fields)).toBeNull();
		// A nested path is its first field's (never the `kind` inside the clock).
		expect(failedField({ status: 400, code: 'BAD_REQUEST', message: 'clock.kind: expected "perMove"' }, [...fields, 'clock'])).toBe('clock');
		expect(failedField({ status: 400, code: 'constructor', message: '' }, fields)).toBeNull();
		expect(failedField({ status: 409, code: 'TOURNAMENT_FULL', message: 'full' }, fields)).toBeNull();
	});
});
