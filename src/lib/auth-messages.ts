// Auth error codes (src/lib/server/auth/sign-in.ts, input.ts) → localized texts, for the form pages.
import { m } from '$lib/paraglide/messages';

const texts: Record<string, () => string> = {
	BAD_USERNAME: m.auth_error_bad_username,
	USERNAME_RESERVED: m.auth_error_username_reserved,
	USERNAME_TAKEN: m.auth_error_username_taken,
	USERNAME_LOOKALIKE: m.account_error_lookalike,
	BAD_PASSWORD: m.auth_error_bad_password,
	BAD_EMAIL: m.auth_error_bad_email,
	INVALID_CREDENTIALS: m.auth_error_invalid_credentials,
	RATE_LIMITED: m.auth_error_rate_limited
};

export function authErrorText(code: string | undefined | null): string | null {
	if (!code) return null;
	return (texts[code] ?? m.auth_error_generic)();
}
