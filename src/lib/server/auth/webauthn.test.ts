// webauthn.ts on its own (issue 29): every algorithm we offer, attestation statements, and
// authenticator data that does not add up. The whole ceremonies through the real routes are in
// tests/worker/passkeys.worker.test.ts (ES256, as Chromium's virtual authenticator makes them).
import { describe, expect, it } from 'vitest';
import { b64url, cbor, fromB64url } from '../../../../tests/worker/authenticator';
import { assertionHolds, attestationHolds, backupFlagsValid, coseAlgorithm, readAttestationObject, readAuthData, usableKey, type AttestationObject } from './webauthn';

type Cbor = Parameters<typeof cbor>[0];
const text = new TextEncoder();
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const sha256 = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', b as Uint8Array<ArrayBuffer>));

/** A key pair of one of the three algorithms, its COSE public key, and a signer as WebAuthn signs. */
async function keyOf(alg: 'ES256' | 'RS256' | 'EdDSA') {
	if (alg === 'ES256') {
		const k = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
		const jwk = await crypto.subtle.exportKey('jwk', k.publicKey);
		const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
		const sign = async (m: Uint8Array) => der(new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, k.privateKey, m as Uint8Array<ArrayBuffer>)));
		return { cose, sign };
	}
	if (alg === 'RS256') {
		const params = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1), hash: 'SHA-256' };
		const k = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
		const jwk = await crypto.subtle.exportKey('jwk', k.publicKey);
		const cose = cbor(new Map<Cbor, Cbor>([[1, 3], [3, -257], [-1, fromB64url(jwk.n!)], [-2, fromB64url(jwk.e!)]]));
		const sign = async (m: Uint8Array) => new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', k.privateKey, m as Uint8Array<ArrayBuffer>));
		return { cose, sign };
	}
	const k = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
	const raw = new Uint8Array(await crypto.subtle.exportKey('raw', k.publicKey));
	const cose = cbor(new Map<Cbor, Cbor>([[1, 1], [3, -8], [-1, 6], [-2, raw]]));
	const sign = async (m: Uint8Array) => new Uint8Array(await crypto.subtle.sign('Ed25519', k.privateKey, m as Uint8Array<ArrayBuffer>));
	return { cose, sign };
}

/** WebCrypto's r‖s as the DER that WebAuthn's ES256 signatures use. */
function der(raw: Uint8Array): Uint8Array {
	const int = (b: Uint8Array) => {
		let i = 0;
		while (i < b.length - 1 && b[i] === 0) i++;
		const v = b[i] & 0x80 ? concat(Uint8Array.of(0), b.slice(i)) : b.slice(i);
		return concat(Uint8Array.of(0x02, v.length), v);
	};
	const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
	return concat(Uint8Array.of(0x30, body.length), body);
}

const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40, ED: 0x80 };

async function authData(o: { flags: number; counter?: number; id?: Uint8Array; cose?: Uint8Array; tail?: Uint8Array }) {
	const head = concat(await sha256(text.encode('localhost')), Uint8Array.of(o.flags), Uint8Array.of(0, 0, 0, o.counter ?? 5));
	const attested = o.id && o.cose ? concat(new Uint8Array(16), Uint8Array.of(o.id.length >> 8, o.id.length & 0xff), o.id, o.cose) : new Uint8Array();
	return concat(head, attested, o.tail ?? new Uint8Array());
}

