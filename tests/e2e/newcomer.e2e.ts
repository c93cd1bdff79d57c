/**
 * Issue 12, "wrong today" 2–4, each as a newcomer met it, in a real browser against wrangler dev.
 * Each of these failed on the main of the day the issue was filed:
 * 2. the unread badge only grew: opening the game did not read its "your turn";
 * 3. a game page left open (a connected socket) silenced every turn notification;
 * 4. "My games" read right after one's own move still said "Your turn", and an open dashboard's
 *    list did not follow the game.
 * (1 and 5 are checked by giants.e2e.ts's full round.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../scripts/lib/client';
import { giants, type GiantsView } from '../../src/lib/games/giants';
import { newPerson, type Person } from './browser';
import { confirmAddress } from './mail';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let person: Person;

beforeAll(async () => {
	// Three sign-ups per test, all from this machine's address.
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', DEV_MAILBOX: '1', AUTH_SIGNUPS_PER_HOUR: '100' });
	person = await newPerson({ width: 1280, height: 800 });
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

/** Three new players in a round-2 placement (no auction): Ana, then Ben, then Caro (G-0.4). */
async function threePlayers(tag: string) {
	const suffix = `${tag}${Date.now().toString(36).slice(-5)}`;
	const [a, b, c] = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const x of [a, b, c]) {
		await x.signup(x.username, 'correct horse battery staple');
		// Grace 0 (issue 32): this test watches each turn's mail arrive, not the grace time.
		await x.api('PUT', '/api/me/settings', { email: `${x.username}@example.com`, graceMinutes: 0 });
		await confirmAddress(server.url, x, `${x.username}@example.com`);
	}
	const { id } = await a.api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: [a.username, b.username, c.username],
		seed: `newcomer-${tag}`,
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } }
	});
	return { a, b, c, id };
}

/** `who` takes one legal move from their own view. */
async function moveAs(who: Client, id: string): Promise<{ type: string; hex?: string }> {
	const g = await who.game<GiantsView>(id);
	// A placement where there is one (it shows on the board), else whatever comes first.
	const legal = giants.legalMoves(g.view as never, g.yourSeat!);
	const move = legal.find((m) => m.type === 'place') ?? legal[0];
	await who.move(id, move, g.version);
	return move as { type: string; hex?: string };
}

/** The others move (whoever is awaited, first legal move) until `target` is awaited. */
async function othersUntil(players: Client[], id: string, target: Client): Promise<{ type: string; hex?: string }[]> {
	const made: { type: string; hex?: string }[] = [];
	for (let i = 0; i < 30; i++) {
		const g = await target.game<GiantsView>(id);
		const awaited = g.activeSeats.map((s) => g.seats.find((x) => x.seat === s)!.userId);
		if (awaited.includes(target.userId)) return made;
		const next = players.find((p) => p !== target && awaited.includes(p.userId))!;
		made.push(await moveAs(next, id));
	}
	throw new Error(`${target.username} never came to move`);
}

/** Signs the browser in as `who` (their session cookie) and opens a fresh page. */
async function pageAs(who: Client): Promise<Page> {
	await person.context.clearCookies();
	const [name, value] = who.cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	return person.context.newPage();
}

async function mailsTo(page: Page, address: string, id: string): Promise<number> {
	await page.goto(`${server.url}/dev/mailbox`);
	return page.locator('article').filter({ hasText: address }).filter({ hasText: `/games/${id}` }).count();
}

