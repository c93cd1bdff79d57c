/**
 * Issue 32, woken only when needed, through the real site (wrangler dev, the room, D1, the postman,
 * the development mailbox) and a real browser:
 * - Plan ahead: while Ana has the turn in Giants' phase 3, Ben plans two placements on his table;
 *   Ana moves, and Ben's first planned placement is played for him at once — his page shows it and
 *   his plan shrinks to one step — and no "your turn" mail is sent to him although his grace time is 0.
 * - One mail per trip: Caro takes her quick turns within her grace time (the default, 10 minutes):
 *   no mail; then her turns come up in two games while she is away, and after the grace time she gets
 *   one mail that names both (the postman is run "11 minutes later" through its test seam).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../scripts/lib/client';
import { kindOf } from '$lib/games';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { confirmAddress } from './mail';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const people: Person[] = [];

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', DEV_MAILBOX: '1' });
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

const PASSWORD = 'correct horse battery staple';
const MIN = 60_000;

/** Three players with verified addresses; a Giants game in round 2's placement, Ana first, then Ben, then Caro (G-0.4). */
async function setUp(tag: string) {
	const suffix = `${tag}${Date.now().toString(36).slice(-5)}`;
	const [a, b, c] = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const x of [a, b, c]) {
		await x.signup(x.username, PASSWORD);
		await x.api('PUT', '/api/me/settings', { email: `${x.username}@example.com` });
		await confirmAddress(server.url, x, `${x.username}@example.com`);
	}
	const giants = async (seed: string) =>
		(
			await a.api<{ id: string }>('POST', '/api/dev/scenario', {
				usernames: [a.username, b.username, c.username],
				seed,
				config: { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } }
			})
		).id;
	return { a, b, c, giants };
}

async function pageOf(who: Client, viewport = { width: 1280, height: 900 }): Promise<Page> {
	const person = await newPerson(viewport);
	people.push(person);
	const [name, value] = who.cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	return person.context.newPage();
}

/** Turn mails to `who` in the development mailbox that link one of `ids`. */
async function turnMails(page: Page, who: Client, ids: string[]) {
	await page.goto(`${server.url}/dev/mailbox`);
	const mails = page.locator('article').filter({ hasText: `${who.username}@example.com` });
	const texts: string[] = [];
	for (let i = 0; i < (await mails.count()); i++) {
		const t = (await mails.nth(i).textContent()) ?? '';
		if (ids.some((id) => t.includes(`/games/${id}`))) texts.push(t);
	}
	return texts;
}

const place = (c: Client, id: string, hex: string, moveId: string) => c.api('POST', `/api/games/${id}/moves`, { moveId, move: { type: 'place', figure: 'worker', hex } });

/** `who` makes a legal move of theirs in game `id` (a placement if there is one), chosen by the engine from their view. */
async function anyMove(who: Client, id: string, moveId: string): Promise<{ version: number }> {
	const g = await who.game<unknown>(id);
	const legal = kindOf('giants')!.legalMoves(g.view, g.yourSeat!) as { type: string; logs?: number }[];
	expect(legal.length, `${who.username} has no legal move`).toBeGreaterThan(0);
	const move = legal.find((m) => m.type === 'place' && !m.logs) ?? legal[0];
	return who.api('POST', `/api/games/${id}/moves`, { moveId, move });
}

