/**
 * The page of a verification link (`/verify#<token>`): a button that confirms (POST
 * /api/auth/verify), so a mail scanner that only fetches the link confirms nothing. Token in the
 * fragment as on /reset (no URL, log or Referer carries it); `Referrer-Policy: no-referrer` and
 * `no-store` besides.
 */
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ setHeaders, locals }) => {
	setHeaders({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
	return { signedIn: !!locals.user };
};
