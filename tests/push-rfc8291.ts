/**
 * Test-only: RFC 8291 Web Push message encryption written out step by step with WebCrypto, the
 * RFC's own Appendix A example, and a decrypter (RFC 8188 aes128gcm, one record), so tests can
 * (1) reproduce the Appendix A bytes independently of the library under test and (2) decrypt what
 * the library (push.ts) produces with the receiver's private key. Not imported by the app.
 *
 * Used by src/lib/server/notify/push.test.ts (Node) and tests/worker/push.worker.test.ts (workerd).
 */

/** RFC 8291 §5 and Appendix A, base64url as printed there. */
export const RFC8291 = {
	plaintext: 'When I grow up, I want to be a watermelon',
	/** The user agent (receiver): the subscription's key pair and auth secret. */
	uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
	uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
	authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
	/** The application server (sender): its ephemeral key pair for this one message, and the salt. */
	asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
	asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
	salt: 'DGv6ra1nlYgDCS1FRnbzlw',
	/** Intermediate values. */
	ecdhSecret: 'kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs',
	authPrk: 'Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k',
	keyInfo:
		'V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwRzr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3' +
		'ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0EwbZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAv' +
		'MBKiiujwa7t45ewP',
	ikm: 'S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg',
	prk: '09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc',
	cek: 'oIhVW04MRdy2XN9CiKLxTg',
	nonce: '4h_95klXJ5E_qnoN',
	header:
		'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
	ciphertext: '8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ',
	/** The whole message body: header ‖ ciphertext (144 bytes). */
	body:
		'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN'
} as const;

// Own base64url, not the library's or the app's: a shared decoder bug would let both sides agree.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function b64uDecode(s: string): Uint8Array<ArrayBuffer> {
	const out: number[] = [];
	let acc = 0;
	let bits = 0;
	for (const ch of s) {
		const v = ALPHABET.indexOf(ch);
		if (v < 0) throw new Error(`not base64url: ${ch}`);
		acc = (acc << 6) | v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out.push((acc >> bits) & 0xff);
		}
	}
	return new Uint8Array(out);
}

export function b64uEncode(bytes: Uint8Array | ArrayBuffer): string {
	const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
	let s = '';
	for (let i = 0; i < b.length; i += 3) {
		const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
		const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(n >> shift) & 63]);
		s += chars.slice(0, Math.min(4, b.length - i + 1)).join('');
	}
	return s;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

const ascii = (s: string) => new TextEncoder().encode(s);

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
	const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
	return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}

/** HKDF (RFC 5869) by hand with HMAC, so the intermediate PRKs can be compared with the RFC. */
async function hkdfExtract(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>) {
	return hmac(salt, ikm);
}
async function hkdfExpand(prk: Uint8Array<ArrayBuffer>, info: Uint8Array, length: number) {
	// One block suffices for every length here (≤ 32).
	return (await hmac(prk, concat(info, new Uint8Array([1])))).slice(0, length);
}

/** A P-256 key from its raw public point and private scalar (both base64url), for ECDH. */
export async function importEcdhPrivate(publicB64u: string, privateB64u: string): Promise<CryptoKey> {
	const pub = b64uDecode(publicB64u);
	const jwk: JsonWebKey = {
		kty: 'EC',
		crv: 'P-256',
		x: b64uEncode(pub.slice(1, 33)),
		y: b64uEncode(pub.slice(33, 65)),
		d: privateB64u,
		ext: true
	};
	return crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
}

async function importEcdhPublic(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
	return crypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
}

export interface KeySchedule {
	ecdhSecret: Uint8Array;
	authPrk: Uint8Array;
	keyInfo: Uint8Array;
	ikm: Uint8Array;
	prk: Uint8Array;
	cek: Uint8Array<ArrayBuffer>;
	nonce: Uint8Array<ArrayBuffer>;
}

