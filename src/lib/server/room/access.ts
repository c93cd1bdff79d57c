/**
 * Who may see a game (issue 10). Public games: everybody, signed out too (spectators). Private
 * games, while they run and after they end: their seated players, and whoever holds the invite
 * link (the code in it), who may watch before joining. To anyone else a private game does not
 * exist: its view, log, socket, history and export answer 404 NOT_FOUND, like an unknown id.
 */
import type { Meta, Player } from './storage';

export function canSee(meta: Pick<Meta, 'visibility' | 'inviteCode'>, players: Pick<Player, 'userId'>[], userId: string | null, invite: string | null): boolean {
	if (meta.visibility === 'public') return true;
	if (userId !== null && players.some((p) => p.userId === userId)) return true;
	return typeof invite === 'string' && !!meta.inviteCode && sameCode(invite, meta.inviteCode);
}

/** Constant-time for equal lengths: the comparison's time says nothing about how much of a guess was right. */
function sameCode(a: string, b: string): boolean {
	if (a.length !== b.length) return false;
	let diff = 0;
	for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
	return diff === 0;
}
