// Read by both the Vite plugin (vite.config.ts) and the CLI (`npm run check`), so the
// generated code is the same whichever ran last.
/** @type {import('@inlang/paraglide-js').ParaglideConfig} */
export default {
	outdir: './src/lib/paraglide',
	emitTsDeclarations: true,
	// Fixed, so that build (production), dev/tests and the CLI write the same files; otherwise
	// the plugin picks by NODE_ENV and every switch recompiles.
	outputStructure: 'message-modules',
	// The URL alone decides the locale (`/` English, `/de/...` German), so a prerendered page
	// is the same for every visitor and can be served straight from the assets.
	strategy: ['url', 'baseLocale']
};
