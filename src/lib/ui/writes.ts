/**
 * Read-your-writes after a move answered over the socket (issue 16): no response set the server's
 * cookie, so the page writes its own (protocol/writes.ts), which the lists read as well.
 */
import { PAGE_WRITES_COOKIE, WRITES_KEPT_S, withWrite } from '$lib/protocol/writes';

export function rememberPageWrite(gameId: string, version: number): void {
	if (typeof document === 'undefined') return;
	const current = document.cookie
		.split('; ')
		.find((c) => c.startsWith(`${PAGE_WRITES_COOKIE}=`))
		?.slice(PAGE_WRITES_COOKIE.length + 1);
	const secure = location.protocol === 'https:' ? '; secure' : '';
	document.cookie = `${PAGE_WRITES_COOKIE}=${withWrite(current, gameId, version)}; path=/; max-age=${WRITES_KEPT_S}; samesite=lax${secure}`;
}
