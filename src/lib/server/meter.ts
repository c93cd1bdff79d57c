/**
 * The cost meter (issue 17, `npm run bench:load`): counts what Cloudflare bills, as the app uses
 * it — D1 rows read and written, Durable Object SQLite rows read and written, Durable Object
 * requests (each RPC call or fetch on a stub) and their wall time, alarms set. Off unless the
 * Worker runs with the variable `METER=1` on this machine (only the load benchmark sets it; like the
 * other development switches it stays off where `ORIGIN` is not this machine, dev.ts): then src/worker.ts
 * hands the app and the Durable Objects metered bindings, and `GET /__meter` answers the totals.
 * Nothing here changes what the app does; with METER unset none of it runs.
 *
 * D1's `raw()` and `first()` report no row counts; for a read (SELECT/WITH) the meter runs the same
 * statement once more with `run()` for its `meta` (only while metering), and counts the returned
 * rows of a write through `raw()` (`INSERT … RETURNING`) as rows written (a lower bound).
 */
import { meter, type DevEnv } from './dev';
import type { D1Database, D1PreparedStatement, DurableObjectNamespace, DurableObjectState, DurableObjectStorage, SqlStorage, SqlStorageCursor, SqlStorageValue } from '@cloudflare/workers-types';

export interface MeterTotals {
	/** D1 statements (each statement of a batch counts), and those of them that write. */
	d1Queries: number;
	d1WriteQueries: number;
	/** D1's own SQL time (`meta.duration`), summed: what the single-threaded database was busy with. */
	d1SqlMs: number;
	d1RowsRead: number;
	d1RowsWritten: number;
	doSqlRowsRead: number;
	doSqlRowsWritten: number;
	/** Storage API writes other than SQL (put, delete, setAlarm): one row each. */
	doStorageWrites: number;
	doRequests: number;
	/** Wall time of those requests as the caller saw it, and of socket messages in the object. */
	doWallMs: number;
	doSocketMessages: number;
	/** Bytes stored: D1's size after its latest statement, and every metered object's SQLite size. */
	d1Bytes: number;
	doBytes: number;
}

const totals: MeterTotals = {
	d1Queries: 0,
	d1WriteQueries: 0,
	d1SqlMs: 0,
	d1RowsRead: 0,
	d1RowsWritten: 0,
	doSqlRowsRead: 0,
	doSqlRowsWritten: 0,
	doStorageWrites: 0,
	doRequests: 0,
	doWallMs: 0,
	doSocketMessages: 0,
	d1Bytes: 0,
	doBytes: 0
};

/** Each object's newest database size, by object id. */
const doSizes = new Map<string, number>();

/** SQLite cursors not yet counted: their row counts are final only once they are read through. */
let cursors: { sql: string; c: SqlStorageCursor<Record<string, SqlStorageValue>> }[] = [];

/** Metering is on: METER=1 on this machine only (dev.ts's guard: never on a public ORIGIN). */
export const metering = (env: DevEnv | undefined, url?: URL) => !!env && meter(env, url);

export function meterTotals(): MeterTotals {
	for (const { sql, c } of cursors) {
		totals.doSqlRowsRead += c.rowsRead;
		totals.doSqlRowsWritten += c.rowsWritten;
		tally('DO: ' + sql, c.rowsRead, c.rowsWritten);
	}
	cursors = [];
	totals.doBytes = [...doSizes.values()].reduce((a, b) => a + b, 0);
	return { ...totals };
}

/** Rows by statement (its first 100 characters), to see what dominates. */
const bySql = new Map<string, { n: number; read: number; written: number }>();

/** Rows written by table, whole statements (not cut to 100 characters) grouped by the table they write. */
const byTable = new Map<string, number>();

const WRITES = /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"']?([\w.]+)/i;

/**
 * The table a statement writes (issue 33, bench:load's rows per move by table): the target of its
 * INSERT, REPLACE, UPDATE or DELETE; schema statements are `(schema)`, anything else `(other)`.
 */
