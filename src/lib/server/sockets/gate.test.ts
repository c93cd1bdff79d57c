// The gate of every hibernating socket (issue 28): the budget, refunds, and ended sockets.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { OVER_BUDGET } from '$lib/protocol/socket';
import { SocketGate, endSocket, isEnded } from './gate';

/** A socket as the gate sees it: an attachment, and the close frames it was sent. */
function fakeSocket(attachment: unknown = { userId: 'u1', sessionId: 's1' }) {
	let att = attachment;
	const closes: [number, string][] = [];
	const ws = {
		serializeAttachment: (a: unknown) => void (att = structuredClone(a)),
		deserializeAttachment: () => structuredClone(att),
		close: (code: number, reason: string) => void closes.push([code, reason])
	};
	return { ws: ws as unknown as CfWebSocket, closes, attachment: () => att };
}

describe('SocketGate', () => {
	let warn: MockInstance<typeof console.warn>;
	beforeEach(() => void (warn = vi.spyOn(console, 'warn').mockImplementation(() => {})));
	afterEach(() => warn.mockRestore());

	it('admits a burst, then ends the socket with 1008 and drops its identity', () => {
		let now = 0;
		const gate = new SocketGate({ burst: 3, perSecond: 1 }, 'test', () => now);
		const s = fakeSocket();
		for (let i = 0; i < 3; i++) expect(gate.admit(s.ws)).toEqual({ userId: 'u1', sessionId: 's1' });
		expect(gate.admit(s.ws)).toBeNull();
		expect(s.closes).toEqual([[OVER_BUDGET, 'too many messages']]);
		expect(s.attachment()).toEqual({ ended: OVER_BUDGET });
		// One line for the operators, naming no user, session or game.
		expect(warn.mock.calls).toEqual([['socket over budget: a test socket was ended with 1008']]);
		// Ended for good: time does not bring it back, and nothing is closed twice.
		now += 60_000;
		expect(gate.admit(s.ws)).toBeNull();
		expect(s.closes).toHaveLength(1);
	});

	it('earns frames back at its rate, never above the burst', () => {
		let now = 0;
		const gate = new SocketGate({ burst: 2, perSecond: 2 }, 'test', () => now);
		const s = fakeSocket();
		expect(gate.admit(s.ws)).not.toBeNull();
		expect(gate.admit(s.ws)).not.toBeNull();
		now += 500; // one frame earned
		expect(gate.admit(s.ws)).not.toBeNull();
		now += 10_000; // at most the burst
		expect(gate.admit(s.ws)).not.toBeNull();
		expect(gate.admit(s.ws)).not.toBeNull();
		expect(gate.admit(s.ws)).toBeNull();
	});

	it('a refund gives the frame back (an accepted move), a socket per bucket', () => {
		const gate = new SocketGate({ burst: 2, perSecond: 0 }, 'test', () => 0);
		const a = fakeSocket();
		const b = fakeSocket();
		for (let i = 0; i < 50; i++) {
			expect(gate.admit(a.ws)).not.toBeNull();
			gate.refund(a.ws);
		}
		expect(gate.admit(b.ws)).not.toBeNull();
		expect(gate.admit(b.ws)).not.toBeNull();
		expect(gate.admit(b.ws)).toBeNull();
		expect(gate.admit(a.ws)).not.toBeNull();
	});

	it('a socket ended elsewhere (its session ended) is refused, whatever its bucket holds', () => {
		const gate = new SocketGate({ burst: 100, perSecond: 100 }, 'test', () => 0);
		const s = fakeSocket();
		expect(gate.admit(s.ws)).not.toBeNull();
		endSocket(s.ws, 4401, 'session ended');
		expect(isEnded(s.attachment())).toBe(true);
		expect(gate.ended(s.ws)).toBe(true);
		expect(gate.admit(s.ws)).toBeNull();
		// An ended socket is not closed again by the gate.
		expect(s.closes).toEqual([[4401, 'session ended']]);
	});

	it('a socket without an attachment is admitted as nobody', () => {
		const gate = new SocketGate({ burst: 1, perSecond: 0 }, 'test', () => 0);
		expect(gate.admit(fakeSocket(null).ws)).toEqual({});
	});
});
