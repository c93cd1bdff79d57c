import { describe, expect, it } from 'vitest';
import { cloneJson, jsonEqual } from './clone';

describe('cloneJson: deep copies of plain JSON', () => {
	it('copies primitives as they are', () => {
		for (const x of [0, 1.5, -3, 'a', '', true, false, null]) expect(cloneJson(x)).toBe(x);
	});

	it('copies nested objects and arrays without sharing', () => {
		const src = { a: [1, { b: [2, 3] }], c: { d: null, e: 'x' } };
		const out = cloneJson(src);
		expect(out).toEqual(src);
		expect(out).not.toBe(src);
		expect(out.a).not.toBe(src.a);
		(out.a[1] as { b: number[] }).b.push(4);
		out.c.e = 'y';
		expect(src).toEqual({ a: [1, { b: [2, 3] }], c: { d: null, e: 'x' } });
	});

	it('arrays stay arrays, objects stay objects', () => {
		const out = cloneJson({ list: [1, 2, 3], map: { 0: 'a' } });
		expect(Array.isArray(out.list)).toBe(true);
		expect(Array.isArray(out.map)).toBe(false);
	});

	it('round-trips like JSON.stringify', () => {
		const src = { x: [{ y: 1 }, [2, [3]]], z: 'ü' };
		expect(JSON.stringify(cloneJson(src))).toBe(JSON.stringify(src));
	});
});

describe('jsonEqual: structural equality', () => {
	it('ignores key order', () => {
		expect(jsonEqual({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
	});

	it('tells apart different values, lengths, keys and kinds', () => {
		expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
		expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
		expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
		expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
		expect(jsonEqual([], {})).toBe(false);
		expect(jsonEqual(null, {})).toBe(false);
		expect(jsonEqual(0, '0')).toBe(false);
		expect(jsonEqual(null, null)).toBe(true);
		expect(jsonEqual([[1], { a: [null] }], [[1], { a: [null] }])).toBe(true);
	});

	it('a clone is equal to its source', () => {
		const src = { p: [{ q: [1, 2, { r: 'x' }] }] };
		expect(jsonEqual(cloneJson(src), src)).toBe(true);
	});
});
