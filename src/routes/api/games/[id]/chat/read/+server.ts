import type { RequestHandler } from './$types';
import { changeGame } from '$lib/server/games';
import { ChatReadBody } from '$lib/server/chat-api';
import { readJson } from '$lib/server/http';

/** POST {seq} → {read}: the seated caller has read the table talk up to `seq` (forward only). */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readJson(request, ChatReadBody), (room, user, body) => room.chatRead(user, body.seq));
