// drizzle-kit only generates SQL migrations here; they are applied by Wrangler
// (`npm run db:migrate:local`, or `wrangler d1 migrations apply DB --remote` on deploy), which
// records them in D1's own `d1_migrations` table. So no driver or credentials are needed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
	dialect: 'sqlite',
	schema: './src/lib/server/db/schema.ts',
	out: './migrations'
});
