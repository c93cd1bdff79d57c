/**
 * Issue 15: table talk and notes through the site, in Debian's Chromium against wrangler dev.
 * - two players chat live beside the board on a desktop; a spectator reads along and cannot write;
 * - on a phone the chat is a tab, with the unread count on it until it is opened;
 * - my notes save themselves and say so;
 * - axe finds nothing serious on the game page with the chat open, in English and German, on a
 *   phone and a desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../scripts/lib/client';
import type { Person } from './browser';
import { hasText, pageAs as playPage, scenarioGame, visible } from './play';
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
		await visible(p.getByTestId('chat-log'));
	}
	// Beside the board: the game and the chat are both on screen, no game tab.
	await expect.poll(() => a.getByTestId('tab-game').count()).toBe(0);
	expect(await s.getByTestId('chat-input').count()).toBe(0);

	await write(a, 'Good luck, everyone! <b>not bold</b>');
	for (const p of [b, s]) await hasText(p.getByTestId('chat-log'), 'Good luck, everyone! <b>not bold</b>');
	expect(await b.getByTestId('chat-log').locator('b').count()).toBe(0);
	await write(b, 'Thanks, you too.');
	for (const p of [a, s]) await hasText(p.getByTestId('chat-log'), 'Thanks, you too.');
	expect(await s.getByTestId('chat-log').locator('li').count()).toBe(2);
	await axeClean(a, 'desktop game page with the chat (en)');
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
	expect(await p.getByTestId('tab-game').getAttribute('aria-selected')).toBe('false');
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
	await visible(de.getByTestId('chat-log'));
	await axeClean(de, 'desktop game page with the chat (de)');
});
