/**
 * /dev/mailbox: the emails a development server "sent" (DEV_MAILBOX is "1": `npm start`, the
 * end-to-end and worker tests), newest first, so a newcomer sees what players would get.
 * Everywhere else — production — the page does not exist (404), whoever asks.
 */
import { error } from '@sveltejs/kit';
import { desc } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import { getDb } from '$lib/server/db';
import { devMailbox } from '$lib/server/db/schema';

const LIMIT = 100;

function devEnv(platform: App.Platform | undefined) {
	const env = platform?.env;
	if (env?.DEV_MAILBOX !== '1' || !env.DB) error(404, 'Not found');
	return env;
}

function headersOf(json: string): Record<string, string> {
	try {
		const h = JSON.parse(json);
		return h && typeof h === 'object' ? h : {};
	} catch {
		return {};
	}
}

export const load: PageServerLoad = async ({ platform, setHeaders }) => {
	const env = devEnv(platform);
	setHeaders({ 'cache-control': 'no-store' });
	const rows = await getDb(env.DB).select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(LIMIT);
	return {
		mails: rows.map((r) => ({
			id: r.id,
			to: r.to,
			subject: r.subject,
			text: r.text,
			html: r.html,
			headers: headersOf(r.headers),
			createdAt: r.createdAt
		}))
	};
};

export const actions: Actions = {
	clear: async ({ platform }) => {
		const env = devEnv(platform);
		await getDb(env.DB).delete(devMailbox);
		return { cleared: true };
	}
};
