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
 * code says it, else by the name a 400's message starts with ("rounds: at most 20"), else null
 * (shown above the form).
 */
export function failedField<F extends string>(f: ApiFailure, fields: readonly F[]): F | null {
	const byCode: Record<string, string> = { UNKNOWN_KIND: 'kind', BAD_TABLE_SIZE: 'tableSize', BAD_OPTIONS: 'options', BAD_CLOCK: 'clock' };
	const named = byCode[f.code] ?? /^\s*([A-Za-z]+)\b/.exec(f.message)?.[1] ?? '';
	return (fields as readonly string[]).includes(named) ? (named as F) : null;
}
