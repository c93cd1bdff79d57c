import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { AHUS, HEXES } from '$lib/games/giants/board';
import Board from './Board.svelte';
import { DEMO_NAMES, demoView } from './board/demo';

const name = (seat: number) => DEMO_NAMES[seat];
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;
/** The board itself, without the platform's Stage around it (whose frame is a Tab stop for scrolling). */
const svgOf = (html: string) => html.slice(html.indexOf('<svg'), html.lastIndexOf('</svg>'));
/** Accessible names in the markup (kept short in failure messages, unlike the whole markup). */
const labels = (html: string) => [...html.matchAll(/aria-label="([^"]*)"/g)].map((x) => x[1].replaceAll('&#39;', "'"));
/** The opening tag of the element with this accessible name. */
const tagOf = (html: string, label: string) => html.match(new RegExp(`<[^<>]*aria-label="${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^<>]*>`))?.[0] ?? '';

describe('Board (server-rendered)', () => {
	const view = demoView();

	it('draws all 34 hexes and 22 ahus, each with an accessible name, and nothing focusable without targets', () => {
		const { body } = render(Board, { props: { view, name } });
		expect(count(body, /aria-label="(Plain|Village|Sorcerer's hut|Forest|Headdress quarry|Moai quarry) H\d\d/g)).toBe(HEXES.length);
		expect(HEXES.length).toBe(34);
		expect(count(body, /aria-label="Ahu A\d\d at H\d\d/g)).toBe(AHUS.length);
		expect(AHUS.length).toBe(22);
		expect(body).toContain('role="group"');
		expect(body).toContain('aria-label="Giants board');
		expect(body).not.toContain('role="button"');
		expect(svgOf(body)).not.toContain('tabindex="0"');
		// The frame around it, the platform's Stage: one Tab stop to scroll it by keyboard.
		expect(count(body, /tabindex="0"/g)).toBe(1);
		expect(body).toContain('data-testid="stage-scroller"');
	});

	it('describes the contents of hexes and ahus in words', () => {
		const names = labels(render(Board, { props: { view, name } }).body);
		expect(names).toContain('Forest H10, wood number 4; Ana: workers: 2; Ben: chief; Chen: workers: 1; logs: 2');
		expect(names).toContain('Plain H16; Dara: workers: 3, medicine man');
		expect(names).toContain('Forest H25, cut down');
		expect(names).toContain('Moai quarry H28; moai size 3 of Ana marked by Ana; moai size 1 of Ben marked by Ben');
		expect(names).toContain('Plain H24; moai size 2 abandoned');
		expect(names).toContain('Ahu A15 at H21; moai value 10, headdress value 2; moai size 3 erected by Ben; crowned with a headdress');
		expect(names).toContain('Ahu A11 at H19; moai value 2, headdress value 8; reserved by Dara');
		expect(names).toContain('Ahu A01 at H01; moai value 9, headdress value 5; empty');
	});

	it('makes exactly the targets buttons, each named and marked as a target, with one Tab stop among them (issue 12)', () => {
		const statue = view.statues.find((s) => s.loc.kind === 'hex' && s.loc.hex === 'H28' && s.size === 1)!;
		const { body } = render(Board, {
			props: {
				view,
				name,
				hexTargets: new Set(['H04', 'H10']),
				ahuTargets: new Set(['A01']),
				statueTargets: new Set([statue.id]),
				hexNotes: { H10: '+2 Ben' },
				pathStart: 'H28',
				path: ['H27', 'H26']
			}
		});
		expect(count(body, /role="button"/g)).toBe(4);
		// Roving tabindex: the first target is the board's one Tab stop; arrows reach the others.
		expect(count(svgOf(body), /tabindex="0"/g)).toBe(1);
		expect(count(svgOf(body), /tabindex="-1"/g)).toBe(3);
		const buttons = [
			'Forest H04, wood number 2; can be chosen',
			'Forest H10, wood number 4; Ana: workers: 2; Ben: chief; Chen: workers: 1; logs: 2; +2 Ben; can be chosen',
			'Ahu A01 at H01; moai value 9, headdress value 5; empty; can be chosen',
			'moai size 1 of Ben marked by Ben, H28; can be chosen'
		];
		for (const b of buttons) expect(tagOf(body, b), b).toContain('role="button"');
		expect(tagOf(body, buttons[0])).toContain('tabindex="0"');
		// Not targets: named, but not buttons.
		expect(tagOf(body, 'Plain H26; step 2 of the path')).toContain('role="img"');
		expect(tagOf(body, 'Moai quarry H28; moai size 3 of Ana marked by Ana; moai size 1 of Ben marked by Ben; start of the path')).not.toContain('tabindex');
		expect(body).toContain('>+2 Ben</text>');
		// The path runs through the three hex centres and numbers its two steps.
		expect(body).toMatch(/<polyline points="606.22,300 519.62,300 433.01,300"/);
		expect(count(body, /class="path-num[^"]*">[12]</g)).toBe(2);
	});

	it('marks the selected statue', () => {
		const statue = view.statues.find((s) => s.loc.kind === 'hex' && s.loc.hex === 'H17')!;
		expect(render(Board, { props: { view, name } }).body).not.toContain('class="selected');
		expect(render(Board, { props: { view, name, selectedStatue: statue.id } }).body).toContain('class="selected');
	});

	it('marks the hex the move being built uses (issue 12)', () => {
		expect(render(Board, { props: { view, name, hexTargets: new Set(['H04']) } }).body).not.toContain('data-testid="chosen-hex"');
		expect(count(render(Board, { props: { view, name, hexTargets: new Set(['H04']), chosenHex: 'H04' } }).body, /data-testid="chosen-hex"/g)).toBe(1);
	});
});
