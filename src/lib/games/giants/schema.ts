/**
 * The shape of a move (conventions §2): valibot schemas, shared by the engine (which must refuse a
 * malformed move with a code rather than throw) and the platform's edge.
 */
import * as v from 'valibot';

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(12), v.regex(/^[A-Za-z0-9]+$/));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30));
const Logs = v.optional(v.picklist([0, 1, 2]));
const SeatNo = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4));
const Ids = v.pipe(v.array(Id), v.maxLength(40));

export const BorrowSchema = v.union([
	v.strictObject({ chief: SeatNo }),
	v.strictObject({ figures: v.pipe(v.array(SeatNo), v.minLength(1), v.maxLength(3)) })
]);

/**
 * valibot's `record` silently drops `__proto__`, `prototype` and `constructor` keys, so such a
 * borrow would be applied as a different move than the one sent; refuse it as malformed instead
 * (conventions §2: the move applied is the move sent).
 */
const NoUnsafeKeys = v.custom<Record<string, unknown>>(
	(x) => typeof x === 'object' && x !== null && !['__proto__', 'prototype', 'constructor'].some((k) => Object.prototype.hasOwnProperty.call(x, k)),
	'forbidden key'
);

export const MoveSchema = v.variant('type', [
	v.strictObject({
		type: v.literal('bid'),
		markers: Count,
		workers: Count,
		medicineMan: v.optional(v.boolean()),
		chief: v.optional(v.boolean())
	}),
	v.strictObject({
		type: v.literal('carve'),
		size: v.picklist([1, 2, 3]),
		workers: Count,
		medicineMan: v.optional(v.boolean()),
		chief: v.optional(v.boolean())
	}),
	v.strictObject({
		type: v.literal('place'),
		figure: v.picklist(['worker', 'medicineMan', 'chief']),
		hex: Id,
		logs: Logs
	}),
	v.strictObject({
		type: v.literal('action'),
		figure: v.picklist(['medicineMan', 'chief']),
		hex: Id,
		logs: Logs,
		ahu: v.optional(Id)
	}),
	v.strictObject({ type: v.literal('rongo') }),
	// A pass may name the phase it is meant for (issue 32: a queued pass, G-3.3/G-4.5); `apply` refuses it in any other.
	v.strictObject({ type: v.literal('pass'), phase: v.optional(v.picklist(['carve', 'place', 'transport'])) }),
	v.strictObject({
		type: v.literal('move'),
		statue: Id,
		path: v.pipe(v.array(Id), v.maxLength(40)),
		borrow: v.optional(v.pipe(NoUnsafeKeys, v.record(Id, BorrowSchema))),
		erect: v.optional(Id),
		crown: v.optional(Id),
		mark: v.optional(v.literal(true))
	}),
	v.strictObject({ type: v.literal('mark'), statue: Id }),
	v.strictObject({ type: v.literal('choose'), mark: Ids, release: Ids })
]);

export const MOVE_TYPES = ['bid', 'carve', 'place', 'action', 'rongo', 'pass', 'move', 'mark', 'choose'] as const;
