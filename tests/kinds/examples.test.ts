// The rules pages' worked examples as positions (issue 34), for every kind that has them, without
// naming a kind: each loads through the UI registry, starts through the kind's `config` and `start`
// (so its position passes the kind's checks: conservation, rules), awaits the decision of the seat it
// names, and the server's loader (games registry, server/examples.ts) finds the same examples. What
// each example says is checked in the kind's own test (e.g. src/lib/games/rapanui/examples.test.ts).
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { awaited, isOver, type Kind } from '$lib/engine';
import { EXAMPLE_ID, startExample, type WorkedExample } from '$lib/engine/examples';
import { examplesOf, KIND_IDS } from '$lib/games';
import { KIND_RULES, KIND_UI } from '$lib/ui/kinds';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { names } from '$lib/ui/ruleAnchor';
import { examplePosition } from '$lib/server/examples';

const withExamples = Object.entries(KIND_UI).filter(([, ui]) => ui.examples);

afterAll(() => overwriteGetLocale(() => 'en'));

describe('worked examples', () => {
	it('at least one kind has them, and the two registries list the same kinds', async () => {
		expect(withExamples.length).toBeGreaterThan(0);
		const server = [];
		for (const id of KIND_IDS) if (await examplesOf(id)) server.push(id);
		expect(server.sort()).toEqual(withExamples.map(([id]) => id).sort());
	});

	it('the server finds none for an unknown kind or id (its route answers 404, never a 500)', async () => {
		expect(await examplePosition('no-such-kind', 'buy')).toBeNull();
		expect(await examplePosition('__proto__', 'x')).toBeNull();
		expect(await examplesOf('constructor')).toBeNull();
		for (const [id] of withExamples) expect(await examplePosition(id, 'no-such-example')).toBeNull();
	});

	describe.each(withExamples)('%s', (id, ui) => {
		let kind: Kind;
		let examples: WorkedExample[];
		it('loads, for its own kind, each example with a rule, names for its seats and a unique id', async () => {
			({ kind, examples } = await ui.examples!());
			expect(kind.id).toBe(id);
			expect(examples.length).toBeGreaterThan(0);
			expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
			for (const e of examples) {
				expect(e.id).toMatch(EXAMPLE_ID);
				expect(e.rule, e.id).toMatch(/^[A-Z]-\d+(\.\d+)*$/);
				expect(e.names, e.id).toHaveLength(e.players);
				expect(e.seat, e.id).toBeGreaterThanOrEqual(0);
				expect(e.seat, e.id).toBeLessThan(e.players);
			}
		});

		it('every example starts through config and start, awaiting the decision of its seat', () => {
			for (const e of examples) {
				const r = startExample(kind, e);
				if (!r.ok) throw new Error(`${e.id}: ${r.code}: ${r.message}`);
				expect(isOver(kind, r.value.state), e.id).toBe(false);
				expect(awaited(kind, r.value.state), e.id).toEqual([e.seat]);
				expect(kind.legalMoves(r.value.state, e.seat).length, e.id).toBeGreaterThan(0);
			}
		});

		it('the server starts the same position (its play-on helper)', async () => {
			for (const e of examples) {
				const p = await examplePosition(id, e.id);
				const r = startExample(kind, e);
				expect(p, e.id).not.toBeNull();
				expect(r.ok && p!.state).toEqual(r.ok && r.value.state);
				expect(p).toMatchObject({ players: e.players, seat: e.seat });
				expect(p!.kind.id).toBe(id);
			}
		});

		it.each([
			['en', 'Open this position', '/rules/'],
			['de', 'Diese Stellung öffnen', '/de/rules/']
		] as const)('%s: the rules page links every example, beside its rule, and nothing else', async (locale, words, prefix) => {
			overwriteGetLocale(() => locale);
			const { body } = render((await KIND_RULES[id]()).default);
			const linked = [...body.matchAll(/<a [^>]*href="([^"]*)"[^>]*data-example="([^"]+)"[^>]*>([^<]*)<\/a>/g)];
			expect(linked.map((l) => l[2]).sort()).toEqual(examples.map((e) => e.id).sort());
			for (const [, href, ex, text] of linked) {
				expect(text).toBe(words);
				expect(href).toBe(`${prefix}${id}/explore?example=${ex}`);
				// Beside its rule: the list item that holds the link cites the example's rule number.
				const rule = examples.find((e) => e.id === ex)!.rule;
				const item = body.slice(body.lastIndexOf('<li', body.indexOf(`data-example="${ex}"`)), body.indexOf(`data-example="${ex}"`));
				// As the rules page's anchor finds it (ruleAnchor.ts): a reference such as "(M-7.4, M-8.4)".
				const refs = [...item.matchAll(/class="ref[^"]*">([^<]*)</g)].map((r) => r[1]);
				expect(refs.some((r) => names(r, rule)), `${ex}: ${refs.join(' ')}`).toBe(true);
			}
		});

		it('an example its kind refuses is a failure with the kind’s code, not an exception', () => {
			const broken = { ...examples[0], players: 99 };
			const r = startExample(kind, broken);
			expect(r.ok).toBe(false);
		});
	});
});
