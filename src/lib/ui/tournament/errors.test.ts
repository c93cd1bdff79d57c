import { beforeAll, describe, expect, test } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { tournamentErrorText } from './errors';

beforeAll(() => overwriteGetLocale(() => 'en'));

describe('the tournament API’s refusals in words', () => {
	test('a known code in the reader’s words, whatever the message', () => {
		expect(tournamentErrorText('TOURNAMENT_FULL', 'full')).toBe('The tournament is full.');
		expect(tournamentErrorText('NOT_ENOUGH_PLAYERS', '')).toBe('Not enough players have signed up to start.');
	});

	test('another keeps the API’s reason, without the "(body):" of a check across fields', () => {
		expect(tournamentErrorText('BAD_REQUEST', '(body): maxPlayers: a round robin is for at most 16 players')).toBe('Not possible: maxPlayers: a round robin is for at most 16 players');
		expect(tournamentErrorText('BAD_REQUEST', 'rounds: expected <=20')).toBe('Not possible: rounds: expected <=20');
	});

	test('no reason at all: the network or the server', () => {
		expect(tournamentErrorText('HTTP_502', '')).toBe('The server could not be reached. Check your connection and try again.');
		expect(tournamentErrorText(undefined)).toBe('The server could not be reached. Check your connection and try again.');
	});
});
