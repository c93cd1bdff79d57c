/**
 * RFC 8058 one-click unsubscribe: the `List-Unsubscribe` header of every email points here. Mail
 * providers (Gmail's, Outlook's "Unsubscribe" button) POST `List-Unsubscribe=One-Click` from
 * their servers — no cookie, no Origin header — so the signed token in `?t=` is the only
 * authorization, and hooks.server.ts exempts exactly this path from the Origin check.
 * A GET (a client that opens the header's link in a browser) changes nothing: it redirects
 * to the page that asks first.
 */
import { redirect, type RequestHandler } from '@sveltejs/kit';
import { apiError, jsonResponse } from '$lib/server/http';
import { tokenUser, turnOff } from '$lib/server/notify/unsubscribe';

/** The body is one short field; anything longer is not a one-click request. */
const LIMIT = 2048;

async function readSmall(request: Request): Promise<string | null> {
	if (!request.body) return '';
	const reader = request.body.getReader();
	let text = '';
	const decoder = new TextDecoder();
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > LIMIT) {
			await reader.cancel().catch(() => {});
			return null;
		}
		text += decoder.decode(value, { stream: true });
	}
	return text + decoder.decode();
}

/** `List-Unsubscribe=One-Click`, urlencoded (RFC 8058 §3.1) or as a multipart field. */
function isOneClick(type: string, body: string): boolean {
	if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
	if (type.startsWith('multipart/form-data')) return /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
	return false;
}

export const POST: RequestHandler = async ({ request, url, platform }) => {
	const env = platform?.env;
	if (!env?.DB) return apiError(503, 'UNAVAILABLE', 'the service is not available');
	const body = await readSmall(request);
	const type = (request.headers.get('content-type') ?? '').toLowerCase();
	if (body === null || !isOneClick(type, body))
		return apiError(400, 'BAD_REQUEST', 'expected the form body List-Unsubscribe=One-Click');
	const user = await tokenUser(env, url.searchParams.get('t'), 'email', Date.now());
	if (!user) return apiError(400, 'INVALID_TOKEN', 'the unsubscribe link is invalid or expired');
	await turnOff(env.DB, user.id, 'email');
	return jsonResponse({ ok: true, channel: 'email', mode: 'off' });
};

export const GET: RequestHandler = ({ url }) => {
	const t = url.searchParams.get('t') ?? '';
	redirect(303, `/unsubscribe?t=${encodeURIComponent(t)}`);
};
