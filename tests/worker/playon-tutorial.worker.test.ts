// Issue 34, "Play on from here" from a tutorial's position (POST /api/games/playon), through the real
// Worker, D1 and the GameRoom, for every registered kind with a tutorial and a position format (found
// through the registries, none named): a game from the start of a middle step of the script plus one
// explored move waits for every seat, starts with its own seed when they are taken, shows each seat
// what that seat saw at the position (but the commitment), says where it came from and is never
// rated; alone, its creator starts it with bots. Refusals: an unknown kind or step (404 NOT_FOUND),
// BAD_LINE with its index, CASUAL_ONLY, BAD_SEAT, malformed bodies (400), signed out (401).
import { describe, expect, it } from 'vitest';
import { commitSeed, isOver, seedRng, type Kind } from '$lib/engine';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { examplesOf, KINDS } from '$lib/games';
import { exampleSeed, startExample, type WorkedExample } from '$lib/engine/examples';
import { kindUI } from '$lib/ui/kinds';
import { call, signUp, type HttpUser } from './room-helpers';
import { changes, until } from './rating-helpers';
import { env } from 'cloudflare:workers';

// The scripts the route loads through the UI registry (src/lib/ui/kinds.ts `tutorial`), read here as
// the data they are: a kind's UI tutorial module may use Svelte runes, which this runner does not
// compile. Each is matched to its kind in the engine registry; a kind registered with a tutorial in
// the UI must have its script here (the first test).
const scripts = Object.values(import.meta.glob<TutorialScript>('../../src/lib/games/*/tutorial.json', { eager: true, import: 'default' }));
const tutorials: [string, { kind: Kind; script: TutorialScript }][] = KINDS.flatMap((kind) => {
	const script = scripts.find((s) => s.kind === kind.id);
	return kind.position && script ? [[kind.id, { kind, script }] as [string, { kind: Kind; script: TutorialScript }]] : [];
});

/** A view as JSON with a seed commitment it publishes replaced (each game has its own). */
const withoutCommitment = (view: unknown, ...commitments: string[]) => commitments.reduce((t, c) => t.replaceAll(c, '<commitment>'), JSON.stringify(view));

/**
 * A step from the middle of the script on whose position the kind's bot makes a move that does not
 * end the game: the step, its number, the explored line (that move) and the state after it.
 */
function stepToExplore(kind: Kind, script: TutorialScript) {
	const r = replayTutorial(kind, script);
	if (!r.ok) throw new Error(r.message);
	const rng = seedRng('tutorial-explored');
	for (let i = Math.floor(script.steps.length / 2); i < script.steps.length; i++) {
		const before = r.value.before[i].state;
		const seat = kind.activeSeats(before)[0];
		if (seat === undefined) continue;
		const move = kind.bots[kind.defaultBot](kind.view(before, seat), seat, rng);
		const a = kind.apply(before, seat, move);
		if (!a.ok || isOver(kind, a.value.state)) continue;
		return { id: script.steps[i].id, number: i + 1, line: [{ seat, move }], state: a.value.state };
	}
	throw new Error(`no step of the ${kind.id} tutorial to explore`);
}

it('every kind with a tutorial in the UI registry has its script here, and one has a position format', () => {
	expect(KINDS.filter((k) => kindUI(k.id)?.tutorial).map((k) => k.id)).toEqual(KINDS.filter((k) => scripts.some((s) => s.kind === k.id)).map((k) => k.id));
	expect(tutorials.length).toBeGreaterThan(0);
});

