import { render } from 'svelte/server';
import { beforeAll, expect, test } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { playGreedy, type PlayedGame } from './fixtures';
import GameLog, { groupByRound, takeNew } from './GameLog.svelte';

const name = (seat: number) => ['Ana', 'Ben', 'Caro', 'Dev'][seat];
let g: PlayedGame;
beforeAll(() => {
	overwriteGetLocale(() => 'en');
	g = playGreedy(4);
});

test('groups newest-first lines by round; each round entry closes its group', () => {
	const groups = groupByRound(g.log);
	expect(groups[0].round).toBe(25);
	expect(groups.at(-1)!.round).toBe(1);
	for (const gr of groups) expect(gr.lines.at(-1)!.entry).toMatchObject({ type: 'round', round: gr.round });
	// a window cut mid-round: the oldest group still knows its round from the newer one
	const cut = groupByRound(g.log.slice(0, 60));
	const last = cut.at(-1)!;
	if (last.lines.at(-1)!.entry.type !== 'round') expect(last.round).toBe(cut.at(-2)!.round! - 1);
});

test('takeNew: only lines never seen before, once', () => {
	const seen = new Set(g.log.slice(5).map((l) => l.key));
	expect(takeNew(seen, g.log).map((l) => l.key)).toEqual(g.log.slice(0, 5).map((l) => l.key));
	expect(takeNew(seen, g.log)).toEqual([]);
});

test('shows the latest 100 as an ordered list, with a button for the rest', () => {
	const { body } = render(GameLog, { props: { lines: g.log, name } });
	expect(body.split('<li').length - 1).toBe(100);
	expect(body).toContain(`Show all ${g.log.length} entries`);
	expect(body).toContain('Round 25');
	expect(body).toContain('Game over:');
	expect(body).not.toMatch(/\{"|undefined/);
});

test('the live region starts empty: nothing is announced on load', () => {
	const { body } = render(GameLog, { props: { lines: g.log, name } });
	expect(body).toMatch(/aria-live="polite"[^>]*><\/div>/);
	expect(body.match(/aria-live/g)?.length).toBe(1);
});

test('moai sizes come from carve entries in the log', () => {
	const move = g.log.find((l) => l.entry.type === 'move' && l.entry.erect);
	const carve = g.log.find((l) => l.entry.type === 'carve' && move?.entry.type === 'move' && l.entry.statue === move.entry.statue);
	expect(carve).toBeTruthy();
	const { body } = render(GameLog, { props: { lines: [move!, carve!], name } });
	if (carve!.entry.type !== 'carve') throw new Error();
	// the move line as well as the carve line, by size and never by id (issue 12)
	expect(body.split(`size-${carve!.entry.size} moai`).length - 1).toBe(2);
	expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/\b[mh]\d+\b/);
});

test('empty', () => {
	expect(render(GameLog, { props: { lines: [], name } }).body).toContain('Nothing has happened yet.');
});

test('"new since your last visit" is said once, above the new lines; the last new line ends the news (issue 30)', () => {
	const fresh = new Set(g.log.slice(0, 7).map((l) => l.key));
	const { body } = render(GameLog, { props: { lines: g.log, name, fresh } });
	expect(body.match(/data-testid="log-new"/g)?.length).toBe(1);
	expect(body).toContain('New since your last visit: 7 entries, highlighted below');
	expect(body).not.toContain('new since your last visit:');
	expect(body.match(/end of the new entries/g)?.length).toBe(1);
	// the marker stands above the first new line, the end after the seventh
	expect(body.indexOf('data-testid="log-new"')).toBeLessThan(body.indexOf('fresh'));
	expect(body.match(/class="[^"]*\bfresh\b/g)?.length).toBe(7);
	// nothing new: no marker
	expect(render(GameLog, { props: { lines: g.log, name, fresh: new Set<string>() } }).body).not.toContain('log-new');
});
