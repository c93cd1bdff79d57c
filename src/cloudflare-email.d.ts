// Types for `import('cloudflare:email')` (src/lib/server/mail/send.ts). Like
// src/cloudflare-workers.d.ts: the module form of @cloudflare/workers-types, which we use (see
// src/app.d.ts), does not declare this module. A script file, so the declaration is ambient.
declare module 'cloudflare:email' {
	import type { EmailMessage as Message } from '@cloudflare/workers-types';
	export const EmailMessage: {
		prototype: Message;
		new (from: string, to: string, raw: ReadableStream | string): Message;
	};
}
