/**
 * The tournament pages call the JSON API from their server loads and actions (issue 35: the pages
 * know the API, not the server module). Its errors are `{code, message}` (docs/api.md "Errors");
 * `{error: {code, message}}` is read too, so a change of envelope cannot turn a refusal into a
 * "something went wrong" without its reason.
 */
export interface ApiFailure {
	status: number;
	code: string;
	message: string;
}

/** A failed answer's code and message; `HTTP_<status>` when the body says none (a proxy's page). */
export async function readFailure(res: Response): Promise<ApiFailure> {
	const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
	const inner = body && typeof body.error === 'object' && body.error ? (body.error as Record<string, unknown>) : body;
	return {
		status: res.status,
		code: typeof inner?.code === 'string' ? inner.code : `HTTP_${res.status}`,
		message: typeof inner?.message === 'string' ? inner.message : ''
	};
}

/**
 * The field a refusal of the organise form is about, so the page shows it there: by code where the
 * code says it, else by the first field a 400's message names ("rounds: expected <=20"), else null
 * (shown above the form).
 */
export function failedField<F extends string>(f: ApiFailure, fields: readonly F[]): F | null {
	const byCode: Record<string, string> = { UNKNOWN_KIND: 'kind', BAD_TABLE_SIZE: 'tableSize', BAD_OPTIONS: 'options', BAD_CLOCK: 'clock' };
	const known = (name: string): name is F => (fields as readonly string[]).includes(name);
	if (Object.hasOwn(byCode, f.code)) {
		const name = byCode[f.code];
		return known(name) ? name : null;
	}
	// A path before a colon names it ("clock.days: …" is the clock's); the body's checks across fields
	// say "(body): maxPlayers: must be at least minPlayers": the first field named is the one.
	for (const [, path] of f.message.matchAll(/([A-Za-z][\w.]*)\s*:/g)) {
		const name = path.split('.')[0];
		if (known(name)) return name;
	}
	return null;
}
