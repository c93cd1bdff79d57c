/**
 * The WebAuthn protocol as passkeys.ts needs it (issue 29): the options for the two ceremonies,
 * reading what an authenticator sent, and checking its signatures. @oslojs/cbor decodes the CBOR;
 * the byte layouts (authenticator data, COSE keys) are read here; WebCrypto checks the signatures.
 * docs/security.md "Passkeys" says what is checked, and why this is not @simplewebauthn/server.
 *
 * What we accept: public keys of the three algorithms we offer (EdDSA/Ed25519, ES256/P-256,
 * RS256); attestation "none" (what browsers send when, as here, the site asks for none) and
 * "packed" self attestation (no certificate; signed by the new key itself), whose signature is
 * verified. A statement with a certificate or of any other format is refused: we asked for none,
 * and we would have no trust anchor to check a certificate against.
 *
 * Nothing here throws at a caller: a response that cannot be read is `null`, a bad signature
 * `false`. Messages never quote what the client sent.
 */
import { decodeCBORToNativeValue, decodeCBORToNativeValueNoLeftoverBytes } from '@oslojs/cbor';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
// Types only: the browser's library defines the options' JSON; nothing of it runs here.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** COSE algorithm ids (RFC 9053, IANA "COSE Algorithms"). */
const EdDSA = -8;
const ES256 = -7;
const RS256 = -257;
/** The algorithms offered in `pubKeyCredParams`, in the order of preference browsers see. */
export const ALGORITHMS = [EdDSA, ES256, RS256] as const;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;
const FLAG_ED = 0x80;
/** CBOR nesting we read: an attestation object holds a map (attStmt) holding an array (x5c). */
const CBOR_DEPTH = 4;

// ---- authenticator data ---------------------------------------------------------------------------

export interface AuthData {
	rpIdHash: Uint8Array;
	userPresent: boolean;
	userVerified: boolean;
	/** BE: the credential may be synced between devices ("multiDevice"). */
	backupEligible: boolean;
	/** BS: it is synced now. */
	backedUp: boolean;
	counter: number;
	/** Present (AT) in a registration: the new credential's id and its public key as COSE bytes. */
	credential: { id: Uint8Array; publicKey: Uint8Array } | null;
}

/**
 * Reads authenticator data (WebAuthn §6.1): rpIdHash, flags, counter, the attested credential
 * (AT) and the extensions (ED), with no bytes left over. Null when it cannot be read.
 */
export function readAuthData(bytes: Uint8Array): AuthData | null {
	if (bytes.length < 37) return null;
	const flags = bytes[32];
	const counter = new DataView(bytes.buffer, bytes.byteOffset + 33, 4).getUint32(0);
	let at = 37;
	let credential: AuthData['credential'] = null;
	try {
		if (flags & FLAG_AT) {
			if (bytes.length < at + 18) return null;
			const idLength = (bytes[at + 16] << 8) | bytes[at + 17];
			at += 18;
			if (idLength === 0 || bytes.length < at + idLength) return null;
			const id = bytes.slice(at, at + idLength);
			at += idLength;
			const [, size] = decodeCBORToNativeValue(bytes.subarray(at), CBOR_DEPTH);
			credential = { id, publicKey: bytes.slice(at, at + size) };
			at += size;
		}
		if (flags & FLAG_ED) at += decodeCBORToNativeValue(bytes.subarray(at), CBOR_DEPTH)[1];
	} catch {
		return null;
	}
	if (at !== bytes.length) return null;
	return {
		rpIdHash: bytes.slice(0, 32),
		userPresent: (flags & FLAG_UP) !== 0,
		userVerified: (flags & FLAG_UV) !== 0,
		backupEligible: (flags & FLAG_BE) !== 0,
		backedUp: (flags & FLAG_BS) !== 0,
		counter,
		credential
	};
}

/** A credential that is backed up must be one that may be (WebAuthn §6.1.3: BS without BE is invalid). */
export const backupFlagsValid = (a: AuthData) => a.backupEligible || !a.backedUp;

// ---- attestation objects ----------------------------------------------------------------------------

export interface AttestationObject {
	fmt: string;
	attStmt: Record<string, unknown>;
	authData: Uint8Array;
}

