/**
 * The user's hub socket (GET /api/me/socket, server/notify/UserHub.ts), one per open page: the live
 * unread count for the badge, and word that one of the user's games changed so that open lists load
 * again (issue 12). The layout opens it; pages read `hub`.
 */
import { SESSION_ENDED } from '$lib/protocol/socket';

export const hub = $state({
	/** The live unread count; null until the hub says one (the page load's count stands until then). */
	unread: null as number | null,
	/** Counts 'games' messages: a page that lists games loads again when it changes. */
	games: 0
});

/** Opens the socket, reconnecting with backoff; answers the cleanup. `ended`: the session ended. */
export function connectHub(ended: () => void): () => void {
	let ws: WebSocket | null = null;
	let closed = false;
	let delay = 1000;
	const open = () => {
		ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/me/socket`);
		ws.onmessage = (e) => {
			try {
				const msg = JSON.parse(String(e.data));
				if (msg?.type === 'inbox' && typeof msg.unread === 'number') hub.unread = msg.unread;
				else if (msg?.type === 'games') hub.games++;
			} catch {
				/* not ours */
			}
		};
		ws.onopen = () => (delay = 1000);
		ws.onclose = (e) => {
			// The session ended (signed out, revoked): no reconnect; the pages load again signed out.
			if (e.code === SESSION_ENDED) {
				closed = true;
				ended();
				return;
			}
			if (!closed) setTimeout(open, (delay = Math.min(delay * 2, 60_000)));
		};
	};
	open();
	return () => {
		closed = true;
		ws?.close(1000);
	};
}
