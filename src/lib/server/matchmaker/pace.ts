/**
 * A stored pace back to its time control (issue 35). `paceOf` (src/lib/protocol/match.ts) makes the
 * string; only strings it made are read back, so a row written by hand never becomes a game's clock.
 */
import type { TimeControl } from '$lib/protocol/room';
import { paceOf } from '$lib/protocol/match';
import { validControl } from '../room/clock';

export function controlOfPace(pace: string): TimeControl | null {
	try {
		const c = JSON.parse(pace) as unknown;
		return validControl(c) && paceOf(c) === pace ? c : null;
	} catch {
		return null;
	}
}
