/**
 * Where an exploration starts (issue 34): a step of a finished game's history, a step of a kind's
 * tutorial, or a worked example of a kind's rules page. The explorer (Explorer.svelte) knows only this: the position, what the kind's `config`
 * needs to start it anew (fresh draws), what the banner says, the way back, and where "Play on from
 * here" sends the line.
 */
import { m } from '$lib/paraglide/messages';
import { localizeHref } from '$lib/paraglide/runtime';
import type { GameExportV2, Kind } from '$lib/engine';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { startExample, type WorkedExample } from '$lib/engine/examples';
import { History, HistoryError, parseStep } from '$lib/ui/history/steps';

export interface ExploreSource {
	/** An id for the explorer's own table (never a real game's room). */
	id: string;
	/** The position the line leaves from, or why there is none (a game the engine cannot replay). */
	base: { ok: true; state: unknown } | { ok: false; code: string; message: string };
	options: unknown;
	players: number;
	/** The version of the base position (the table's log numbers its moves on from it). */
	version: number;
	/** The `step` query value that names the base position in a link. */
	step: string;
	/** The banner's second sentence: where the line leaves its source. */
	from: string;
	back: { href: string; text: string };
	/** POST target of "Play on from here" and what it sends besides the line; null: not offered. */
	playOn: { path: string; body: Record<string, unknown> } | null;
}

/** A finished game's export at `?step=` (default: the last step); `invite` is the link's query, if any. */
export function fromGame(kind: Kind, exported: GameExportV2, url: URL, invite: string, name: (seat: number) => string): ExploreSource {
	const last = exported.moves.length;
	const step = parseStep(url.searchParams.get('step'), last);
	let base: ExploreSource['base'];
	try {
		base = { ok: true, state: new History(kind, exported, name).state(step) };
	} catch (e) {
		if (!(e instanceof HistoryError)) throw e;
		base = { ok: false, code: e.code, message: e.message };
	}
	const q = new URLSearchParams(invite.replace(/^\?/, ''));
	q.set('step', String(step));
	return {
		id: `explore-${exported.id}`,
		base,
		options: exported.options,
		players: exported.players.length,
		version: exported.startVersion + step,
		step: String(step),
		from: m.explore_from({ step: String(step), last: String(last) }),
		back: { href: localizeHref(`/games/${exported.id}/history?${q}`), text: m.explore_to_history() },
		playOn: { path: `/api/games/${encodeURIComponent(exported.id)}/playon${invite}`, body: { step } }
	};
}

/** A tutorial at `?step=<step id>` (before the learner's move there; default: its first step). */
export function fromTutorial(kind: Kind, script: TutorialScript, url: URL): ExploreSource {
	const r = replayTutorial(kind, script);
	const wanted = url.searchParams.get('step');
	const index = Math.max(0, script.steps.findIndex((s) => s.id === wanted));
	const id = script.steps[index]?.id ?? '';
	return {
		id: `explore-tutorial-${kind.id}`,
		base: r.ok ? { ok: true, state: r.value.before[index].state } : { ok: false, code: r.code, message: r.message },
		options: script.options,
		players: script.players,
		version: r.ok ? r.value.before[index].version : 0,
		step: id,
		from: m.explore_from_tutorial({ n: String(index + 1), total: String(script.steps.length) }),
		back: { href: localizeHref(`/learn/${kind.id}`), text: m.explore_to_tutorial() },
		playOn: { path: '/api/games/playon', body: { tutorial: kind.id, step: id } }
	};
}

/**
 * A rules page's worked example at `?example=<id>` (engine/examples.ts): its position, just before
 * the decision it explains, started with the example's fixed seed. The explorer writes `?step=` into
 * its links; for an example that is the example's id too, so either names it. An unknown id (an old
 * link) is shown as the page's error, not a crash.
 */
export function fromExample(kind: Kind, examples: readonly WorkedExample[], url: URL): ExploreSource {
	const wanted = url.searchParams.get('example') ?? url.searchParams.get('step');
	const example = examples.find((e) => e.id === wanted);
	const rules = localizeHref(`/rules/${kind.id}`);
	if (!example)
		return {
			id: `explore-example-${kind.id}`,
			base: { ok: false, code: 'NOT_FOUND', message: m.explore_example_unknown({ id: wanted ?? '' }) },
			options: {},
			players: kind.seats.min,
			version: 0,
			step: '',
			from: '',
			back: { href: rules, text: m.explore_to_rules() },
			playOn: null
		};
	const r = startExample(kind, example);
	return {
		id: `explore-example-${kind.id}-${example.id}`,
		base: r.ok ? { ok: true, state: r.value.state } : { ok: false, code: r.code, message: r.message },
		options: r.ok ? r.value.options : example.options,
		players: example.players,
		version: 0,
		step: example.id,
		from: m.explore_from_example({ rule: example.rule }),
		// The rules page finds the rule by its number (ruleAnchor.ts) and outlines it.
		back: { href: `${rules}#${example.rule}`, text: m.explore_to_rules() },
		playOn: { path: '/api/games/playon', body: { example: kind.id, id: example.id } }
	};
}
