/**
 * The security headers of every response the Worker produces (docs/security.md "Headers and
 * Content-Security-Policy"). Pages get their full Content-Security-Policy from SvelteKit
 * (`kit.csp` in svelte.config.js, a fresh nonce per response); this adds the rest, and a policy for
 * the responses SvelteKit gives none: JSON, redirects, refusals of the Origin check.
 *
 * Files Cloudflare serves from the static assets (the prerendered pages, /_app/…) never reach the
 * Worker; `_headers` gives them the same headers, and security-headers.test.ts keeps it in step.
 */

/** Set on every response unless a route set its own (/unsubscribe: `Referrer-Policy: no-referrer`). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
	// A response is only ever what its Content-Type says: with `script-src 'self'`, this is what
	// keeps our own JSON answers from being loaded as scripts (the JSONP-style bypass of 'self').
	'X-Content-Type-Options': 'nosniff',
	// Other sites see our origin, never a path (/invite/:code, /games/:id are capabilities).
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	// frame-ancestors for browsers that predate it.
	'X-Frame-Options': 'DENY',
	// A page we open, or that opens us, gets no handle on our window (no OAuth or payment popups
	// need one).
	'Cross-Origin-Opener-Policy': 'same-origin',
	// Nothing here uses them; an injected script or a framed page cannot ask for them either.
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=()'
};

/**
 * For a response without a policy of its own. Nothing it could be rendered as (JSON opened as a
 * document, a redirect's body) needs to load anything, and nobody may frame it.
 */
export const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** `response` with the headers above; a copy if its headers are immutable (e.g. a stub's answer). */
export function withSecurityHeaders(response: Response): Response {
	// A WebSocket handshake is no document: nothing to sniff, frame or refer from. (Its Response
	// cannot be copied either: the webSocket would be lost.)
	if (response.status === 101) return response;
	let res = response;
	try {
		res.headers.set('X-Content-Type-Options', SECURITY_HEADERS['X-Content-Type-Options']);
	} catch {
		res = new Response(response.body, response);
	}
	for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
		if (!res.headers.has(name)) res.headers.set(name, value);
	}
	// SvelteKit's page policy (nonce or hashes) already says frame-ancestors 'none'.
	if (!res.headers.has('Content-Security-Policy')) res.headers.set('Content-Security-Policy', FALLBACK_CSP);
	return res;
}
