/**
 * Issue 15, playing again, in a real browser: two players finish a game (played to its end by the
 * kinds' own bots through the API, as `npm start`'s seed does), one offers a rematch on the finished
 * game's page, the other sees the offer there and accepts, and the new game starts. Then axe on the
 * changed pages (profile with ratings and the follow button, the finished game page with the
 * rematch, the people page) in English and German.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedRng } from '$lib/engine';
import { kindOf } from '$lib/games';
import { Client } from '../../scripts/lib/client';
import { playGame, keyOf } from '../../scripts/lib/botplay';
import { newGame } from '../../scripts/lib/seed';
import type { Person } from './browser';
import { pageAs } from './play';
import { startTestServer, type TestServer } from './server';

const KIND = 'rapanui';
let server: TestServer;
let ana: Client;
let ben: Client;
let gameId = '';
let waitingId = '';
const people: Person[] = [];

beforeAll(async () => {
	server = await startTestServer();
	const suffix = Date.now().toString(36).slice(-5);
	[ana, ben] = ['ana', 'ben'].map((n) => new Client(server.url, `${n}ag${suffix}`));
	for (const c of [ana, ben]) await c.signup(c.username, 'correct horse battery staple');
	const kind = kindOf(KIND)!;
	gameId = await newGame([ana, ben], kind, 2);
	const r = await playGame({ id: gameId, kind, players: new Map([ana, ben].map((c) => [keyOf(c.username), c])), rng: seedRng('again-e2e') });
	expect(r.stop).toBe('over');
	// A waiting private game of ben's: its page has the invite-by-name form.
	({ id: waitingId } = await ben.createGame({ kind: KIND, seats: 2, visibility: 'private' }));
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

describe('rematch in the browser', () => {
	test('ana offers a rematch, ben accepts it on the finished game, the new game starts', async () => {
		const a = await pageAs(server.url, people, ana);
		await a.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle' });
		await a.getByRole('button', { name: 'Offer a rematch' }).click();
		await a.waitForURL((u) => /\/games\/[a-z2-7]{16}$/.test(u.pathname) && !u.pathname.endsWith(gameId));
		const newId = new URL(a.url()).pathname.split('/').pop()!;
		expect(newId).not.toBe(gameId);

		const b = await pageAs(server.url, people, ben);
		await b.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle' });
		await b.getByText(`${ana.username} offers a rematch.`).waitFor();
		await b.getByRole('button', { name: 'Accept the rematch' }).click();
		await b.waitForURL(new RegExp(`/games/${newId}$`));
		await expect.poll(async () => (await ben.game(newId)).status, { timeout: 20_000 }).toBe('active');
		const g = await ben.game(newId);
		expect(g.seats.map((s) => s.username).sort()).toEqual([ana.username, ben.username].sort());
		// The new game links back to the finished one.
		await b.goto(`${server.url}/games/${newId}`, { waitUntil: 'networkidle' });
		await b.getByRole('link', { name: 'See the earlier game' }).waitFor();
		expect(await b.getByRole('link', { name: 'See the earlier game' }).getAttribute('href')).toBe(`/games/${gameId}`);

		// The finished game page now offers ana's rematch to ana as hers.
		await a.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle' });
		await a.getByText('You offered a rematch.').waitFor();
	});

	test('invite by name from a waiting private game: a followed name is offered, an unknown one refused', async () => {
		const b = await pageAs(server.url, people, ben);
		await b.goto(`${server.url}/games/${waitingId}`, { waitUntil: 'networkidle' });
		const field = b.getByLabel('Player name');
		await field.fill('nobody_zz_e2e');
		await b.getByRole('button', { name: 'Invite' }).click();
		await b.getByRole('alert').filter({ hasText: 'There is no player of that name.' }).waitFor();
		await field.fill(ana.username);
		await b.getByRole('button', { name: 'Invite' }).click();
		await b.getByRole('status').filter({ hasText: `${ana.username} is invited.` }).waitFor();
	});

	test('follow from a profile; the rating shows there', async () => {
		const b = await pageAs(server.url, people, ben);
		await b.goto(`${server.url}/players/${ana.username}`, { waitUntil: 'networkidle' });
		await b.getByRole('heading', { name: 'Ratings' }).waitFor();
		await expect.poll(() => b.getByText('1 rated game').count()).toBe(1);
		await b.getByRole('button', { name: 'Follow' }).click();
		await b.getByRole('status').filter({ hasText: `You follow ${ana.username}.` }).waitFor();
		await b.goto(`${server.url}/people`, { waitUntil: 'networkidle' });
		await b.getByRole('link', { name: ana.username }).waitFor();
	});
});

describe('axe on the changed pages', () => {
	const PAGES: { name: string; path: () => string; ready?: string }[] = [
		{ name: 'profile (en)', path: () => `/players/${ana.username}`, ready: 'Ratings' },
		{ name: 'profile (de)', path: () => `/de/players/${ana.username}`, ready: 'Wertungen' },
		{ name: 'finished game with rematch (en)', path: () => `/games/${gameId}`, ready: 'Play again' },
		{ name: 'finished game with rematch (de)', path: () => `/de/games/${gameId}`, ready: 'Noch einmal spielen' },
		{ name: 'people (en)', path: () => '/people' },
		{ name: 'people (de)', path: () => '/de/people' },
		{ name: 'front page with followed games (de)', path: () => '/de', ready: 'Partien der Leute, denen du folgst' },
		{ name: 'waiting private game with the invite form (en)', path: () => `/games/${waitingId}`, ready: 'Invite a player' },
		{ name: 'waiting private game with the invite form (de)', path: () => `/de/games/${waitingId}`, ready: 'Mitspieler einladen' },
		{ name: 'archive with rating changes', path: () => '/archive' }
	];
	for (const p of PAGES)
		test(`${p.name}: no serious or critical violation`, async () => {
			const page = await pageAs(server.url, people, ben, { width: 390, height: 844 });
			const res = await page.goto(server.url + p.path(), { waitUntil: 'networkidle' });
			expect(res?.status()).toBe(200);
			await page.getByRole('main').waitFor();
			// The part this issue added is there (some of it renders after hydration) before axe looks.
			if (p.ready) await page.getByRole('heading', { name: p.ready }).waitFor();
			const { violations } = await new AxeBuilder({ page }).analyze();
			const bad = violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
			expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
		});
});
