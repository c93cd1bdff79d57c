import { jsonResponse } from '$lib/server/http';
import type { RequestHandler } from './$types';

// A no-op for the server benchmark (bench/server.ts): the same Worker, hooks (session check)
// and response path as every API call, without the GameRoom. Also a cheap liveness check.
export const GET: RequestHandler = () => jsonResponse({ ok: true });
