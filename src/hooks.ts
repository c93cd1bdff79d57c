import type { Reroute } from '@sveltejs/kit';
import { deLocalizeUrl } from '$lib/paraglide/runtime';

// `/de/...` renders the same route as `/...`; only the locale differs.
export const reroute: Reroute = (request) => deLocalizeUrl(request.url).pathname;
