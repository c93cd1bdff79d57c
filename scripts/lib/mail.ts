/**
 * Mails of the development mailbox (DEV_MAILBOX=1), read from /dev/mailbox as a person would find
 * them there. Issue 15: email notifications go to a verified address only, so the e2e tests that
 * expect a notification mail, and the seed of `npm start`, first confirm the address through the
 * link mailed to it.
 */
import type { Client } from './client';

/** The newest `/verify#…` or `/reset#…` link mailed to `address` (waits up to 10 s for it). */
export async function mailedLink(base: string, address: string, kind: 'verify' | 'reset'): Promise<string> {
	for (let i = 0; i < 100; i++) {
		const html = await (await fetch(`${base}/dev/mailbox`)).text();
		// The mailbox lists mails newest first, one <article> each.
		for (const article of html.split('<article').slice(1)) {
			if (!article.includes(`>${address}</dd>`)) continue;
			const link = new RegExp(`https?://[^\\s<"]+/${kind}#[a-z2-7]{32}`).exec(article);
			if (link) return link[0];
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`no ${kind} link mailed to ${address}`);
}

/** Confirms `client`'s address through the link mailed to it (POST /api/auth/verify). */
export async function confirmAddress(base: string, client: Client, address: string): Promise<void> {
	const link = await mailedLink(base, address, 'verify');
	await client.api('POST', '/api/auth/verify', { token: link.split('#')[1] });
}
