// A software WebAuthn authenticator for the worker tests (tests/worker/passkeys.worker.test.ts):
// the real protocol, byte for byte — an ES256 key pair from WebCrypto, clientDataJSON,
// authenticator data (rpIdHash, flags, counter, attested credential data with a COSE key), a CBOR
// attestation object of format "none", DER-encoded ECDSA signatures over authenticatorData ‖
// SHA-256(clientDataJSON). No part of the server library is used or mocked.

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_AT = 0x40;

const text = new TextEncoder();

export function b64url(bytes: Uint8Array): string {
	let s = '';
	for (const b of bytes) s += String.fromCharCode(b);
	return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromB64url(s: string): Uint8Array {
	const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
	return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const concat = (...parts: Uint8Array[]) => {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
};

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
	return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

// ---- CBOR (RFC 8949), the few types WebAuthn needs ----------------------------------------------

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Uint8Array {
	if (n < 24) return Uint8Array.of((major << 5) | n);
	if (n < 0x100) return Uint8Array.of((major << 5) | 24, n);
	if (n < 0x10000) return Uint8Array.of((major << 5) | 25, n >> 8, n & 0xff);
	return Uint8Array.of((major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
}

export function cbor(x: Cbor): Uint8Array {
	if (typeof x === 'number') return x >= 0 ? head(0, x) : head(1, -1 - x);
	if (typeof x === 'string') {
		const b = text.encode(x);
		return concat(head(3, b.length), b);
	}
	if (x instanceof Uint8Array) return concat(head(2, x.length), x);
	const parts: Uint8Array[] = [head(5, x.size)];
	for (const [k, v] of x) parts.push(cbor(k), cbor(v));
	return concat(...parts);
}

// ---- ECDSA: WebCrypto's r‖s to the DER that WebAuthn's ES256 signatures use ----------------------

function derInteger(bytes: Uint8Array): Uint8Array {
	let i = 0;
	while (i < bytes.length - 1 && bytes[i] === 0) i++;
	let v = bytes.slice(i);
	if (v[0] & 0x80) v = concat(Uint8Array.of(0), v);
	return concat(Uint8Array.of(0x02, v.length), v);
}

function derSignature(raw: Uint8Array): Uint8Array {
	const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
	return concat(Uint8Array.of(0x30, body.length), body);
}

// ---- the authenticator ---------------------------------------------------------------------------

export interface Ceremony {
	/** clientDataJSON's fields; defaults: the right type, the server's challenge, http://localhost. */
	origin?: string;
	type?: string;
	challenge?: string;
	/** The RP ID whose hash goes into the authenticator data (default: the options' rpId). */
	rpId?: string;
	flags?: number;
	/** The signature counter to report (default: the authenticator's next value). */
	counter?: number;
}

export interface CreationOptions {
	challenge: string;
	rp: { id?: string; name: string };
	user: { id: string; name: string };
	excludeCredentials?: { id: string }[];
	authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

export interface RequestOptions {
	challenge: string;
	rpId?: string;
	allowCredentials?: { id: string }[];
	userVerification?: string;
}

/** One credential, as a platform authenticator holds it (discoverable: it knows its user handle). */
export class SoftPasskey {
	counter: number;
	private constructor(
		readonly id: Uint8Array,
		readonly keys: CryptoKeyPair,
		public userHandle: string,
		readonly rpId: string,
		startCounter: number
	) {
		this.counter = startCounter;
	}

	get credentialId(): string {
		return b64url(this.id);
	}

	/** A new credential for the server's creation options, and the registration response for it. */
	static async create(
		options: CreationOptions,
		o: Ceremony & {
			credentialId?: Uint8Array;
			startCounter?: number;
			/** "none" (default), or "packed" self attestation, signed by the new key — or with a broken signature. */
			attestation?: 'none' | 'packed' | 'packed-broken';
		} = {}
	): Promise<{ passkey: SoftPasskey; response: unknown }> {
		const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
		const id = o.credentialId ?? crypto.getRandomValues(new Uint8Array(32));
		const rpId = options.rp.id ?? 'localhost';
		const passkey = new SoftPasskey(id, keys, options.user.id, rpId, o.startCounter ?? 0);
		const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
		const cose = cbor(
			new Map<Cbor, Cbor>([
				[1, 2], // kty: EC2
				[3, -7], // alg: ES256
				[-1, 1], // crv: P-256
				[-2, fromB64url(jwk.x!)],
				[-3, fromB64url(jwk.y!)]
			])
		);
		const idLength = Uint8Array.of(id.length >> 8, id.length & 0xff);
		const authData = concat(
			await sha256(text.encode(o.rpId ?? rpId)),
			Uint8Array.of(o.flags ?? FLAG_UP | FLAG_UV | FLAG_AT),
			counterBytes(o.counter ?? passkey.counter),
			new Uint8Array(16), // AAGUID: none
			idLength,
			id,
			cose
		);
		const clientDataJSON = clientData(o.type ?? 'webauthn.create', o.challenge ?? options.challenge, o.origin ?? 'http://localhost');
		const attestation = o.attestation ?? 'none';
		let attStmt = new Map<Cbor, Cbor>();
		if (attestation !== 'none') {
			const signed = concat(authData, await sha256(clientDataJSON));
			const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed as Uint8Array<ArrayBuffer>));
			if (attestation === 'packed-broken') raw[10] ^= 0xff;
			attStmt = new Map<Cbor, Cbor>([
				['alg', -7],
				['sig', derSignature(raw)]
			]);
		}
		const attestationObject = cbor(
			new Map<Cbor, Cbor>([
				['fmt', attestation === 'none' ? 'none' : 'packed'],
				['attStmt', attStmt],
				['authData', authData]
			])
		);
		return {
			passkey,
			response: {
				id: b64url(id),
				rawId: b64url(id),
				type: 'public-key',
				authenticatorAttachment: 'platform',
				clientExtensionResults: { credProps: { rk: true } },
				response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] }
			}
		};
	}

	/** An assertion for the server's request options; the counter moves on by one unless told. */
	async get(options: RequestOptions, o: Ceremony & { userHandle?: string | null; credentialId?: string } = {}): Promise<unknown> {
		if (o.counter === undefined) this.counter++;
		const authData = concat(await sha256(text.encode(o.rpId ?? options.rpId ?? this.rpId)), Uint8Array.of(o.flags ?? FLAG_UP | FLAG_UV), counterBytes(o.counter ?? this.counter));
		const clientDataJSON = clientData(o.type ?? 'webauthn.get', o.challenge ?? options.challenge, o.origin ?? 'http://localhost');
		const signed = concat(authData, await sha256(clientDataJSON));
		const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed as Uint8Array<ArrayBuffer>));
		const id = o.credentialId ?? this.credentialId;
		return {
			id,
			rawId: id,
			type: 'public-key',
			authenticatorAttachment: 'platform',
			clientExtensionResults: {},
			response: {
				clientDataJSON: b64url(clientDataJSON),
				authenticatorData: b64url(authData),
				signature: b64url(derSignature(raw)),
				...(o.userHandle === null ? {} : { userHandle: o.userHandle ?? this.userHandle })
			}
		};
	}
}

function counterBytes(n: number): Uint8Array {
	return Uint8Array.of((n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
}

function clientData(type: string, challenge: string, origin: string): Uint8Array {
	return text.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}
