// Account error codes (src/lib/server/auth/: email-verification.ts, password-reset.ts,
// password-change.ts) → localized texts; other codes as auth-messages.ts has them.
import { m } from '$lib/paraglide/messages';
import { authErrorText } from './auth-messages';

const texts: Record<string, () => string> = {
	BAD_TOKEN: m.account_error_bad_token,
	NOTHING_TO_VERIFY: m.account_error_nothing_to_verify,
	MAIL_UNAVAILABLE: m.account_error_mail,
	USERNAME_LOOKALIKE: m.account_error_lookalike,
	BAD_LOGIN: m.account_error_bad_login
};

export function accountErrorText(code: string | undefined | null, context: 'current-password' | null = null): string | null {
	if (!code) return null;
	if (code === 'INVALID_CREDENTIALS' && context === 'current-password') return m.account_error_current_password();
	return texts[code]?.() ?? authErrorText(code);
}