describe('authenticator data', () => {
	it('reads flags, counter, the attested credential and its COSE key byte for byte', async () => {
		const { cose } = await keyOf('ES256');
		const id = crypto.getRandomValues(new Uint8Array(32));
		const a = readAuthData(await authData({ flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.AT, counter: 9, id, cose }))!;
		expect(a).toMatchObject({ userPresent: true, userVerified: true, backupEligible: true, backedUp: false, counter: 9 });
		expect(b64url(a.credential!.id)).toBe(b64url(id));
		expect(b64url(a.credential!.publicKey)).toBe(b64url(cose));
		expect(readAuthData(await authData({ flags: FLAGS.UP, counter: 0 }))).toMatchObject({ userVerified: false, credential: null, counter: 0 });
	});

	it('refuses short data, leftover bytes, a truncated credential; reads extensions (ED)', async () => {
		const { cose } = await keyOf('ES256');
		const id = new Uint8Array(16);
		expect(readAuthData(new Uint8Array(36))).toBeNull();
		expect(readAuthData(await authData({ flags: FLAGS.UP, tail: Uint8Array.of(0) }))).toBeNull();
		expect(readAuthData(await authData({ flags: FLAGS.UP | FLAGS.AT, id, cose, tail: Uint8Array.of(0xa0) }))).toBeNull();
		expect(readAuthData((await authData({ flags: FLAGS.UP | FLAGS.AT, id, cose })).slice(0, -3))).toBeNull();
		const extensions = cbor(new Map<Cbor, Cbor>([['credProtect', 2]]));
		expect(readAuthData(await authData({ flags: FLAGS.UP | FLAGS.AT | FLAGS.ED, id, cose, tail: extensions }))?.credential).not.toBeNull();
		expect(readAuthData(await authData({ flags: FLAGS.UP | FLAGS.ED, tail: extensions }))).not.toBeNull();
	});

	it('a backed-up credential must be backup-eligible (BS without BE is invalid)', async () => {
		expect(backupFlagsValid(readAuthData(await authData({ flags: FLAGS.UP | FLAGS.BS }))!)).toBe(false);
		expect(backupFlagsValid(readAuthData(await authData({ flags: FLAGS.UP | FLAGS.BE | FLAGS.BS }))!)).toBe(true);
		expect(backupFlagsValid(readAuthData(await authData({ flags: FLAGS.UP }))!)).toBe(true);
	});
});

describe('signatures', () => {
	for (const alg of ['ES256', 'RS256', 'EdDSA'] as const)
		it(`${alg}: an assertion over authenticatorData ‖ SHA-256(clientDataJSON) holds; any change does not`, async () => {
			const { cose, sign } = await keyOf(alg);
			expect(await usableKey(cose)).toBe(true);
			const data = await authData({ flags: FLAGS.UP | FLAGS.UV, counter: 3 });
			const client = text.encode('{"type":"webauthn.get","challenge":"abc"}');
			const sig = await sign(concat(data, await sha256(client)));
			expect(await assertionHolds(cose, data, client, sig)).toBe(true);
			expect(await assertionHolds(cose, data, text.encode('{"type":"webauthn.get","challenge":"abd"}'), sig)).toBe(false);
			const other = data.slice();
			other[36] ^= 1;
			expect(await assertionHolds(cose, other, client, sig)).toBe(false);
			const bad = sig.slice();
			bad[bad.length - 5] ^= 0xff;
			expect(await assertionHolds(cose, data, client, bad)).toBe(false);
			expect(await assertionHolds(cose, data, client, new Uint8Array(3))).toBe(false);
			expect(await assertionHolds((await keyOf(alg)).cose, data, client, sig)).toBe(false);
		});

	it('keys of other algorithms or curves, or that cannot be read, check nothing', async () => {
		const { cose, sign } = await keyOf('ES256');
		const es384 = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -35], [-1, 2], [-2, new Uint8Array(48)], [-3, new Uint8Array(48)]]));
		const wrongCurve = cbor(new Map<Cbor, Cbor>([[1, 1], [3, -8], [-1, 7], [-2, new Uint8Array(32)]]));
		const mislabelled = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -257], [-1, 1], [-2, new Uint8Array(32)], [-3, new Uint8Array(32)]]));
		const offCurve = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, new Uint8Array(32)], [-3, new Uint8Array(32)]]));
		for (const key of [es384, wrongCurve, mislabelled, offCurve, new Uint8Array(0), Uint8Array.of(0xa0), text.encode('not cbor')]) {
			expect(await usableKey(key)).toBe(false);
			expect(await assertionHolds(key, new Uint8Array(37), new Uint8Array(1), await sign(new Uint8Array(1)))).toBe(false);
		}
		expect(coseAlgorithm(cose)).toBe(-7);
		expect(coseAlgorithm(Uint8Array.of(0xa0))).toBeNull();
	});
});

