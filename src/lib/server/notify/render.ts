/**
 * A notification in the recipient's words and language. Everything comes from the event's public
 * facts (types.ts EventData): names, the recipient's own seat, the phase, public log entries,
 * deadlines and final scores. No sealed decision, seed or email can appear: they are never in an
 * event in the first place.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { getServerAsyncLocalStorage, overwriteServerAsyncLocalStorage } from '$lib/paraglide/runtime';
import { LEGACY_KIND_ID, kindOf } from '$lib/games';
import type { Message, NotifyEvent, Recipient } from './types';
import { botNumber, isDeletedPlayer } from '$lib/protocol/people';

/**
 * A seat's name in the recipient's language: a bot's marker (issue 34) reads "Bot" / "Bot 2", a
 * deleted player's "deleted player" — as src/lib/ui/names.ts shows them on the pages (which the
 * server may not import).
 */
function shownName(username: string): string {
	if (isDeletedPlayer(username)) return m.leave_deleted_player();
	const bot = botNumber(username);
	return bot === null ? username : bot === 1 ? m.bot_name() : m.bot_name_n({ n: String(bot) });
}

type Locale = 'en' | 'de';

/**
 * Runs `fn` with Paraglide's locale set to `locale`, the way a request does (the runtime reads it
 * from its AsyncLocalStorage): the postman renders for many recipients outside any request.
 */
export function inLocale<T>(locale: Locale, fn: () => T): T {
	let als = getServerAsyncLocalStorage();
	if (!als) {
		als = new AsyncLocalStorage() as never;
		overwriteServerAsyncLocalStorage(als);
	}
	return als!.run({ locale } as never, fn);
}

export function gameUrl(origin: string, gameId: string, locale: Locale): string {
	return `${origin}${locale === 'de' ? '/de' : ''}/games/${encodeURIComponent(gameId)}`;
}

function timeLeft(deadline: number | null | undefined, now: number): string {
	if (!deadline) return '';
	const h = Math.max(0, Math.round((deadline - now) / 3_600_000));
	return h >= 48 ? m.notify_days_left({ count: Math.round(h / 24) }) : m.notify_hours_left({ count: h });
}

/** One event as a message for its recipient. `now` only words the time left. */
export function renderEvent(e: NotifyEvent, to: Recipient, origin: string, now: number): Message {
	return inLocale(to.locale, () => {
		const d = e.data;
		// The event names its kind, whose texts word the phase and the log (issue 11); events from
		// before kinds are games of the first kind. An unknown kind is rendered without its words.
		const kind = kindOf(d.kind ?? LEGACY_KIND_ID);
		const game = kind ? kind.texts.name() : m.notify_a_game();
		const name = (seat: number) => (d.names[seat] === undefined ? `#${seat + 1}` : shownName(d.names[seat]));
		// An invitation's link carries the game's invite code: it is the recipient's way in (issue 15).
		const url = gameUrl(origin, e.gameId, to.locale) + (e.kind === 'invite' && d.invite ? `?invite=${encodeURIComponent(d.invite)}` : '');
		const phase = kind ? kind.texts.phase(d.phase) : d.phase;
		const where = d.round === null || d.round === undefined ? m.notify_where_phase({ phase }) : m.notify_where({ round: String(d.round), phase });
		const lines = kind ? d.since.flatMap((b) => b.log.map((entry) => kind.texts.logLine(entry, name))) : [];
		if (d.more) lines.unshift(m.notify_more_before());
		const left = timeLeft(d.deadline, now);
		let subject: string;
		let text: string;
		switch (e.kind) {
			case 'turn':
				subject = m.notify_turn_subject({ game, where });
				// Issue 12: "Time left: 3 days left" said it twice; without a deadline it says nothing.
				text = left ? m.notify_turn_text_left({ game, name: to.username, where, left }) : m.notify_turn_text({ game, name: to.username, where });
				break;
			case 'reminder':
				subject = m.notify_reminder_subject({ game, count: d.hoursLeft ?? 0 });
				text = m.notify_reminder_text({ game, name: to.username, count: d.hoursLeft ?? 0, where });
				break;
			case 'timeout':
				subject = m.notify_timeout_subject({ game });
				text = m.notify_timeout_text({ game, name: to.username, where, auto: kind && d.auto ? kind.texts.auto(d.auto) : '—' });
				break;
			case 'dropped':
				subject = m.notify_dropped_subject({ game });
				text = m.notify_dropped_text({ name: to.username });
				break;
			case 'player_deleted':
				subject = m.leave_notify_subject({ game });
				text = m.leave_notify_text({ name: to.username, seat: String((d.deletedSeat ?? 0) + 1) });
				break;
			case 'chat': {
				// Never the text (docs/chat.md): only who wrote at which table.
				const author = name(d.author ?? -1);
				subject = m.chat_notify_subject({ name: author, game });
				text = m.chat_notify_text({ name: author, game });
				break;
			}
			case 'finished': {
				const scores = (d.scores ?? []).map((s, seat) => `${name(seat)} ${s}`).join(', ');
				// A draw says so; events from before issue 29 have no `result` (none of their games was a draw).
				if (d.result === 'draw' || (d.winners && d.winners.length === 0)) {
					subject = m.notify_finished_draw_subject({ game });
					text = m.notify_finished_draw_text({ scores });
					break;
				}
				const winners = (d.winners ?? []).map(name).join(', ');
				const count = d.winners?.length ?? 1;
				subject = m.notify_finished_subject({ game, winners, count });
				text = m.notify_finished_text({ scores, winners, count });
				break;
			}
			case 'invite':
				subject = d.rematchOf ? m.again_rematch_subject({ game, from: d.from ?? '' }) : m.again_invite_subject({ game, from: d.from ?? '' });
				text = d.rematchOf ? m.again_rematch_text({ game, from: d.from ?? '', name: to.username }) : m.again_invite_text({ game, from: d.from ?? '', name: to.username });
				break;
		}
		return { subject, text, url, lines };
	});
}

