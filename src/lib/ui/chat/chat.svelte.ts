/**
 * Table talk in the browser (issue 15): the messages of one game, kept up to date by the game's
 * socket (GameSocket.chatListener) and fetched by sequence whenever something may have been missed
 * — a new connection, or a sequence that skips one. docs/chat.md.
 */
import { api } from '$lib/ui/api';
import type { ChatMessage, ChatPage } from '$lib/protocol/chat';
import type { ServerMessage } from '$lib/protocol/room';

export class ChatState {
	messages = $state<ChatMessage[]>([]);
	/** The last sequence this page has read (a seated player's comes from the server). */
	read = $state(0);
	canWrite = $state(false);
	/** Seats whose messages are hidden for me. */
	muted = $state<number[]>([]);
	loaded = $state(false);
	/** The newest sequence known to exist (muted ones included). */
	private latest = 0;
	private loading: Promise<void> | null = null;
	private again = false;
	private seated = false;

	constructor(
		private readonly gameId: string,
		private readonly query: string,
		/** The viewer's seat (null: a spectator), for the unread count. */
		private readonly mySeat: () => number | null
	) {}

	/** Messages after my read mark, not mine, not deleted. */
	get unread(): number {
		const me = this.mySeat();
		return this.messages.filter((x) => x.seq > this.read && x.seat !== me && !x.deleted).length;
	}

	get newest(): number {
		return this.latest;
	}

	/** Fetches everything after what we hold (page by page); concurrent calls share one run. */
	load(): Promise<void> {
		if (this.loading) {
			this.again = true;
			return this.loading;
		}
		this.loading = (async () => {
			do {
				this.again = false;
				for (let i = 0; i < 50; i++) {
					const since = this.latest;
					const sep = this.query ? '&' : '?';
					const r = await api<ChatPage>('GET', `/api/games/${encodeURIComponent(this.gameId)}/chat${this.query}${sep}since=${since}`);
					if (!r.ok) return;
					const first = !this.loaded;
					this.canWrite = r.data.canWrite;
					this.muted = r.data.muted;
					this.add(r.data.messages);
					this.latest = Math.max(this.latest, r.data.latest, ...r.data.messages.map((x) => x.seq));
					if (r.data.read !== undefined) {
						this.seated = true;
						this.read = Math.max(this.read, r.data.read);
					} else if (first) this.read = this.latest; // a spectator counts what comes while they look away
					this.loaded = true;
					if (!r.data.more) break;
				}
			} while (this.again);
		})().finally(() => {
			this.loading = null;
		});
		return this.loading;
	}

	private add(list: ChatMessage[]) {
		if (!list.length) return;
		const bySeq = new Map(this.messages.map((x) => [x.seq, x]));
		for (const x of list) bySeq.set(x.seq, x);
		this.messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
	}

	/** A message from the game's socket. */
	receive(msg: ServerMessage) {
		if (msg.type === 'state') {
			void this.load(); // a new connection: whatever came meanwhile
			return;
		}
		if (msg.type === 'chat-deleted') {
			this.messages = this.messages.map((x) => (x.seq === msg.seq ? { ...x, text: '', deleted: true as const } : x));
			return;
		}
		if (msg.type !== 'chat') return;
		const x = msg.message;
		if (x.seq <= this.latest) {
			if (!this.messages.some((y) => y.seq === x.seq) && !this.muted.includes(x.seat)) this.add([x]);
			return;
		}
		if (x.seq > this.latest + 1) {
			void this.load(); // skipped one (muted, or missed): fetch by sequence
			return;
		}
		this.latest = x.seq;
		if (!this.muted.includes(x.seat)) this.add([x]);
	}

	/** My own message, as the POST answered it (the socket brings it too; whichever comes first). */
	sent(x: ChatMessage) {
		if (x.seq === this.latest + 1) this.latest = x.seq;
		this.add([x]);
		this.read = Math.max(this.read, x.seq);
		if (x.seq > this.latest) void this.load();
	}

	/** Everything shown has been read: tell the room (seated players) and clear the count. */
	markRead() {
		const to = Math.max(this.read, ...this.messages.map((x) => x.seq));
		if (to <= this.read) return;
		this.read = to;
		if (this.seated) void api('POST', `/api/games/${encodeURIComponent(this.gameId)}/chat/read`, { seq: to });
	}

	mute(seat: number, on: boolean) {
		this.muted = on ? [...new Set([...this.muted, seat])] : this.muted.filter((s) => s !== seat);
		if (on) this.messages = this.messages.filter((x) => x.seat !== seat);
		else {
			// Unmuted: their messages come back from the room.
			this.messages = [];
			this.latest = 0;
			void this.load();
		}
	}
}
