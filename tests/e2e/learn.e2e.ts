/**
 * Issue 31, learn by playing: a fresh browser with no account opens each kind's tutorial and
 * completes it by following the coach — "Next" on an explanation, the step's own clicks (`do`) on
 * the real table for a move — to the end, where the coach offers a real game. On the way: "Show
 * me" outlines the next click, another legal move is explained and not played, a refused move
 * comes back with the engine's reason in words, and a reload continues where the learner was.
 * Every step type is photographed at 390 and 1280 px in English and German
 * (test-results/screenshots/learn-*).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { TutorialScript, TutorialStep } from '../../src/lib/engine/tutorial';
import { newPerson, type Person } from './browser';
import { startTestServer, type TestServer } from './server';

const ROOT = join(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results/screenshots');
// Every kind's script, found by its place in the kind's folder (src/lib/games/<kind>/tutorial.json).
const SCRIPTS: TutorialScript[] = readdirSync(join(ROOT, 'src/lib/games'))
	.map((k) => join(ROOT, 'src/lib/games', k, 'tutorial.json'))
	.filter((f) => existsSync(f))
	.map((f) => JSON.parse(readFileSync(f, 'utf8')) as TutorialScript);

let server: TestServer;
const people: Person[] = [];

beforeAll(async () => {
	server = await startTestServer();
	mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

async function fresh(width: number, height: number): Promise<Page> {
	const p = await newPerson({ width, height });
	people.push(p);
	return p.context.newPage();
}

const stepOf = (page: Page) => page.getByTestId('coach').getAttribute('data-step');
/**
 * expect.poll with room for a loaded machine: its default gives up after 1 s, and in CI this file
 * runs beside the worker suite and the crash test — a page that hydrates or loads its kind's engine
 * later than that failed the poll while the page was right (issue 33's CI).
 */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

async function shot(page: Page, name: string) {
	await page.evaluate(() => Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, 3000))]));
	await page.screenshot({ path: join(SHOTS, `learn-${name}.png`) });
}

/** Clicks in order, as a person does: each after the table has drawn what the one before changed. */
async function clickAll(page: Page, selectors: readonly string[]) {
	for (const sel of selectors) {
		await page.locator(sel).first().click();
		// Two frames (bounded: a busy machine may paint late, and a page in the background paints never):
		// a choice can redraw the next one's options.
		await page.evaluate(() =>
			Promise.race([new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise((r) => setTimeout(r, 2000))])
		);
	}
}

/** Follows the coach from wherever it stands to the end; photographs each step type once. */
async function walk(page: Page, script: TutorialScript, lang: 'en' | 'de', tag: string, from = 0) {
	const shotOf = new Set<string>();
	const once = async (type: string) => {
		if (shotOf.has(type)) return;
		shotOf.add(type);
		await shot(page, `${script.kind}-${type}-${tag}`);
	};
	const seen = new Set<string>();
	for (;;) {
		const id = await stepOf(page);
		if (id === '#end') break; // the coach's mark for the end (a step id never starts with #)
		expect(seen.has(id!), `step ${id} came again: the coach did not move on`).toBe(false);
		seen.add(id!);
		const step = script.steps.find((s) => s.id === id) as TutorialStep;
		expect(step, `the page shows a step the script has: ${id}`).toBeDefined();
		await poll(() => page.getByTestId('coach-say').textContent()).toBe(step.say[lang]);
		if (step.expect === undefined) {
			await once('explain');
			await page.getByTestId('coach-next').click();
		} else {
			if (!shotOf.has('move')) {
				// "Show me" outlines the step's first click on the table.
				await page.getByTestId('coach-show').click();
				await poll(() => page.locator('[data-coach="do"]').count()).toBeGreaterThan(0);
				await once('move');
			}
			if (step.tryOther) {
				await clickAll(page, step.tryOther);
				await poll(() => page.getByTestId('coach-feedback').textContent()).toContain(step.other![lang]);
				expect(await stepOf(page), 'another legal move is not played').toBe(id);
				await once('other');
			}
			if (step.tryRefused) {
				await clickAll(page, step.tryRefused);
				const said = page.getByTestId('coach-feedback');
				await poll(() => said.textContent()).toMatch(lang === 'en' ? /^The rules do not allow that: .+/ : /^Das erlauben die Regeln nicht: .+/);
				// The reason is the kind's words, with the rule it comes from linked.
				expect(await said.locator('a').getAttribute('href')).toMatch(new RegExp(`/rules/${script.kind}#[A-Z]-`));
				expect(await stepOf(page)).toBe(id);
				await once('refused');
			}
			await clickAll(page, step.do!);
		}
		try {
			await expect.poll(() => stepOf(page), { timeout: 10_000 }).not.toBe(id);
		} catch (e) {
			throw new Error(`step ${id} did not move on; the coach said: "${await page.getByTestId('coach-feedback').textContent()}"`, { cause: e });
		}
		if (from + seen.size === script.steps.length - 1) await once('last');
	}
	expect(from + seen.size).toBe(script.steps.length);
	await poll(() => page.getByTestId('learn-play').isVisible()).toBe(true);
	await shot(page, `${script.kind}-end-${tag}`);
	// Done is remembered: the game page stops offering it.
	expect(await page.evaluate((k) => localStorage.getItem(`rongo:learn:${k}`), script.kind)).toBe('{"done":true}');
}

