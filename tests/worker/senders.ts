// Channel senders that capture what the postman sends (the postman and trip worker tests): each
// send takes a moment, as a real channel does, so concurrent postman runs interleave; `fail` makes a
// channel throw that many times first.
import type { Senders } from '$lib/server/notify/delivery';
import type { ChannelSender, Message, Recipient } from '$lib/server/notify/types';

export interface Sent {
	channel: string;
	to: Recipient;
	msg: Message;
	id: string;
}

export function capture(fail: Partial<Record<string, number>> = {}): { senders: Senders; sent: Sent[] } {
	const sent: Sent[] = [];
	const make = (channel: string): ChannelSender => ({
		async send(to, msg, ctx) {
			await new Promise((r) => setTimeout(r, 5));
			if ((fail[channel] ?? 0) > 0) {
				fail[channel]!--;
				throw new Error(`${channel} is down`);
			}
			sent.push({ channel, to, msg, id: ctx.notificationId });
		}
	});
	return { senders: { inapp: make('inapp'), email: make('email'), push: make('push'), webhook: make('webhook') }, sent };
}
