import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { apiError, readJson } from '$lib/server/http';
import { examplePositionAt, tutorialPositionAt } from '$lib/server/playon';
import { examplePosition } from '$lib/server/examples';
import { EXAMPLE_ID } from '$lib/engine/examples';
import { examplesOf } from '$lib/games';
import { PLAYON_BODY_LIMIT, PlayOnFields, chanceOf, createPlayOn, ratedRefusal } from '$lib/server/playon-request';
import type { GameOrigin } from '$lib/protocol/room';
import { kindUI } from '$lib/ui/kinds';

const KindId = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a kind of game'));
const Tutorial = v.strictObject({
	/** A kind's id; the UI registry says which have a tutorial. */
	tutorial: KindId,
	/** A step's id in that tutorial's script (engine/tutorial.ts: lowercase words with dashes). */
	step: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'step: a step of the tutorial')),
	...PlayOnFields
});
const Example = v.strictObject({
	/** A kind's id; the games registry says which have worked examples. */
	example: KindId,
	/** An example's id on that kind's rules page (engine/examples.ts `EXAMPLE_ID`). */
	id: v.pipe(v.string(), v.regex(EXAMPLE_ID, 'id: an example of the rules page')),
	...PlayOnFields
});
const Body = v.union([Tutorial, Example], 'a tutorial step {tutorial, step} or a worked example {example, id}, with the line');

/**
 * POST {tutorial, step, line?, seed?, visibility, seat?, timeLimit?, clock?} → 201 {id, inviteCode}
 * — or {example, id, …} for a rules page's worked example (server/examples.ts; default seat: the
 * seat whose decision the example explains; origin `{ example: <rule> }`) —
 * (issue 34: positions "from tutorials can be opened the same way"; docs/api.md): a new game of the
 * tutorial's kind, options and seat count that starts at the start of its step `step` (before the
 * learner's move there, as /learn/<kind>/explore shows it) and the explored `line` — waiting for
 * players, the caller at `seat` (default: the learner's seat), casual, its own seed drawn at its
 * start. Everything else is as for a finished game's position (../[id]/playon): the same fields,
 * limits and refusals, the same creation. The script is the server's own, loaded through the UI
 * registry (each kind's tutorial is its own chunk, loaded on the first such request), never the
 * client's: no game starts where the script and legal play could not lead.
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const body = await readJson(event.request, Body, PLAYON_BODY_LIMIT);
	if (!body.ok) return body.response;
	const b = body.value;
	const rated = ratedRefusal(b);
	if (rated) return rated;
	if ('example' in b) {
		// Issue 34: a rules page's worked example (server/examples.ts), started by its kind.
		const ex = await examplePosition(b.example, b.id);
		if (!ex) return apiError(404, 'NOT_FOUND', `no worked example "${b.id}" of a kind "${b.example}"`);
		const rule = (await examplesOf(ex.kind.id))!.find((x) => x.id === b.id)!.rule;
		const at = examplePositionAt(ex.kind, { options: ex.options, players: ex.players }, ex.state, b.line, chanceOf(b));
		if (!at.ok) {
			const { ok: _ok, status, code, message, ...more } = at;
			return apiError(status, code, message, Object.keys(more).length ? more : undefined);
		}
		// An example is nobody's game either: named by the rule it explains.
		const origin: GameOrigin = { gameId: null, kind: ex.kind.id, step: 0, explored: b.line.length, players: [], example: rule };
		return createPlayOn(e, user, b, { kind: ex.kind.id, options: ex.options, seats: ex.players, extra: at.extra, origin, defaultSeat: ex.seat });
	}
	const load = kindUI(b.tutorial)?.tutorial;
	if (!load) return apiError(404, 'NOT_FOUND', `no tutorial of a kind "${b.tutorial}"`);
	const { kind, script } = await load();
	const at = tutorialPositionAt(kind, script, b.step, b.line, chanceOf(b));
	if (!at.ok) {
		const { ok: _ok, status, code, message, ...more } = at;
		return apiError(status, code, message, Object.keys(more).length ? more : undefined);
	}
	// A tutorial is nobody's game: its seats are the script's characters, so the origin names none.
	const origin: GameOrigin = { gameId: null, kind: kind.id, step: at.step, explored: b.line.length, players: [], tutorial: true };
	return createPlayOn(e, user, b, { kind: kind.id, options: script.options, seats: script.players, extra: at.extra, origin, defaultSeat: script.seat });
};
