/**
 * Debian's Chromium under playwright-core (no browser download: the machines reach only the npm
 * registry and Debian's mirrors). Each context gets a fresh user-data directory, so nothing
 * (cookies, storage, cache) is shared between the simulated people.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run'
];

export interface Person {
	context: BrowserContext;
	close(): Promise<void>;
}

export async function newPerson(viewport = { width: 390, height: 844 }): Promise<Person> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(`no Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH`);
	}
	const dir = mkdtempSync(join(tmpdir(), 'rongo-e2e-profile-'));
	const context = await chromium.launchPersistentContext(dir, {
		executablePath: CHROMIUM,
		headless: true,
		args: FLAGS,
		viewport
	});
	return {
		context,
		async close() {
			await context.close();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}