describe.each(tutorials)('play on from a tutorial: %s', (_id, { kind, script }) => {
	it('a middle step and an explored move: a waiting casual game at the position, its own seed, every view, its origin', async () => {
		const players = await Promise.all(Array.from({ length: script.players }, (_, i) => signUp(`t${i}`)));
		const [me, ...others] = players;
		const at = stepToExplore(kind, script);
		const post = (who: HttpUser | null, body: unknown) => call(who, 'POST', '/api/games/playon', body);
		const body = { tutorial: kind.id, step: at.id, line: at.line, visibility: 'public' };

		// Refusals: each names its code, none a 500.
		const noKind = await post(me, { ...body, tutorial: 'no-such-kind' });
		expect(noKind.status).toBe(404);
		expect(noKind.json.code).toBe('NOT_FOUND');
		const noStep = await post(me, { ...body, step: 'no-such-step' });
		expect(noStep.status).toBe(404);
		expect(noStep.json).toMatchObject({ code: 'NOT_FOUND' });
		expect(noStep.json.message).toContain('no-such-step');
		const bad = await post(me, { ...body, line: [at.line[0], { seat: 0, move: { type: 'no-such-move' } }] });
		expect(bad.status, bad.text).toBe(400);
		expect(bad.json).toMatchObject({ code: 'BAD_LINE', index: 1 });
		expect(bad.json.message).toContain(bad.json.refusal.message);
		expect((await post(me, { ...body, rated: true })).json.code).toBe('CASUAL_ONLY');
		expect((await post(me, { ...body, seat: script.players })).json.code).toBe('BAD_SEAT');
		expect((await post(me, '{"tutorial": ')).json.code).toBe('BAD_JSON');
		for (const malformed of [{ ...body, step: 3 }, { ...body, tutorial: undefined }, { ...body, extra: 1 }, { ...body, visibility: 'secret' }]) {
			const r = await post(me, malformed);
			expect(r.status, JSON.stringify(malformed)).toBe(400);
		}
		expect((await post(null, body)).status).toBe(401);

		const made = await post(me, body);
		expect(made.status, made.text).toBe(201);
		const id = made.json.id as string;
		expect(made.json.inviteCode).toBeNull();
		const waiting = (await call(me, 'GET', `/api/games/${id}`)).json;
		expect(waiting).toMatchObject({ status: 'waiting', kind: kind.id, rated: false, seatsWanted: script.players });
		// The creator takes the learner's seat.
		expect(waiting.seats.map((s: { seat: number; userId: string }) => [s.seat, s.userId])).toEqual([[script.seat, me.id]]);
		const origin = { gameId: null, kind: kind.id, step: at.number, explored: 1, players: [], tutorial: true };
		expect(waiting.origin).toEqual(origin);

		// The others join the free seats in order; the last join starts it.
		for (const who of others) expect((await call(who, 'POST', `/api/games/${id}/join`, {})).status).toBe(200);
		const started = (await call(me, 'GET', `/api/games/${id}`)).json;
		expect(started.status).toBe('active');
		const free = Array.from({ length: script.players }, (_, s) => s).filter((s) => s !== script.seat);
		const bySeat = new Map<number, HttpUser>([[script.seat, me], ...free.map((s, i) => [s, others[i]] as [number, HttpUser])]);
		const row = await until(
			() => env.DB.prepare("SELECT seed_commitment, rated, origin FROM games WHERE id = ?1 AND status = 'active'").bind(id).first<{ seed_commitment: string; rated: number; origin: string }>(),
			'active in D1'
		);
		expect(row.rated).toBe(0);
		expect(JSON.parse(row.origin)).toEqual(origin);
		// Its own seed: not the script's (which anybody can read), committed anew.
		expect(row.seed_commitment).not.toBe(commitSeed(script.seed));

		// Every seat (and a spectator) sees what it saw at the explored position — but the commitment.
		for (const seat of [...bySeat.keys(), null]) {
			const who = seat === null ? null : bySeat.get(seat)!;
			const mine = (await call(who, 'GET', `/api/games/${id}`)).json;
			expect(JSON.stringify(mine.view)).toContain(row.seed_commitment);
			expect(withoutCommitment(mine.view, row.seed_commitment)).toBe(withoutCommitment(kind.view(at.state, seat), commitSeed(script.seed)));
		}

		// The game page says where it came from, linking the tutorial.
		const html = (await call(me, 'GET', `/games/${id}`)).text;
		expect(html).toContain('data-testid="game-origin"');
		expect(html).toContain(`tutorial, step ${at.number}`);
		expect(html).toContain(`href="/learn/${kind.id}"`);
		expect(html).toContain('+1 explored move');
	});

	it('alone, with bots in the open seats: it starts, casual', async () => {
		const me = await signUp('tb');
		const at = stepToExplore(kind, script);
		const made = await call(me, 'POST', '/api/games/playon', { tutorial: kind.id, step: at.id, line: at.line, visibility: 'private' });
		expect(made.status, made.text).toBe(201);
		expect(made.json.inviteCode).toMatch(/^[a-z2-7]{16}$/);
		const id = made.json.id as string;
		const early = await call(me, 'POST', `/api/games/${id}/start`);
		expect(early.json.code).toBe('SEATS_NOT_TAKEN');
		const withBots = await call(me, 'POST', `/api/games/${id}/start`, { bots: true });
		expect(withBots.status, withBots.text).toBe(200);
		const running = (await call(me, 'GET', `/api/games/${id}`)).json;
		expect(running).toMatchObject({ status: 'active', rated: false, visibility: 'private' });
		expect(running.seats.map((x: { seat: number }) => x.seat)).toEqual(Array.from({ length: script.players }, (_, s) => s));
		expect(running.origin).toMatchObject({ tutorial: true, gameId: null, step: at.number, explored: 1 });
		expect(await changes(id)).toEqual([]);
	});
});