/** RFC 8291 §3.3–3.4 and RFC 8188 §2.2–2.3, from one side's private key and the other's public. */
export async function keySchedule(o: {
	privateKey: CryptoKey;
	peerPublic: Uint8Array<ArrayBuffer>;
	uaPublic: Uint8Array<ArrayBuffer>;
	asPublic: Uint8Array<ArrayBuffer>;
	authSecret: Uint8Array<ArrayBuffer>;
	salt: Uint8Array<ArrayBuffer>;
}): Promise<KeySchedule> {
	const ecdhSecret = new Uint8Array(
		await crypto.subtle.deriveBits({ name: 'ECDH', public: await importEcdhPublic(o.peerPublic) }, o.privateKey, 256)
	);
	const authPrk = await hkdfExtract(o.authSecret, ecdhSecret);
	const keyInfo = concat(ascii('WebPush: info\0'), o.uaPublic, o.asPublic);
	const ikm = await hkdfExpand(authPrk, keyInfo, 32);
	const prk = await hkdfExtract(o.salt, ikm);
	const cek = await hkdfExpand(prk, ascii('Content-Encoding: aes128gcm\0'), 16);
	const nonce = await hkdfExpand(prk, ascii('Content-Encoding: nonce\0'), 12);
	return { ecdhSecret, authPrk, keyInfo, ikm, prk, cek, nonce };
}

/** The sender's side with everything fixed: header ‖ AES-128-GCM(plaintext ‖ 0x02). */
export async function referenceEncrypt(o: {
	plaintext: Uint8Array;
	uaPublic: string;
	authSecret: string;
	asPublic: string;
	asPrivate: string;
	salt: string;
	recordSize?: number;
}): Promise<{ body: Uint8Array; schedule: KeySchedule }> {
	const asPublic = b64uDecode(o.asPublic);
	const uaPublic = b64uDecode(o.uaPublic);
	const salt = b64uDecode(o.salt);
	const schedule = await keySchedule({
		privateKey: await importEcdhPrivate(o.asPublic, o.asPrivate),
		peerPublic: uaPublic,
		uaPublic,
		asPublic,
		authSecret: b64uDecode(o.authSecret),
		salt
	});
	const key = await crypto.subtle.importKey('raw', schedule.cek, 'AES-GCM', false, ['encrypt']);
	const record = new Uint8Array(
		await crypto.subtle.encrypt({ name: 'AES-GCM', iv: schedule.nonce }, key, concat(o.plaintext, new Uint8Array([2])))
	);
	const rs = o.recordSize ?? 4096;
	const header = concat(salt, new Uint8Array([rs >>> 24, (rs >>> 16) & 255, (rs >>> 8) & 255, rs & 255]), new Uint8Array([65]), asPublic);
	return { body: concat(header, record), schedule };
}

/**
 * The receiver's side: parses the RFC 8188 header, derives the keys with the subscription's
 * private key and auth secret, decrypts the single record and strips the padding (RFC 8188 §2:
 * the last record ends with 0x02 followed by zeros). Throws on anything malformed.
 */
export async function referenceDecrypt(
	body: Uint8Array,
	ua: { publicKey: string; privateKey: CryptoKey; authSecret: string }
): Promise<{ plaintext: Uint8Array; recordSize: number; asPublic: Uint8Array }> {
	const salt = body.slice(0, 16);
	const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
	const idLen = body[20];
	if (idLen !== 65) throw new Error(`key id of ${idLen} bytes, expected 65`);
	const asPublic = body.slice(21, 21 + idLen);
	const record = body.slice(21 + idLen);
	if (record.length > recordSize) throw new Error('more than one record');
	const uaPublic = b64uDecode(ua.publicKey);
	const s = await keySchedule({
		privateKey: ua.privateKey,
		peerPublic: asPublic,
		uaPublic,
		asPublic,
		authSecret: b64uDecode(ua.authSecret),
		salt
	});
	const key = await crypto.subtle.importKey('raw', s.cek, 'AES-GCM', false, ['decrypt']);
	const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: s.nonce }, key, record));
	let end = padded.length - 1;
	while (end >= 0 && padded[end] === 0) end--;
	if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter');
	return { plaintext: padded.slice(0, end), recordSize, asPublic };
}
