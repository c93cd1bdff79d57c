/** A game's clock in words (the invite page): "3 days per move", "time bank: 7 d to start, …". */
import { m } from '$lib/paraglide/messages';
import type { TimeControl } from '$lib/protocol/room';

export function clockText(c: TimeControl): string {
	if (c.kind === 'bank')
		return m.clock_summary_bank({ initial: String(c.initialDays), increment: String(c.incrementHours), cap: String(c.capDays) });
	return c.days === 1 ? m.time_limit_one_day() : m.time_limit_days({ days: String(c.days) });
}