// A rules page's worked example (issue 34: "positions from the rules pages' worked examples … can be
// opened the same way"): `{ example, id }` to the same route, for every kind with examples.
const withExamples = (await Promise.all(KINDS.map(async (kind) => [kind, kind.position ? await examplesOf(kind.id) : null] as const))).filter(
	(x): x is readonly [Kind, WorkedExample[]] => !!x[1]?.length
);

it('a kind has worked examples (else the test below runs for none)', () => expect(withExamples.length).toBeGreaterThan(0));

describe.each(withExamples.map(([kind, examples]) => [kind.id, kind, examples] as const))('play on from a worked example: %s', (_id, kind, examples) => {
	it('an example and an explored move: a casual game at the position, its own seed, its origin naming the rule', async () => {
		const me = await signUp('ex');
		// The first example on whose position the kind's bot makes a move that does not end the game.
		const rng = seedRng('example-explored');
		const pick = examples.flatMap((example) => {
			const s = startExample(kind, example);
			if (!s.ok) throw new Error(s.message);
			const seat = kind.activeSeats(s.value.state)[0];
			if (seat === undefined) return [];
			const move = kind.bots[kind.defaultBot](kind.view(s.value.state, seat), seat, rng);
			const a = kind.apply(s.value.state, seat, move);
			return a.ok && !isOver(kind, a.value.state) ? [{ example, seat: s.value.seat, line: [{ seat, move }], state: a.value.state }] : [];
		})[0];
		expect(pick, 'an example to play on from').toBeDefined();
		const post = (body: unknown) => call(me, 'POST', '/api/games/playon', body);
		const body = { example: kind.id, id: pick.example.id, line: pick.line, visibility: 'private' };
		expect((await post({ ...body, id: 'no-such-example' })).json.code).toBe('NOT_FOUND');
		expect((await post({ ...body, example: 'no-such-kind' })).json.code).toBe('NOT_FOUND');
		expect((await post({ ...body, line: [...pick.line, { seat: 0, move: { type: 'no-such-move' } }] })).json).toMatchObject({ code: 'BAD_LINE', index: 1 });
		const made = await post(body);
		expect(made.status, made.text).toBe(201);
		const id = made.json.id as string;
		const waiting = (await call(me, 'GET', `/api/games/${id}`)).json;
		// The creator takes the seat whose decision the example explains.
		expect(waiting.seats.map((x: { seat: number }) => x.seat)).toEqual([pick.seat]);
		const origin = { gameId: null, kind: kind.id, step: 0, explored: 1, players: [], example: pick.example.rule };
		expect(waiting.origin).toEqual(origin);
		// Persons take the other seats (no bot moves on before the views are compared).
		for (let i = 1; i < pick.example.players; i++) expect((await call(await signUp(`ex${i}`), 'POST', `/api/games/${id}/join`, { inviteCode: made.json.inviteCode })).status).toBe(200);
		const running = (await call(me, 'GET', `/api/games/${id}`)).json;
		expect(running).toMatchObject({ status: 'active', rated: false });
		const row = await until(
			() => env.DB.prepare("SELECT seed_commitment, origin FROM games WHERE id = ?1 AND status = 'active'").bind(id).first<{ seed_commitment: string; origin: string }>(),
			'active in D1'
		);
		expect(JSON.parse(row.origin)).toEqual(origin);
		// Exactly where the line went, for the creator's seat (but the commitment).
		expect(withoutCommitment(running.view, row.seed_commitment)).toBe(withoutCommitment(kind.view(pick.state, pick.seat), commitSeed(exampleSeed(pick.example.id))));
		const html = (await call(me, 'GET', `/games/${id}`)).text;
		expect(html).toContain(`href="/rules/${kind.id}#${pick.example.rule}"`);
		expect(await changes(id)).toEqual([]);
	});
});
