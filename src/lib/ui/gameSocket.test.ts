import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RoomView } from '$lib/protocol/room';
import { ACK_TIMEOUT_MS, GameSocket, PRESENCE_EVERY_MS, SEEN_EVERY_MS, PRESENCE_IDLE_MS, logLines, type MoveAnswer } from './gameSocket.svelte';
import type { SubmitInput } from '$lib/protocol/room';
import { SESSION_ENDED } from '$lib/protocol/socket';

/** A stand-in for the browser's WebSocket: records what is sent, lets the test deliver messages. */
class FakeSocket {
	static OPEN = 1;
	static all: FakeSocket[] = [];
	readyState = 0;
	sent: unknown[] = [];
	onopen: (() => void) | null = null;
	onmessage: ((e: { data: string }) => void) | null = null;
	onclose: ((e: { code: number }) => void) | null = null;
	onerror: (() => void) | null = null;
	constructor(readonly url: string) {
		FakeSocket.all.push(this);
	}
	open() {
		this.readyState = 1;
		this.onopen?.();
	}
	deliver(msg: object) {
		this.onmessage?.({ data: JSON.stringify(msg) });
	}
	send(text: string) {
		this.sent.push(JSON.parse(text));
	}
	close(code = 1006) {
		this.readyState = 3;
		this.onclose?.({ code });
	}
}

const room = (version: number): RoomView =>
	({ gameId: 'g', version, status: 'active', seats: [], yourSeat: 0, activeSeats: [0], view: null }) as unknown as RoomView;
const event = (version: number, log: object[] = [{ type: 'pass', seat: 0, phase: 'place', auto: false }]) => ({
	type: 'event',
	...room(version),
	log
});

