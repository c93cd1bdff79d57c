/**
 * Passkeys in Chromium (issue 15), with Chromium's virtual authenticator over the DevTools
 * protocol (WebAuthn.addVirtualAuthenticator: CTAP2, internal transport, resident keys and user
 * verification, the user always verified) — the browser's own WebAuthn, our own pages and API:
 * sign up → add a passkey on /settings/passkeys → sign out → sign in with the passkey, no username
 * or password typed → signed in. axe on /settings/passkeys in English and German; the page without
 * JavaScript (rename works, adding says it needs JS); removing with the confirmation, after which
 * the passkey no longer signs in. No CSP violation anywhere.
 *
 * The site is opened as http://localhost:<port>, not 127.0.0.1: WebAuthn refuses IP addresses as
 * an RP ID, and browsers treat localhost as a secure context.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { CDPSession, Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp, type CspWatch } from './csp';
import { startTestServer, type TestServer } from './server';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let base = '';
let person: Person;
let page: Page;
let cdp: CDPSession;
let csp: CspWatch;
let authenticatorId = '';
const username = `pk${Date.now().toString(36).slice(-6)}`;

beforeAll(async () => {
	server = await startTestServer();
	base = server.url.replace('127.0.0.1', 'localhost');
	person = await newPerson({ width: 1280, height: 900 });
	page = await person.context.newPage();
	csp = await watchCsp(page);
	cdp = await person.context.newCDPSession(page);
	await cdp.send('WebAuthn.enable', { enableUI: false });
	({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true
		}
	}));
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

/** Opens a page and waits until the app has hydrated (the network is quiet). */
async function open(path: string) {
	const res = await page.goto(base + path, { waitUntil: 'networkidle' });
	expect(res?.status(), `GET ${path}`).toBe(200);
}

function describeViolations(vs: Result[]) {
	return vs.map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}`).join('\n')}`).join('\n');
}

async function axeClean(what: string) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	const bad = violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
	expect(bad.length, `${what}: axe violations:\n${describeViolations(violations)}`).toBe(0);
}

/** A full-page screenshot in test-results/screenshots/ (git-ignored), to look at. */
async function shot(file: string) {
	const dir = join(ROOT, 'test-results/screenshots');
	mkdirSync(dir, { recursive: true });
	await page.screenshot({ path: join(dir, `passkeys-${file}.png`), fullPage: true });
}

const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

test('sign up, add a passkey, sign out, sign in with the passkey alone', async () => {
	await open('/signup');
	await page.getByLabel(/username/i).fill(username);
	await page.getByLabel(/^password/i).first().fill(PASSWORD);
	await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/signup'), { waitUntil: 'commit' }), page.getByRole('button', { name: /create account/i }).click()]);

	await open('/settings/passkeys');
	await expect.poll(() => page.getByRole('link', { name: 'Passkeys' }).getAttribute('aria-current')).toBe('page');
	await page.getByText('You have no passkeys yet.').waitFor();
	await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Test laptop');
	await page.getByRole('button', { name: 'Add passkey' }).click();
	await page.getByRole('status').filter({ hasText: 'The passkey “Test laptop” was added.' }).waitFor();
	await page.getByRole('heading', { name: 'Test laptop', level: 3 }).waitFor();
	expect(await page.getByText('never', { exact: true }).count()).toBe(1);

	// The authenticator holds one discoverable credential for localhost, for this user.
	const [credential] = await credentials();
	expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
	expect((await credentials()).length).toBe(1);
	// A second passkey on the same device is refused by the browser (excludeCredentials), in words.
	await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Again');
	await page.getByRole('button', { name: 'Add passkey' }).click();
	await page.getByRole('alert').filter({ hasText: 'This device already holds a passkey for your account.' }).waitFor();
	expect((await credentials()).length).toBe(1);

	// Sign out through the site's own button.
	// (The button's full load of the front page comes after the answer: wait for it, or it cuts the next navigation short.)
	await Promise.all([page.waitForURL((u) => u.pathname === '/', { waitUntil: 'load' }), page.getByRole('button', { name: 'Sign out' }).click()]);
	await expect.poll(async () => (await (await page.request.get(base + '/api/auth/me')).json())?.user ?? null).toBeNull();

	// Sign in: nothing typed, the passkey button only.
	await open('/signin');
	await expect.poll(() => page.getByRole('button', { name: 'Sign in with a passkey' }).isEnabled()).toBe(true);
	await Promise.all([page.waitForURL((u) => u.pathname === '/games'), page.getByRole('button', { name: 'Sign in with a passkey' }).click()]);
	await page.getByText(`Signed in as ${username}`).waitFor({ state: 'attached' });
	expect((await (await page.request.get(base + '/api/auth/me')).json()).user.username).toBe(username);
	expect(await page.getByLabel(/username/i).count()).toBe(0);

	// The settings page now says when it was last used.
	await open('/settings/passkeys');
	expect(await page.getByText('never', { exact: true }).count()).toBe(0);
	expect(await csp.violations()).toEqual([]);

	// Issue 30: "Download my data" lists the passkey — name, added, last used — and nothing of the
	// credential itself (its id, in either base64 spelling; the worker test checks the public key).
	await open('/settings/data');
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /download/i }).click()]);
	const text = readFileSync((await download.path())!, 'utf8');
	const data = JSON.parse(text);
	expect(data.passkeys).toEqual([{ name: 'Test laptop', createdAt: expect.any(Number), lastUsedAt: expect.any(Number), synced: expect.any(Boolean) }]);
	expect(data.passkeys[0].lastUsedAt).toBeGreaterThanOrEqual(data.passkeys[0].createdAt);
	const id = credential.credentialId;
	for (const spelling of [id, id.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')]) expect(text).not.toContain(spelling);
});

