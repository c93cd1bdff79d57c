/**
 * Issue 15: table talk and notes through the site, in Debian's Chromium against wrangler dev.
 * - two players chat live beside the board on a desktop; a spectator reads along and cannot write;
 * - on a phone the chat is a tab, with the unread count on it until it is opened;
 * - my notes save themselves and say so, and a move meanwhile loses nothing typed;
 * - axe finds nothing serious on the game page with the chat open, in English and German, on a
 *   phone and a desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../scripts/lib/client';
import type { Person } from './browser';
import { seedRng } from '../../src/lib/engine';
import { heuristicBot } from '../../src/lib/games/moa/bots';
import type { MoaView } from '../../src/lib/games/moa/types';
import { hasText, pageAs as playPage, scenarioGame, until, visible } from './play';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const people: Person[] = [];
let clients: Client[] = [];
let spectator: Client;
let id = '';

beforeAll(async () => {
	server = await startTestServer({ ROOM_TEST_SEAMS: '1', AUTH_SIGNUPS_PER_HOUR: '100' });
	({ clients, id } = await scenarioGame(server.url, 'moa', ['ana', 'ben', 'caro'], 'chat', 'chat-e2e'));
	spectator = new Client(server.url, `spec${Date.now().toString(36).slice(-5)}`);
	await spectator.signup(spectator.username, 'correct horse battery staple');
});

afterAll(async () => {
	for (const p of people) await p.close().catch(() => {});
	await server?.close();
});

const pageAs = (who: Client, viewport?: { width: number; height: number }) => playPage(server.url, people, who, viewport);
const PHONE = { width: 390, height: 844 };

async function axeClean(page: Page, what: string) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	const bad = violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
	expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${what}: axe`).toEqual([]);
}

async function write(page: Page, text: string) {
	const input = page.getByTestId('chat-input');
	await input.fill(text);
	await input.press('Enter');
	await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe('');
}

test('two players chat live beside the board; a spectator reads along and cannot write', async () => {
	const [ana, ben] = clients;
	const a = await pageAs(ana);
	const b = await pageAs(ben);
	const s = await pageAs(spectator);
	for (const p of [a, b, s]) {
		await p.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
		// Issue 30: table talk is one of the table's panels beside the board.
		await p.getByTestId('tab-talk').click();
		await visible(p.getByTestId('chat-log'));
	}
	// Beside the board: the game and the chat are both on screen, no game tab.
	await expect.poll(() => a.getByTestId('tab-game').count()).toBe(0);
	expect(await a.getByTestId('table-middle').isVisible()).toBe(true);
	expect(await s.getByTestId('chat-input').count()).toBe(0);

	await write(a, 'Good luck, everyone! <b>not bold</b>');
	for (const p of [b, s]) await hasText(p.getByTestId('chat-log'), 'Good luck, everyone! <b>not bold</b>');
	expect(await b.getByTestId('chat-log').locator('b').count()).toBe(0);
	await write(b, 'Thanks, you too.');
	for (const p of [a, s]) await hasText(p.getByTestId('chat-log'), 'Thanks, you too.');
	expect(await s.getByTestId('chat-log').locator('li').count()).toBe(2);
	await axeClean(a, 'desktop game page with the chat (en)');

	// Notes beside the board; a move meanwhile (the page takes the new version) loses nothing typed.
	let notesLoads = 0;
	a.on('request', (r) => {
		if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/games/${id}/notes`) notesLoads++;
	});
	await a.getByTestId('tab-notes').click();
	const notes = a.getByTestId('notes-input');
	await expect.poll(() => notes.isEnabled(), { timeout: 20_000 }).toBe(true);
	await notes.pressSequentially('Caro saves ', { delay: 10 });
	const g = await ana.game<MoaView>(id);
	const seat = g.activeSeats[0];
	const mine = await clients[seat].game<MoaView>(id);
	await clients[seat].move(id, heuristicBot(mine.view!, seat, seedRng('chat-e2e')), mine.version);
	await until(a, g.version + 1);
	await notes.pressSequentially('feathers.', { delay: 10 });
	// "Saved" may still stand from the first part's save until the 800 ms debounce sends the rest
	// (NotesPanel.svelte): wait for what the server holds, then for the status.
	await expect.poll(async () => (await ana.api<{ text: string }>('GET', `/api/games/${id}/notes`)).text, { timeout: 20_000 }).toBe('Caro saves feathers.');
	await hasText(a.getByTestId('notes-status'), 'Saved');
	expect(await notes.inputValue()).toBe('Caro saves feathers.');
	// Loaded once, when the notes' tab is first shown (issue 30), and not again with a new version.
	expect(notesLoads, 'the notes are loaded once per game, not again with a new version').toBe(1);
	expect((await ana.api<{ text: string }>('GET', `/api/games/${id}/notes`)).text).toBe('Caro saves feathers.');
	expect((await ben.api<{ text: string }>('GET', `/api/games/${id}/notes`)).text).toBe('');
	// The chat is still there after the move, not fetched away.
	await a.getByTestId('tab-talk').click();
	expect(await a.getByTestId('chat-log').locator('li').count()).toBe(2);
});

test('on a phone the chat is a tab with the unread count; my notes save themselves', async () => {
	const caro = clients[2];
	const p = await pageAs(caro, PHONE);
	await p.goto(`${server.url}/de/games/${id}`, { waitUntil: 'networkidle' });
	const talk = p.getByTestId('tab-talk');
	await visible(talk);
	// The board is shown, the chat is not; its tab counts what came while caro was away.
	expect(await p.getByTestId('chat-panel').isVisible()).toBe(false);
	await hasText(p.getByTestId('chat-unread'), '2');
	await talk.click();
	await visible(p.getByTestId('chat-log'));
	await hasText(p.getByTestId('chat-log'), 'Thanks, you too.');
	await expect.poll(() => p.getByTestId('chat-unread').count()).toBe(0);
	// The board stays above the panels (issue 30: no game tab to switch back to).
	expect(await p.getByTestId('table-middle').isVisible()).toBe(true);
	expect(await p.getByTestId('tab-players').getAttribute('aria-selected')).toBe('false');
	await axeClean(p, 'phone game page with the chat open (de)');

	await p.getByTestId('tab-notes').click();
	const notes = p.getByTestId('notes-input');
	await visible(notes);
	await expect.poll(() => notes.isEnabled(), { timeout: 20_000 }).toBe(true);
	await notes.fill('Ben hortet Karten.');
	await hasText(p.getByTestId('notes-status'), 'Gespeichert');
	await p.reload({ waitUntil: 'networkidle' });
	await p.getByTestId('tab-notes').click();
	await expect.poll(() => p.getByTestId('notes-input').inputValue(), { timeout: 20_000 }).toBe('Ben hortet Karten.');
	await axeClean(p, 'phone game page with the notes open (de)');

	const en = await pageAs(caro, PHONE);
	await en.goto(`${server.url}/games/${id}`, { waitUntil: 'networkidle' });
	await en.getByTestId('tab-talk').click();
	await visible(en.getByTestId('chat-log'));
	await axeClean(en, 'phone game page with the chat open (en)');
	const de = await pageAs(caro);
	await de.goto(`${server.url}/de/games/${id}`, { waitUntil: 'networkidle' });
	await de.getByTestId('tab-talk').click();
	await visible(de.getByTestId('chat-log'));
	await axeClean(de, 'desktop game page with the chat (de)');
});