test('2: opening the game reads its "your turn"; the badge does not only grow', async () => {
	const { a, id } = await threePlayers('rd');
	const page = await pageAs(a);
	// The game began with Ana to move while she was elsewhere: one unread "your turn".
	await expect
		.poll(
			async () => {
				await page.goto(`${server.url}/lobby`);
				return (await page.getByTestId('unread-badge').count()) ? await page.getByTestId('unread-badge').textContent() : '';
			},
			{ timeout: 20_000 }
		)
		.toContain('1');
	// She opens the game: the badge goes, without a reload, and stays gone.
	await page.goto(`${server.url}/games/${id}`);
	await expect.poll(() => page.getByTestId('unread-badge').count(), { timeout: 10_000 }).toBe(0);
	await page.goto(`${server.url}/lobby`);
	await page.getByTestId('inbox-link').waitFor();
	expect(await page.getByTestId('unread-badge').count()).toBe(0);
	expect((await a.api<{ unread: number }>('GET', '/api/me/inbox')).unread).toBe(0);
	await page.close();
});

test('3: a game page left open does not silence the turn notification; one being looked at does', async () => {
	const { a, b, c, id } = await threePlayers('lk');
	const page = await pageAs(b);
	await page.goto(`${server.url}/games/${id}`);
	await page.locator('[data-status="open"]').waitFor();
	// The page says how Ben hears of his turn.
	expect(await page.getByTestId('reach').textContent()).toMatch(/Email/);
	// Ben is looking (the page is visible and was just used): Ana's move makes it his turn, and no
	// notification is sent for it.
	await page.mouse.move(10, 10);
	await page.keyboard.press('Shift');
	await moveAs(a, id);
	await expect.poll(() => page.getByTestId('turn').textContent(), { timeout: 10_000 }).toMatch(/your turn/i);
	// Ben moves (elsewhere); then his tab goes to the background, still connected, while the others
	// move until it is his turn again.
	await moveAs(b, id);
	await page.evaluate(() => {
		Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
		document.dispatchEvent(new Event('visibilitychange'));
	});
	await othersUntil([a, b, c], id, b);
	// Now he hears of it: the badge on the open page, and one mail — for this turn only.
	await page.getByTestId('unread-badge').waitFor({ timeout: 20_000 });
	const mailbox = await person.context.newPage();
	await expect.poll(() => mailsTo(mailbox, `${b.username}@example.com`, id), { timeout: 20_000 }).toBe(1);
	await mailbox.close();
	await page.close();
});

test('4: "My games" right after one\'s own move shows it; an open dashboard follows the game', async () => {
	const { a, b, c, id } = await threePlayers('rw');
	const page = await pageAs(a);
	await page.goto(`${server.url}/games/${id}`);
	await page.locator('[data-status="open"]').waitFor();
	const yourTurn = () => page.locator(`section[aria-labelledby="turn-heading"] a[href$="/games/${id}"]`);
	// Ana moves from the game page (the same request its move panel makes) and goes straight to My games.
	const g = await a.game<GiantsView>(id);
	const move = giants.legalMoves(g.view as never, g.yourSeat!)[0];
	const status = await page.evaluate(
		async ([gameId, mv, v]) =>
			(
				await fetch(`/api/games/${gameId}/moves`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ moveId: crypto.randomUUID(), move: mv, expectedVersion: v })
				})
			).status,
		[id, move, g.version] as const
	);
	expect(status).toBe(200);
	await page.locator('a[href="/games"]').first().click();
	await page.waitForURL(/\/games$/);
	await page.locator('section[aria-labelledby="progress-heading"]').waitFor();
	// Read at once: not "Your turn" any more.
	expect(await yourTurn().count()).toBe(0);
	expect(await page.locator(`section[aria-labelledby="progress-heading"] a[href$="/games/${id}"]`).count()).toBe(1);
	// Ben and Caro move while Ana's dashboard stays open: the game comes back to "Your turn" by itself.
	await othersUntil([a, b, c], id, a);
	await expect.poll(() => yourTurn().count(), { timeout: 15_000 }).toBe(1);
	await page.close();
});

