/**
 * The token of a verification or reset link (`/verify#<token>`, `/reset#<token>`, issue 15): read
 * from the fragment — which browsers never send to a server — and then removed from the address
 * bar and the history entry, so it is not left behind in either.
 */
export function linkToken(): string {
	const token = location.hash.slice(1);
	if (token) history.replaceState(history.state, '', location.pathname + location.search);
	return /^[a-z2-7]{32}$/.test(token) ? token : '';
}

/**
 * POSTs a link's token to the JSON API. These pages answer `Referrer-Policy: no-referrer`, under
 * which browsers send `Origin: null` with a form post or a plain fetch — and the Worker refuses
 * writes without this site's Origin (src/lib/server/auth/handle.ts). This one request asks for
 * `same-origin`: it goes only to this site, so the Origin is sent and nothing else changes.
 */
export async function postLink<T>(path: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; code: string }> {
	try {
		const res = await fetch(path, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: JSON.stringify(body),
			referrerPolicy: 'same-origin',
			credentials: 'same-origin'
		});
		const data = await res.json().catch(() => null);
		if (res.ok) return { ok: true, data: data as T };
		return { ok: false, code: typeof data?.code === 'string' ? data.code : `HTTP_${res.status}` };
	} catch {
		return { ok: false, code: 'NETWORK' };
	}
}
