// Every endpoint under /api/ and every page with a form action, as the hostile-input test
// (hostile.worker.test.ts) attacks them. tests/hostile-routes.test.ts checks this list against
// src/routes, so a new endpoint or form cannot be left out. `:game` is a started public game,
// `:private` a waiting private game, `:name` a user, `:session` a session id, `:passkey` a credential id.
// `:private` a waiting private game, `:name` a user, `:session` a session id, `:seq` a chat
// message's sequence, `:user` a user id.

export interface ApiRoute {
	/** The route's path pattern as in src/routes (`[id]` → `:game`). */
	path: string;
	methods: string[];
	/** Methods that read a JSON body. */
	json?: string[];
}

export const API_ROUTES: ApiRoute[] = [
	{ path: '/api/archive', methods: ['GET'] },
	{ path: '/api/auth/account', methods: ['GET'] },
	{ path: '/api/auth/email', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/email/resend', methods: ['POST'] },
	{ path: '/api/auth/forgot', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/me', methods: ['GET'] },
	{ path: '/api/auth/password', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/reset', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/passkeys', methods: ['GET'] },
	{ path: '/api/auth/passkeys/:passkey', methods: ['PATCH', 'DELETE'], json: ['PATCH'] },
	{ path: '/api/auth/passkeys/register', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/passkeys/register/options', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/passkeys/signin', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/passkeys/signin/options', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/sessions', methods: ['GET'] },
	{ path: '/api/auth/sessions/:session', methods: ['DELETE'] },
	{ path: '/api/auth/signin', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/signout', methods: ['POST'] },
	{ path: '/api/auth/signup', methods: ['POST'], json: ['POST'] },
	{ path: '/api/auth/verify', methods: ['POST'], json: ['POST'] },
	{ path: '/api/dev/scenario', methods: ['POST'], json: ['POST'] },
	{ path: '/api/dev/postman', methods: ['POST'], json: ['POST'] },
	{ path: '/api/dev/room', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/games/:game', methods: ['GET'] },
	{ path: '/api/games/:game/chat', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/games/:game/chat/:seq', methods: ['DELETE'] },
	{ path: '/api/games/:game/chat/:seq/report', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/chat/read', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/export', methods: ['GET'] },
	{ path: '/api/games/:game/invite', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/join', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/leave', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/log', methods: ['GET'] },
	{ path: '/api/games/:game/moves', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/notes', methods: ['GET', 'PUT'], json: ['PUT'] },
	{ path: '/api/games/:game/playon', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/reclaim', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/:game/rematch', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/games/:game/socket', methods: ['GET'] },
	{ path: '/api/games/:game/standing', methods: ['PUT'], json: ['PUT'] },
	{ path: '/api/games/:game/queue', methods: ['PUT'], json: ['PUT'] },
	{ path: '/api/games/:game/start', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/playon', methods: ['POST'], json: ['POST'] },
	{ path: '/api/tournaments', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/tournaments/:game', methods: ['GET'] },
	{ path: '/api/tournaments/:game/cancel', methods: ['POST'], json: ['POST'] },
	{ path: '/api/tournaments/:game/signup', methods: ['POST'], json: ['POST'] },
	{ path: '/api/tournaments/:game/start', methods: ['POST'], json: ['POST'] },
	{ path: '/api/tournaments/:game/withdraw', methods: ['POST'], json: ['POST'] },
	{ path: '/api/games/mine', methods: ['GET'] },
	{ path: '/api/games/next', methods: ['GET'] },
	// Issue 35: the match-maker and player search (`[kind]` is no parameter the list maps: it is attacked as written).
	{ path: '/api/match', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/match/[kind]', methods: ['DELETE'] },
	{ path: '/api/me/data', methods: ['GET'] },
	{ path: '/api/me/delete', methods: ['POST'], json: ['POST'] },
	{ path: '/api/me/follows', methods: ['GET'] },
	{ path: '/api/me/header', methods: ['GET'] },
	{ path: '/api/me/inbox', methods: ['GET', 'POST'], json: ['POST'] },
	{ path: '/api/me/mutes', methods: ['GET'] },
	{ path: '/api/me/mutes/:user', methods: ['PUT', 'DELETE'], json: ['PUT'] },
	{ path: '/api/me/settings', methods: ['GET', 'PUT'], json: ['PUT'] },
	{ path: '/api/me/socket', methods: ['GET'] },
	{ path: '/api/me/vacation', methods: ['GET', 'POST', 'DELETE'], json: ['POST'] },
	{ path: '/api/ping', methods: ['GET'] },
	{ path: '/api/players', methods: ['GET'] },
	{ path: '/api/players/:name', methods: ['GET'] },
	{ path: '/api/players/:name/follow', methods: ['GET', 'PUT', 'DELETE'] },
	{ path: '/api/push', methods: ['GET', 'POST', 'DELETE'], json: ['POST', 'DELETE'] },
	{ path: '/api/unsubscribe', methods: ['GET', 'POST'] },
	{ path: '/api/watch', methods: ['GET'] }
];

/** Pages with form actions: path and action names ('default' for the unnamed one). */
export const FORM_PAGES: { path: string; actions: string[] }[] = [
	{ path: '/signin', actions: ['default'] },
	{ path: '/signup', actions: ['default'] },
	{ path: '/signout', actions: ['default'] },
	{ path: '/unsubscribe', actions: ['default'] },
	{ path: '/settings/sessions', actions: ['revoke'] },
	{ path: '/settings/account', actions: ['email', 'remove', 'resend', 'password'] },
	{ path: '/forgot', actions: ['default'] },
	{ path: '/settings/passkeys', actions: ['remove', 'rename'] },
	{ path: '/settings/data', actions: ['delete'] },
	{ path: '/dev/mailbox', actions: ['clear'] },
	// Issue 35: the tournament pages' forms (each posts on to /api/tournaments).
	{ path: '/tournaments/new', actions: ['default'] },
	{ path: '/tournaments/:game', actions: ['signup', 'withdraw', 'start', 'cancel'] }
];
