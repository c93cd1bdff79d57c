import { render } from 'svelte/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import ProfileTournaments from './ProfileTournaments.svelte';
import TournamentItem from './TournamentItem.svelte';
import TournamentLine from './TournamentLine.svelte';
import { KINDS, summary } from './fixtures';

let locale = 'en';
beforeAll(() => overwriteGetLocale(() => locale as 'en'));
afterAll(() => (locale = 'en'));

const text = (html: string) =>
	html
		.replace(/<!--[^]*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ');

describe('a tournament in a list', () => {
	test('open for sign-up: players of the maximum and the deadline (UTC on the server’s page)', () => {
		const { body } = render(TournamentItem, { props: { t: summary(), kinds: KINDS } });
		expect(text(body)).toMatch(/Winter Cup Kindname Swiss 5 of 12 players Sign-up until .*15, 2031.*UTC/);
		expect(body).toContain('href="/tournaments/t1"');
	});

	test('running: the round; finished: the winners, a shared first place said so', () => {
		expect(text(render(TournamentItem, { props: { t: summary({ status: 'running', round: 2 }), kinds: KINDS } }).body)).toContain('Round 2 of 3');
		const shared = summary({ status: 'finished', round: 3, winners: [{ id: 'a', username: 'ana' }, { id: 'b', username: 'ben' }] });
		expect(text(render(TournamentItem, { props: { t: shared, kinds: KINDS } }).body)).toContain('Winners: ana and ben (shared first place)');
		const one = summary({ status: 'finished', round: 3, winners: [{ id: 'a', username: 'ana' }] });
		expect(text(render(TournamentItem, { props: { t: one, kinds: KINDS } }).body)).toContain('Winner: ana');
	});

	test('in German', () => {
		locale = 'de';
		try {
			const { body } = render(TournamentItem, { props: { t: summary({ status: 'running', round: 1, format: 'roundRobin', visibility: 'private' }), kinds: KINDS } });
			expect(text(body)).toContain('Jeder gegen jeden 5 von 12 Spielern Runde 1 von 3 Auf Einladung');
			expect(body).toContain('href="/de/tournaments/t1"');
		} finally {
			locale = 'en';
		}
	});
});

describe('the profile’s tournaments', () => {
	test('no section when the load gives none, or not a list', () => {
		for (const tournaments of [undefined, null, [], 'x', [{ nope: 1 }]]) expect(text(render(ProfileTournaments, { props: { tournaments, name: 'ana', kinds: KINDS } }).body).trim()).toBe('');
	});

	test('running first, then open for sign-up, then finished; cancelled ones left out', () => {
		const list = [
			summary({ id: 'f', name: 'Done', status: 'finished' }),
			summary({ id: 'c', name: 'Called off', status: 'cancelled' }),
			summary({ id: 's', name: 'Soon', status: 'signup' }),
			summary({ id: 'r', name: 'Now', status: 'running', round: 1 })
		];
		const t = text(render(ProfileTournaments, { props: { tournaments: list, name: 'ana', kinds: KINDS } }).body);
		expect(t).toContain("ana's tournaments");
		expect(t.indexOf('Now')).toBeLessThan(t.indexOf('Soon'));
		expect(t.indexOf('Soon')).toBeLessThan(t.indexOf('Done'));
		expect(t).not.toContain('Called off');
	});
});

describe('the game page’s tournament line', () => {
	test('round, name and table (1-based), linking the tournament', () => {
		const { body } = render(TournamentLine, { props: { tournament: { id: 't 1', name: 'Winter Cup', round: 2, table: 2 } } });
		expect(text(body)).toContain('Round 2 of Winter Cup, table 3');
		expect(body).toContain('href="/tournaments/t%201"');
	});
});
