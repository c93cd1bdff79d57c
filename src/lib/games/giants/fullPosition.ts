/**
 * Which kind of `config.position` a Giants game has. Alone in its file, without the schema, so the
 * browser's dice check (verify.ts) can ask it without bringing valibot's position schema along.
 */
import type { GiantsPosition } from './positionSchema';

/** A full position (docs/positions.md § Giants) names its phase; a round-start position (StartPosition) never does. */
export function isFullPosition(p: unknown): p is GiantsPosition {
	return typeof p === 'object' && p !== null && Object.prototype.hasOwnProperty.call(p, 'phase');
}
