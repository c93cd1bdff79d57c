/**
 * The four channels behind one interface (types.ts ChannelSender), as the postman uses them.
 * `failures` is the postman's test seam: the next n sends of a channel throw before sending.
 */
import type { Channel } from '$lib/server/db/schema';
import { emailSender } from './email';
import { inappSender } from './inapp';
import { pushSender } from './push';
import type { ChannelSender } from './types';
import { webhookSender } from './webhook';

function failing(channel: string, inner: ChannelSender, failures: Record<string, number>): ChannelSender {
	return {
		async send(to, msg, ctx) {
			if ((failures[channel] ?? 0) > 0) {
				failures[channel]--;
				throw new Error(`test seam: ${channel} failed on purpose`);
			}
			await inner.send(to, msg, ctx);
		}
	};
}

export function makeSenders(env: Env, failures: Record<string, number> = {}): Record<Channel, ChannelSender> {
	const raw: Record<Channel, ChannelSender> = {
		inapp: inappSender(env),
		email: emailSender(env),
		push: pushSender(env),
		webhook: webhookSender(env)
	};
	return Object.fromEntries(Object.entries(raw).map(([ch, s]) => [ch, failing(ch, s, failures)])) as Record<Channel, ChannelSender>;
}
