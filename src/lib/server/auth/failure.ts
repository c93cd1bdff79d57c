/**
 * Auth results are values with stable codes (conventions §4), never exceptions: the caller turns a
 * failure into a JSON error (respond.ts) or the message of a form page.
 */
export type AuthFailure = { ok: false; status: number; code: string; message: string };

export const fail = (status: number, code: string, message: string): AuthFailure => ({ ok: false, status, code, message });

export const rateLimited = () => fail(429, 'RATE_LIMITED', 'too many attempts; try again later');
