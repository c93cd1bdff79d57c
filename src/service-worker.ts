/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/**
 * Rongo's service worker: Web Push only (docs/notifications.md "Web Push"). SvelteKit builds and
 * registers it. Deliberately no `fetch` handler and no cache: pages depend on the session, and a
 * cached page could show one account's games to the next person on the device.
 *
 * The payload is what src/lib/server/notify/push.ts sends: `{title, body, url, tag}`.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

interface PushPayload {
	title?: string;
	body?: string;
	url?: string;
	tag?: string;
}

// A new version takes over at once: it holds no state that an old page could depend on.
sw.addEventListener('install', () => {
	sw.skipWaiting();
});
sw.addEventListener('activate', (event) => {
	event.waitUntil(sw.clients.claim());
});

/** Only this site's own pages: a payload can never send the user elsewhere. */
function sameOriginUrl(url: unknown): string {
	try {
		const u = new URL(typeof url === 'string' ? url : '/', sw.location.origin);
		return u.origin === sw.location.origin ? u.href : sw.location.origin + '/';
	} catch {
		return sw.location.origin + '/';
	}
}

sw.addEventListener('push', (event) => {
	let data: PushPayload = {};
	try {
		data = (event.data?.json() ?? {}) as PushPayload;
	} catch {
		/* not JSON: show the generic notification below */
	}
	// userVisibleOnly: every push must show a notification, even a malformed one.
	event.waitUntil(
		sw.registration.showNotification(data.title || 'Rongo', {
			body: data.body ?? '',
			tag: data.tag,
			data: { url: sameOriginUrl(data.url) }
		})
	);
});

sw.addEventListener('notificationclick', (event) => {
	event.notification.close();
	const url = sameOriginUrl((event.notification.data as { url?: string } | null)?.url);
	event.waitUntil(
		(async () => {
			const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
			// Another Rongo tab is left alone: it may hold a move being composed.
			const open = tabs.find((c) => c.url.split('#')[0] === url.split('#')[0]);
			if (open) await open.focus();
			else await sw.clients.openWindow(url);
		})()
	);
});
