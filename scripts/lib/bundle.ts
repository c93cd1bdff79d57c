/**
 * The Worker as a deploy bundles it (issue 29): `wrangler deploy --dry-run` (no network, no
 * account) with wrangler.toml's own settings into a temporary directory, its size, and what it is
 * made of, from esbuild's metafile. scripts/build-check.ts holds it to BUDGET_BYTES in `npm test`, so
 * a deploy is never the first place a bundle problem shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget (issue 29: "goal ≤ 3 MB"): what a deploy uploads, i.e. minified (wrangler.toml
 * `minify`), 3,000,000 bytes (2,930 KiB as wrangler counts). docs/benchmarks.md "Worker bundle" has
 * the history.
 */
export const BUDGET_BYTES = 3_000_000;

export interface Part {
	/** A package (`drizzle-orm`), a SvelteKit output chunk (`kit: chunks/Status.js`) or a source folder (`src/lib/games/moa`). */
	name: string;
	bytes: number;
}

export interface Bundle {
	/** What a deploy uploads: the Worker's modules, without source maps. */
	bytes: number;
	gzipBytes: number;
	/** Its parts by size, largest first. */
	parts: Part[];
}

/** The part an esbuild input belongs to. */
export function partOf(input: string): string {
	// The innermost package: one nested in another's node_modules is its own part.
	const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
	if (pkg) return pkg[1];
	const kit = /\.svelte-kit\/output\/server\/(.+)$/.exec(input);
	if (kit) return `kit: ${kit[1]}`;
	return input.split('/').slice(0, 4).join('/');
}

interface Metafile {
	outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** Sizes by part, largest first, from esbuild's metafile (outputs other than source maps). */
export function partsOf(meta: Metafile): Part[] {
	const sizes = new Map<string, number>();
	for (const [file, out] of Object.entries(meta.outputs)) {
		if (file.endsWith('.map')) continue;
		for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
			const name = partOf(input);
			sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
		}
	}
	return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Bundles the built app (run `vite build` first) as `wrangler deploy` would, and measures it. */
export function bundleWorker(root: string): Bundle {
	const out = mkdtempSync(join(tmpdir(), 'rongo-bundle-'));
	try {
		const r = spawnSync(join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', out, '--metafile', join(out, 'meta.json')], {
			cwd: root,
			encoding: 'utf8',
			env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
		});
		if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
		// The outdir holds the modules (+ their .map files and a README); the metafile is ours.
		const modules = readdirSync(out).filter((f) => /\.(m?js|wasm|bin|txt|html)$/.test(f) && f !== 'meta.json');
		const bytes = modules.reduce((n, f) => n + statSync(join(out, f)).size, 0);
		const gzipBytes = modules.reduce((n, f) => n + gzipSync(readFileSync(join(out, f))).length, 0);
		return { bytes, gzipBytes, parts: partsOf(JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'))) };
	} finally {
		rmSync(out, { recursive: true, force: true });
	}
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Which of the three sources a part comes from. */
const family = (p: Part) => (p.name.startsWith('kit: ') ? 'SvelteKit server output' : p.name.startsWith('src/') ? 'src/ (Durable Objects, cron)' : 'packages');

/** The report: the size against the budget, by source, and the `top` largest parts. */
export function report(b: Bundle, top: number, budget = BUDGET_BYTES): string {
	const lines = [`Worker bundle: ${kib(b.bytes)} (${kib(b.gzipBytes)} gzipped), budget ${kib(budget)}${budget === BUDGET_BYTES ? ' (3 MB)' : ''}`];
	const families = new Map<string, number>();
	for (const p of b.parts) families.set(family(p), (families.get(family(p)) ?? 0) + p.bytes);
	lines.push(`  ${[...families].map(([f, n]) => `${f} ${kib(n)}`).join(', ')}; largest parts:`);
	for (const p of b.parts.slice(0, top)) lines.push(`  ${kib(p.bytes).padStart(9)}  ${p.name}`);
	return lines.join('\n');
}