export function tableOf(sql: string): string {
	const m = WRITES.exec(sql);
	if (m) return m[1].toLowerCase();
	if (/^\s*(CREATE|DROP|ALTER)\b/i.test(sql)) return '(schema)';
	return '(other)';
}

/** Rows written so far by `D1: <table>` and `DO: <table>` (the storage API's writes: `DO: (storage API)`). */
export function meterTables(): Record<string, number> {
	meterTotals();
	return Object.fromEntries(byTable);
}

/** The statements that wrote or read most rows, and the SQLite cursors' statements likewise. */
export function meterTop(limit = 25) {
	meterTotals();
	return [...bySql.entries()]
		.map(([sql, c]) => ({ sql, ...c }))
		.sort((a, b) => b.written - a.written || b.read - a.read)
		.slice(0, limit);
}

function tally(sql: string, read: number, written: number) {
	if (written) {
		const [side, ...rest] = sql.split(': ');
		const table = `${side}: ${tableOf(rest.join(': '))}`;
		byTable.set(table, (byTable.get(table) ?? 0) + written);
	}
	const key = sql.replace(/\s+/g, ' ').trim().slice(0, 100);
	const c = bySql.get(key) ?? { n: 0, read: 0, written: 0 };
	c.n++;
	c.read += read;
	c.written += written;
	bySql.set(key, c);
}

type Meta = { meta?: { rows_read?: number; rows_written?: number; size_after?: number; duration?: number } };
function countMeta(r: Meta | undefined, sql = '?') {
	totals.d1Queries++;
	if (!READ.test(sql)) totals.d1WriteQueries++;
	totals.d1SqlMs += r?.meta?.duration ?? 0;
	if (r?.meta?.size_after) totals.d1Bytes = r.meta.size_after;
	totals.d1RowsRead += r?.meta?.rows_read ?? 0;
	totals.d1RowsWritten += r?.meta?.rows_written ?? 0;
	tally('D1: ' + sql, r?.meta?.rows_read ?? 0, r?.meta?.rows_written ?? 0);
}

const READ = /^\s*(select|with)\b/i;

/** Functions of a native object, bound to it, so a proxy can hand them out. */
function bound<T extends object>(target: T, key: string | symbol): unknown {
	const v = Reflect.get(target, key, target);
	return typeof v === 'function' ? v.bind(target) : v;
}

function meterStatement(stmt: D1PreparedStatement, sql: string): D1PreparedStatement {
	const proxy = new Proxy(stmt, {
		get(target, key) {
			if (key === 'bind') return (...args: unknown[]) => meterStatement(target.bind(...args), sql);
			if (key === 'run' || key === 'all')
				return async (...args: unknown[]) => {
					const r = await (target[key] as (...a: unknown[]) => Promise<Meta>)(...args);
					countMeta(r, sql);
					return r;
				};
			if (key === 'raw' || key === 'first')
				return async (...args: unknown[]) => {
					const r = await (target[key] as (...a: unknown[]) => Promise<unknown>)(...args);
					if (READ.test(sql)) countMeta(await target.run(), sql);
					else countMeta({ meta: { rows_read: 0, rows_written: Array.isArray(r) ? r.length : r == null ? 0 : 1 } }, sql);
					return r;
				};
			return bound(target, key);
		}
	});
	inner.set(proxy, stmt);
	sqlOf.set(proxy, sql);
	return proxy;
}

/** The inner statement of a metered one (batch() needs D1's own objects). */
const inner = new WeakMap<object, D1PreparedStatement>();
const sqlOf = new WeakMap<object, string>();

const meteredDbs = new WeakMap<D1Database, D1Database>();
export function meterD1(db: D1Database): D1Database {
	const have = meteredDbs.get(db);
	if (have) return have;
	const proxy = new Proxy(db, {
		get(target, key) {
			if (key === 'prepare')
				return (sql: string) => meterStatement(target.prepare(sql), sql);
			if (key === 'batch')
				return async (stmts: D1PreparedStatement[]) => {
					const rs = await target.batch(stmts.map((s) => unwrap(s)));
					rs.forEach((r, i) => countMeta(r as Meta, sqlOf.get(stmts[i]) ?? '?'));
					return rs;
				};
			return bound(target, key);
		}
	});
	meteredDbs.set(db, proxy);
	return proxy;
}

