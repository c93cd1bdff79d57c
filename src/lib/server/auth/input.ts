/**
 * What an account accepts as a person types it: usernames, passwords and email addresses, each with
 * its check. Sign-up (sign-in.ts) and the account's pages (email-verification.ts, password-reset.ts,
 * password-change.ts) check with these, so one name or password is judged alike everywhere.
 */
import { fail, type AuthFailure } from './failure';

export const USERNAME = /^[A-Za-z0-9_-]{3,24}$/;
/** Names that would read as the site speaking, or that tempt prototype-pollution bugs. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype', 'admin', 'administrator', 'root', 'system', 'rongo', 'null', 'undefined', 'anonymous', 'spectator']);
/**
 * Names a bot seat is shown by (issue 34: "Bot", "Bot 2"; protocol/people.ts) and their spellings: an
 * account called "bot2" would pass for a bot at a table (or a bot for it).
 */
const BOT_LIKE = /^bot[-_]?[0-9]{0,2}$/i;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
const EMAIL = /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/;

export function checkUsername(username: string): AuthFailure | null {
	if (!USERNAME.test(username))
		return fail(400, 'BAD_USERNAME', 'a username has 3 to 24 characters: letters A–Z, digits, _ and -');
	if (RESERVED.has(username.toLowerCase()) || BOT_LIKE.test(username)) return fail(400, 'USERNAME_RESERVED', 'this username is reserved');
	return null;
}

export function checkPassword(password: string): AuthFailure | null {
	const length = [...password].length;
	if (length < PASSWORD_MIN || length > PASSWORD_MAX)
		return fail(400, 'BAD_PASSWORD', `a password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
	// Control characters cannot be typed and only arrive from scripts probing the parser.
	if (/[\u0000-\u001f\u007f]/.test(password)) return fail(400, 'BAD_PASSWORD', 'the password contains control characters');
	return null;
}

/** '' and null mean no email. */
export function checkEmail(email: string | null | undefined): { email: string | null } | AuthFailure {
	const e = (email ?? '').trim();
	if (e === '') return { email: null };
	if (e.length > 254 || !EMAIL.test(e)) return fail(400, 'BAD_EMAIL', 'the email address is not valid');
	return { email: e };
}