test('keyboard: a figure chosen by Enter hands focus to the board, which is one Tab stop; Confirm is near and keeps focus on the news', async () => {
	const { a, id } = await threePlayers('kb');
	const page = await pageAs(a);
	await page.goto(`${server.url}/games/${id}`);
	await page.locator('[data-status="open"]').waitFor();
	const worker = page.getByRole('button', { name: /^worker/i }).first();
	await worker.focus();
	await page.keyboard.press('Enter');
	// Focus went to the board's one Tab stop — a target hex — not to the page body.
	await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-key') ?? document.activeElement?.tagName)).toMatch(/^hex:/);
	expect(await page.locator('svg [data-key][tabindex="0"]').count()).toBe(1);
	expect(await page.locator('svg [data-key][tabindex="-1"]').count()).toBeGreaterThan(5);
	// Arrows move among the targets; Enter chooses one, and the board marks it.
	const first = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowDown');
	const chosen = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
	expect(chosen).toMatch(/^hex:/);
	expect(chosen).not.toBe(first);
	await page.keyboard.press('Enter');
	await page.getByTestId('chosen-hex').waitFor();
	// From the board, Confirm is a few Tabs away (it was 23 when every hex was a Tab stop).
	let tabs = 0;
	while (tabs < 12 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Confirm move') {
		await page.keyboard.press('Tab');
		tabs++;
	}
	expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Confirm move');
	expect(tabs).toBeLessThanOrEqual(8);
	await page.keyboard.press('Enter');
	await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/Your move was sent/);
	await page.close();
});

test('phone: the move panel is a bottom sheet in reach while the board is in view', async () => {
	const { a, id } = await threePlayers('ph');
	const phone = await newPerson({ width: 390, height: 844 });
	try {
		const [name, value] = a.cookie.split('=');
		await phone.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
		const page = await phone.context.newPage();
		await page.goto(`${server.url}/games/${id}`);
		await page.locator('[data-status="open"]').waitFor();
		await page.locator('.board svg').first().scrollIntoViewIfNeeded();
		const sheet = await page.getByTestId('move-sheet').boundingBox();
		const board = await page.locator('.board svg').first().boundingBox();
		expect(sheet && board).toBeTruthy();
		// The sheet is on screen, at its bottom, while the board is on screen too.
		expect(sheet!.y + sheet!.height).toBeLessThanOrEqual(844 + 1);
		expect(sheet!.y).toBeLessThan(844);
		expect(board!.y).toBeLessThan(844);
		// The board fills the width (less the page's margins).
		expect(board!.width).toBeGreaterThan(390 - 40);
		await page.close();
	} finally {
		await phone.close();
	}
});

test('since your last visit: the moves of the others are highlighted in the log and on the board', async () => {
	const { a, b, c, id } = await threePlayers('sv');
	const page = await pageAs(a);
	await page.goto(`${server.url}/games/${id}`);
	await page.locator('[data-status="open"]').waitFor();
	// The room now knows what Ana has seen.
	const at = (await a.game(id)).version;
	await expect.poll(async () => ((await a.game(id)) as { seenVersion?: number }).seenVersion, { timeout: 10_000 }).toBe(at);
	await page.close();
	// Away: she moves from elsewhere (her own move is not news to her), then Ben and Caro move.
	await moveAs(a, id);
	const moves = await othersUntil([a, b, c], id, a);
	expect(moves.length).toBeGreaterThanOrEqual(2);
	const back = await person.context.newPage();
	await back.goto(`${server.url}/games/${id}`);
	const since = back.getByTestId('since');
	await since.waitFor();
	expect(await since.textContent()).toContain(`${moves.length} moves since your last visit`);
	// The log is one of the table's panels (issue 30), behind its tab.
	await back.getByTestId('tab-log').click();
	await back.locator('.log li.fresh').first().waitFor();
	expect(await back.locator('.log li.fresh').count()).toBeGreaterThanOrEqual(moves.length);
	// The hexes the others placed on, exactly.
	const placed = new Set(moves.filter((m) => m.type === 'place').map((m) => m.hex));
	expect(placed.size).toBeGreaterThan(0);
	expect(await back.getByTestId('recent-hex').count()).toBe(placed.size);
	await back.close();
});
