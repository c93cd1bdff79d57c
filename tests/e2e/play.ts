/**
 * Playing a game through the page in e2e tests: new players and a started scenario game of a kind,
 * browser pages signed in as a player, and waits on what the page shows (its version, a text).
 * Shared by the kinds' e2e tests (rapanui.e2e.ts, moa.e2e.ts).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Client, type GameView } from '../../scripts/lib/client';
import { newPerson, type Person } from './browser';

/**
 * New players (signed up as `<name><tag><time>`) and a started game of `kind` among them, made by
 * the test seam (seat order as given, seat 0 starts).
 */
export async function scenarioGame(base: string, kind: string, names: readonly string[], tag: string, seed: string) {
	const suffix = `${tag}${Date.now().toString(36).slice(-5)}`;
	const clients = names.map((x) => new Client(base, `${x}${suffix}`));
	for (const c of clients) await c.signup(c.username, 'correct horse battery staple');
	const { id } = await clients[0].api<{ id: string }>('POST', '/api/dev/scenario', {
		kind,
		usernames: clients.map((c) => c.username),
		seed,
		config: { startPlayer: 0 }
	});
	return { clients, id };
}

/** A browser page signed in as `who` (their session cookie), at `viewport`; kept in `people` to close. */
export async function pageAs(base: string, people: Person[], who: Client, viewport = { width: 1280, height: 800 }): Promise<Page> {
	const person = await newPerson(viewport);
	people.push(person);
	const [name, value] = who.cookie.split('=');
	await person.context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
	return person.context.newPage();
}

export const versionOf = async (page: Page) => Number(await page.locator('[data-version]').first().getAttribute('data-version'));
export const visible = (l: Locator) => l.waitFor({ state: 'visible', timeout: 20_000 });
export const textOf = async (l: Locator) => (await l.textContent()) ?? '';
export const hasText = (l: Locator, t: string) => expect.poll(() => textOf(l), { timeout: 20_000 }).toContain(t);

/** Waits until the page shows at least `version` (its socket brought it). */
export async function until(page: Page, version: number) {
	await expect.poll(() => versionOf(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(version);
}

/**
 * Plays `id` through the API with a bot, each seat from its own view, until the game ends or
 * `moves` moves are made; returns the last view read. A set-up, not what a test is about: two
 * requests a move where it took three (the view of the seat after the mover is read, which also
 * says who is awaited; only when another seat is, a third) — the bots see the same views and make
 * the same moves as before.
 */
export async function botPlay(clients: Client[], id: string, moves: number, bot: (view: unknown, seat: number) => unknown): Promise<GameView> {
	let g = await clients[0].game(id);
	for (let k = 0; k < moves && g.status !== 'finished'; k++) {
		const seat = g.activeSeats[0];
		if (g.yourSeat !== seat) g = await clients[seat].game(id);
		await clients[seat].move(id, bot(g.view, seat), g.version);
		g = await clients[(seat + 1) % clients.length].game(id);
	}
	return g;
}
