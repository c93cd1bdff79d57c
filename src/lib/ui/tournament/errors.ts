/** A refusal of the tournament API (docs/api.md "Tournaments") in the reader's words. */
import { m } from '$lib/paraglide/messages';

export function tournamentErrorText(code: string | null | undefined, message = ''): string {
	switch (code) {
		case 'UNKNOWN_KIND':
			return m.tour_error_unknown_kind();
		case 'BAD_TABLE_SIZE':
			return m.tour_error_table_size();
		case 'BAD_OPTIONS':
			return m.tour_error_options();
		case 'BAD_DATE':
			return m.tour_error_date();
		case 'SIGNUP_CLOSED':
			return m.tour_error_signup_closed();
		case 'TOURNAMENT_FULL':
			return m.tour_error_full();
		case 'ALREADY_SIGNED_UP':
			return m.tour_error_already();
		case 'NOT_SIGNED_UP':
			return m.tour_error_not_signed_up();
		case 'ALREADY_WITHDRAWN':
			return m.tour_error_already_withdrawn();
		case 'TOURNAMENT_OVER':
			return m.tour_error_over();
		case 'NOT_ENOUGH_PLAYERS':
			return m.tour_error_not_enough();
		case 'NOT_SIGNUP':
			return m.tour_error_not_signup();
		case 'UNAUTHENTICATED':
			return m.error_UNAUTHENTICATED();
		case 'FORBIDDEN':
			return m.error_FORBIDDEN();
		case 'NOT_FOUND':
			return m.error_NOT_FOUND();
		case 'RATE_LIMITED':
			return m.error_RATE_LIMITED();
	}
	// Any other refusal keeps the API's reason (it names the field and the bound); a failure without
	// one is the network's or the server's.
	// The body's own checks start "(body): …": the field that follows says it better.
	const reason = message.replace(/^\(body\):\s*/, '');
	return reason ? m.tour_error_other({ message: reason }) : m.common_network_error();
}
