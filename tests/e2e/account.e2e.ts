/**
 * Issue 15 in a real browser: sign up with an address → open the verification link from the
 * development mailbox and confirm → sign out → "forgot password" → open the mailed reset link and
 * set a new password → sign in with it → add a passkey → sign out → sign in with the passkey alone
 * (Chromium's virtual authenticator). On the way, axe (serious or critical fails) and the CSP
 * watch on /settings/account, /forgot and the reset page, in English and German.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/devserver';
import { newPerson, type Person } from './browser';
import { watchCsp } from './csp';
import { mailedLink } from './mail';
import { startTestServer, type TestServer } from './server';

const read = (f: string) => JSON.parse(readFileSync(join(ROOT, 'messages', f), 'utf8')) as Record<string, string>;
const en = { ...read('en.json'), ...read('account-en.json') };
const de = { ...read('de.json'), ...read('account-de.json') };

let server: TestServer;
let person: Person;

beforeAll(async () => {
	server = await startTestServer({ DEV_MAILBOX: '1' });
	person = await newPerson({ width: 390, height: 844 });
});

afterAll(async () => {
	await person?.close().catch(() => {});
	await server?.close();
});

async function axeClean(page: Page, what: string) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${what}: axe`).toEqual([]);
}

test('sign up, verify the address, forget the password, reset it by mail, sign in with the new one', async () => {
	const username = `ria${Date.now().toString(36).slice(-6)}`;
	const email = `${username}@example.com`;
	const page = await person.context.newPage();
	const csp = await watchCsp(page);

	// Sign up with an address; the page says how names work.
	await page.goto(`${server.url}/signup`);
	expect(await page.locator('#username-hint').textContent()).toBe(en.account_username_rules);
	await page.getByLabel(en.auth_username).fill(username);
	await page.getByLabel(en.auth_password).fill('correct horse battery staple');
	await page.getByLabel(en.auth_email).fill(email);
	await page.getByRole('button', { name: en.auth_signup_submit }).click();
	// Issue 30: My games says to look for the confirmation mail, with a way to have it sent again.
	await page.waitForURL(`${server.url}/games?welcome=check-mail`);
	const notice = page.getByTestId('check-mail');
	expect(await notice.getAttribute('role')).toBe('status');
	expect(await notice.textContent()).toContain(en.account_signup_check_mail);
	expect(await notice.getByRole('link', { name: en.account_signup_check_mail_link }).getAttribute('href')).toBe('/settings/account');
	await axeClean(page, '/games (check your mail)');

	// Not verified yet: the account page says so.
	await page.goto(`${server.url}/settings/account`);
	await page.getByRole('heading', { name: en.account_email_heading }).waitFor();
	expect(await page.getByTestId('email-state').textContent()).toContain(en.account_email_unverified.replace('{email}', email));
	await axeClean(page, '/settings/account (unverified)');

	// The verification mail's link: a page with a button (opening the link alone confirms nothing).
	const verify = await mailedLink(server.url, email, 'verify');
	// At the site's ORIGIN: `http://localhost:<port>` for this server, which the test (and its
	// cookies) reach as 127.0.0.1 — wrangler dev answers a POST to the other name as cross-origin.
	expect(new URL(verify).port).toBe(new URL(server.url).port);
	expect(verify).toMatch(/^http:\/\/localhost:\d+\/verify#[a-z2-7]{32}$/);
	const here = (link: string) => server.url + link.slice(new URL(link).origin.length);
	const site = server.url;
	await page.goto(here(verify));
	await page.getByRole('button', { name: en.account_verify_submit }).click();
	await page.getByRole('status').filter({ hasText: email }).waitFor();
	expect(await page.getByRole('status').textContent()).toBe(en.account_verify_done.replace('{email}', email));

	await page.goto(`${server.url}/settings/account`);
	expect(await page.getByTestId('email-state').textContent()).toContain(en.account_email_verified.replace('{email}', email));
	await axeClean(page, '/settings/account');
	await page.goto(`${server.url}/de/settings/account`);
	await page.getByRole('heading', { name: de.account_email_heading }).waitFor();
	await axeClean(page, '/de/settings/account');

	// Sign out.
	await page.goto(`${server.url}/signout`);
	await page.getByRole('button', { name: en.auth_signout_submit }).click();
	await page.waitForURL((u) => !u.pathname.startsWith('/signout'));

	// Forgot the password: from the sign-in page.
	await page.goto(`${server.url}/signin`);
	await page.getByRole('link', { name: en.account_forgot_link }).click();
	await page.waitForURL(`${server.url}/forgot`);
	await axeClean(page, '/forgot');
	await page.getByLabel(en.account_forgot_login).fill(username);
	await page.getByRole('button', { name: en.account_forgot_submit }).click();
	await page.getByRole('status').filter({ hasText: en.account_forgot_done }).waitFor();
	await axeClean(page, '/forgot (sent)');
	await page.goto(`${server.url}/de/forgot`);
	await page.getByRole('heading', { name: de.account_forgot_title }).waitFor();
	await axeClean(page, '/de/forgot');

	// The reset link from the mail; the token stays out of the address bar.
	const reset = await mailedLink(server.url, email, 'reset');
	expect(reset).toMatch(/^http:\/\/localhost:\d+\/reset#[a-z2-7]{32}$/);
	const token = reset.split('#')[1];
	// The German page, only looked at (the link is used once, below in English).
	await page.goto(`${site}/de/reset#${token}`);
	await page.getByLabel(de.account_reset_new).waitFor();
	expect(page.url()).toBe(`${site}/de/reset`);
	await axeClean(page, '/de/reset');

	const response = await page.goto(here(reset));
	expect(response?.headers()['referrer-policy']).toBe('no-referrer');
	await page.getByLabel(en.account_reset_new).waitFor();
	expect(page.url()).toBe(`${site}/reset`);
	await axeClean(page, '/reset');
	await page.getByLabel(en.account_reset_new).fill('a new and better passphrase');
	await page.getByRole('button', { name: en.account_reset_submit }).click();
	await page.getByRole('status').filter({ hasText: en.account_reset_done }).waitFor();
	await axeClean(page, '/reset (done)');

	// The link works once (opened afresh: from /reset, only the fragment would change).
	await page.goto('about:blank');
	await page.goto(here(reset));
	await page.getByLabel(en.account_reset_new).fill('yet another passphrase');
	await page.getByRole('button', { name: en.account_reset_submit }).click();
	await page.getByRole('alert').filter({ hasText: en.account_error_bad_token }).waitFor();

	// Sign in with the new password.
	await page.goto(`${server.url}/signin`);
	await page.getByLabel(en.auth_username).fill(username);
	await page.getByLabel(en.auth_password).fill('a new and better passphrase');
	await page.getByRole('button', { name: en.auth_signin_submit, exact: true }).click();
	await page.waitForURL(`${server.url}/games`);
	expect(await csp.violations()).toEqual([]);
	await page.close();

	// …and on to a passkey (the whole flow): at `localhost` (WebAuthn refuses IP addresses),
	// with Chromium's virtual authenticator (tests/e2e/passkeys.e2e.ts has the details).
	const local = server.url.replace('127.0.0.1', 'localhost');
	const pk = await person.context.newPage();
	const pkCsp = await watchCsp(pk);
	const cdp = await person.context.newCDPSession(pk);
	await cdp.send('WebAuthn.enable', { enableUI: false });
	const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true }
	});
	await pk.goto(`${local}/signin`, { waitUntil: 'networkidle' });
	await pk.getByLabel(en.auth_username).fill(username);
	await pk.getByLabel(en.auth_password).fill('a new and better passphrase');
	await Promise.all([pk.waitForURL(`${local}/games`), pk.getByRole('button', { name: en.auth_signin_submit, exact: true }).click()]);
	await pk.goto(`${local}/settings/passkeys`, { waitUntil: 'networkidle' });
	await pk.getByRole('textbox', { name: 'Name', exact: true }).fill('Phone');
	await pk.getByRole('button', { name: 'Add passkey' }).click();
	await pk.getByRole('heading', { name: 'Phone', level: 3 }).waitFor();
	expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
	await pk.goto(`${local}/signout`);
	await pk.getByRole('button', { name: en.auth_signout_submit }).click();
	await expect.poll(async () => (await (await pk.request.get(`${local}/api/auth/me`)).json())?.user ?? null).toBeNull();
	await pk.goto(`${local}/signin`, { waitUntil: 'networkidle' });
	await expect.poll(() => pk.getByRole('button', { name: 'Sign in with a passkey' }).isEnabled()).toBe(true);
	await Promise.all([pk.waitForURL((u) => u.pathname === '/games'), pk.getByRole('button', { name: 'Sign in with a passkey' }).click()]);
	expect((await (await pk.request.get(`${local}/api/auth/me`)).json()).user.username).toBe(username);
	expect(await pkCsp.violations()).toEqual([]);
	await pk.close();
});

// Issue 30: the rules pages are prerendered (built once, without a request), yet show the signed-in
// header — the user's name, inbox and sign-out — not "Sign in / Sign up".
test('the prerendered rules pages show a signed-in user as signed in', async () => {
	const username = `rul${Date.now().toString(36).slice(-6)}`;
	// A browser of its own: the one above is still signed in.
	const fresh = await newPerson({ width: 390, height: 844 });
	const page = await fresh.context.newPage();
	const csp = await watchCsp(page);
	const errors: string[] = [];
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(m.text());
	});

	// Signed out first: the header offers sign-in, and asking who is signed in logs no error.
	await page.goto(`${server.url}/rules`, { waitUntil: 'networkidle' });
	await page.getByRole('button', { name: en.nav_menu }).click();
	await page.getByRole('link', { name: en.nav_sign_in }).waitFor();
	expect(await page.getByTestId('inbox-link').count()).toBe(0);

	await page.goto(`${server.url}/signup`);
	await page.getByLabel(en.auth_username).fill(username);
	await page.getByLabel(en.auth_password).fill('correct horse battery staple');
	await page.getByRole('button', { name: en.auth_signup_submit }).click();
	await page.waitForURL(`${server.url}/games`);

	for (const [path, m] of [['/rules', en], ['/rules/giants', en], ['/de/rules', de], ['/de/rules/giants', de]] as const) {
		await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
		await page.getByTestId('inbox-link').waitFor();
		await page.getByRole('button', { name: m.nav_menu }).click();
		await page.getByText(m.nav_signed_in_as.replace('{name}', username)).waitFor();
		await page.getByRole('button', { name: m.nav_sign_out }).waitFor();
		expect(await page.getByRole('link', { name: m.nav_sign_in, exact: true }).count(), path).toBe(0);
		expect(await page.getByRole('link', { name: m.nav_sign_up, exact: true }).count(), path).toBe(0);
		await axeClean(page, path);
	}
	// Client-side navigation to a rules page keeps it too.
	await page.goto(`${server.url}/lobby`, { waitUntil: 'networkidle' });
	await page.getByRole('button', { name: en.nav_menu }).click();
	await page.getByRole('link', { name: en.rules_nav_link }).click();
	await page.waitForURL(`${server.url}/rules`);
	await page.getByRole('button', { name: en.nav_menu }).click();
	await page.getByRole('button', { name: en.nav_sign_out }).waitFor();

	expect(errors).toEqual([]);
	expect(await csp.violations()).toEqual([]);
	await fresh.close();
});
