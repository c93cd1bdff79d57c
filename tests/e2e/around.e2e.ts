/**
 * Issue 30, around the table, in a real browser at 390 and 1280 px, in English and German: the
 * settings pages (notification channels with one-line column heads, the push bell drawn and sized,
 * the Save button in the site's primary colour; sessions as "Chrome on Linux"), the prerendered rules
 * pages with the signed-in header, My games after a sign-up with an address, and the lobby while the
 * demo seed runs. Every page: axe clean (serious/critical), no sideways scrolling, and a full-page
 * screenshot in test-results/screenshots/around-*.png to look at.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../../scripts/lib/client';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { startTestServer, type TestServer } from './server';

const SHOTS = join(ROOT, 'test-results/screenshots');
const read = (f: string) => JSON.parse(readFileSync(join(ROOT, 'messages', f), 'utf8')) as Record<string, string>;
const MSG = { en: { ...read('en.json'), ...read('account-en.json') }, de: { ...read('de.json'), ...read('account-de.json') } };
const VIEWPORTS = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1280, height: 800 }
] as const;
const LOCALES = ['en', 'de'] as const;
const prefix = (l: string) => (l === 'en' ? '' : `/${l}`);

let server: TestServer;
let client: Client;
const people = new Map<string, Person>();

beforeAll(async () => {
	mkdirSync(SHOTS, { recursive: true });
	// DEV_MAILBOX: a development server, as `npm start` runs it (the seed's endpoint exists).
	server = await startTestServer({ DEV_MAILBOX: '1' });
	client = new Client(server.url, `aro${Date.now().toString(36).slice(-6)}`);
	await client.signupOrSignin(client.username, 'correct horse battery staple');
	for (const v of VIEWPORTS) {
		// Signed in through the form, so the session is this Chromium's (the sessions page names it).
		const person = await newPerson({ width: v.width, height: v.height });
		const page = await person.context.newPage();
		await page.goto(`${server.url}/signin`, { waitUntil: 'networkidle' });
		await page.getByLabel(MSG.en.auth_username).fill(client.username);
		await page.getByLabel(MSG.en.auth_password).fill('correct horse battery staple');
		await Promise.all([page.waitForURL(`${server.url}/games`), page.getByRole('button', { name: MSG.en.auth_signin_submit, exact: true }).click()]);
		await page.close();
		people.set(v.name, person);
	}
});

afterAll(async () => {
	for (const p of people.values()) await p.close().catch(() => {});
	await server?.close();
});

async function open(page: Page, path: string) {
	const res = await page.goto(server.url + path, { waitUntil: 'networkidle' });
	expect(res?.status(), path).toBe(200);
	await page.evaluate(() => document.fonts.ready);
}

async function check(page: Page, file: string) {
	await page.screenshot({ path: join(SHOTS, `around-${file}.png`), fullPage: true });
	const { violations } = await new AxeBuilder({ page }).analyze();
	const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${file}: axe`).toEqual([]);
	const wide = await page.evaluate(() => ({
		by: document.scrollingElement!.scrollWidth - innerWidth,
		// What sticks out, for the message.
		what: [...document.querySelectorAll('main *')]
			.filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
			.slice(0, 5)
			.map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 30)}"`)
	}));
	expect(wide.by, `${file}: sideways scrolling by ${wide.by} px: ${wide.what.join('; ')}`).toBeLessThanOrEqual(0);
}

/** The number of lines the element's text takes (distinct line tops of its text's boxes). */
const lines = (page: Page, selector: string) =>
	page.$$eval(selector, (els) =>
		els.map((el) => {
			const range = document.createRange();
			range.selectNodeContents(el);
			return { text: el.textContent!.trim(), lines: new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size };
		})
	);