test('Ben plans two placements on his table; when Ana has moved, the first is played for him, and nobody mails him', async () => {
	const { a, b, giants } = await setUp('plan');
	// A turn mail to Ben would go out at once: his grace time is 0.
	await b.api('PUT', '/api/me/settings', { graceMinutes: 0 });
	const id = await giants('plan-ahead');
	const page = await pageOf(b);
	const csp = await watchCsp(page);
	await page.goto(`${server.url}/games/${id}`);
	await page.locator('.live[data-status="open"]').waitFor();

	// It is Ana's turn: Ben's composer plans instead of moving.
	const panel = page.getByTestId('move-panel');
	await panel.getByTestId('plan-hint').waitFor();
	expect(await panel.getByTestId('confirm').count()).toBe(0);
	// What Ben may plan (the engine's options from his own view): a worker, then the medicine man, each on a plain hex.
	const g = await b.game<unknown>(id);
	const options = kindOf('giants')!.queue!.options(g.view, g.yourSeat!) as { type: string; figure?: string; hex?: string }[];
	const withAction = new Set(options.filter((m) => m.type === 'action').map((m) => m.hex));
	const plain = (figure: string, not: string[]) => options.find((m) => m.type === 'place' && m.figure === figure && !withAction.has(m.hex) && !not.includes(m.hex!))!.hex!;
	const first = plain('worker', ['H16']);
	const second = plain('medicineMan', ['H16', first]);
	await panel.getByRole('button', { name: /^worker/i }).click();
	await panel.getByRole('combobox').selectOption(first);
	await panel.getByTestId('plan-add').click();
	const plan = page.getByTestId('plan');
	await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 10_000 }).toBe(1);
	await panel.getByRole('button', { name: /^medicine man/i }).click();
	await panel.getByRole('combobox').selectOption(second);
	await panel.getByTestId('plan-add').click();
	await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 10_000 }).toBe(2);
	expect(await plan.textContent()).toContain(first);
	await page.screenshot({ path: 'test-results/plan-1280-en.png' });
	// On a phone the plan is a short list of chips above the table.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.getByTestId('plan').scrollIntoViewIfNeeded();
	await page.screenshot({ path: 'test-results/plan-390-en.png' });
	await page.setViewportSize({ width: 1280, height: 900 });

	// Nobody else sees Ben's plan: Ana's view holds her own, empty one.
	expect((await a.game(id)) as unknown as { queue: { steps: unknown[] } }).toMatchObject({ queue: { steps: [] } });

	// Ana places a worker: Ben's first planned placement is played at once, as his own move.
	const before = (await a.game(id)).version;
	expect((await place(a, id, 'H16', 'ana-1')).version).toBe(before + 1);
	await expect.poll(async () => (await a.game(id)).version, { timeout: 10_000 }).toBe(before + 2);
	const log = await a.api<{ entries: { log: { type: string; seat: number; hex: string }[] }[] }>('GET', `/api/games/${id}/log`);
	expect(log.entries.at(-1)!.log[0]).toMatchObject({ type: 'place', seat: 1, hex: first });
	// Ben's page follows by its socket: the plan has one step left, the board his worker.
	await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 20_000 }).toBe(1);
	expect(await plan.textContent()).toContain(second);
	await page.screenshot({ path: 'test-results/plan-played-1280-en.png' });

	// No "your turn" mail to Ben: the plan answered (a mail would have come at once with grace 0).
	await a.api('POST', '/api/dev/postman', { at: Date.now() + 1 * MIN });
	await a.api('POST', '/api/dev/postman', { at: null });
	expect(await turnMails(page, b, [id])).toEqual([]);
	expect(await csp.violations()).toEqual([]);
});

test('a burst of quick turns sends no mail; turns in two games while away send one mail after the grace time', async () => {
	const { a, b, c, giants } = await setUp('trip');
	const one = await giants('trip-one');
	const two = await giants('trip-two');
	const page = await pageOf(a);
	const run = (at: number | null) => a.api('POST', '/api/dev/postman', { at });

	// Game one: three quick rounds; Caro takes each turn within a minute of it coming up.
	let k = 0;
	for (let round = 0; round < 3; round++) for (const who of [a, b, c]) await anyMove(who, one, `q${k++}`);
	await run(Date.now() + 1 * MIN);
	expect(await turnMails(page, c, [one, two])).toEqual([]);

	// Caro is away: her turn comes up in game one and in game two.
	for (const who of [a, b]) await anyMove(who, one, `q${k++}`);
	for (const who of [a, b]) await anyMove(who, two, `t${k++}`);
	for (const id of [one, two]) expect((await c.game(id)).activeSeats).toEqual([2]);
	// Both turns have reached the postman (her inbox has them at once: in-app is never held back).
	await expect
		.poll(async () => {
			const inbox = await c.api<{ items: { url: string; read: boolean }[] }>('GET', '/api/me/inbox');
			return [one, two].every((id) => inbox.items.some((i) => i.url.endsWith(`/games/${id}`) && !i.read));
		}, { timeout: 20_000 })
		.toBe(true);
	await run(Date.now() + 2 * MIN);
	expect(await turnMails(page, c, [one, two])).toEqual([]);

	// After her grace time (10 minutes): one mail, naming both games.
	await run(Date.now() + 11 * MIN);
	const mails = await turnMails(page, c, [one, two]);
	expect(mails.length).toBe(1);
	expect(mails[0]).toContain(`/games/${one}`);
	expect(mails[0]).toContain(`/games/${two}`);
	await run(null);
	await page.screenshot({ path: 'test-results/trip-mail-1280-en.png', fullPage: false });
});
