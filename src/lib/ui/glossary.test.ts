import { describe, expect, test } from 'vitest';
import { firstRule, ruleHref, ruleOf } from './glossary';

describe('glossary links', () => {
	test('a refusal names its rule at the end of its message', () => {
		expect(ruleOf('not enough wood for that offering card (R-4.2)')).toBe('R-4.2');
		expect(ruleOf('you have no offering card of that kind (R-5.7 a, b)')).toBe('R-5.7 a, b');
		expect(ruleOf('the game is over (M-12.1)')).toBe('M-12.1');
		expect(ruleOf('not a Rapa Nui move')).toBeNull();
		// Moa's engine names the rule first.
		expect(ruleOf("M-7.2: the region's terrain is not active this round")).toBe('M-7.2');
		expect(ruleOf('M-0.5, M-8.6: discard the exchanged cards first')).toBe('M-0.5, M-8.6');
		expect(ruleOf('M-8.6 (settled): no bird card can be drawn')).toBe('M-8.6');
	});
	test('a link goes to the first rule of a reference', () => {
		expect(firstRule('R-5.2–R-5.4')).toBe('R-5.2');
		expect(firstRule('G-6.2, G-6.3')).toBe('G-6.2');
		expect(ruleHref('rapanui', 'R-5.7 a, b')).toBe('/rules/rapanui#R-5.7');
	});
});
