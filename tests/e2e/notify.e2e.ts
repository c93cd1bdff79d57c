/**
 * Issue 5, Tests: after A moves, B's page shows the unread badge (live, without a reload) and the
 * development mailbox shows B's mail — the whole path: the GameRoom's event with the move, its D1
 * outbox, the postman's fan-out and delivery, the UserHub socket, the send_email binding's local
 * capture (DEV_MAILBOX). A is never told about A's own move; C is not told it is B's turn.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { confirmAddress } from './mail';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let person: Person;

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', DEV_MAILBOX: '1' });
	person = await newPerson({ width: 390, height: 844 });
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

test("after A moves, B's page shows the unread badge and the mailbox shows B's mail", async () => {
	const suffix = Date.now().toString(36).slice(-5);
	const [a, b, c] = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const x of [a, b, c]) {
		await x.signup(x.username, 'correct horse battery staple');
		// Grace 0 (issue 32): this test watches each turn's mail arrive, not the grace time.
		await x.api('PUT', '/api/me/settings', { email: `${x.username}@example.com`, graceMinutes: 0 });
		await confirmAddress(server.url, x, `${x.username}@example.com`);
	}
	// Round 2 with no moai rolled: straight to placement, Ana first, then Ben (G-0.4).
	const { id } = await a.api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: [a.username, b.username, c.username],
		seed: 'notify',
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 0, 0]), position: { round: 2 } }
	});

	// Ben is somewhere else on the site, signed in, with nothing unread.
	const [name, value] = b.cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	const page = await person.context.newPage();
	const csp = await watchCsp(page);
	await page.goto(`${server.url}/lobby`);
	await page.getByTestId('inbox-link').waitFor();
	expect(await page.getByTestId('unread-badge').count()).toBe(0);

	// Ana places a worker: now it is Ben's turn.
	const g = await a.game(id);
	await a.api('POST', `/api/games/${id}/moves`, { moveId: 'ana-1', move: { type: 'place', figure: 'worker', hex: 'H16' }, expectedVersion: g.version });

	// The badge appears on Ben's open page without a reload.
	await page.getByTestId('unread-badge').waitFor({ timeout: 20_000 });
	expect(await page.getByTestId('unread-badge').textContent()).toContain('1');

	// The inbox says it is his turn and links the game.
	await page.getByTestId('inbox-link').click();
	await page.waitForURL(/\/inbox$/);
	await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
	expect(await page.locator('main').textContent()).toMatch(/your turn/i);
	expect(await page.locator(`main a[href$="/games/${id}"]`).count()).toBeGreaterThan(0);

	// The development mailbox has Ben's mail, with the game link and an unsubscribe link.
	await expect
		.poll(
			async () => {
				await page.goto(`${server.url}/dev/mailbox`);
				return page.locator('article').filter({ hasText: `${b.username}@example.com` }).filter({ hasText: `/games/${id}` }).count();
			},
			{ timeout: 20_000 }
		)
		.toBe(1);
	// (Each address also got its verification mail, issue 15: the game's mail is the one with its link.)
	const turnMails = (who: Client) => page.locator('article').filter({ hasText: `${who.username}@example.com` }).filter({ hasText: `/games/${id}` });
	const mail = turnMails(b);
	const text = (await mail.textContent()) ?? '';
	expect(text).toMatch(/your turn/i);
	expect(text).toContain(`/games/${id}`);
	expect(text).toContain('/unsubscribe?t=');
	// The moves since Ben's last move are summarized: Ana's placement.
	expect(text).toContain('H16');
	// Ana is not told about her own move, Caro is not told it is Ben's turn.
	expect(await turnMails(c).count()).toBe(0);
	expect(await turnMails(a).count()).toBeLessThanOrEqual(1); // at most her own start-of-game turn

	// The mail's HTML part shows under the site's Content-Security-Policy: the sandboxed srcdoc
	// iframe inherits the page's policy, whose style-src-attr lets the mail's inline styles apply
	// (docs/security.md "Headers and Content-Security-Policy"); nothing on the way was refused.
	const en = JSON.parse(readFileSync(join(ROOT, 'messages/en.json'), 'utf8')) as Record<string, string>;
	await mail.locator('summary', { hasText: en.devmail_html }).click();
	const button = mail.frameLocator('iframe').getByRole('link', { name: en.mail_open_game });
	expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 78, 216)');
	// Its links open in a new tab: in the frame, the site's pages would refuse to be framed.
	const [tab] = await Promise.all([person.context.waitForEvent('page'), button.click()]);
	await tab.waitForURL((u) => u.pathname === `/games/${id}`);
	await tab.close();
	expect(await csp.violations()).toEqual([]);
});
