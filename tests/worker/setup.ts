// Runs inside workerd before each test file: brings the local D1 up to the migrations in
// migrations/ (the same files `wrangler d1 migrations apply` uses). Idempotent.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
