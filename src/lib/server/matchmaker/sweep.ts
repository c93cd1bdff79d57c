/**
 * The match-maker's sweep (issue 35, docs/matchmaker.md "When matching happens"), run by the cron
 * every five minutes (src/worker.ts) and by the tests with a time of their choosing.
 */
import { controlOfPace } from './pace';
import { CLAIM_TTL_MS, UNRATED, matchIn, release, seat, type Bucket, type MatchEnv, type Row, type Seatable } from './seat';

export interface SweepReport {
	expired: number;
	/** Claims of dead matchers: games finished, claims given back. */
	finished: number;
	released: number;
	/** Games made by matching buckets. */
	seated: number;
}

/**
 * Expires what waited too long, finishes (or gives back) claims older than a minute, then matches
 * every bucket with enough waiting — requests that arrived at the same moment and missed each other,
 * or whose partner's range only now lets them meet, are seated here at the latest.
 */
export async function sweep(env: MatchEnv, now: number): Promise<SweepReport> {
	const db = env.DB;
	const report: SweepReport = { expired: 0, finished: 0, released: 0, seated: 0 };
	const exp = await db.prepare("UPDATE match_requests SET status = 'expired' WHERE status = 'waiting' AND claim IS NULL AND expires_at <= ?1").bind(now).run();
	report.expired = exp.meta.changes ?? 0;

	const claimed = (await db.prepare("SELECT * FROM match_requests WHERE status = 'waiting' AND claim IS NOT NULL ORDER BY created_at, user_id").all<Row>()).results;
	const byClaim = new Map<string, Row[]>();
	for (const r of claimed) byClaim.set(r.claim!, [...(byClaim.get(r.claim!) ?? []), r]);
	for (const [claim, rows] of byClaim) {
		const [gameId, at] = claim.split('@');
		if (now - Number(at) < CLAIM_TTL_MS) continue;
		const first = rows[0];
		const control = controlOfPace(first.pace);
		const whole = rows.length === first.seats && rows.every((r) => r.kind === first.kind && r.seats === first.seats && r.pace === first.pace);
		const names = whole
			? (
					await db
						.prepare(`SELECT id, username, locale FROM users WHERE id IN (${rows.map((_, i) => `?${i + 1}`).join(', ')})`)
						.bind(...rows.map((r) => r.user_id))
						.all<{ id: string; username: string; locale: string }>()
				).results
			: [];
		const group: Seatable[] = rows.map((r) => {
			const u = names.find((n) => n.id === r.user_id);
			return { userId: r.user_id, rating: r.rating ?? UNRATED, minRating: r.min_rating, maxRating: r.max_rating, createdAt: r.created_at, username: u?.username ?? '', locale: u?.locale ?? 'en' };
		});
		const b = { kind: first.kind, seats: first.seats, pace: first.pace };
		if (whole && control && names.length === rows.length) {
			// The dead matcher's game, made or not: made once (createSeated is idempotent for its id). A
			// refusal gives the rows back (seat); a room out of reach keeps the claim for the next sweep.
			if ((await seat(env, b, control, group, claim, gameId)) !== 'failed') report.finished++;
		} else {
			// A group that cannot be made (an account gone meanwhile): its requests wait again.
			await release(db, first.kind, group, claim);
			report.released++;
		}
	}

	const buckets = (
		await db
			.prepare("SELECT kind, seats, pace, count(*) AS n FROM match_requests WHERE status = 'waiting' AND claim IS NULL GROUP BY kind, seats, pace HAVING count(*) >= seats")
			.all<Bucket & { n: number }>()
	).results;
	for (const b of buckets) report.seated += (await matchIn(env, b, now, null)).games;
	return report;
}
