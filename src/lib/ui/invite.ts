/**
 * A private game is seen by its players and by whoever holds its invite link (issue 10); the
 * invite page sends such a watcher to `/games/:id?invite=<code>`, and the game and history pages
 * pass the code on to every request for the game (view, log, socket, export).
 */
export function inviteQuery(url: URL): string {
	const code = url.searchParams.get('invite');
	return code && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? `?invite=${encodeURIComponent(code)}` : '';
}
