/**
 * Issue 15, "leave the site", in Chromium against `wrangler dev`: /settings/data is axe clean in
 * English and German; "Download my data" saves a JSON file of the user's own data; a wrong password
 * is refused on the page; the right one deletes the account and lands on "your account is deleted".
 * Then another player of the user's finished game still sees its page and history, with the seat
 * shown as "deleted player", and the deleted user can no longer sign in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedRng } from '../../src/lib/engine/index';
import { greedyBot } from '../../src/lib/games/giants/bots';
import type { GiantsView } from '../../src/lib/games/giants/index';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { startTestServer, type TestServer } from './server';

const FIXTURE = JSON.parse(readFileSync(join(ROOT, 'tests/e2e/fixtures/full-round.json'), 'utf8'));
const catalog = (lang: string) =>
	JSON.parse(readFileSync(join(ROOT, `messages/leave-${lang}.json`), 'utf8')) as Record<string, string>;
const EN = catalog('en');
const DE = catalog('de');
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let clients: Client[];
let id: string;
const people: Person[] = [];

async function signedIn(c: Client, viewport = { width: 390, height: 844 }): Promise<Page> {
	const p = await newPerson(viewport);
	people.push(p);
	const [name, value] = c.cookie.split('=');
	await p.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	return p.context.newPage();
}

async function axeClean(page: Page, what: string) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	const bad = violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
	expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	const suffix = Date.now().toString(36).slice(-5);
	clients = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `l${n}${suffix}`));
	for (const c of clients) await c.signup(c.username, PASSWORD);
	({ id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: clients.map((c) => c.username),
		seed: 'e2e-leave',
		config: { startPlayer: 0, position: { ...FIXTURE.position, round: 23 } }
	}));
	// Bots finish the game through the API, each seat from its own view.
	const rng = seedRng('bots-leave');
	for (let guard = 0; guard < 3000; guard++) {
		const g = await clients[0].game(id);
		if (g.status === 'finished') break;
		const seat = (g as unknown as { activeSeats: number[] }).activeSeats[0];
		const mine = (await clients[seat].game(id)) as { view: GiantsView; version: number };
		await clients[seat].move(id, greedyBot(mine.view, seat, rng), mine.version);
	}
	expect((await clients[0].game(id)).status).toBe('finished');
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

describe('leaving the site', () => {
	test('/settings/data: axe clean in English and German, the download, a refusal, the deletion', async () => {
		const [ana, ben] = clients;
		const page = await signedIn(ana);
		const csp = await watchCsp(page);
		await page.goto(`${server.url}/settings/data`);
		await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(EN.leave_title);
		await axeClean(page, '/settings/data at 390 px');
		await page.setViewportSize({ width: 1280, height: 900 });
		await page.goto(`${server.url}/de/settings/data`);
		await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(DE.leave_title);
		await axeClean(page, '/de/settings/data at 1280 px');
		// The settings navigation names the page.
		expect(await page.getByRole('navigation', { name: /Einstellungen|Settings/ }).getByRole('link', { name: DE.leave_nav }).getAttribute('aria-current')).toBe('page');

		// "Download my data": a file, the user's own.
		await page.goto(`${server.url}/settings/data`);
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: EN.leave_download_button }).click()]);
		expect(download.suggestedFilename()).toMatch(new RegExp(`^rongo-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
		const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
		expect(data.profile.username).toBe(ana.username);
		expect(data.games.map((g: { id: string }) => g.id)).toEqual([id]);

		// A wrong password: refused on the page, nothing deleted.
		await page.getByLabel(EN.leave_delete_password).fill('not my password');
		await page.getByLabel(EN.leave_delete_username.replace('{name}', ana.username)).fill(ana.username);
		await page.getByRole('button', { name: EN.leave_delete_submit }).click();
		await expect.poll(() => page.getByRole('alert').textContent()).toBe(EN.leave_error_password);
		expect((await ben.game(id)).seats.map((s) => s.username)).toContain(ana.username);

		// The right one: the account is gone, the page says so, the browser is signed out.
		await page.getByLabel(EN.leave_delete_password).fill(PASSWORD);
		await page.getByLabel(EN.leave_delete_username.replace('{name}', ana.username)).fill(ana.username);
		await page.getByRole('button', { name: EN.leave_delete_submit }).click();
		await page.waitForURL(/\/account-deleted/);
		expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(EN.leave_deleted_title);
		await axeClean(page, '/account-deleted');
		expect((await page.context().cookies()).some((c) => c.name === 'session' && c.value)).toBe(false);
		expect(await csp.violations()).toEqual([]);

		// The deleted user can no longer sign in.
		await page.goto(`${server.url}/signin`);
		await page.getByLabel(/Username/).fill(ana.username);
		await page.getByLabel(/Password/).fill(PASSWORD);
		await page.getByRole('button', { name: 'Sign in', exact: true }).click();
		await expect.poll(() => page.getByRole('alert').count()).toBe(1);
		expect(page.url()).toMatch(/\/signin/);
		await expect(new Client(server.url, ana.username).signin(ana.username, PASSWORD)).rejects.toThrow();

		// Ben still has the game: its page and its history, with ana's seat as "deleted player".
		const benPage = await signedIn(ben, { width: 1280, height: 900 });
		await benPage.goto(`${server.url}/games/${id}/history`);
		await benPage.locator('[data-ready="true"]').waitFor();
		const history = (await benPage.locator('main').textContent()) ?? '';
		expect(history).toContain(EN.leave_deleted_player);
		expect(history).not.toContain(ana.username);
		await benPage.goto(`${server.url}/de/games/${id}`);
		// The finished game's seats are drawn once the page has its end screen (loaded after the view):
		// on a loaded machine (a CI run beside the Worker lane) that took longer than expect.poll's 1 s.
		await expect.poll(async () => (await benPage.locator('main').textContent()) ?? '', { timeout: 20_000 }).toContain(DE.leave_deleted_player);
		expect(await benPage.locator('main').textContent()).not.toContain(ana.username);
		await benPage.goto(`${server.url}/games`);
		await expect.poll(async () => (await benPage.locator('main').textContent()) ?? '', { timeout: 20_000 }).toContain(EN.leave_deleted_player);
	});
});
