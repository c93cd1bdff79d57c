/**
 * The platform's panels that belong at every table (table talk, notes — issue 15) reach the kind's
 * layout through a context rather than through every kind's props: the game page's TableTalk offers
 * them, and TableLayout — the one table layout every kind builds on (issue 30) — shows them among
 * its own panels. A kind that lays out its page otherwise leaves them unclaimed, and TableTalk shows
 * them under the game itself.
 */
import { getContext, setContext, type Snippet } from 'svelte';

export interface Panel {
	/** Stable and short: the tab's id, its test id (`tab-<id>`) and what the browser remembers. */
	id: string;
	label: string;
	/** A count shown on the tab (unread table talk), with its words for screen readers. */
	badge?: { count: number; text: string; testid?: string } | null;
	body: Snippet;
}

export interface TableExtras {
	panels(): Panel[];
	/** Which panel the viewer now sees (null: none of these). */
	shown(id: string | null): void;
	/** The layout shows the panels itself; returns the release for when it goes. */
	claim(): () => void;
}

const KEY = Symbol('table-extras');
export const setTableExtras = (x: TableExtras) => setContext(KEY, x);
export const getTableExtras = () => getContext<TableExtras | undefined>(KEY);
