/**
 * The limits bench:scale's capacity model (./scale.ts, docs/scale.md) divides by: Cloudflare's
 * documented ones, each with its page and the date it was read, and the few figures the model has
 * to assume, marked ASSUMED in their words.
 */
export interface Limit {
	what: string;
	value: number;
	unit: string;
	source: string;
	/** When the page was read (the search tool's stored copy; the page's own "last updated" where shown). */
	read: string;
}

const READ = '2026-11-28';
/**
 * Cloudflare's documented limits (and the three figures this model has to assume, marked so). Each
 * with its page; the values are the pages' as read on `read`.
 */
export const LIMITS = {
	d1Thread: {
		what: 'D1: one database is single-threaded, one query at a time ("1 ms average → ~1,000 queries/s; 100 ms → 10/s")',
		value: 1000,
		unit: 'ms of SQL per second',
		source: 'https://developers.cloudflare.com/d1/platform/limits/ (FAQ "How much work can a D1 database do?")',
		read: READ
	},
	d1ReadMs: {
		what: 'D1: an indexed point read "will take less than a millisecond for SQL duration" (taken as 1 ms)',
		value: 1,
		unit: 'ms per read statement',
		source: 'https://developers.cloudflare.com/d1/platform/limits/ (FAQ "Query performance")',
		read: READ
	},
	d1WriteMs: {
		what: 'D1: INSERT/UPDATE "can take several milliseconds for SQL duration" (taken as 3 ms; 1–10 in the sensitivity table)',
		value: 3,
		unit: 'ms per write statement',
		source: 'https://developers.cloudflare.com/d1/platform/limits/ (FAQ "Query performance")',
		read: READ
	},
	d1Size: {
		what: 'D1: maximum database size (cannot be increased)',
		value: 10e9,
		unit: 'bytes',
		source: 'https://developers.cloudflare.com/d1/platform/limits/',
		read: READ
	},
	d1Databases: {
		what: 'D1: databases per account (Workers Paid; a later copy of the page says 1,000,000); ~5,000 bindings per Worker script',
		value: 50_000,
		unit: 'databases',
		source: 'https://developers.cloudflare.com/d1/platform/limits/',
		read: READ
	},
	doRequests: {
		what: 'Durable Objects: "An individual Object has a soft limit of 1,000 requests per second"',
		value: 1000,
		unit: 'requests per second per object',
		source: 'https://developers.cloudflare.com/durable-objects/platform/limits/ (FAQ "How much work can a single Durable Object do?")',
		read: READ
	},
	doStorage: {
		what: 'Durable Objects (SQLite): storage per object',
		value: 10e9,
		unit: 'bytes',
		source: 'https://developers.cloudflare.com/durable-objects/platform/limits/',
		read: READ
	},
	doCpu: {
		what: 'Durable Objects: CPU per request 30 s (default), configurable to 5 min',
		value: 30_000,
		unit: 'ms CPU per request',
		source: 'https://developers.cloudflare.com/durable-objects/platform/limits/',
		read: READ
	},
	workerCpuFree: {
		what: 'Workers: CPU time per request, Free 10 ms / Paid 5 min; requests: Free 100,000/day, Paid "No limit"',
		value: 10,
		unit: 'ms CPU per request (Free)',
		source: 'https://developers.cloudflare.com/workers/platform/limits/',
		read: READ
	},
	subrequests: {
		what: 'Workers: subrequests per request (Paid); D1 queries per Worker invocation 1,000 (Paid)',
		value: 10_000,
		unit: 'subrequests per invocation',
		source: 'https://developers.cloudflare.com/workers/platform/limits/ , https://developers.cloudflare.com/d1/platform/limits/',
		read: READ
	},
	emailDaily: {
		what: 'Email Service: a daily sending quota per account, not published ("new accounts start with a conservative daily quota"); ASSUMED 100,000/day here',
		value: 100_000,
		unit: 'emails per day (assumed)',
		source: 'https://developers.cloudflare.com/email-service/platform/limits/',
		read: READ
	},
	sendLatency: {
		what: 'One email (send_email binding) or one Web Push request (fetch to the browser vendor\'s push service, RFC 8030; 429 + Retry-After when over its unpublished rate): ASSUMED 100 ms of the postman\'s wall time each',
		value: 100,
		unit: 'ms per message (assumed)',
		source: 'https://developers.cloudflare.com/email-service/api/send-emails/workers-api/ , https://www.rfc-editor.org/rfc/rfc8030#section-8.4 (push services may answer 429)',
		read: READ
	},
	postmanD1Rtt: {
		what: 'One D1 round trip from the postman object to the primary: ASSUMED 5 ms (co-located); the postman awaits 4 per trip message',
		value: 5,
		unit: 'ms per D1 round trip (assumed)',
		source: 'assumption (no published figure); src/lib/server/notify/delivery.ts deliverTrip: claim, rows, user, send, mark',
		read: READ
	}
} satisfies Record<string, Limit>;

export type Limits = Record<keyof typeof LIMITS, number>;
export const limitValues = (): Limits => Object.fromEntries(Object.entries(LIMITS).map(([k, l]) => [k, l.value])) as Limits;