/** The CBOR attestation object of a registration response (WebAuthn §6.5), or null. */
export function readAttestationObject(bytes: Uint8Array): AttestationObject | null {
	let decoded: unknown;
	try {
		decoded = decodeCBORToNativeValueNoLeftoverBytes(bytes, CBOR_DEPTH);
	} catch {
		return null;
	}
	if (typeof decoded !== 'object' || decoded === null) return null;
	const fmt = own(decoded, 'fmt');
	const attStmt = own(decoded, 'attStmt');
	const authData = own(decoded, 'authData');
	if (typeof fmt !== 'string' || typeof attStmt !== 'object' || attStmt === null || !(authData instanceof Uint8Array)) return null;
	return { fmt, attStmt: attStmt as Record<string, unknown>, authData };
}

/** A property of a decoded CBOR map, never one of its prototype (a map may name `__proto__`). */
const own = (o: object, key: string): unknown => (Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined);

/**
 * Checks an attestation statement (§8.7 "none", §8.2 "packed" self attestation): true when it
 * holds. `credentialKey` is the COSE key the authenticator data attests.
 */
export async function attestationHolds(att: AttestationObject, credentialKey: Uint8Array, clientDataJSON: Uint8Array): Promise<boolean> {
	if (att.fmt === 'none') return Object.keys(att.attStmt).length === 0;
	if (att.fmt !== 'packed' || own(att.attStmt, 'x5c') !== undefined) return false;
	const alg = own(att.attStmt, 'alg');
	const sig = own(att.attStmt, 'sig');
	if (typeof alg !== 'number' || !(sig instanceof Uint8Array) || alg !== coseAlgorithm(credentialKey)) return false;
	return verifySignature(credentialKey, sig, signed(att.authData, clientDataJSON));
}

// ---- keys and signatures ----------------------------------------------------------------------------

/**
 * A COSE_Key (RFC 9052 §7) as a map of its labels: 1 kty, 3 alg; for EC2 (kty 2) -1 crv, -2 x, -3 y;
 * for OKP (kty 1) -1 crv, -2 x; for RSA (kty 3) -1 n, -2 e. Null when it is not a CBOR map.
 */
function coseKey(bytes: Uint8Array): Record<string, unknown> | null {
	try {
		const decoded = decodeCBORToNativeValueNoLeftoverBytes(bytes, CBOR_DEPTH);
		return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) ? (decoded as Record<string, unknown>) : null;
	} catch {
		return null;
	}
}

/** The COSE key's algorithm, or null when it has none or cannot be read. */
export function coseAlgorithm(bytes: Uint8Array): number | null {
	const key = coseKey(bytes);
	const alg = key && own(key, '3');
	return typeof alg === 'number' ? alg : null;
}

const b64 = (b: unknown) => (b instanceof Uint8Array ? encodeBase64urlNoPadding(b) : null);
/** The bytes as WebCrypto's types want them (ours never sit on a SharedArrayBuffer). */
const buffer = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;

type Verifier = { key: CryptoKey; params: AlgorithmIdentifier | EcdsaParams; signature: (sig: Uint8Array) => Uint8Array | null };

/** A WebCrypto key for a COSE key of one of ALGORITHMS, and how its signatures are checked. */
async function verifier(bytes: Uint8Array): Promise<Verifier | null> {
	const cose = coseKey(bytes);
	if (!cose) return null;
	const [kty, alg, p1, p2, p3] = ['1', '3', '-1', '-2', '-3'].map((label) => own(cose, label));
	try {
		if (alg === ES256 && kty === 2 && p1 === 1 && sized(p2, 32) && sized(p3, 32)) {
			// WebCrypto checks that the point lies on P-256.
			const jwk = { kty: 'EC', crv: 'P-256', x: b64(p2)!, y: b64(p3)! };
			const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
			return { key, params: { name: 'ECDSA', hash: 'SHA-256' }, signature: p1363 };
		}
		if (alg === RS256 && kty === 3 && p1 instanceof Uint8Array && p2 instanceof Uint8Array) {
			const jwk = { kty: 'RSA', n: b64(p1)!, e: b64(p2)! };
			const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
			return { key, params: { name: 'RSASSA-PKCS1-v1_5' }, signature: (sig) => sig };
		}
		if (alg === EdDSA && kty === 1 && p1 === 6 && sized(p2, 32)) {
			const key = await crypto.subtle.importKey('raw', buffer(p2), { name: 'Ed25519' }, false, ['verify']);
			return { key, params: { name: 'Ed25519' }, signature: (sig) => sig };
		}
	} catch {
		/* WebCrypto refused the key (not on the curve, a bad modulus): not usable */
	}
	return null;
}

