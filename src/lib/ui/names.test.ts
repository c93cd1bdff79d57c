// How a seat's name is shown (issue 15 deleted players, issue 34 bots), in both languages.
import { afterAll, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { playerName } from './names';

afterAll(() => overwriteGetLocale(() => 'en'));

describe('playerName', () => {
	it('bots read "Bot", "Bot 2"; a deleted player in words; a person as named', () => {
		for (const [locale, deleted] of [['en', 'deleted player'], ['de', 'gelöschter Spieler']] as const) {
			overwriteGetLocale(() => locale);
			expect(playerName('~bot-1')).toBe('Bot');
			expect(playerName('~bot-2')).toBe('Bot 2');
			expect(playerName('~deleted')).toBe(deleted);
			expect(playerName('ana')).toBe('ana');
		}
	});
});