for (const v of VIEWPORTS) {
	describe(`${v.name} (${v.width} px)`, () => {
		for (const locale of LOCALES) {
			const m = MSG[locale];
			test(`settings pages (${locale})`, async () => {
				const page = await people.get(v.name)!.context.newPage();
				const csp = await watchCsp(page);
				try {
					await open(page, `${prefix(locale)}/settings/notifications`);
					// Column heads (the channels' and table talk's) break between words only: "OFF" once
					// wrapped to "OF F" on a phone. At most one line per word.
					const heads = await lines(page, 'thead th');
					expect(heads.map((h) => h.text)).toContain(m.settings_mode_off);
					for (const h of heads) expect(h.lines, `"${h.text}"`).toBeLessThanOrEqual(h.text.split(/[\s\u00ad]+/).length);
					expect(heads.find((h) => h.text === m.settings_mode_off)?.lines).toBe(1);
					// The push bell: a drawn icon with a size, not an emoji that may be a blank box.
					const bell = await page.getByTestId('push-icon').boundingBox();
					expect(bell?.width).toBeGreaterThan(10);
					expect(bell?.height).toBeGreaterThan(10);
					// Save is the site's primary button (the theme's --primary), like every form's submit.
					const colours = await page.getByTestId('settings-save').evaluate((b) => ({
						button: getComputedStyle(b).backgroundColor,
						primary: (() => {
							const probe = document.createElement('span');
							probe.style.color = 'var(--primary)';
							document.body.append(probe);
							const c = getComputedStyle(probe).color;
							probe.remove();
							return c;
						})()
					}));
					expect(colours.button).toBe(colours.primary);
					await check(page, `${v.name}-${locale}-settings-notifications`);

					// Sessions: browser and system by name, when (and where, as far as known) it signed in.
					await open(page, `${prefix(locale)}/settings/sessions`);
					const names = await page.getByTestId('session-browser').allTextContents();
					// This Chromium on Linux (marked as this browser), and Node's fetch of the test's sign-up.
					expect(names).toContain(m.account_session_name.replace('{browser}', 'Chrome').replace('{os}', 'Linux'));
					expect(names).toContain(m.account_session_unknown);
					expect(names.join(' ')).not.toMatch(/Mozilla|AppleWebKit/);
					expect(await page.getByTestId('session-signed-in').first().textContent()).toMatch(new RegExp(`^${m.account_session_signed_in.split(' {when}')[0]}`));
					await check(page, `${v.name}-${locale}-settings-sessions`);

					for (const p of ['account', 'passkeys', 'data']) {
						await open(page, `${prefix(locale)}/settings/${p}`);
						await check(page, `${v.name}-${locale}-settings-${p}`);
					}
					expect(await csp.violations()).toEqual([]);
				} finally {
					await page.close();
				}
			});

			test(`rules pages with the signed-in header (${locale})`, async () => {
				const page = await people.get(v.name)!.context.newPage();
				try {
					for (const [path, name] of [['/rules', 'rules'], ['/rules/giants', 'giants-rules']]) {
						await open(page, prefix(locale) + path);
						await page.getByTestId('inbox-link').waitFor();
						// On a desktop the account links are in the bar (on a phone behind Menu: account.e2e.ts).
						if (v.name === 'desktop') await page.getByRole('button', { name: m.nav_sign_out }).waitFor();
						expect(await page.getByRole('link', { name: m.nav_sign_in, exact: true }).count()).toBe(0);
						await check(page, `${v.name}-${locale}-${name}`);
					}
				} finally {
					await page.close();
				}
			});

			test(`My games after a sign-up with an address, and the lobby while the seed runs (${locale})`, async () => {
				const page = await people.get(v.name)!.context.newPage();
				try {
					await open(page, `${prefix(locale)}/games?welcome=check-mail`);
					expect(await page.getByTestId('check-mail').textContent()).toContain(m.account_signup_check_mail);
					await check(page, `${v.name}-${locale}-games-check-mail`);

					expect((await fetch(`${server.url}/dev/seed`, { method: 'POST', headers: { origin: server.url } })).status).toBe(200);
					try {
						await open(page, `${prefix(locale)}/lobby`);
						const notice = page.getByTestId('seed-running');
						expect(await notice.getAttribute('role')).toBe('status');
						expect(await notice.textContent()).toContain(m.seed_running.split(' (')[0]);
						await check(page, `${v.name}-${locale}-lobby-seeding`);
					} finally {
						expect((await fetch(`${server.url}/dev/seed`, { method: 'DELETE', headers: { origin: server.url } })).status).toBe(200);
					}
					// The open page looks again by itself and the notice goes.
					await page.getByTestId('seed-running').waitFor({ state: 'detached', timeout: 15_000 });
				} finally {
					await page.close();
				}
			});
		}
	});
}
