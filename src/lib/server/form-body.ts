/**
 * Form posts to the pages' actions (/signin, /signup, /unsubscribe, /settings/sessions?/revoke,
 * their /de/ twins, and any later one). SvelteKit passes any body with a form content type
 * (urlencoded, multipart, text/plain) to the action, whose `request.formData()` then throws on
 * what it cannot parse — a text/plain or UTF-16 body, a broken or boundless multipart — and the
 * visitor got a 500 (issue 10: 129 of 380 hostile form posts). So the body of every page POST is
 * read here first, once, within a limit, and parsed; what no browser's form would send is answered
 * 4xx with a clear message before any action runs, and the actions get a body they can read
 * (`field` reads one).
 */
import { readLimited } from './http';

/** Far above any form of the site (the largest is sign-up: three short fields). */
export const FORM_LIMIT = 64 * 1024;
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export type FormCheck = { ok: true; request: Request } | { ok: false; status: 400 | 413 | 415; message: string };

const refuse = (status: 400 | 413 | 415, message: string): FormCheck => ({ ok: false, status, message });

/** The parameters of a content type, lowercased names: `multipart/form-data; boundary=x` → {boundary: 'x'}. */
function params(type: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const part of type.split(';').slice(1)) {
		const i = part.indexOf('=');
		if (i > 0) out[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim().replace(/^"|"$/g, '');
	}
	return out;
}

/**
 * Checks the body of a request to a page. Not a form body at all (no content type, JSON, …):
 * passed on untouched — SvelteKit answers 415 or 405 itself. A form body: read (≤ FORM_LIMIT),
 * parsed, and handed on as a fresh request with the same bytes; or refused.
 */
export async function checkFormBody(request: Request): Promise<FormCheck> {
	if (request.method === 'GET' || request.method === 'HEAD') return { ok: true, request };
	const type = request.headers.get('content-type') ?? '';
	const mime = type.split(';')[0].trim().toLowerCase();
	if (mime === 'text/plain') return refuse(415, 'Forms are sent as application/x-www-form-urlencoded or multipart/form-data.');
	if (!FORM_TYPES.has(mime)) return { ok: true, request };
	const p = params(type);
	if (p.charset && !/^utf-?8$/i.test(p.charset)) return refuse(415, 'Forms are sent in UTF-8.');
	if (mime === 'multipart/form-data' && !p.boundary) return refuse(400, 'The form could not be read: a multipart body needs its boundary.');
	let bytes: Uint8Array<ArrayBuffer> | null;
	try {
		bytes = (await readLimited(request, FORM_LIMIT)) as Uint8Array<ArrayBuffer> | null;
	} catch {
		return refuse(400, 'The form could not be read.');
	}
	if (bytes === null) return refuse(413, `The form is larger than ${FORM_LIMIT} bytes.`);
	try {
		if (mime === 'application/x-www-form-urlencoded') new TextDecoder('utf-8', { fatal: true }).decode(bytes);
		else await new Response(bytes, { headers: { 'content-type': type } }).formData();
	} catch {
		return refuse(400, 'The form could not be read.');
	}
	// The copy keeps Cloudflare's `cf` (a sign-in stores its country and city with the session).
	const cf = (request as { cf?: unknown }).cf;
	return { ok: true, request: new Request(request.url, { method: request.method, headers: request.headers, body: bytes, ...(cf ? { cf } : {}) } as RequestInit) };
}

/**
 * `?/default` names SvelteKit's reserved action, which it refuses by throwing a plain Error — a 500.
 * Such a URL comes from no page of ours.
 */
export function reservedActionName(url: URL): boolean {
	for (const key of url.searchParams.keys()) if (key.startsWith('/')) return key === '/default';
	return false;
}

/** A form field as a string; files and missing fields become ''. */
export function field(data: FormData, name: string): string {
	const value = data.get(name);
	return typeof value === 'string' ? value : '';
}
