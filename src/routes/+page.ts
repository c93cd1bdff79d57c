// The landing page has no per-user content: build it once, serve it from the assets.
export const prerender = true;
