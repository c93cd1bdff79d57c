import { devServer } from '$lib/server/dev';
import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { CHANNELS, MODES, type Channel, type Mode } from '$lib/server/db/schema';
import { DEFAULT_CHAT_MODE, DEFAULT_MODE } from '$lib/server/notify/delivery';
import { DEFAULT_GRACE_MINUTES, GRACE_CHOICES, type GraceMinutes } from '$lib/server/notify/grace';
import { validTimeZone } from '$lib/server/time-zone';
import { validWebhookUrl } from '$lib/server/notify/webhook';
import { apiError, jsonResponse, plainObject, readJson } from '$lib/server/http';
import { signedIn } from '$lib/server/games';
import { changeEmail } from '$lib/server/auth/email-verification';
import { linkOrigin } from '$lib/server/auth/email-tokens';

export interface NotificationSettings {
	locale: 'en' | 'de';
	timeZone: string;
	/** Minutes after local midnight; equal: no quiet hours. */
	quietStart: number;
	quietEnd: number;
	/**
	 * Issue 32: minutes a "your turn" waits before email, push and webhooks tell it (one of
	 * GRACE_CHOICES: 0, 5, 10, 30, 60; default 10). In-app is immediate.
	 */
	graceMinutes: GraceMinutes;
	email: string | null;
	/** Issue 15: email notifications go to a verified address only (/settings/account verifies). */
	emailVerified: boolean;
	webhookUrl: string | null;
	modes: Record<Channel, Mode>;
	/** Table talk (issue 15, docs/chat.md): per channel, never above `modes`; default off for email. */
	chatModes: Record<Channel, Mode>;
	/**
	 * Whether the channel can deliver at all (issue 12): in-app always; email with an address; push
	 * with a subscribed browser; a webhook with its URL. A channel that cannot is not "every turn".
	 */
	can: Record<Channel, boolean>;
}

async function read(db: Env['DB'], userId: string): Promise<NotificationSettings> {
	const u = await db
		.prepare('SELECT locale, time_zone, quiet_start, quiet_end, grace_minutes, email, email_verified_at, webhook_url FROM users WHERE id = ?1')
		.bind(userId)
		.first<{ locale: string; time_zone: string; quiet_start: number; quiet_end: number; grace_minutes: number; email: string | null; email_verified_at: number | null; webhook_url: string | null }>();
	const prefs = (await db.prepare('SELECT channel, mode FROM notification_prefs WHERE user_id = ?1').bind(userId).all<{ channel: Channel; mode: Mode }>())
		.results;
	const modes = { ...DEFAULT_MODE };
	for (const p of prefs) modes[p.channel] = p.mode;
	const chatModes = { ...DEFAULT_CHAT_MODE };
	for (const p of (await db.prepare('SELECT channel, mode FROM chat_prefs WHERE user_id = ?1').bind(userId).all<{ channel: Channel; mode: Mode }>()).results)
		chatModes[p.channel] = p.mode;
	const push = await db.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?1').bind(userId).first<{ n: number }>();
	return {
		locale: u?.locale === 'de' ? 'de' : 'en',
		timeZone: u?.time_zone ?? 'UTC',
		quietStart: u?.quiet_start ?? 0,
		quietEnd: u?.quiet_end ?? 0,
		graceMinutes: (GRACE_CHOICES as readonly number[]).includes(u?.grace_minutes ?? -1) ? (u!.grace_minutes as GraceMinutes) : DEFAULT_GRACE_MINUTES,
		email: u?.email ?? null,
		emailVerified: !!u?.email && u.email_verified_at !== null,
		webhookUrl: u?.webhook_url ?? null,
		modes,
		chatModes,
		can: { inapp: true, email: !!u?.email && u.email_verified_at !== null, push: (push?.n ?? 0) > 0, webhook: !!u?.webhook_url }
	};
}

/** GET → NotificationSettings: the caller's own (the email address goes to its owner only). */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	return jsonResponse(await read(e.DB, user.id));
};

