/**
 * The composer's draft: the parts of a Moa move chosen so far (the region lives with the page, shared
 * with the board). What each part may be is the engine's answer (`choices`, src/lib/games/moa).
 */
import type { KarakiaType, MammalKind, MoaAction, MoaDraft, NeutralWhat } from '$lib/games/moa/surface';

export class Draft {
	action = $state<MoaAction | null>(null);
	kind = $state<MammalKind | null>(null);
	types = $state<KarakiaType[]>([]);
	what = $state<NeutralWhat | null>(null);
	from = $state<number | null>(null);
	to = $state<number | null>(null);
	count = $state(1);
	cards = $state<string[]>([]);
	tiles = $state<string[]>([]);
	/** Null: every bird the payment allows. */
	birds = $state<number | null>(null);

	/** The draft as the engine reads it, with the page's region. */
	parts(region: number | null): MoaDraft {
		const { action, kind, types, what, from, to, count, birds } = this;
		return { action, region, kind, types, what, from, to, count, birds, pay: { cards: this.cards, tiles: this.tiles } };
	}

	reset(): void {
		this.action = null;
		this.kind = null;
		this.types = [];
		this.what = null;
		this.from = null;
		this.to = null;
		this.count = 1;
		this.cards = [];
		this.tiles = [];
		this.birds = null;
	}
}

export const toggle = <T>(list: T[], x: T): T[] => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
