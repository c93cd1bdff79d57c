/**
 * Cloudflare's published prices (Workers Paid plan), for the cost per game of bench:load. Marginal
 * prices past the plan's included amounts ($5/month includes 10 M Worker requests, 30 M CPU ms,
 * 1 M Durable Object requests, 400,000 GB-s, 25 B rows read and 50 M rows written each for D1 and
 * Durable Object SQLite, 5 GB each stored): the cost of one more game on a busy site.
 * Sources: developers.cloudflare.com — workers/platform/pricing, durable-objects/platform/pricing
 * (SQLite storage billed since 2026-01-07), d1/platform/pricing.
 */
export const PRICE_LIST_DATE = '2026-11-26 (Cloudflare pricing pages, last updated April 2026)';

export const PRICES = {
	workerRequestPerM: 0.3,
	workerCpuPerMMs: 0.02,
	doRequestPerM: 0.15,
	/** Incoming WebSocket messages are billed 20 to a request; outgoing ones are free. */
	doSocketMessagesPerRequest: 20,
	doGbSecondPerM: 12.5,
	/** Duration is billed for 128 MB per object, whatever it uses. */
	doGb: 0.125,
	sqlRowReadPerM: 0.001,
	sqlRowWrittenPerM: 1.0,
	doStoredGbMonth: 0.2,
	d1StoredGbMonth: 0.75
} as const;

export interface GameCounts {
	workerRequests: number;
	/** Upper bound: all of workerd's CPU (the Worker, the Durable Objects and the local D1). */
	workerCpuMs: number;
	doRequests: number;
	doSocketMessages: number;
	doWallMs: number;
	doRowsRead: number;
	doRowsWritten: number;
	d1RowsRead: number;
	d1RowsWritten: number;
	/** D1 statements, those that write, and D1's own SQL time (ms) — not billed; bench:scale's capacity model reads them. */
	d1Queries?: number;
	d1WriteQueries?: number;
	d1SqlMs?: number;
	doStoredBytes: number;
	d1StoredBytes: number;
}

export interface Priced {
	lines: { what: string; amount: string; usd: number }[];
	/** Everything but storage, which is per month kept. */
	total: number;
	storagePerMonth: number;
}

const n = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits });

export function priceGame(c: GameCounts): Priced {
	const P = PRICES;
	const M = 1e6;
	const gbs = (c.doWallMs / 1000) * P.doGb;
	const lines = [
		{ what: 'Worker requests', amount: n(c.workerRequests), usd: (c.workerRequests / M) * P.workerRequestPerM },
		{ what: 'Worker CPU (upper bound)', amount: `${n(c.workerCpuMs)} ms`, usd: (c.workerCpuMs / M) * P.workerCpuPerMMs },
		{
			what: 'DO requests (+ socket messages / 20)',
			amount: `${n(c.doRequests)} + ${n(c.doSocketMessages)}`,
			usd: ((c.doRequests + c.doSocketMessages / P.doSocketMessagesPerRequest) / M) * P.doRequestPerM
		},
		{ what: 'DO duration', amount: `${n(c.doWallMs)} ms = ${n(gbs, 3)} GB-s`, usd: (gbs / M) * P.doGbSecondPerM },
		{ what: 'DO SQLite rows read', amount: n(c.doRowsRead), usd: (c.doRowsRead / M) * P.sqlRowReadPerM },
		{ what: 'DO SQLite rows written', amount: n(c.doRowsWritten), usd: (c.doRowsWritten / M) * P.sqlRowWrittenPerM },
		{ what: 'D1 rows read', amount: n(c.d1RowsRead), usd: (c.d1RowsRead / M) * P.sqlRowReadPerM },
		{ what: 'D1 rows written', amount: n(c.d1RowsWritten), usd: (c.d1RowsWritten / M) * P.sqlRowWrittenPerM }
	];
	const storagePerMonth = (c.doStoredBytes / 1e9) * P.doStoredGbMonth + (c.d1StoredBytes / 1e9) * P.d1StoredGbMonth;
	return { lines, total: lines.reduce((s, l) => s + l.usd, 0), storagePerMonth };
}
