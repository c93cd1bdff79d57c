/**
 * Take-away's words (en + de through the kind's Paraglide messages, ./messages/): the `texts` the
 * platform asks a kind for. Shared by the server (notifications) and the browser (log, lists).
 */
import { m } from '$lib/paraglide/messages';
import type { KindTexts } from '$lib/engine';
import type { TakeawayEntry } from './kind';

export function logText(e: TakeawayEntry, nameOf: (seat: number) => string): string {
	switch (e.type) {
		case 'start':
			return m.takeaway_log_start({ name: nameOf(e.seat) });
		case 'take':
			return m.takeaway_log_take({ name: nameOf(e.seat), count: e.n, left: e.left });
		case 'pass':
			return m.takeaway_log_pass({ name: nameOf(e.seat) });
		case 'over':
			return m.takeaway_log_over({ name: nameOf(e.winner) });
		case 'draw':
			return m.takeaway_log_draw();
	}
}

export const phaseName = (phase: string): string => (phase === 'over' ? m.takeaway_phase_over() : m.takeaway_phase_take());

export const texts: KindTexts<TakeawayEntry> = {
	name: () => m.takeaway_name(),
	blurb: () => m.takeaway_blurb(),
	phase: phaseName,
	reason: (r) => (r === 'passes' ? m.takeaway_reason_passes() : m.takeaway_reason_last_stone()),
	logLine: logText,
	auto: () => m.takeaway_auto_one(),
	options: (o) => (typeof o.stones === 'number' ? [m.takeaway_option_stones({ count: o.stones })] : [])
};