describe.each(SCRIPTS.map((s) => [s.kind, s] as const))('the %s tutorial', (kind, script) => {
	test('a fresh phone with no account follows the coach to the end; a reload continues where it was (390, en)', async () => {
		const page = await fresh(390, 844);
		const res = await page.goto(`${server.url}/learn/${kind}`, { waitUntil: 'networkidle' });
		expect(res?.status()).toBe(200);
		await poll(() => stepOf(page)).toBe(script.steps[0].id);
		// Nobody is signed in: no cookie, and nothing of the tutorial goes to the server.
		expect((await page.context().cookies()).filter((c) => c.name.includes('session'))).toEqual([]);
		// Two steps in, a reload keeps the place (localStorage), and says so.
		await page.getByTestId('coach-next').click();
		const second = await stepOf(page);
		await page.reload({ waitUntil: 'networkidle' });
		await poll(() => stepOf(page)).toBe(second);
		await walk(page, script, 'en', '390-en', 1);
	});

	test('in German on a desktop, too (1280, de)', async () => {
		const page = await fresh(1280, 800);
		await page.goto(`${server.url}/de/learn/${kind}`, { waitUntil: 'networkidle' });
		await poll(() => stepOf(page)).toBe(script.steps[0].id);
		await walk(page, script, 'de', '1280-de');
	});

	test('its step types look right at 1280 in English and at 390 in German', async () => {
		const move = script.steps.find((s) => s.expect !== undefined)!;
		for (const [w, h, lang] of [
			[1280, 800, 'en'],
			[390, 844, 'de']
		] as const) {
			const page = await fresh(w, h);
			const prefix = lang === 'de' ? '/de' : '';
			await page.goto(`${server.url}${prefix}/learn/${kind}`, { waitUntil: 'networkidle' });
			await poll(() => stepOf(page)).toBe(script.steps[0].id);
			await shot(page, `${kind}-explain-${w}-${lang}`);
			await page.evaluate(([k, id]) => localStorage.setItem(`rongo:learn:${k}`, JSON.stringify({ step: id })), [kind, move.id]);
			await page.reload({ waitUntil: 'networkidle' });
			await poll(() => stepOf(page)).toBe(move.id);
			await page.getByTestId('coach-show').click();
			await shot(page, `${kind}-move-${w}-${lang}`);
		}
	});
});

test('a term on the table explains itself on hover, focus and tap, and its rule link finds the rule', async () => {
	const page = await fresh(1280, 800);
	for (const script of SCRIPTS) {
		await page.goto(`${server.url}/learn/${script.kind}`, { waitUntil: 'networkidle' });
		const term = page.locator('[data-testid="learn-table"] .term').first();
		await term.waitFor();
		const word = term.locator('button.word');
		const def = term.locator('.def');
		expect(await def.isVisible()).toBe(false);
		// Hover…
		await word.hover();
		await poll(() => def.isVisible()).toBe(true);
		expect(await word.getAttribute('aria-expanded')).toBe('true');
		await page.mouse.move(0, 0);
		await poll(() => def.isVisible()).toBe(false);
		// …keyboard focus, closed by Escape…
		await word.focus();
		await poll(() => def.isVisible()).toBe(true);
		await page.keyboard.press('Escape');
		await poll(() => def.isVisible()).toBe(false);
		await word.blur();
		// …and a tap, which keeps it open until a tap elsewhere.
		await word.dispatchEvent('click');
		await poll(() => def.isVisible()).toBe(true);
		const text = (await def.textContent())!;
		expect(text.length, `${script.kind}: a definition, not just the word`).toBeGreaterThan(30);
		const box = (await def.boundingBox())!;
		expect(box.x, 'inside the viewport').toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(1280);
		const href = (await def.locator('a').getAttribute('href'))!;
		expect(href).toMatch(new RegExp(`^/rules/${script.kind}#[A-Z]-\\d`));
		await page.mouse.click(5, 300);
		await poll(() => def.isVisible()).toBe(false);
		// The rule link lands on the rule, outlined and focused.
		const rules = await page.context().newPage();
		await rules.goto(server.url + href, { waitUntil: 'networkidle' });
		await poll(() => rules.locator('.rule-target').count()).toBe(1);
		expect(await rules.evaluate(() => document.activeElement?.classList.contains('rule-target'))).toBe(true);
		await rules.close();
	}
});

test('every kind of the site has a tutorial to follow here', () => {
	expect(SCRIPTS.map((s) => s.kind).sort()).toEqual(['giants', 'moa', 'rapanui']);
});
