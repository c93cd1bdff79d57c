// The rules are the same for everybody: build /rules and /de/rules once, serve them from the assets.
export const prerender = true;
