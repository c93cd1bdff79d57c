// Issue 12, plurals and phrasing in the notifications: counts through plural forms in both languages,
// "Time left: 3 days left" said once, a shared victory in the plural, a digest that does not claim
// "today" for what happened since the last one.
import { describe, expect, it } from 'vitest';
import { LEGACY_KIND_ID } from '$lib/games';
import { renderDigest, renderEvent } from './render';
import type { EventKind, NotifyEvent, Recipient } from './types';

const NOW = Date.UTC(2026, 10, 24, 12);
const HOUR = 3_600_000;
const to = (locale: 'en' | 'de'): Recipient => ({ id: 'u', username: 'ana', email: null, locale, webhookUrl: null });
const event = (kind: EventKind, data: Partial<NotifyEvent['data']> = {}): NotifyEvent => ({
	id: `g:5:${kind}:0`,
	userId: 'u',
	gameId: 'gaaaaaaaaaaaaaaa',
	kind,
	version: 5,
	gameOpen: false,
	createdAt: NOW,
	data: { gameId: 'gaaaaaaaaaaaaaaa', kind: LEGACY_KIND_ID, version: 5, seat: 0, round: 3, phase: 'bid', names: ['ana', 'ben', 'caro'], since: [], ...data }
});
const r = (e: NotifyEvent, locale: 'en' | 'de' = 'en') => renderEvent(e, to(locale), 'https://rongo.example', NOW);

describe('notification texts (issue 12)', () => {
	it('say the time left once, in the plural forms', () => {
		expect(r(event('turn', { deadline: NOW + 3 * 24 * HOUR })).text).toMatch(/^ana, it is your turn in .+\(round 3, .+\); 3 days left\.$/);
		expect(r(event('turn', { deadline: NOW + HOUR })).text).toMatch(/; 1 hour left\.$/);
		expect(r(event('turn', { deadline: NOW + HOUR }), 'de').text).toMatch(/; noch 1 Stunde\.$/);
		expect(r(event('turn', { deadline: null })).text).toMatch(/\)\.$/);
		expect(r(event('turn', { deadline: null })).text).not.toMatch(/left|—/);
		for (const t of [r(event('turn', { deadline: NOW + 50 * HOUR })).text]) expect(t).not.toMatch(/left.*left|Time left/);
	});

	it('count hours in reminders with plural forms', () => {
		expect(r(event('reminder', { hoursLeft: 1 })).subject).toContain('1 hour left for your move');
		expect(r(event('reminder', { hoursLeft: 4 })).subject).toContain('4 hours left for your move');
		expect(r(event('reminder', { hoursLeft: 1 }), 'de').text).toContain('läuft in 1 Stunde ab');
	});

	it('put a shared victory in the plural', () => {
		const one = r(event('finished', { scores: [10, 7, 3], winners: [0] }), 'de');
		const two = r(event('finished', { scores: [10, 10, 3], winners: [0, 1] }), 'de');
		expect(one.subject).toContain('ana hat gewonnen');
		expect(two.subject).toContain('ana, ben teilen sich den Sieg');
		expect(r(event('finished', { scores: [10, 10, 3], winners: [0, 1], result: 'shared' })).text).toContain('Shared victory: ana, ben.');
	});

	it('announce a draw as a draw, never as everyone winning (issue 29)', () => {
		const draw = event('finished', { scores: [4, 4], winners: [], result: 'draw' });
		expect(r(draw).subject).toBe('Giants is over — a draw');
		expect(r(draw).text).toBe('The game is over: a draw. Scores: ana 4, ben 4.');
		expect(r(draw).subject).not.toMatch(/won|share/);
		expect(r(draw, 'de').subject).toBe('Giants ist zu Ende — unentschieden');
	});

	it('word the digest by its count, since the last digest', () => {
		const one = renderDigest([event('turn')], to('en'), 'https://rongo.example', NOW);
		expect(one.subject).toBe('Rongo: 1 update from your games');
		expect(one.text).toBe('ana, here is what happened in your games since the last digest: 1 update.');
		const three = renderDigest([event('turn'), event('reminder', { hoursLeft: 4 }), event('timeout')], to('de'), 'https://rongo.example', NOW);
		expect(three.subject).toBe('Rongo: 3 Neuigkeiten aus deinen Partien');
	});
});
