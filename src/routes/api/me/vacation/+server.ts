import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { roomOf, signedIn } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { DAY, VACATION_DAYS_PER_YEAR, daysTaken, endVacation, planVacation, type VacationRecord } from '$lib/server/room/clock';

/**
 * The caller's vacation (issue 5): their clocks pause in all their games, up to 14 days a calendar
 * year. D1 holds it (users.vacation_*) and is written first; then each of the user's waiting and
 * running games' rooms is told (RPC `vacation`), which pauses the seat's clock and shows it to
 * everybody. A room that misses the call keeps the clock running — the call is repeated by the
 * next POST/DELETE, and a room reads a joiner's vacation from D1 itself.
 */
type Env = App.Platform['env'];

async function record(db: Env['DB'], userId: string): Promise<VacationRecord> {
	const r = await db
		.prepare('SELECT vacation_from AS f, vacation_until AS u, vacation_year AS y, vacation_days AS d FROM users WHERE id = ?1')
		.bind(userId)
		.first<{ f: number | null; u: number | null; y: number | null; d: number }>();
	return { from: r?.f ?? null, until: r?.u ?? null, year: r?.y ?? null, days: r?.d ?? 0 };
}

function shape(r: VacationRecord, now: number) {
	const year = new Date(now).getUTCFullYear();
	const running = r.from !== null && r.until !== null && r.until > now;
	return {
		vacation: running ? { from: r.from!, until: r.until! } : null,
		year,
		daysTaken: daysTaken(r, year),
		daysLeft: VACATION_DAYS_PER_YEAR - daysTaken(r, year)
	};
}

/** Tells every waiting or running game of the user; answers how many rooms took it. */
async function tellRooms(e: Env, userId: string, from: number | null, until: number | null): Promise<number> {
	const rows = await e.DB.prepare(
		// Index seats(user_id, status, …): the user's unfinished games without reading the finished ones.
		"SELECT game_id AS id FROM seats WHERE user_id = ?1 AND status IN ('waiting', 'active')"
	)
		.bind(userId)
		.all<{ id: string }>();
	const results = await Promise.allSettled(
		rows.results.map(async (r) => {
			const room = roomOf(e, r.id);
			if (!room) return false;
			const x = await room.vacation(userId, from, until);
			return x.ok;
		})
	);
	return results.filter((x) => x.status === 'fulfilled' && x.value).length;
}

/** GET → {vacation: {from, until} | null, year, daysTaken, daysLeft}. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	return jsonResponse(shape(await record(e.DB, user.id), Date.now()));
};

const Ms = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Body = v.pipe(
	v.strictObject({
		/** Epoch ms; default now. */
		from: v.optional(Ms),
		/** Epoch ms, or `days` (1–14) from `from`. */
		until: v.optional(Ms),
		days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(VACATION_DAYS_PER_YEAR)))
	}),
	v.check((b) => (b.until === undefined) !== (b.days === undefined), 'give either until or days')
);

/** POST {from?, until | days} → 200 {vacation, year, daysTaken, daysLeft, games}. */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const now = Date.now();
	const from = body.value.from ?? now;
	const until = body.value.until ?? from + body.value.days! * DAY;
	const plan = planVacation(await record(e.DB, user.id), { from, until }, now);
	if (!plan.ok) return apiError(plan.status, plan.code, plan.message);
	const r = plan.record;
	await e.DB.prepare('UPDATE users SET vacation_from = ?2, vacation_until = ?3, vacation_year = ?4, vacation_days = ?5 WHERE id = ?1')
		.bind(user.id, r.from, r.until, r.year, r.days)
		.run();
	const games = await tellRooms(e, user.id, r.from, r.until);
	return jsonResponse({ ...shape(r, now), games });
};

/** DELETE → 200 {vacation: null, …, games}: back early (days not begun are given back) or a planned one cancelled. */
export const DELETE: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const now = Date.now();
	const r = endVacation(await record(e.DB, user.id), now);
	await e.DB.prepare('UPDATE users SET vacation_from = NULL, vacation_until = NULL, vacation_year = ?2, vacation_days = ?3 WHERE id = ?1')
		.bind(user.id, r.year, r.days)
		.run();
	const games = await tellRooms(e, user.id, null, null);
	return jsonResponse({ ...shape(r, now), games });
};
