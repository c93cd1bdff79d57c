import { describe, expect, test } from 'vitest';
import { findRule, names } from './ruleAnchor';

describe('a rule number finds its place on the rules page', () => {
	test('a reference names its rules, ranges included', () => {
		expect(names('(R-4.2)', 'R-4.2')).toBe(true);
		expect(names('(R-4.21)', 'R-4.2')).toBe(false);
		expect(names('(R-5.2–R-5.4)', 'R-5.3')).toBe(true);
		expect(names('(R-5.2–R-5.4)', 'R-5.5')).toBe(false);
		expect(names('(R-5.7 a, b)', 'R-5.7')).toBe(true);
		expect(names('(G-6.2, G-6.3)', 'G-6.3')).toBe(true);
		expect(names('(G-6.2, G-6.3)', 'R-6.3')).toBe(false);
	});
	test('the first reference stating it, else its section', () => {
		const refs = ['(R-1)', '(R-4)', '(R-4.1)', '(R-4.2)', '(R-4.2)'];
		expect(findRule('R-4.2', refs)).toBe(3);
		expect(findRule('R-4.9', refs)).toBe(1);
		expect(findRule('R-9.1', refs)).toBe(-1);
		expect(findRule('buy', refs)).toBe(-1);
	});
});
