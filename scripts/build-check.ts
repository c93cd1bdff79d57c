/**
 * npm run build:check [-- --no-build] [--budget BYTES]  (issue 29; part of `npm test`)
 *
 * 1. `vite build`, as `npm run build` runs it, in its own process group: fails if anything of that
 *    group is still running afterwards (until issue 29 every build left a workerd behind; see
 *    svelte.config.js). `--no-build` checks the existing build only.
 * 2. The Worker bundled as a deploy bundles it (`wrangler deploy --dry-run`, scripts/lib/bundle.ts):
 *    its size and largest parts, and exit 1 when it is over the budget (BUDGET_BYTES), with the
 *    largest parts listed so the cause shows. `--budget` holds it to another figure (to see the
 *    check fail, or to try a tighter budget); `npm test` uses BUDGET_BYTES.
 */
import { BUDGET_BYTES, bundleWorker, kib, report } from './lib/bundle';
import { ROOT, build } from './lib/devserver';

if (!process.argv.includes('--no-build')) {
	await build({ strict: true });
	console.log('build: nothing of it left running');
}
const bundle = bundleWorker(ROOT);
const at = process.argv.indexOf('--budget');
const budget = at > 0 ? Number(process.argv[at + 1]) : BUDGET_BYTES;
if (!(budget > 0)) throw new Error('--budget takes a number of bytes');
const over = bundle.bytes > budget;
console.log(report(bundle, over ? 25 : 8, budget));
if (over) {
	console.error(`\nThe Worker is over its budget of ${kib(budget)} (docs/benchmarks.md "Worker bundle"): find the parts that grew above.`);
	process.exit(1);
}
