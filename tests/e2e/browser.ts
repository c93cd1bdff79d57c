/**
 * Debian's Chromium under playwright-core (no browser download: the machines reach only the npm
 * registry and Debian's mirrors). One browser per test file (each file runs in its own process),
 * and one browser context per simulated person: contexts share nothing (cookies, storage, cache),
 * like separate profiles, without a Chromium start per person (CI time, docs/testing.md).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
	const context = await (await browser()).newContext({ viewport });
	return {
		context,
		async close() {
			await context.close();
		}
	};
}

let shared: Promise<Browser> | null = null;
/** The file's browser, started with its first person (playwright ends it with the process). */
function browser(): Promise<Browser> {
	shared ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
	return shared;
}
