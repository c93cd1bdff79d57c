/**
 * The composer's "will send" (issue 30): a move's preview speaks to the player who makes it, in the
 * second person, in both languages — "You place 3 birds", "Du passt" — never the log's third person
 * with "you" as a name ("you places", "you passes", "you does not defend").
 */
import { afterAll, describe, expect, test } from 'vitest';
import { below, seedRng } from '$lib/engine';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { randomBot } from './bots';
import { moa } from './index';
import { awaited, legalMoves } from './legal';
import { previewEntry } from './preview';
import { previewText } from './text';
import type { MoaEntry, MoaState } from './types';

const EN_VERBS = /^(You use "Any region"\. )?You (place|attack|sell|buy|pass|move|put|draw|discard|defend|do not defend)[ .]/;
// German: "Du" and a verb of the second person singular (setzt, passt, verteidigst, wirfst …).
const DE = /^(Du nutzt „Beliebiges Gebiet“\. )?Du \p{L}+(st|zt|ßt)\b/u;

function say(locale: 'en' | 'de', e: MoaEntry): string | null {
	overwriteGetLocale(() => locale);
	return previewText(e);
}
afterAll(() => overwriteGetLocale(() => 'en'));

describe('previewText', () => {
	test('the cases of the issue, in English and German', () => {
		const pass: MoaEntry = { type: 'pass', seat: 1, auto: false };
		const declined: MoaEntry = { type: 'declined', seat: 1, region: 4, auto: false };
		const place: MoaEntry = { type: 'place', seat: 1, region: 2, birds: 3, pay: { cards: [], tiles: [] }, anyRegion: null };
		expect(say('en', pass)).toBe('You pass.');
		expect(say('de', pass)).toBe('Du passt.');
		expect(say('en', declined)).toBe('You do not defend region 4.');
		expect(say('de', declined)).toBe('Du verteidigst Gebiet 4 nicht.');
		expect(say('en', place)).toMatch(/^You place 3 birds in region 2 \(/);
		expect(say('de', place)).toMatch(/^Du setzt 3 Vögel in Gebiet 2 \(/);
	});

	test('every move of random games is previewed in the second person, in both languages', () => {
		const seen = new Set<string>();
		for (let g = 0; g < 6; g++) {
			const rng = seedRng(`preview-${g}`);
			const players = 2 + (g % 4);
			const r = moa.start({ players, startPlayer: 0, colours: (['red', 'yellow', 'green', 'blue', 'black'] as const).slice(0, players) as unknown as MoaState['colours'] }, `preview-${g}`);
			if (!r.ok) throw new Error(r.message);
			let state = r.value.state;
			for (let i = 0; state.phase.kind !== 'over' && i < 300; i++) {
				const seats = awaited(state);
				const seat = seats[below(rng, seats.length)];
				const view = moa.view(state, seat);
				for (const mv of legalMoves(view, seat).slice(0, 8)) {
					const e = previewEntry(view, seat, mv);
					if (!e) continue;
					seen.add(e.type);
					const en = say('en', e);
					const de = say('de', e);
					expect(en, JSON.stringify(mv)).toMatch(EN_VERBS);
					expect(de, JSON.stringify(mv)).toMatch(DE);
				}
				const next = moa.apply(state, seat, randomBot(view, seat, rng));
				if (!next.ok) throw new Error(next.message);
				state = next.value.state;
			}
		}
		// The sweep met the common moves at least.
		for (const t of ['place', 'pass', 'leader', 'buy']) expect(seen.has(t), t).toBe(true);
	});
});