const sized = (b: unknown, n: number): b is Uint8Array => b instanceof Uint8Array && b.length === n;

/**
 * WebAuthn's ES256 signatures are DER (§6.5.6: SEQUENCE of two INTEGERs, RFC 3279); WebCrypto
 * takes r‖s, each 32 bytes. Null for anything but that structure.
 */
function p1363(der: Uint8Array): Uint8Array | null {
	if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null;
	const out = new Uint8Array(64);
	let at = 2;
	for (const half of [0, 32]) {
		if (der[at] !== 0x02) return null;
		const length = der[at + 1];
		let int = der.subarray(at + 2, at + 2 + length);
		if (length === 0 || length > 33 || int.length !== length) return null;
		// A leading zero only where the next byte's high bit is set (DER's shortest form).
		if (int[0] === 0 && (length === 1 || !(int[1] & 0x80))) return null;
		if (int[0] & 0x80) return null;
		if (int[0] === 0) int = int.subarray(1);
		if (int.length > 32) return null;
		out.set(int, half + 32 - int.length);
		at += 2 + length;
	}
	return at === der.length ? out : null;
}

/** Whether a COSE key is one of ALGORITHMS and well formed enough to check signatures with. */
export const usableKey = async (bytes: Uint8Array) => (await verifier(bytes)) !== null;

/** Whether `sig` is the key's signature over `message`; false for any key or signature that cannot be read. */
export async function verifySignature(publicKey: Uint8Array, sig: Uint8Array, message: Uint8Array): Promise<boolean> {
	const v = await verifier(publicKey);
	const signature = v && v.signature(sig);
	if (!v || !signature) return false;
	try {
		return await crypto.subtle.verify(v.params, v.key, buffer(signature), buffer(message));
	} catch {
		return false;
	}
}

/** What an authenticator signs (§6.3.3, §7.2 step 20): authenticatorData ‖ SHA-256(clientDataJSON). */
const signed = (authData: Uint8Array, clientDataJSON: Uint8Array) => {
	const hash = sha256(clientDataJSON);
	const out = new Uint8Array(authData.length + hash.length);
	out.set(authData);
	out.set(hash, authData.length);
	return out;
};

/** An assertion's signature (§7.2 step 20). */
export const assertionHolds = (publicKey: Uint8Array, authData: Uint8Array, clientDataJSON: Uint8Array, sig: Uint8Array) =>
	verifySignature(publicKey, sig, signed(authData, clientDataJSON));

// ---- options (the JSON @simplewebauthn/browser's startRegistration and startAuthentication take) ----

export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };

export function creationOptions(o: {
	rp: { id: string; name: string };
	user: { id: Uint8Array; name: string };
	challenge: Uint8Array;
	timeout: number;
	exclude: { id: string; transports: string[] }[];
}): PublicKeyCredentialCreationOptionsJSON {
	return {
		challenge: encodeBase64urlNoPadding(o.challenge),
		rp: o.rp,
		user: { id: encodeBase64urlNoPadding(o.user.id), name: o.user.name, displayName: o.user.name },
		pubKeyCredParams: ALGORITHMS.map((alg) => ({ alg, type: 'public-key' as const })),
		timeout: o.timeout,
		attestation: 'none',
		excludeCredentials: o.exclude.map((c) => ({ id: c.id, type: 'public-key' as const, transports: c.transports })),
		// Discoverable (sign-in without a name) and user-verified (PIN, fingerprint, face).
		authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
		// credProps: the browser says whether the credential is discoverable (shown nowhere yet).
		extensions: { credProps: true },
		hints: []
	};
}

export function requestOptions(o: { rpId: string; challenge: Uint8Array; timeout: number }): PublicKeyCredentialRequestOptionsJSON {
	// No allowCredentials: the authenticator offers the passkeys it holds for this site.
	return { rpId: o.rpId, challenge: encodeBase64urlNoPadding(o.challenge), allowCredentials: [], timeout: o.timeout, userVerification: 'required' };
}
