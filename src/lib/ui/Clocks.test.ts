import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import type { SeatClock } from '$lib/protocol/room';
import Clocks from './Clocks.svelte';

const HOUR = 3_600_000;
const NOW = Date.UTC(2031, 2, 3, 12);
const base: SeatClock = { seat: 0, waitingSince: null, deadline: null, bank: null, timeouts: 0, dropped: false, vacation: null, paused: false };
const name = (seat: number) => ['Ana', 'Ben', 'Caro', 'Dev'][seat];

beforeAll(() => overwriteGetLocale(() => 'en'));

describe('Clocks', () => {
	test('a bot seat (issue 34) says it is a bot, not that it was dropped', () => {
		const { body } = render(Clocks, { props: { clocks: [{ ...base, seat: 1, dropped: true, bot: true }], name, now: NOW } });
		expect(body).toContain('a bot: it moves at once and has no clock');
		expect(body).not.toContain('until its player takes it back');
	});

	test('time left, the bank, a paused vacation, a planned one, a dropped seat and timeouts, in words', () => {
		const clocks: SeatClock[] = [
			{ ...base, seat: 0, waitingSince: NOW - HOUR, deadline: NOW + 26 * HOUR, timeouts: 1 },
			{ ...base, seat: 1, bank: 30 * HOUR, vacation: { from: NOW + 48 * HOUR, until: NOW + 72 * HOUR } },
			{ ...base, seat: 2, waitingSince: NOW - HOUR, deadline: NOW + 80 * HOUR, vacation: { from: NOW - HOUR, until: NOW + 50 * HOUR }, paused: true },
			{ ...base, seat: 3, dropped: true, timeouts: 3 }
		];
		const { body } = render(Clocks, { props: { clocks, name, now: NOW } });
		const text = body.replace(/<!--[^]*?-->/g, '');
		expect(text).toContain('1 d 2 h left');
		expect(text).toContain('ran out of time once');
		expect(text).toContain('1 d 6 h in the bank');
		expect(text).toMatch(/vacation from .+ to .+/);
		expect(text).toMatch(/on vacation until .+ — clock paused/);
		expect(text).toContain('the bot plays this seat');
		expect(text).not.toContain('3 times in a row'); // a dropped seat says dropped, not the count
		for (const n of ['Ana', 'Ben', 'Caro', 'Dev']) expect(text).toContain(n);
	});

	test('under 4 hours is marked urgent (in bold, besides the words)', () => {
		const { body } = render(Clocks, { props: { clocks: [{ ...base, waitingSince: NOW, deadline: NOW + 3 * HOUR }], name, now: NOW } });
		expect(body).toMatch(/class="state[^"]*urgent/);
		expect(body).toContain('3 h 0 min left');
	});
});
