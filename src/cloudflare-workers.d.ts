// Types for `import … from 'cloudflare:workers'` (DurableObject, env, exports, …) without adding
// @cloudflare/workers-types' global types, which clash with the DOM types of the Svelte
// components (see src/app.d.ts). The module form of the package exports the same namespace that
// the global form binds to 'cloudflare:workers'. `Cloudflare.Env` (the type of `env`) is
// extended with our bindings in src/app.d.ts.
// Deliberately a script file (no top-level import/export): only then is this an ambient
// module declaration rather than an augmentation.
declare module 'cloudflare:workers' {
	import { CloudflareWorkersModule } from '@cloudflare/workers-types';
	export = CloudflareWorkersModule;
}
