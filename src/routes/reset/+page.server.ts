/**
 * The page of a reset link (`/reset#<token>`). The token is in the fragment, which browsers never
 * send: it reaches the server only in the body of the page's POST to /api/auth/reset, never in a
 * URL, log or Referer; `Referrer-Policy: no-referrer` besides, and `no-store`.
 */
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ setHeaders }) => {
	setHeaders({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
};
