import { drizzle } from 'drizzle-orm/d1';
import type { D1Database } from '@cloudflare/workers-types';
import * as schema from './schema';

export { schema };

/** A Drizzle instance over the `DB` binding. Cheap: create one per request. */
export function getDb(d1: D1Database) {
	return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;
