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