describe('attestation statements', () => {
	async function made(stmt: (signature: Uint8Array) => { fmt: string; attStmt: Map<Cbor, Cbor> }, alg: 'ES256' | 'EdDSA' = 'ES256') {
		const { cose, sign } = await keyOf(alg);
		const data = await authData({ flags: FLAGS.UP | FLAGS.UV | FLAGS.AT, id: new Uint8Array(16), cose });
		const client = text.encode('{"type":"webauthn.create"}');
		const { fmt, attStmt } = stmt(await sign(concat(data, await sha256(client))));
		const bytes = cbor(new Map<Cbor, Cbor>([['fmt', fmt], ['attStmt', attStmt], ['authData', data]]));
		return { att: readAttestationObject(bytes)!, cose, client };
	}
	const holds = ({ att, cose, client }: { att: AttestationObject; cose: Uint8Array; client: Uint8Array }) => attestationHolds(att, cose, client);

	it('"none" with an empty statement; "packed" self attestation signed by the new key, of its algorithm', async () => {
		expect(await holds(await made(() => ({ fmt: 'none', attStmt: new Map() })))).toBe(true);
		for (const alg of ['ES256', 'EdDSA'] as const) {
			const a = alg === 'ES256' ? -7 : -8;
			expect(await holds(await made((sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', a], ['sig', sig]]) }), alg))).toBe(true);
		}
	});

	it('refuses a broken signature, another algorithm, a certificate, a non-empty "none", other formats', async () => {
		const broken = (sig: Uint8Array) => Uint8Array.from(sig, (b, i) => (i === 10 ? b ^ 0xff : b));
		const cases: ((sig: Uint8Array) => { fmt: string; attStmt: Map<Cbor, Cbor> })[] = [
			(sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', -7], ['sig', broken(sig)]]) }),
			(sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', -257], ['sig', sig]]) }),
			(sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', -7]]) }),
			(sig) => ({ fmt: 'none', attStmt: new Map<Cbor, Cbor>([['alg', -7], ['sig', sig]]) }),
			(sig) => ({ fmt: 'fido-u2f', attStmt: new Map<Cbor, Cbor>([['sig', sig]]) }),
			(sig) => ({ fmt: 'tpm', attStmt: new Map<Cbor, Cbor>([['alg', -7], ['sig', sig]]) })
		];
		for (const stmt of cases) expect(await holds(await made(stmt))).toBe(false);
		// A certificate chain (x5c, a CBOR array of one DER certificate): full attestation, which we never asked for.
		const { att, cose, client } = await made((sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', -7], ['sig', sig]]) }));
		expect(await attestationHolds({ ...att, attStmt: { ...att.attStmt, x5c: [new Uint8Array(64)] } }, cose, client)).toBe(false);
	});

	it('a map naming __proto__ cannot lend a statement its fields', async () => {
		const { att, cose, client } = await made((sig) => ({ fmt: 'packed', attStmt: new Map<Cbor, Cbor>([['alg', -7], ['sig', sig]]) }));
		const smuggled = Object.create({ alg: -7, sig: att.attStmt.sig }) as Record<string, unknown>;
		expect(await attestationHolds({ ...att, attStmt: smuggled }, cose, client)).toBe(false);
		expect(readAttestationObject(cbor(new Map<Cbor, Cbor>([['fmt', 'none']])))).toBeNull();
		expect(readAttestationObject(text.encode('garbage'))).toBeNull();
	});
});
