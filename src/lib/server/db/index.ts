import { drizzle } from 'drizzle-orm/d1';
import type { D1Database } from '@cloudflare/workers-types';
import * as schema from './schema';

export { schema };

/**
 * One Drizzle instance per `DB` binding object. Building one walks the whole schema (its relations
 * config): issue 16's profile found that the biggest single cost of a no-op request (~0.14 ms of
 * ~1 ms), so an isolate keeps the instance while the binding object lives. It holds no state of
 * its own between queries (no transaction, no session), so sharing it across requests is safe.
 */
const instances = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
	return drizzle(d1, { schema });
}

export function getDb(d1: D1Database) {
	let db = instances.get(d1);
	if (!db) {
		db = build(d1);
		instances.set(d1, db);
	}
	return db;
}

export type Db = ReturnType<typeof getDb>;
