/**
 * Automated accessibility check (axe-core through @axe-core/playwright): the landing page, the
 * lobby (signed in), a started 3-player game as a seated player (English and German) and the
 * rules (English and German), a Rapa Nui game and its rules, each on a phone (390 px) and a desktop (1280 px) viewport. A
 * violation of impact 'serious' or 'critical' fails the test; the message lists every violation
 * (rule id, impact, targets, help URL) so it can be fixed. Moderate/minor ones are printed only.
 *
 * axe finds only what a machine can find (missing names, contrast, ARIA misuse, landmarks); it
 * does not replace trying the pages with a keyboard and a screen reader.
 */
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Result } from 'axe-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../../scripts/lib/client';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { startTestServer, type TestServer } from './server';

const PASSWORD = 'correct horse battery staple';
const VIEWPORTS = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1280, height: 900 }
] as const;

let server: TestServer;
let gameId = '';
let rapanuiId = '';
let moaId = '';
let host: Client;
const people = new Map<string, Person>();

beforeAll(async () => {
	server = await startTestServer();

	const suffix = Date.now().toString(36).slice(-5);
	const players = ['ana', 'ben', 'caro'].map((n) => new Client(server.url, `${n}${suffix}`));
	for (const p of players) await p.signup(p.username, PASSWORD);
	host = players[0];
	({ id: gameId } = await host.createGame({ seats: 3 }));
	for (const p of players.slice(1)) await p.join(gameId);
	if ((await host.game(gameId)).status === 'waiting') await host.start(gameId);
	expect((await host.game(gameId)).status).toBe('active');
	({ id: rapanuiId } = await host.createGame({ kind: 'rapanui', seats: 2 }));
	await players[1].join(rapanuiId);
	if ((await host.game(rapanuiId)).status === 'waiting') await host.start(rapanuiId);
	({ id: moaId } = await host.createGame({ kind: 'moa', seats: 3 }));
	for (const p of players.slice(1)) await p.join(moaId);
	if ((await host.game(moaId)).status === 'waiting') await host.start(moaId);

	for (const v of VIEWPORTS) {
		const person = await newPerson({ width: v.width, height: v.height });
		// Signed in as the host (a seated player): the API's session cookie, handed to the browser.
		const [name, value] = host.cookie.split('=');
		await person.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
		const me = await person.context.request.get(server.url + '/api/auth/me');
		expect((await me.json())?.user?.username, 'the browser is signed in').toBe(host.username);
		people.set(v.name, person);
	}
});

afterAll(async () => {
	for (const p of people.values()) await p.close().catch(() => {});
	await server?.close();
});

function describeViolations(vs: Result[]) {
	return vs
		.map((v) => {
			const targets = v.nodes.map((n) => `    - ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`);
			return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${targets.join('\n')}`;
		})
		.join('\n');
}

const PAGES: { name: string; path: () => string }[] = [
	{ name: 'landing', path: () => '/' },
	{ name: 'landing (de)', path: () => '/de' },
	{ name: 'lobby', path: () => '/lobby' },
	{ name: 'lobby (de)', path: () => '/de/lobby' },
	{ name: 'archive', path: () => '/archive' },
	{ name: 'not found (the error page)', path: () => '/no-such-page' },
	{ name: 'game (en)', path: () => `/games/${gameId}` },
	{ name: 'game (de)', path: () => `/de/games/${gameId}` },
	{ name: 'rules (en)', path: () => '/rules/giants' },
	{ name: 'rules (de)', path: () => '/de/rules/giants' },
	{ name: 'rules index', path: () => '/rules' },
	{ name: 'learn Giants (issue 31)', path: () => '/learn/giants' },
	{ name: 'learn Rapa Nui (de)', path: () => '/de/learn/rapanui' },
	{ name: 'learn Moa', path: () => '/learn/moa' },
	{ name: 'Rapa Nui game (en)', path: () => `/games/${rapanuiId}` },
	{ name: 'Rapa Nui rules (de)', path: () => '/de/rules/rapanui' },
	{ name: 'Moa game (en)', path: () => `/games/${moaId}` },
	{ name: 'Moa game (de)', path: () => `/de/games/${moaId}` },
	{ name: 'Moa rules (en)', path: () => '/rules/moa' },
	{ name: 'Moa rules (de)', path: () => '/de/rules/moa' },
	{ name: 'my games (dashboard)', path: () => '/games' },
	{ name: 'inbox', path: () => '/inbox' },
	{ name: 'notification settings (de)', path: () => '/de/settings/notifications' },
	{ name: 'account settings (en)', path: () => '/settings/account' },
	{ name: 'account settings (de)', path: () => '/de/settings/account' },
	{ name: 'forgot password (de)', path: () => '/de/forgot' },
	{ name: 'reset page without a link (en)', path: () => '/reset' },
	{ name: 'people (issue 15)', path: () => '/de/people' },
	{ name: 'people (en)', path: () => '/people' },
	{ name: 'confirm an address without a link (en)', path: () => '/verify' },
	{ name: 'confirm an address without a link (de)', path: () => '/de/verify' },
	{ name: 'account deleted (de)', path: () => '/de/account-deleted' }
];

for (const v of VIEWPORTS) {
	describe(`${v.name} (${v.width} px)`, () => {
		for (const p of PAGES) {
			test(`${p.name}: no serious or critical axe violation, no CSP violation`, async () => {
				const page = await people.get(v.name)!.context.newPage();
				try {
					const csp = await watchCsp(page);
					const path = p.path();
					const res = await page.goto(server.url + path, { waitUntil: 'networkidle' });
					expect(res?.status(), `GET ${path}`).toBe(path === '/no-such-page' ? 404 : 200);
					// Signed in, seated: the page is the one meant, not a sign-in form or an error.
					if (p.name !== 'landing' && !p.name.startsWith('rules')) {
						expect(new URL(page.url()).pathname).toBe(path);
					}
					await page.getByRole('main').waitFor();
					// Before axe runs: only the page's own loading is judged against its policy.
					expect(await csp.violations(), `${v.name} ${path}: CSP violations`).toEqual([]);
					const { violations } = await new AxeBuilder({ page }).analyze();
					const bad = violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
					if (violations.length > bad.length) {
						console.log(`${v.name} ${path}: minor/moderate axe findings:\n${describeViolations(violations.filter((x) => !bad.includes(x)))}`);
					}
					expect(bad.length, `${v.name} ${path}: axe violations:\n${describeViolations(violations)}`).toBe(0);
				} finally {
					await page.close();
				}
			});
		}
	});
}

// The check itself: a button without a name and grey-on-white text planted in a real page must be
// reported, or the passes above would mean nothing (e.g. axe not running in this Chromium).
test('axe reports violations planted in a page', async () => {
	const page = await people.get('desktop')!.context.newPage();
	try {
		await page.goto(server.url + '/', { waitUntil: 'networkidle' });
		await page.evaluate(() => {
			const main = document.querySelector('main')!;
			main.insertAdjacentHTML('beforeend', '<button id="planted-button"></button><p id="planted-text" style="color:#ccc;background:#fff">planted low-contrast text</p>');
		});
		const { violations } = await new AxeBuilder({ page }).analyze();
		const found = violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]);
		expect(found).toContainEqual(['button-name', ['#planted-button']]);
		expect(found).toContainEqual(['color-contrast', ['#planted-text']]);
	} finally {
		await page.close();
	}
});