const unwrap = (s: D1PreparedStatement): D1PreparedStatement => inner.get(s) ?? s;

function meterSql(sql: SqlStorage, id: string): SqlStorage {
	return new Proxy(sql, {
		get(target, key) {
			if (key === 'exec')
				return (query: string, ...bindings: unknown[]) => {
					const c = target.exec(query, ...(bindings as SqlStorageValue[]));
					cursors.push({ sql: query, c });
					doSizes.set(id, target.databaseSize);
					return c;
				};
			return bound(target, key);
		}
	});
}

const STORAGE_WRITES = new Set(['put', 'delete', 'setAlarm', 'deleteAlarm', 'deleteAll']);
function meterStorage(storage: DurableObjectStorage, id: string): DurableObjectStorage {
	const sql = meterSql(storage.sql, id);
	return new Proxy(storage, {
		get(target, key) {
			if (key === 'sql') return sql;
			if (typeof key === 'string' && STORAGE_WRITES.has(key))
				return (...args: unknown[]) => {
					totals.doStorageWrites++;
					byTable.set('DO: (storage API)', (byTable.get('DO: (storage API)') ?? 0) + 1);
					return Reflect.apply(target[key as 'put'] as (...a: unknown[]) => unknown, target, args);
				};
			return bound(target, key);
		}
	});
}

/**
 * Meters a Durable Object's storage in place: workerd's DurableObject base class takes only its own
 * state object, so the state keeps its identity and gets an own `storage` property.
 */
export function meterState(ctx: DurableObjectState): DurableObjectState {
	Object.defineProperty(ctx, 'storage', { value: meterStorage(ctx.storage, ctx.id.toString()), configurable: true });
	return ctx;
}

/** Counts every call on a stub as a Durable Object request, timed from the caller. */
function meterStub<T extends object>(stub: T): T {
	return new Proxy(stub, {
		get(target, key) {
			const v = Reflect.get(target, key, target);
			if (typeof v !== 'function' || key === 'then') return v;
			return async (...args: unknown[]) => {
				totals.doRequests++;
				const t0 = Date.now();
				try {
					return await Reflect.apply(v as (...a: unknown[]) => unknown, target, args);
				} finally {
					totals.doWallMs += Date.now() - t0;
				}
			};
		}
	});
}

function meterNamespace(ns: DurableObjectNamespace): DurableObjectNamespace {
	return new Proxy(ns, {
		get(target, key) {
			if (key === 'get' || key === 'getByName')
				return (...args: unknown[]) => meterStub(Reflect.apply(target[key] as (...a: unknown[]) => object, target, args));
			return bound(target, key);
		}
	});
}

/** A socket message handled inside an object: counted and timed there. */
export async function meterSocketMessage<T>(run: () => Promise<T>): Promise<T> {
	totals.doSocketMessages++;
	const t0 = Date.now();
	try {
		return await run();
	} finally {
		totals.doWallMs += Date.now() - t0;
	}
}

const meteredEnvs = new WeakMap<object, object>();
/** The environment with metered bindings: D1 databases and Durable Object namespaces. */
export function meterEnv<E extends object>(env: E): E {
	const have = meteredEnvs.get(env);
	if (have) return have as E;
	const out: Record<string, unknown> = { ...(env as Record<string, unknown>) };
	for (const [k, v] of Object.entries(env)) {
		// An RPC stub (the send_email binding) answers `in` for every name: it is neither a D1 nor a
		// namespace (issue 33: metered as D1, every mail failed with "does not implement bind").
		if (v && typeof v === 'object' && 'no such member, surely' in v) continue;
		if (v && typeof v === 'object' && 'prepare' in v && 'batch' in v) out[k] = meterD1(v as D1Database);
		else if (v && typeof v === 'object' && 'idFromName' in v) out[k] = meterNamespace(v as DurableObjectNamespace);
	}
	meteredEnvs.set(env, out);
	return out as E;
}
