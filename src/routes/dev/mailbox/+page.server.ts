/**
 * /dev/mailbox: the emails a development server "sent" (DEV_MAILBOX is "1": `npm start`, the
 * end-to-end and worker tests), newest first, so a newcomer sees what players would get.
 * Everywhere else — production, or any address but this machine's — the page does not exist
 * (404), whoever asks. The page says what it shows: every user's mail, to anyone who opens it.
 */
import { error } from '@sveltejs/kit';
import { desc } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import { getDb } from '$lib/server/db';
import { devMailbox as mailboxTable } from '$lib/server/db/schema';
import { devMailbox } from '$lib/server/dev';

const LIMIT = 100;

/** Only on a development server (src/lib/server/dev.ts: DEV_MAILBOX=1 and this machine's address); elsewhere 404. */
function devEnv(platform: App.Platform | undefined, url: URL) {
	const env = platform?.env;
	if (!env?.DB || !devMailbox(env, url)) error(404, 'Not found');
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

export const load: PageServerLoad = async ({ platform, setHeaders, url }) => {
	const env = devEnv(platform, url);
	setHeaders({ 'cache-control': 'no-store' });
	const rows = await getDb(env.DB).select().from(mailboxTable).orderBy(desc(mailboxTable.createdAt)).limit(LIMIT);
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
	clear: async ({ platform, url }) => {
		const env = devEnv(platform, url);
		await getDb(env.DB).delete(mailboxTable);
		return { cleared: true };
	}
};