/** The daily digest: one message listing several events (each in one line). */
export function renderDigest(events: NotifyEvent[], to: Recipient, origin: string, now: number): Message {
	return inLocale(to.locale, () => {
		const lines = events.map((e) => {
			const one = renderEvent(e, to, origin, now);
			return `${one.subject} — ${one.url}`;
		});
		const url = `${origin}${to.locale === 'de' ? '/de' : ''}/games`;
		return {
			subject: m.notify_digest_subject({ count: events.length }),
			text: m.notify_digest_text({ name: to.username, count: events.length }),
			url,
			lines
		};
	});
}

/** "Giants with ben, caro": the game's kind and the other players (issue 32), in the current locale. */
function label(e: NotifyEvent): string {
	const kind = kindOf(e.data.kind ?? LEGACY_KIND_ID);
	const game = kind ? kind.texts.name() : m.notify_a_game();
	const others = e.data.names.filter((n, seat) => seat !== e.data.seat && !!n).map(shownName);
	return others.length ? m.notify_trip_game({ game, others: others.join(', ') }) : game;
}

/** `label` for one event, in `locale` (the grouped inbox, issue 32). */
export function gameLabel(e: NotifyEvent, locale: Locale): string {
	return inLocale(locale, () => label(e));
}

/**
 * One message for a trip (issue 32, grace.ts): the "your turn" events told together. One game keeps
 * the single turn's message (its newest event: the moves since the recipient's last move); several
 * say how many and name each ("Your turn in 3 games: Giants with ben, caro; Moa with ana; …"),
 * oldest first, and link the dashboard.
 */
export function renderTrip(events: NotifyEvent[], to: Recipient, origin: string, now: number): Message {
	const newest = new Map<string, NotifyEvent>();
	for (const e of [...events].sort((a, b) => a.createdAt - b.createdAt || a.version - b.version)) {
		newest.set(e.gameId, e); // a game keeps the place of its first turn, with its newest event
	}
	const games = [...newest.values()];
	if (games.length <= 1) return renderEvent(games[0] ?? events[0], to, origin, now);
	return inLocale(to.locale, () => {
		const lines = games.map((e) => {
			const kind = kindOf(e.data.kind ?? LEGACY_KIND_ID);
			const phase = kind ? kind.texts.phase(e.data.phase) : e.data.phase;
			const where = e.data.round === null || e.data.round === undefined ? m.notify_where_phase({ phase }) : m.notify_where({ round: String(e.data.round), phase });
			return m.notify_trip_line({ label: label(e), where, url: gameUrl(origin, e.gameId, to.locale) });
		});
		return {
			subject: m.notify_trip_subject({ count: games.length }),
			text: m.notify_trip_text({ name: to.username, count: games.length, games: games.map(label).join('; ') }),
			url: `${origin}${to.locale === 'de' ? '/de' : ''}/games`,
			lines,
			heading: m.notify_trip_heading(),
			action: m.notify_trip_open()
		};
	});
}
