/**
 * Content-Security-Policy helpers for the end-to-end tests: read a policy into its directives, and
 * watch a Chromium page for violations.
 */
import type { Page } from 'playwright-core';

/** `"a 'b' c; d"` → `{ a: ["'b'", 'c'], d: [] }` (directive names lowercased, as browsers do). */
export function parseCsp(policy: string): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const part of policy.split(';')) {
		const [name, ...values] = part.trim().split(/\s+/);
		if (name) out[name.toLowerCase()] = values;
	}
	return out;
}

export interface CspWatch {
	/**
	 * The violations seen: the current document's `securitypolicyviolation` events (directive,
	 * blocked URI, sample) and every "Refused to …" console line since the watch began.
	 */
	violations(): Promise<string[]>;
}

/**
 * Starts watching before the page loads. Two sources, because neither sees everything: the
 * `securitypolicyviolation` event of the top document (added as an init script, so it is listening
 * before the page's first script), and Chromium's console message for each refusal, which also
 * covers the page's frames (the dev mailbox shows mails in an iframe).
 */
export async function watchCsp(page: Page): Promise<CspWatch> {
	// Once per page: a page reused for a second round would otherwise count every refusal twice.
	const known = watches.get(page);
	if (known) return known;
	const logged: string[] = [];
	page.on('console', (msg) => {
		const text = msg.text();
		if (/Content Security Policy|Refused to/i.test(text)) logged.push(`console: ${text}`);
	});
	// Init scripts are injected by DevTools and are not subject to the page's CSP.
	await page.addInitScript(() => {
		const seen: string[] = [];
		(window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
		window.addEventListener(
			'securitypolicyviolation',
			(e) => seen.push(`event: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} ${e.sample}`.trim()),
			true
		);
	});
	const watch: CspWatch = {
		async violations() {
			const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
			return [...events, ...logged];
		}
	};
	watches.set(page, watch);
	return watch;
}

const watches = new WeakMap<Page, CspWatch>();
