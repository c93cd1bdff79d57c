import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiError, hostileJson, plainObject, readJson } from './http';

const Schema = v.strictObject({ name: v.string(), n: v.optional(v.number()) });

function post(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
	return new Request('http://x/api', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function refusal(req: Request) {
	const r = await readJson(req, Schema);
	if (r.ok) throw new Error('expected a refusal');
	return { status: r.response.status, body: (await r.response.json()) as { code: string; message: string } };
}

describe('apiError', () => {
	it('is JSON {code, message, ...extra}', async () => {
		const r = apiError(409, 'STALE_VERSION', 'stale', { currentVersion: 3 });
		expect(r.status).toBe(409);
		expect(r.headers.get('content-type')).toMatch(/application\/json/);
		expect(await r.json()).toEqual({ code: 'STALE_VERSION', message: 'stale', currentVersion: 3 });
	});
	it('extra cannot override code or message', async () => {
		const r = apiError(400, 'A', 'b', { code: 'X', message: 'Y' });
		expect(await r.json()).toEqual({ code: 'A', message: 'b' });
	});
});

describe('readJson', () => {
	it('accepts a valid body', async () => {
		const r = await readJson(post(JSON.stringify({ name: 'a', n: 2 })), Schema);
		expect(r).toEqual({ ok: true, value: { name: 'a', n: 2 } });
	});
	it('accepts +json and charset parameters', async () => {
		const r = await readJson(post('{"name":"a"}', { 'content-type': 'application/vnd.x+json; charset=UTF-8' }), Schema);
		expect(r.ok).toBe(true);
	});
	it('415 for other content types or none', async () => {
		expect((await refusal(post('{"name":"a"}', { 'content-type': 'text/plain' }))).status).toBe(415);
		expect((await refusal(post('{"name":"a"}', {}))).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
	});
	it('413 for a declared or an actual size over 16 KiB, even with a lying Content-Length', async () => {
		const big = JSON.stringify({ name: 'x'.repeat(20_000) });
		expect((await refusal(post(big))).body.code).toBe('TOO_LARGE');
		// A stream with no length, and one that claims to be small.
		const stream = () =>
			new ReadableStream<Uint8Array>({
				start(c) {
					for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1000)));
					c.close();
				}
			});
		expect((await refusal(post(stream()))).status).toBe(413);
		expect((await refusal(post(stream(), { 'content-type': 'application/json', 'content-length': '10' }))).status).toBe(413);
	});
	it('400 BAD_JSON for broken JSON, empty bodies and invalid UTF-8', async () => {
		for (const b of ['{', '', 'nul', "{'a':1}", '{"name":"a"} x'])
			expect((await refusal(post(b))).body.code).toBe('BAD_JSON');
		expect((await refusal(post(new Uint8Array([0x7b, 0xff, 0x7d])))).body.code).toBe('BAD_JSON');
	});
	it('400 BAD_REQUEST with the path of the first issue', async () => {
		const r = await refusal(post('{"name":5}'));
		expect(r.status).toBe(400);
		expect(r.body.code).toBe('BAD_REQUEST');
		expect(r.body.message).toMatch(/^name:/);
		expect((await refusal(post('{"name":"a","extra":1}'))).body.code).toBe('BAD_REQUEST');
		expect((await refusal(post('[1,2]'))).body.code).toBe('BAD_REQUEST');
	});
	it('refuses prototype-polluting keys, deep nesting and 1e999', async () => {
		for (const b of ['{"__proto__":{"x":1},"name":"a"}', '{"name":"a","n":{"constructor":{"prototype":{}}}}', '[' .repeat(5000) + ']'.repeat(5000), '{"name":"a","n":1e999}']) {
			const r = await refusal(post(b));
			expect(r.status).toBe(400);
			expect(r.body.code).toBe('BAD_REQUEST');
		}
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});
	it('hostileJson passes ordinary data', () => {
		expect(hostileJson({ a: [1, { b: 'c' }], d: null })).toBeNull();
	});
});

describe('objects only (issue 10)', () => {
	const AllOptional = v.strictObject({ ids: v.optional(v.array(v.string())) });
	it('refuses a top-level array, string, number or null where every field is optional', async () => {
		for (const body of ['[]', '[1,2]', '"x"', '3', 'null', 'true']) {
			const r = await readJson(post(body), AllOptional);
			expect(r.ok, body).toBe(false);
			if (!r.ok) expect(await r.response.json()).toEqual({ code: 'BAD_REQUEST', message: '(body): expected a JSON object' });
		}
		expect((await readJson(post('{}'), AllOptional)).ok).toBe(true);
	});
	it('plainObject refuses an array nested where an object is expected; valibot alone would not', () => {
		const loose = v.strictObject({ modes: v.optional(v.partial(v.strictObject({ email: v.string() }))) });
		const strict = v.strictObject({ modes: v.optional(plainObject(v.partial(v.strictObject({ email: v.string() })))) });
		expect(v.safeParse(loose, { modes: [] }).success).toBe(true);
		expect(v.safeParse(strict, { modes: [] }).success).toBe(false);
		expect(v.safeParse(strict, { modes: { email: 'x' } })).toMatchObject({ success: true, output: { modes: { email: 'x' } } });
	});
});
