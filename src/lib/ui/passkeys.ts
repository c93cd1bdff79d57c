/**
 * The browser's side of passkeys (docs/security.md "Passkeys"): the two WebAuthn ceremonies
 * through @simplewebauthn/browser and the JSON API (/api/auth/passkeys/…). WebAuthn is a
 * JavaScript API, so these are the only parts of passkeys that need JS; listing, renaming and
 * removing are plain forms (/settings/passkeys). Never throws: a refusal comes back as a code.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { m } from '$lib/paraglide/messages';
import { api, errorText } from './api';

/** A passkey name's longest length (the server checks it: src/lib/server/auth/passkeys.ts NAME_MAX). */
export const NAME_MAX = 64;

export type PasskeyFailure = { ok: false; status: number; code: string; message: string };
export type PasskeyResult = { ok: true } | PasskeyFailure;

/** Whether this browser can make and use passkeys at all (false during SSR). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && window.isSecureContext && browserSupportsWebAuthn();

/** The browser's own refusals (the person cancelled, timed out, or the device has one already). */
function browserFailure(e: unknown): PasskeyFailure {
	const name = e instanceof Error ? e.name : '';
	if (name === 'InvalidStateError') return { ok: false, status: 0, code: 'ALREADY_ON_DEVICE', message: '' };
	if (name === 'NotAllowedError' || name === 'AbortError') return { ok: false, status: 0, code: 'CANCELLED', message: '' };
	return { ok: false, status: 0, code: 'BROWSER', message: e instanceof Error ? e.message : '' };
}

/** Creates a passkey for the signed-in user on this device and stores it under `name`. */
export async function addPasskey(name: string): Promise<PasskeyResult> {
	const options = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>('POST', '/api/auth/passkeys/register/options');
	if (!options.ok) return options;
	let response;
	try {
		response = await startRegistration({ optionsJSON: options.data.options });
	} catch (e) {
		return browserFailure(e);
	}
	const saved = await api('POST', '/api/auth/passkeys/register', { name, response });
	return saved.ok ? { ok: true } : saved;
}

/** Signs in with a passkey the device offers (no username typed); the server sets the session cookie. */
export async function signInWithPasskey(): Promise<PasskeyResult> {
	const options = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>('POST', '/api/auth/passkeys/signin/options');
	if (!options.ok) return options;
	let response;
	try {
		response = await startAuthentication({ optionsJSON: options.data.options });
	} catch (e) {
		return browserFailure(e);
	}
	const signedIn = await api('POST', '/api/auth/passkeys/signin', { response });
	return signedIn.ok ? { ok: true } : signedIn;
}

const texts: Record<string, () => string> = {
	CANCELLED: m.passkeys_error_cancelled,
	ALREADY_ON_DEVICE: m.passkeys_error_already_on_device,
	BAD_NAME: m.passkeys_error_bad_name,
	TOO_MANY_PASSKEYS: m.passkeys_error_too_many,
	PASSKEY_EXISTS: m.passkeys_error_already_on_device,
	CHALLENGE_UNKNOWN: m.passkeys_error_start_again,
	CHALLENGE_EXPIRED: m.passkeys_error_start_again,
	UNKNOWN_PASSKEY: m.passkeys_error_unknown,
	PASSKEY_MISMATCH: m.passkeys_error_unknown,
	WRONG_ORIGIN: m.passkeys_error_wrong_site,
	WRONG_RP_ID: m.passkeys_error_wrong_site,
	USER_NOT_VERIFIED: m.passkeys_error_not_verified,
	COUNTER_REPLAY: m.passkeys_error_counter,
	VERIFICATION_FAILED: m.passkeys_error_failed,
	WRONG_CEREMONY: m.passkeys_error_failed,
	BAD_RESPONSE: m.passkeys_error_failed,
	BROWSER: m.passkeys_error_failed,
	NOT_FOUND: m.passkeys_error_not_found
};

/** A passkey refusal in the page's language. */
export function passkeyErrorText(e: PasskeyFailure): string {
	const text = texts[e.code];
	return text ? text() : errorText(e);
}