beforeEach(() => {
	FakeSocket.all = [];
	vi.stubGlobal('WebSocket', FakeSocket);
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('GameSocket (conventions §11)', () => {
	test('applies the next version, drops duplicates and old events', () => {
		const s = new GameSocket('ws://x', room(5));
		s.connect();
		const ws = FakeSocket.all[0];
		ws.open();
		ws.deliver(event(6));
		ws.deliver(event(6));
		ws.deliver(event(4));
		expect(s.version).toBe(6);
		expect(s.log).toHaveLength(1);
		expect(ws.sent).toEqual([]);
	});

	test('a gap asks for a resync and applies nothing; the state answer catches up', () => {
		const s = new GameSocket('ws://x', room(5));
		s.connect();
		const ws = FakeSocket.all[0];
		ws.open();
		ws.deliver(event(8));
		expect(s.version).toBe(5);
		expect(ws.sent).toEqual([{ type: 'resync' }]);
		ws.deliver({ type: 'state', ...room(8) });
		expect(s.version).toBe(8);
		ws.deliver(event(9));
		expect(s.version).toBe(9);
	});

	test('newest log entries first', () => {
		const s = new GameSocket('ws://x', room(1));
		s.connect();
		FakeSocket.all[0].open();
		FakeSocket.all[0].deliver(event(2, [{ type: 'round', round: 1, startPlayer: 0 }, { type: 'no-auction' }]));
		expect(s.log.map((l) => (l.entry as { type: string }).type)).toEqual(['no-auction', 'round']);
	});

	test('starts from the loaded log; a state that skips versions reloads the whole log, a current one does not', async () => {
		const initial = logLines([
			{ version: 3, log: [{ type: 'round', round: 1, startPlayer: 0 }] },
			{ version: 4, log: [{ type: 'bid-in', seat: 1, replaced: false }] }
		]);
		expect(initial.map((l) => [l.version, (l.entry as { type: string }).type])).toEqual([[4, 'bid-in'], [3, 'round']]);
		const reload = vi.fn(async () => logLines([{ version: 6, log: [{ type: 'no-auction' }] }]));
		const s = new GameSocket('ws://x', room(4), initial, reload);
		expect(s.log).toHaveLength(2);
		s.connect();
		const ws = FakeSocket.all[0];
		ws.open();
		ws.deliver({ type: 'state', ...room(4) });
		expect(reload).not.toHaveBeenCalled();
		ws.deliver({ type: 'state', ...room(6) });
		expect(reload).toHaveBeenCalledTimes(1);
		await vi.waitFor(() => expect(s.log.map((l) => (l.entry as { type: string }).type)).toEqual(['no-auction']));
	});

	test('reconnects with growing delays after a dropped connection, not after close()', () => {
		vi.spyOn(Math, 'random').mockReturnValue(1);
		const s = new GameSocket('ws://x', room(1));
		s.connect();
		FakeSocket.all[0].close();
		expect(s.status).toBe('closed');
		vi.advanceTimersByTime(499);
		expect(FakeSocket.all).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(FakeSocket.all).toHaveLength(2);
		FakeSocket.all[1].close();
		vi.advanceTimersByTime(999);
		expect(FakeSocket.all).toHaveLength(2);
		vi.advanceTimersByTime(1);
		expect(FakeSocket.all).toHaveLength(3);
		s.close();
		vi.advanceTimersByTime(60_000);
		expect(FakeSocket.all).toHaveLength(3);
	});

	test('a socket closed because its session ended (4401) is not reopened; the page is told', () => {
		const ended = vi.fn();
		const s = new GameSocket('ws://x', room(1), [], null, ended);
		s.connect();
		FakeSocket.all[0].open();
		FakeSocket.all[0].close(SESSION_ENDED);
		expect(ended).toHaveBeenCalledTimes(1);
		expect(s.status).toBe('closed');
		vi.advanceTimersByTime(60_000);
		expect(FakeSocket.all).toHaveLength(1);
	});
});

describe('presence (issue 12: only a player actually looking holds back their turn notifications)', () => {
	let visibility = 'visible';
	const listeners = new Map<string, () => void>();
	beforeEach(() => {
		visibility = 'visible';
		listeners.clear();
		vi.stubGlobal('document', {
			get visibilityState() {
				return visibility;
			},
			addEventListener: (t: string, f: () => void) => listeners.set(t, f),
			removeEventListener: (t: string) => listeners.delete(t)
		});
		vi.stubGlobal('addEventListener', (t: string, f: () => void) => listeners.set(t, f));
		vi.stubGlobal('removeEventListener', (t: string) => listeners.delete(t));
	});
	const presences = (ws: FakeSocket) => ws.sent.filter((m) => (m as { type: string }).type === 'presence');

	test('looking on open and while used, a heartbeat while it lasts, not looking when idle or hidden', () => {
		const s = new GameSocket('ws://x', room(1));
		s.connect();
		const stop = s.watchPresence();
		const ws = FakeSocket.all[0];
		ws.open();
		expect(presences(ws)).toEqual([{ type: 'presence', looking: true }]);
		// Used again soon: nothing new to say.
		vi.advanceTimersByTime(10_000);
		listeners.get('pointerdown')!();
		expect(presences(ws)).toHaveLength(1);
		// The heartbeat while still used lately.
		vi.advanceTimersByTime(PRESENCE_EVERY_MS);
		expect(presences(ws)).toEqual([{ type: 'presence', looking: true }, { type: 'presence', looking: true }]);
		// Unused for PRESENCE_IDLE_MS: not looking, said once.
		vi.advanceTimersByTime(PRESENCE_IDLE_MS);
		expect(presences(ws).at(-1)).toEqual({ type: 'presence', looking: false });
		const n = presences(ws).length;
		vi.advanceTimersByTime(5 * PRESENCE_EVERY_MS);
		expect(presences(ws)).toHaveLength(n);
		// A key press brings it back; hiding the tab ends it at once.
		listeners.get('keydown')!();
		expect(presences(ws).at(-1)).toEqual({ type: 'presence', looking: true });
		visibility = 'hidden';
		listeners.get('visibilitychange')!();
		expect(presences(ws).at(-1)).toEqual({ type: 'presence', looking: false });
		stop();
		expect(listeners.size).toBe(0);
	});

	test("'seen' (issue 30): the latest version shown while visible, at most once per SEEN_EVERY_MS; flushed on close", () => {
		const seens = (ws: FakeSocket) => ws.sent.filter((m) => (m as { type: string }).type === 'seen');
		const s = new GameSocket('ws://x', room(1));
		s.connect();
		s.watchPresence();
		const ws = FakeSocket.all[0];
		ws.open();
		s.seen(2);
		vi.advanceTimersByTime(0);
		expect(seens(ws)).toEqual([{ type: 'seen', version: 2 }]);
		// A burst of moves: one report, of the last, once the interval is over.
		for (let v = 3; v <= 12; v++) s.seen(v);
		vi.advanceTimersByTime(SEEN_EVERY_MS - 1);
		expect(seens(ws)).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(seens(ws)).toEqual([{ type: 'seen', version: 2 }, { type: 'seen', version: 12 }]);
		// A hidden page saw nothing.
		visibility = 'hidden';
		s.seen(13);
		vi.advanceTimersByTime(2 * SEEN_EVERY_MS);
		expect(seens(ws)).toHaveLength(2);
		// Shown again: what is pending goes out when the page closes, not lost.
		visibility = 'visible';
		s.seen(14);
		s.close();
		expect(seens(ws).at(-1)).toEqual({ type: 'seen', version: 14 });
	});

	test('a reconnected socket says it again; a page that does not watch says nothing', () => {
		const s = new GameSocket('ws://x', room(1));
		s.connect();
		s.watchPresence();
		FakeSocket.all[0].open();
		FakeSocket.all[0].close();
		vi.advanceTimersByTime(1_000);
		FakeSocket.all[1].open();
		expect(presences(FakeSocket.all[1])).toEqual([{ type: 'presence', looking: true }]);
		const quiet = new GameSocket('ws://y', room(1));
		quiet.connect();
		FakeSocket.all.at(-1)!.open();
		expect(FakeSocket.all.at(-1)!.sent).toEqual([]);
	});
});

describe('moves over the socket, HTTP as the fallback (issue 16)', () => {
	const move = { type: 'pass' };
	/** A stand-in for POST /moves that records its bodies. */
	function http() {
		const bodies: SubmitInput[] = [];
		const send = async (b: SubmitInput): Promise<MoveAnswer> => {
			bodies.push(b);
			return { ok: true, version: 9, duplicate: true };
		};
		return { bodies, send };
	}
	const open = () => {
		const s = new GameSocket('ws://x', room(4));
		s.connect();
		FakeSocket.all[0].open();
		return { s, ws: FakeSocket.all[0] };
	};

	test('an open socket carries the move; its ack answers it, and HTTP is not used', async () => {
		const { s, ws } = open();
		const h = http();
		const answer = s.submit(move, 4, h.send, 'm-1');
		expect(ws.sent).toEqual([{ type: 'move', moveId: 'm-1', move, expectedVersion: 4 }]);
		ws.deliver({ type: 'ack', moveId: 'other', version: 99, duplicate: false }); // not ours
		ws.deliver({ type: 'ack', moveId: 'm-1', version: 5, duplicate: false });
		expect(await answer).toEqual({ ok: true, version: 5, duplicate: false });
		expect(h.bodies).toEqual([]);
	});

	test('a refusal over the socket is the answer, with its status, code and current version', async () => {
		const { s, ws } = open();
		const h = http();
		const answer = s.submit(move, 3, h.send, 'm-2');
		ws.deliver({ type: 'refused', moveId: 'm-2', status: 409, code: 'STALE_VERSION', message: 'the game is at version 4', currentVersion: 4 });
		expect(await answer).toEqual({ ok: false, status: 409, code: 'STALE_VERSION', message: 'the game is at version 4', currentVersion: 4 });
		expect(h.bodies).toEqual([]);
	});

	test('no answer in time: the same move (same moveId) over HTTP', async () => {
		const { s } = open();
		const h = http();
		const answer = s.submit(move, 4, h.send, 'm-3');
		await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 1);
		expect(h.bodies).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(await answer).toEqual({ ok: true, version: 9, duplicate: true });
		expect(h.bodies).toEqual([{ moveId: 'm-3', move, expectedVersion: 4 }]);
	});

	test('the socket drops before the answer: HTTP at once, same moveId; a late ack changes nothing', async () => {
		const { s, ws } = open();
		const h = http();
		const answer = s.submit(move, 4, h.send, 'm-4');
		ws.close();
		expect(await answer).toEqual({ ok: true, version: 9, duplicate: true });
		expect(h.bodies.map((b) => b.moveId)).toEqual(['m-4']);
		ws.deliver({ type: 'ack', moveId: 'm-4', version: 5, duplicate: false });
		expect(h.bodies).toHaveLength(1);
	});

	test('no open socket, or a move too large for a socket message: straight to HTTP', async () => {
		const s = new GameSocket('ws://x', room(4));
		s.connect(); // still connecting
		const h = http();
		await s.submit(move, 4, h.send, 'm-5');
		FakeSocket.all[0].open();
		await s.submit({ type: 'pass', pad: 'x'.repeat(17 * 1024) }, 4, h.send, 'm-6');
		// The limit is in UTF-8 bytes: 6,000 euro signs are 18,000 bytes.
		await s.submit({ type: 'pass', pad: '€'.repeat(6000) }, 4, h.send, 'm-7');
		expect(h.bodies.map((b) => b.moveId)).toEqual(['m-5', 'm-6', 'm-7']);
		expect(FakeSocket.all[0].sent).toEqual([]);
	});
});
