/**
 * Three people in three browsers (issue 3, Tests): each signs up on /signup, the first creates
 * a 3-player Giants game in the lobby, the other two join from the lobby, which fills the game
 * and starts it; each submits a sealed bid with the bid form of the game page; after the last
 * bid, the reveal (log) and the auction (order of choice) appear on all three pages without a
 * reload — they arrive over each page's WebSocket.
 *
 * Issue 16: the bids go over each page's already-open game socket, not as HTTP requests; the third
 * page's socket swallows its move (a connection that looks open but is not), so that page sends the
 * same move, with the same moveId, over HTTP after the wait — and it is applied once.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newPerson, type Person } from './browser';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const people: Person[] = [];

beforeAll(async () => {
	server = await startTestServer();
	for (let i = 0; i < 3; i++) people.push(await newPerson());
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

const PASSWORD = 'correct horse battery staple';

/**
 * Opens a page and waits until the network is quiet, i.e. the app has hydrated: typing into a
 * server-rendered input before that is undone when hydration sets the input's value.
 */
async function open(page: Page, path: string) {
	await page.goto(server.url + path, { waitUntil: 'networkidle' });
}

async function signUp(page: Page, username: string) {
	await open(page, '/signup');
	await page.getByLabel(/username/i).fill(username);
	await page.getByLabel(/^password/i).first().fill(PASSWORD);
	const confirm = page.getByLabel(/(confirm|repeat)/i);
	if (await confirm.count()) await confirm.fill(PASSWORD);
	await Promise.all([
		page.waitForURL((u) => !u.pathname.endsWith('/signup'), { timeout: 30_000, waitUntil: 'commit' }),
		page.getByRole('button', { name: /create account|sign up/i }).click()
	]).catch(async (e) => {
		throw new Error(`sign-up of ${username} did not leave /signup: ${await page.locator('main').textContent()}\n${e}`);
	});
	// Signed in: the navigation of a per-user page names the user.
	await open(page, '/lobby');
	await page.getByText(`Signed in as ${username}`).waitFor({ state: 'attached', timeout: 20_000 });
}

test('three players bid; the reveal and the auction reach every page live', async () => {
	const suffix = Date.now().toString(36).slice(-5);
	const names = ['ana', 'ben', 'caro'].map((n) => `${n}${suffix}`);
	const pages: Page[] = [];
	for (const [i, p] of people.entries()) {
		const page = await p.context.newPage();
		pages.push(page);
		await signUp(page, names[i]);
	}

	// Issue 16: what each page sends — POST /moves requests and move frames on its sockets. The third
	// page's socket goes through a relay that drops the move (and so never answers it).
	const posts: string[][] = pages.map(() => []);
	const frames: string[][] = pages.map(() => []);
	pages.forEach((page, i) => {
		page.on('request', (r) => {
			if (r.method() === 'POST' && r.url().endsWith('/moves')) posts[i].push(JSON.parse(r.postData() ?? '{}').moveId);
		});
		page.on('websocket', (ws) =>
			ws.on('framesent', (f) => {
				if (typeof f.payload === 'string' && f.payload.includes('"type":"move"')) frames[i].push(JSON.parse(f.payload).moveId);
			})
		);
	});
	const dropped: string[] = [];
	await pages[2].routeWebSocket(/\/api\/games\/[^/]+\/socket/, (ws) => {
		const upstream = ws.connectToServer();
		ws.onMessage((m) => {
			if (typeof m === 'string' && m.includes('"type":"move"')) dropped.push(JSON.parse(m).moveId);
			else upstream.send(m);
		});
	});

	// The creator: a 3-seat public game.
	const [host, ...guests] = pages;
	await open(host, '/lobby');
	// The create form's player count (the match-maker's panel, issue 35, has its own).
	await host.getByRole('region', { name: 'Create a game' }).getByRole('combobox', { name: /^Players/ }).selectOption('3');
	await host.getByRole('button', { name: 'Create game' }).click();
	await host.waitForURL(/\/games\/[^/]+$/);
	const gameUrl = host.url();

	// The others join from the lobby; the third seat fills the game, which starts it.
	for (const page of guests) {
		await open(page, '/lobby');
		await page.getByRole('button', { name: `Join the game by ${names[0]}` }).click();
		await page.waitForURL(gameUrl);
	}

	// Everybody sees the bid phase (the host's page got there live, without a reload).
	for (const page of pages) {
		await page.getByTestId('move-panel').waitFor({ timeout: 20_000 });
		await page.locator('.live[data-status="open"]').waitFor();
		// Survives only as long as the page is not reloaded.
		await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
	}

	for (const page of pages) {
		await page.getByRole('button', { name: 'More: Tribe markers' }).click();
		await page.getByRole('button', { name: 'More: Workers' }).click();
		// Sculptor value 2 can carve any moai of round 1 (sizes 1 and 2, G-3.0.2), so the auction
		// always waits for a choice; with value 1 and only size-2 moai rolled it would be skipped.
		await page.getByRole('checkbox', { name: 'Medicine man' }).check();
		await page.getByRole('button', { name: 'Confirm move' }).click();
		await page.getByText(/Your move was sent/).waitFor({ timeout: 20_000 });
	}

	// Two bids went over the sockets alone; the third went over its socket, got no answer, and went
	// again over HTTP with the same moveId.
	expect(posts.slice(0, 2)).toEqual([[], []]);
	expect(frames.slice(0, 2).map((f) => f.length)).toEqual([1, 1]);
	expect(dropped).toHaveLength(1);
	expect(posts[2]).toEqual(dropped);

	for (const page of pages) {
		// The round's panel (with the players, the table's first panel) says so, and the log — one
		// of the table's panels (issue 30), behind its tab — has it too, live as before.
		await page.getByRole('heading', { name: 'Auction' }).waitFor({ timeout: 20_000 });
		await page.getByTestId('tab-log').click();
		const log = page.getByRole('region', { name: 'Game log' });
		await log.getByText(/Bids revealed:/).first().waitFor({ timeout: 20_000 });
		const order = await log.getByText(/Order of choice:/).first().textContent();
		for (const n of names) expect(order).toContain(n);
		expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
		// No horizontal scrolling on a phone-sized viewport.
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
	}
});
