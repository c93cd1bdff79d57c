/**
 * Where a page's main thread spends its time (bench/ui.ts `--profile`, issue 30's re-render work):
 * V8's sampling profiler in the browser through the Chrome DevTools Protocol (Playwright's CDP
 * session), the samples charged to the functions of src/ and node_modules/ through the client
 * build's source maps (`vite build --sourcemap` writes a .map next to each chunk under
 * .svelte-kit/output/client; without them a frame shows as its chunk, line and column).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/devserver';
import { SourceMap, type CallFrame, type Profile } from './inspector';

const CLIENT = join(ROOT, '.svelte-kit/output/client');

/** Whether the last client build has source maps (a .map beside its entry chunk). */
export function clientHasSourceMaps(): boolean {
	const dir = join(CLIENT, '_app/immutable/entry');
	return existsSync(dir) && readdirSync(dir).some((f) => /^app\..*\.js$/.test(f) && existsSync(join(dir, f + '.map')));
}

/** Starts sampling the page's main thread every `intervalUs` µs; the answer stops it and gives the profile. */
export async function startProfile(page: Page, intervalUs: number): Promise<() => Promise<Profile>> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Profiler.enable');
	await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
	await cdp.send('Profiler.start');
	return async () => {
		const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
		await cdp.detach();
		return profile;
	};
}

const maps = new Map<string, SourceMap | null>();
function mapOf(url: string): SourceMap | null {
	let path: string;
	try {
		path = join(CLIENT, new URL(url).pathname);
	} catch {
		return null;
	}
	if (!maps.has(path)) {
		const file = path + '.map';
		maps.set(path, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')), file, ROOT) : null);
	}
	return maps.get(path)!;
}

/** A frame as people read it: the function's name and where it starts, in the sources when a map says so. */
function frameName(f: CallFrame): string {
	if (!f.url) return f.functionName ? `${f.functionName} (native)` : '(program)';
	const o = mapOf(f.url)?.lookup(f.lineNumber, f.columnNumber);
	const name = f.functionName || '(anonymous)';
	if (o) return `${o.name ?? name}  ${o.source}:${o.line}`;
	const file = f.url.replace(/^https?:\/\/[^/]+/, '');
	return `${name}  ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
}

export interface ProfileSummary {
	/** ms of samples not idle. */
	busy: number;
	/** [function, ms] by self time, largest first. */
	self: [string, number][];
	/** [function, ms] by total time (itself and what it called; a recursion counted once), largest first. */
	total: [string, number][];
	/**
	 * [function, ms] by the time charged to the innermost function of src/ on the stack (the
	 * framework's work under a component's template or derived counts as that component's).
	 */
	ours: [string, number][];
}

/** Self and total time per function; the idle samples left out. */
export function summarise(profile: Profile): ProfileSummary {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const names = new Map<number, string>();
	const nameOf = (id: number) => {
		let s = names.get(id);
		if (s === undefined) names.set(id, (s = frameName(byId.get(id)!.callFrame)));
		return s;
	};
	const self = new Map<string, number>();
	const total = new Map<string, number>();
	const ours = new Map<string, number>();
	let busy = 0;
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		// A sample stands for the time until the next one.
		const dt = (deltas[i + 1] ?? 0) / 1000;
		const leaf = samples[i];
		const fn = byId.get(leaf)!.callFrame.functionName;
		if (fn === '(idle)' || fn === '(root)') continue;
		busy += dt;
		const leafName = nameOf(leaf);
		self.set(leafName, (self.get(leafName) ?? 0) + dt);
		let owner = '(none of src/)';
		for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
			const nm = nameOf(id);
			if (/\s(src\/|\.svelte-kit\/)/.test(nm)) {
				owner = nm;
				break;
			}
		}
		ours.set(owner, (ours.get(owner) ?? 0) + dt);
		const seen = new Set<string>();
		for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
			const nm = nameOf(id);
			if (nm === '(root)  (native)' || byId.get(id)!.callFrame.functionName === '(root)' || seen.has(nm)) continue;
			seen.add(nm);
			total.set(nm, (total.get(nm) ?? 0) + dt);
		}
	}
	const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
	return { busy, self: sorted(self), total: sorted(total), ours: sorted(ours) };
}

/** Prints the summary: `top` functions by self time and by total time, ms and per event. */
export function printSummary(s: ProfileSummary, events: number, top: number, save?: string, profile?: Profile) {
	const row = ([name, t]: [string, number]) =>
		`   ${t.toFixed(1).padStart(8)} ms ${(t / Math.max(1, events)).toFixed(2).padStart(6)} ms/event ${((100 * t) / Math.max(s.busy, 1e-9)).toFixed(1).padStart(5)} %  ${name}`;
	console.log(`\n   profile of the page's main thread over ${events} events: ${s.busy.toFixed(0)} ms busy (${(s.busy / Math.max(1, events)).toFixed(2)} ms per event; the bench's own polling included)`);
	console.log(`   top ${top} by self time:`);
	for (const r of s.self.slice(0, top)) console.log(row(r));
	console.log(`   top ${top} by total time:`);
	for (const r of s.total.slice(0, top)) console.log(row(r));
	console.log(`   top ${top} functions of src/, each charged with the work under it up to the next function of src/:`);
	for (const r of s.ours.slice(0, top)) console.log(row(r));
	if (save && profile) {
		writeFileSync(save, JSON.stringify(profile));
		console.log(`   saved to ${save} (Chrome DevTools, Performance panel → Load profile)`);
	}
}
