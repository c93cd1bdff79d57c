/**
 * Issue 10, in a real browser. A session revoked elsewhere takes its open game page with it. Ana
 * has the game open (her seat's view: "Your turn", her sealed bid to make); from another device
 * she revokes that browser's session. The server closes the page's sockets (4401) and the page
 * loads again as who the visitor now is: signed out, a spectator — no seat view, no badge socket.
 * And a private game: nothing for a stranger with its URL; its invite link lets one watch, then join.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '../../scripts/lib/client';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { startTestServer, type TestServer } from './server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/devserver';

const en = JSON.parse(readFileSync(join(ROOT, 'messages/en.json'), 'utf8')) as Record<string, string>;

let server: TestServer;
let person: Person;

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1' });
	person = await newPerson({ width: 1280, height: 800 });
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

test('a session revoked on another device: the open game page falls back to signed out at once', async () => {
	const suffix = Date.now().toString(36).slice(-5);
	const [a, b, c] = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const x of [a, b, c]) await x.signup(x.username, 'correct horse battery staple');
	// Round 1's sealed bid: everybody's input is awaited, Ana's included.
	const { id } = await a.api<{ id: string }>('POST', '/api/dev/scenario', {
		usernames: [a.username, b.username, c.username],
		seed: 'session',
		config: { startPlayer: 0, forcedDice: Array(25).fill([0, 1, 2]) }
	});
	// Ana's phone: a second session of hers.
	const phone = new Client(server.url, a.username);
	await phone.signin(a.username, 'correct horse battery staple');

	const [name, value] = a.cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	const page = await person.context.newPage();
	const csp = await watchCsp(page);
	await page.goto(`${server.url}/games/${id}`);
	await page.getByText(en.nav_signed_in_as.replace('{name}', a.username)).waitFor({ state: 'attached' }); // shown in the menu on narrower screens
	await page.getByTestId('turn').getByText(en.game_your_turn).waitFor();
	await page.getByText(en.game_live_open).waitFor();

	// From the phone, Ana ends the browser's session.
	const sessionId = createHash('sha256').update(value).digest('hex');
	await phone.api('DELETE', `/api/auth/sessions/${sessionId}`);

	// Without a reload by anyone: the page is signed out and shows the spectator's view.
	await page.getByRole('link', { name: en.nav_sign_in }).waitFor({ timeout: 5_000 });
	await expect.poll(() => page.getByText(en.game_your_turn).count()).toBe(0);
	expect(await page.getByText(en.nav_signed_in_as.replace('{name}', a.username)).count()).toBe(0);
	// It keeps following the game as a spectator: a new socket opens.
	await page.getByText(en.game_live_open).waitFor();
	expect(await csp.violations()).toEqual([]);
});

test('a private game: a stranger with its URL gets nothing; the invite link lets one watch first, then join', async () => {
	const suffix = Date.now().toString(36).slice(-5);
	const [host, guest] = ['hana', 'gus'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const x of [host, guest]) await x.signup(x.username, 'correct horse battery staple');
	const { id, inviteCode } = await host.api<{ id: string; inviteCode: string }>('POST', '/api/games', { game: 'giants', seats: 3, visibility: 'private' });

	const page = await person.context.newPage();
	const csp = await watchCsp(page);
	// Signed out, with only the game's URL: no such game.
	await person.context.clearCookies();
	const stranger = await page.goto(`${server.url}/games/${id}`);
	expect(stranger?.status()).toBe(404);

	// Gus, signed in, follows the invite link and watches first.
	const [name, value] = guest.cookie.split('=');
	await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
	await page.goto(`${server.url}/invite/${inviteCode}`);
	await page.getByRole('link', { name: en.invite_watch }).click();
	await page.waitForURL(new RegExp(`/games/${id}\\?invite=`));
	await page.getByText(en.game_live_open).waitFor();
	// A spectator of the waiting game: he may join from here, with the link's code.
	await page.getByRole('button', { name: en.game_join }).click();
	await page.getByRole('button', { name: en.game_leave }).waitFor();
	const seats = (await host.api<{ seats: { username: string }[] }>('GET', `/api/games/${id}`)).seats.map((s) => s.username);
	expect(seats).toEqual([host.username, guest.username]);
	expect(await csp.violations()).toEqual([]);
});
