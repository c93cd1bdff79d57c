/**
 * npm run vapid:keys [-- --write-dev-vars]
 *
 * Makes a VAPID key pair (RFC 8292: ECDSA P-256) with WebCrypto and prints it in the form
 * src/lib/server/notify/push.ts reads: VAPID_PUBLIC_KEY is the uncompressed point (65 bytes,
 * base64url — also what browsers take as `applicationServerKey`), VAPID_PRIVATE_KEY is the JWK `d`
 * (32 bytes, base64url) that @block65/webcrypto-web-push signs with.
 *
 * With --write-dev-vars the three VAPID_* lines go into `.dev.vars` (git-ignored; `wrangler dev`
 * reads it), replacing earlier VAPID_* lines and keeping every other line. Production sets them as
 * secrets instead: docs/notifications.md "Web Push".
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const USAGE = 'usage: npm run vapid:keys [-- --write-dev-vars]';
const DEV_SUBJECT = 'mailto:dev@rongo.invalid';

function b64url(bytes: Uint8Array): string {
	return Buffer.from(bytes).toString('base64url');
}

export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
	const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
	const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
	if (!jwk.d) throw new Error('the private key exported without d');
	return { publicKey: b64url(raw), privateKey: jwk.d };
}

/** `.dev.vars` with the VAPID_* lines replaced (other lines kept in order). */
export function mergeDevVars(existing: string, vars: Record<string, string>): string {
	const kept = existing.replace(/\n+$/, '').split('\n').filter((line) => !/^\s*VAPID_[A-Z_]+\s*=/.test(line));
	if (kept.length === 1 && kept[0] === '') kept.pop();
	const added = Object.entries(vars).map(([k, v]) => `${k}="${v}"`);
	return [...kept, ...added].join('\n') + '\n';
}

async function main() {
	const args = process.argv.slice(2);
	const write = args.includes('--write-dev-vars');
	if (args.some((a) => a !== '--write-dev-vars')) {
		console.error(USAGE);
		process.exit(2);
	}
	const keys = await generateVapidKeys();
	console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
	console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
	if (!write) {
		console.log('\nProduction: npx wrangler secret put VAPID_PRIVATE_KEY (and VAPID_PUBLIC_KEY, VAPID_SUBJECT);');
		console.log('see docs/notifications.md. Keep the private key out of the repository and of logs.');
		return;
	}
	const path = '.dev.vars';
	const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
	const vars = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: DEV_SUBJECT };
	writeFileSync(path, mergeDevVars(before, vars), { mode: 0o600 });
	chmodSync(path, 0o600);
	console.log(`\nWrote VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT=${DEV_SUBJECT} to ${path} (git-ignored).`);
	console.log('Browsers subscribed with an older key must subscribe again.');
}

// Only as a script: the helpers above can be imported by a test without generating anything.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
	main().catch((e) => {
		console.error(e instanceof Error ? e.message : e);
		process.exit(1);
	});
}
