/**
 * Usernames that look alike must not both exist (issue 15). Usernames are ASCII `[A-Za-z0-9_-]`,
 * so every non-ASCII look-alike (Cyrillic а, fullwidth letters, zero-width joiners, …) is refused
 * by construction. Inside that alphabet, the idea of Unicode's confusable skeletons (UTS #39 §4)
 * restricted to it: every name maps to a skeleton, names with equal skeletons count as the same
 * name, and `users.username_skeleton` is unique.
 *
 * The steps, in this order (migrations/0006_account.sql repeats them in SQL for the backfill, so
 * they must stay plain replacements):
 * 1. lowercase (case-insensitive names: `Alice` = `alice`);
 * 2. `0` → `o` (`b0b` = `bob`);
 * 3. `1` → `l`, `i` → `l` (`AIice` = `alice` = `a1ice`: capital I, small l and the digit 1 look
 *    alike; because `I` is only `i` after step 1, small `i` joins them — so `mike` = `mlke`);
 * 4. `-` → `_` (`a-b` = `a_b`);
 * 5. `rn` → `m` (`rnallory` = `mallory`), then `vv` → `w` (`vvalter` = `walter`), left to right.
 */
export function skeleton(username: string): string {
	return username
		.toLowerCase()
		.replaceAll('0', 'o')
		.replaceAll('1', 'l')
		.replaceAll('i', 'l')
		.replaceAll('-', '_')
		.replaceAll('rn', 'm')
		.replaceAll('vv', 'w');
}
