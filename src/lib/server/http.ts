/**
 * JSON API helpers for every endpoint: one error shape (`{ code, message, ...extra }`) and one way
 * to read a request body. Never a 500 for bad input (docs/api.md "Errors").
 *
 * Usage in a `+server.ts`:
 *
 *   const body = await readJson(request, Schema);
 *   if (!body.ok) return body.response;
 *   body.value // typed by the schema
 */
import * as v from 'valibot';

/** Request bodies are limited to 16 KiB (design "Errors"); a move is far smaller. */
export const BODY_LIMIT = 16 * 1024;
/** Nesting deeper than this is refused before the schema sees it: no API body needs more. */
export const MAX_DEPTH = 32;
/**
 * Keys that could reach `Object.prototype` when a parsed body is later spread or merged. JSON.parse
 * itself makes them own properties (harmless), but no API body has such a key, so refusing them
 * means no later code has to think about it.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON response (no-store: API answers are per user and per version). */
export function jsonResponse(body: unknown, status = 200, headers?: Record<string, string>): Response {
	return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The one error shape: `{ code, message, ...extra }`. `message` must never contain a secret. */
export function apiError(status: number, code: string, message: string, extra?: Record<string, unknown>): Response {
	return jsonResponse({ ...extra, code, message }, status);
}

export type ReadResult<T> = { ok: true; value: T } | { ok: false; response: Response };

function refuse(status: number, code: string, message: string): { ok: false; response: Response } {
	return { ok: false, response: apiError(status, code, message) };
}

/** `application/json` or any `+json` type, with optional parameters. */
export function isJsonContentType(header: string | null): boolean {
	if (!header) return false;
	const type = header.split(';')[0].trim().toLowerCase();
	return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads at most `limit` bytes from the body stream. The Content-Length header is only a hint: a
 * client can lie or send chunked, so the count is of the bytes actually read, and reading stops
 * (and the stream is cancelled) as soon as the limit is passed.
 */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
	const declared = request.headers.get('content-length');
	if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) return null;
	if (!request.body) return new Uint8Array(0);
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > limit) {
			await reader.cancel().catch(() => {});
			return null;
		}
		chunks.push(value);
	}
	const out = new Uint8Array(total);
	let at = 0;
	for (const c of chunks) {
		out.set(c, at);
		at += c.byteLength;
	}
	return out;
}

/**
 * Walks parsed JSON without recursion (so hostile nesting cannot exhaust the stack) and returns why
 * it is refused, or null: too deep, a prototype-polluting key, or a number JSON.parse turned into
 * ±Infinity (`1e999`).
 */
export function hostileJson(value: unknown, maxDepth = MAX_DEPTH): string | null {
	const stack: [unknown, number][] = [[value, 0]];
	while (stack.length > 0) {
		const [node, depth] = stack.pop()!;
		if (typeof node === 'number' && !Number.isFinite(node)) return 'number out of range';
		if (node === null || typeof node !== 'object') continue;
		if (depth >= maxDepth) return `nested deeper than ${maxDepth}`;
		if (Array.isArray(node)) {
			for (const item of node) stack.push([item, depth + 1]);
			continue;
		}
		for (const key of Object.keys(node)) {
			if (FORBIDDEN_KEYS.has(key)) return `forbidden key ${key}`;
			stack.push([(node as Record<string, unknown>)[key], depth + 1]);
		}
	}
	return null;
}