test('/settings/passkeys is axe clean in English and German, with the confirmation open too', async () => {
	await open('/settings/passkeys');
	await axeClean('/settings/passkeys');
	await shot('settings-desktop-en');
	await open('/de/settings/passkeys');
	await page.getByRole('heading', { name: 'Deine Passkeys' }).waitFor();
	await axeClean('/de/settings/passkeys');
	// On a phone: axe clean too, and nothing wider than the screen (a long name wraps).
	await page.setViewportSize({ width: 390, height: 844 });
	try {
		await open('/settings/passkeys');
		await axeClean('/settings/passkeys (phone)');
		await shot('settings-phone-en');
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
	} finally {
		await page.setViewportSize({ width: 1280, height: 900 });
	}
	await open('/settings/passkeys');
	await page.getByRole('link', { name: 'Remove passkey “Test laptop”' }).click();
	await page.getByRole('heading', { name: 'Remove this passkey?' }).waitFor();
	await axeClean('/settings/passkeys?remove=…');
	await shot('confirm-desktop-en');
	await page.getByRole('link', { name: 'Cancel' }).click();
	await page.getByRole('heading', { name: 'Remove this passkey?' }).waitFor({ state: 'detached' });
	expect(await csp.violations()).toEqual([]);
});

test('without JavaScript: adding says it needs JS, renaming works', async () => {
	await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
	try {
		await open('/settings/passkeys');
		await page.getByText('Passkeys need JavaScript').waitFor();
		expect(await page.getByRole('button', { name: 'Add passkey' }).isDisabled()).toBe(true);
		await page.getByText('Rename', { exact: true }).click();
		await page.getByRole('textbox', { name: 'New name' }).fill('Work laptop');
		await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Save name' }).click()]);
		await page.getByText('The passkey is now called “Work laptop”.').waitFor();
		await page.getByRole('heading', { name: 'Work laptop', level: 3 }).waitFor();
	} finally {
		await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
	}
});

test('a removed passkey (after the confirmation) no longer signs in, and the sign-in page says why', async () => {
	await open('/settings/passkeys');
	await page.getByRole('link', { name: 'Remove passkey “Work laptop”' }).click();
	const confirm = page.getByRole('region', { name: 'Remove this passkey?' });
	await confirm.waitFor();
	await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe('passkey-confirm-title');
	await confirm.getByRole('button', { name: 'Remove passkey' }).click();
	await page.getByText('The passkey was removed.').waitFor();
	await page.getByText('You have no passkeys yet.').waitFor();

	// (The button's full load of the front page comes after the answer: wait for it, or it cuts the next navigation short.)
	await Promise.all([page.waitForURL((u) => u.pathname === '/', { waitUntil: 'load' }), page.getByRole('button', { name: 'Sign out' }).click()]);
	await expect.poll(async () => (await (await page.request.get(base + '/api/auth/me')).json())?.user ?? null).toBeNull();
	await open('/de/signin');
	await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
	await axeClean('/de/signin');
	await shot('signin-desktop-de');
	await open('/signin');
	await axeClean('/signin');
	await expect.poll(() => page.getByRole('button', { name: 'Sign in with a passkey' }).isEnabled()).toBe(true);
	await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
	await page.getByRole('alert').filter({ hasText: 'This passkey is not registered here' }).waitFor();
	expect(new URL(page.url()).pathname).toBe('/signin');
	expect(await csp.violations()).toEqual([]);
});
