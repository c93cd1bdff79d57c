// Issue 12, plurals and phrasing in the notifications: counts through plural forms in both languages,
// "Time left: 3 days left" said once, a shared victory in the plural, a digest that does not claim
// "today" for what happened since the last one.
import { describe, expect, it } from 'vitest';
import { LEGACY_KIND_ID } from '$lib/games';
import { gameLabel, renderDigest, renderEvent, renderTrip } from './render';
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

describe('one message per trip (issue 32)', () => {
	const turn = (gameId: string, version: number, data: Partial<NotifyEvent['data']> = {}, at = 0): NotifyEvent => {
		const e = event('turn', { gameId, version, ...data });
		return { ...e, id: `${gameId}:${version}:turn:0`, gameId, version, createdAt: NOW + at };
	};
	const trip = (es: NotifyEvent[], locale: 'en' | 'de' = 'en') => renderTrip(es, to(locale), 'https://rongo.example', NOW);

	it('one game keeps the single turn message of its newest event, with its moves since', () => {
		const older = turn('g1', 5, { since: [] }, 0);
		const newer = turn('g1', 9, { round: 4, since: [] }, 60_000);
		expect(trip([newer, older])).toEqual(renderEvent(newer, to('en'), 'https://rongo.example', NOW));
		expect(trip([older]).subject).toMatch(/your turn \(round 3/);
	});

	it('several games say how many and name each with its other players, oldest first, linking the dashboard', () => {
		const giants = turn('ga', 5, {}, 0);
		const moa = turn('gb', 7, { kind: 'moa', names: ['ben', 'ana'], seat: 1, round: null, phase: 'move' }, 30_000);
		const giants2 = turn('ga', 8, { round: 4 }, 60_000);
		const en = trip([moa, giants2, giants]);
		expect(en.subject).toBe('Your turn in 2 games');
		expect(en.text).toBe('ana, it is your turn in 2 games: Giants with ben, caro; Moa with ben.');
		expect(en.url).toBe('https://rongo.example/games');
		expect(en.lines).toHaveLength(2);
		expect(en).toMatchObject({ heading: 'Your games:', action: 'Open your games' });
		expect(en.lines[0]).toMatch(/^Giants with ben, caro \(round 4, .+\): https:\/\/rongo\.example\/games\/ga$/);
		const de = trip([moa, giants2, giants], 'de');
		expect(de.subject).toBe('Du bist in 2 Partien am Zug');
		expect(de.text).toBe('ana, du bist in 2 Partien am Zug: Giants mit ben, caro; Moa mit ben.');
		expect(de.url).toBe('https://rongo.example/de/games');
	});

	it('labels a game by its kind and the other players, in the given language', () => {
		expect(gameLabel(turn('ga', 5), 'en')).toBe('Giants with ben, caro');
		expect(gameLabel(turn('ga', 5), 'de')).toBe('Giants mit ben, caro');
		expect(gameLabel(turn('ga', 5, { names: ['ana'] }), 'en')).toBe('Giants');
	});
});

describe('bot seats in the texts (issue 34)', () => {
	it('name a bot "Bot" / "Bot 2" in the recipient\'s language, never by its marker', () => {
		const e = event('finished', { names: ['ana', '~bot-1', '~bot-2'], scores: [3, 10, 4], winners: [1] });
		for (const locale of ['en', 'de'] as const) {
			const m = r(e, locale);
			expect(`${m.subject} ${m.text}`).toContain('Bot 2 4');
			expect(`${m.subject} ${m.text}`).not.toContain('~bot');
		}
		expect(r(e).subject).toContain('Bot won');
		expect(gameLabel(event('turn', { names: ['ana', '~bot-1', '~bot-2'] }), 'en')).toContain('Bot, Bot 2');
	});
});