/** A JSON object: not null, not an array. */
export function isPlainObject(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * An object schema that refuses arrays, for objects nested in a body whose fields are all
 * optional (valibot's own object schemas accept `[]` as an object with no keys).
 */
export function plainObject<S extends v.GenericSchema>(schema: S): S {
	return v.pipe(v.custom<unknown>(isPlainObject, 'expected an object'), schema) as unknown as S;
}

/** `a.b.0.c` from a valibot issue, for the BAD_REQUEST message. */
function issuePath(issue: v.BaseIssue<unknown>): string {
	return issue.path?.map((p) => String(p.key)).join('.') || '(body)';
}

/**
 * Reads and validates a JSON body: 415 UNSUPPORTED_MEDIA_TYPE for a non-JSON content type,
 * 413 TOO_LARGE above 16 KiB, 400 BAD_JSON for bytes that are not JSON (or not UTF-8),
 * 400 BAD_REQUEST for hostile structure or a schema failure (naming the first issue's path).
 */
export async function readJson<S extends v.GenericSchema>(
	request: Request,
	schema: S,
	limit = BODY_LIMIT
): Promise<ReadResult<v.InferOutput<S>>> {
	if (!isJsonContentType(request.headers.get('content-type')))
		return refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be application/json');
	let bytes: Uint8Array | null;
	try {
		bytes = await readLimited(request, limit);
	} catch {
		return refuse(400, 'BAD_JSON', 'the body could not be read');
	}
	if (bytes === null) return refuse(413, 'TOO_LARGE', `the body is larger than ${limit} bytes`);
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
	} catch {
		return refuse(400, 'BAD_JSON', 'the body is not valid JSON');
	}
	const checked = checkJsonText(text, schema);
	return checked.ok ? checked : refuse(checked.status, checked.code, checked.message);
}

export type JsonCheck<T> = { ok: true; value: T } | { ok: false; status: 400; code: 'BAD_JSON' | 'BAD_REQUEST'; message: string };

/**
 * The checks of `readJson` after the bytes: JSON, hostile structure, an object, the schema. Also
 * for what arrives over a socket (a move, issue 16), which must be judged exactly as the HTTP body.
 */
export function checkJsonText<S extends v.GenericSchema>(text: string, schema: S): JsonCheck<v.InferOutput<S>> {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { ok: false, status: 400, code: 'BAD_JSON', message: 'the body is not valid JSON' };
	}
	return checkJsonValue(data, schema);
}

/** The checks of `checkJsonText` on JSON already parsed. */
export function checkJsonValue<S extends v.GenericSchema>(data: unknown, schema: S): JsonCheck<v.InferOutput<S>> {
	const no = (code: 'BAD_JSON' | 'BAD_REQUEST', message: string) => ({ ok: false, status: 400, code, message }) as const;
	const hostile = hostileJson(data);
	if (hostile) return no('BAD_REQUEST', `refused: ${hostile}`);
	// Every body of this API is an object. valibot's object schemas take arrays too (typeof
	// 'object'), so `[]` passed where all fields are optional — e.g. POST /api/me/inbox read as
	// "mark everything read" (issue 10). Nested objects: `plainObject` below.
	if (!isPlainObject(data)) return no('BAD_REQUEST', '(body): expected a JSON object');
	const parsed = v.safeParse(schema, data);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		// valibot's own messages end in `Received "<the input>"`: cut off (ours never have it).
		const expected = issue.expected ? `expected ${issue.expected}` : issue.message.replace(/:?\s*Received\b[\s\S]*$/, '');
		// The received value is left out: it is the client's own input, but echoing it serves nobody.
		return no('BAD_REQUEST', `${issuePath(issue)}: ${expected}`.slice(0, 200));
	}
	return { ok: true, value: parsed.output };
}

/**
 * For POSTs whose body carries nothing required (leave, start): no body at all (and no content
 * type) reads as `{}`; anything else goes through `readJson` and its checks.
 */
export async function readOptionalJson<S extends v.GenericSchema>(
	request: Request,
	schema: S
): Promise<ReadResult<v.InferOutput<S>>> {
	if (request.headers.get('content-type') === null) {
		let bytes: Uint8Array | null;
		try {
			bytes = await readLimited(request, BODY_LIMIT);
		} catch {
			return refuse(400, 'BAD_JSON', 'the body could not be read');
		}
		if (bytes === null) return refuse(413, 'TOO_LARGE', `the body is larger than ${BODY_LIMIT} bytes`);
		if (bytes.byteLength > 0) return refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be application/json');
		const parsed = v.safeParse(schema, {});
		if (parsed.success) return { ok: true, value: parsed.output };
		return refuse(400, 'BAD_REQUEST', 'a JSON body is required');
	}
	return readJson(request, schema);
}