const Minutes = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1439));
/** Issue 32: one of the offered grace times; anything else is BAD_GRACE (a stable code of its own). */
const Grace = v.picklist(GRACE_CHOICES);
const Body = v.strictObject({
	locale: v.optional(v.picklist(['en', 'de'])),
	timeZone: v.optional(v.pipe(v.string(), v.maxLength(64))),
	quietStart: v.optional(Minutes),
	quietEnd: v.optional(Minutes),
	graceMinutes: v.optional(v.unknown()),
	email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email()))),
	webhookUrl: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500)))),
	modes: v.optional(plainObject(v.partial(v.strictObject(Object.fromEntries(CHANNELS.map((c) => [c, v.picklist(MODES)])) as Record<Channel, v.PicklistSchema<typeof MODES, undefined>>)))),
	chatModes: v.optional(plainObject(v.partial(v.strictObject(Object.fromEntries(CHANNELS.map((c) => [c, v.picklist(MODES)])) as Record<Channel, v.PicklistSchema<typeof MODES, undefined>>))))
});

/** PUT (any subset of NotificationSettings) → NotificationSettings. */
export const PUT: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const b = body.value;
	if (b.timeZone !== undefined && !validTimeZone(b.timeZone)) return apiError(400, 'BAD_TIME_ZONE', 'unknown time zone');
	const grace = b.graceMinutes === undefined ? undefined : v.safeParse(Grace, b.graceMinutes);
	if (grace && !grace.success) return apiError(400, 'BAD_GRACE', `graceMinutes: one of ${GRACE_CHOICES.join(', ')}`);
	// https to a public host only (no SSRF into private networks); development allows local ones.
	if (b.webhookUrl && !validWebhookUrl(b.webhookUrl, devServer(e, event.url)))
		return apiError(400, 'BAD_WEBHOOK', 'the webhook URL must be https to a public host, without credentials');
	const sets: string[] = [];
	const args: unknown[] = [];
	const col = (name: string, value: unknown) => {
		args.push(value);
		sets.push(`${name} = ?${args.length}`);
	};
	if (b.locale !== undefined) col('locale', b.locale);
	if (b.timeZone !== undefined) col('time_zone', b.timeZone);
	if (b.quietStart !== undefined) col('quiet_start', b.quietStart);
	if (b.quietEnd !== undefined) col('quiet_end', b.quietEnd);
	if (grace?.success) col('grace_minutes', grace.output);
	if (b.webhookUrl !== undefined) col('webhook_url', b.webhookUrl || null);
	if (b.email !== undefined) {
		// Issue 15: a new address is used only once its link is opened (src/lib/server/auth/email-verification.ts);
		// removing it is immediate. The same address again changes nothing.
		const current = await e.DB.prepare('SELECT email FROM users WHERE id = ?1').bind(user.id).first<{ email: string | null }>();
		if ((b.email || null) !== (current?.email ?? null)) {
			const changed = await changeEmail(e, user.id, b.email || null, linkOrigin(e, event.url));
			if (!changed.ok) return apiError(changed.status, changed.code, changed.message);
		}
	}
	const stmts = [];
	if (sets.length) stmts.push(e.DB.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ?${args.length + 1}`).bind(...args, user.id));
	for (const [channel, mode] of Object.entries(b.modes ?? {}))
		stmts.push(
			e.DB.prepare('INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?1, ?2, ?3) ON CONFLICT(user_id, channel) DO UPDATE SET mode = excluded.mode').bind(
				user.id,
				channel,
				mode
			)
		);
	for (const [channel, mode] of Object.entries(b.chatModes ?? {}))
		stmts.push(
			e.DB.prepare('INSERT INTO chat_prefs (user_id, channel, mode) VALUES (?1, ?2, ?3) ON CONFLICT(user_id, channel) DO UPDATE SET mode = excluded.mode').bind(user.id, channel, mode)
		);
	if (stmts.length) await e.DB.batch(stmts);
	return jsonResponse(await read(e.DB, user.id));
};
