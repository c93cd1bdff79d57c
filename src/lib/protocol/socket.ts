/**
 * What the server and the browser agree on about sockets (conventions: src/lib/protocol/ holds the
 * wire contract both sides import).
 */

/**
 * Close code of a socket whose session ended — signed out, revoked, expired (issue 10). The client
 * does not simply reconnect: the page loads again as whoever the visitor is now.
 */
export const SESSION_ENDED = 4401;

/**
 * Close code of a socket that sent more frames than its budget (issue 28; RFC 6455 §7.4.1 "policy
 * violation"). The game page never comes near it; a client that gets it reconnects with backoff.
 */
export const OVER_BUDGET = 1008;
