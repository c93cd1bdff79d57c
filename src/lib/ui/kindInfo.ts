/**
 * What every page may know of the registered kinds without loading their code: id, name, blurb,
 * seat range and typical length, worded in the request's language by the root layout
 * (src/routes/+layout.server.ts, from the registry on the server).
 */
export interface KindInfo {
	id: string;
	name: string;
	blurb: string;
	seats: { min: number; max: number };
	typicalMinutes: number;
}

/** A kind's name; its id for a kind this site does not list (never a blank). */
export function kindName(kinds: readonly KindInfo[] | undefined, id: string): string {
	return kinds?.find((k) => k.id === id)?.name ?? id;
}
