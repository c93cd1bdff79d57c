/**
 * The site's ceiling on paper (issue 33, docs/scale.md): a capacity model over the measured cost of a
 * move (bench:load's cost part, METER=1) and Cloudflare's documented limits. Pure: no clock, no I/O;
 * bench/scale.ts reads the input and prints the tables, tests/bench-scale.test.ts checks the arithmetic.
 *
 * For each shared resource: its limit (units per second), the use of one move (units per move), the
 * moves per second at which the use reaches the limit, and the games in progress that rate implies
 * (moves/s ÷ the moves per second one game in progress makes). A resource that scales out with the
 * number of games or users (one room per game, one hub per user, the Worker) has no site-wide
 * ceiling; its row says so and gives the limit that one instance hits instead.
 */

// ---- the input: measured per-game figures ------------------------------------------------------

/** bench:load's cost figures of one finished game of a kind (bench/lib/prices.ts GameCounts, plus the meter's D1 statements). */
export interface KindCost {
	/** Moves per finished game (the bots' games played as asynchronous players play). */
	moves: number;
	workerRequests: number;
	/** Upper bound: all of workerd's CPU (the Worker, the objects, the local D1). */
	workerCpuMs: number;
	/** Every call on a Durable Object stub (rooms, the postman, the hubs). */
	doRequests: number;
	d1RowsRead: number;
	d1RowsWritten: number;
	/** D1 statements (each statement of a batch counts) and those that write; absent in older runs. */
	d1Queries?: number;
	d1WriteQueries?: number;
	/** The local D1's own SQL time (ms, `meta.duration`): a floor for the primary's busy time. */
	d1SqlMs?: number;
	doRowsRead: number;
	doRowsWritten: number;
	d1StoredBytes: number;
	doStoredBytes: number;
}

/** D1 statements per move by table, all kinds together (bench:load --top), for the plan's steps. */
export interface TableUse {
	reads: number;
	writes: number;
}

export interface ScaleInput {
	format: 'rongo-scale/1';
	label: string;
	date: string;
	source: string;
	kinds: Record<string, KindCost>;
	/** Optional: D1 statements per move by the table they touch (sums over kinds, per move). */
	d1ByTable?: Record<string, TableUse>;
}

/**
 * bench:load --json (issue 33): `[{ kind, moves, counts, rowsPerMoveByTable?, … }]` or `{ kinds: [...] }`,
 * `counts` being the per-game GameCounts. D1 rows written per move by table (`rowsPerMoveByTable.d1`,
 * table → rows), where given, stand in for the write statements by table (over all kinds, weighted by
 * moves): the plan's step 2 only needs the tables' shares. Anything already in this module's format
 * passes through.
 */
export function toScaleInput(raw: unknown, meta: { label: string; date: string; source: string }): ScaleInput {
	if (raw && typeof raw === 'object' && (raw as ScaleInput).format === 'rongo-scale/1') return raw as ScaleInput;
	const list = Array.isArray(raw) ? raw : (raw as { kinds?: unknown })?.kinds;
	if (!Array.isArray(list)) throw new Error('neither a rongo-scale/1 file nor bench:load --json output (a list of { kind, moves, counts })');
	const kinds: Record<string, KindCost> = {};
	const rows: Record<string, number> = {};
	let moves = 0;
	for (const e of list as { kind?: unknown; moves?: unknown; counts?: Record<string, unknown>; rowsPerMoveByTable?: { d1?: Record<string, unknown> } }[]) {
		const kind = typeof e.kind === 'string' ? e.kind : (e.kind as { id?: string } | undefined)?.id;
		if (!kind || typeof e.moves !== 'number' || !e.counts) throw new Error('bench:load --json entry without kind, moves or counts');
		const c = e.counts as unknown as KindCost;
		kinds[kind] = { ...c, moves: e.moves };
		for (const [t, n] of Object.entries(e.rowsPerMoveByTable?.d1 ?? {})) if (typeof n === 'number') rows[t] = (rows[t] ?? 0) + n * e.moves;
		moves += e.moves;
	}
	const d1ByTable = Object.keys(rows).length ? Object.fromEntries(Object.entries(rows).map(([t, n]) => [t, { reads: 0, writes: n / moves }])) : undefined;
	return { format: 'rongo-scale/1', ...meta, kinds, ...(d1ByTable ? { d1ByTable } : {}) };
}

// ---- how often a game in progress moves ----------------------------------------------------------

/** One kind's pace and notifications, from bench:wakeups' model (bench/lib/wakeups.ts) or given. */
export interface KindPace {
	/** Moves per game and the game's length (days) as players away play it (today's site: queues, grace). */
	moves: number;
	days: number;
	/** Per move: loud messages (email = push = webhook each, one per trip) and in-app inbox entries. */
	loudPerMove: number;
	inappPerMove: number;
	/** Seats per game (hub calls per flush). */
	seats: number;
}

/** Moves per second one game in progress makes. */
export const movesPerSecondPerGame = (p: KindPace) => p.moves / (p.days * 86_400);

// The documented limits (and this model's assumptions), with their sources: ./scale-limits.ts.
import { LIMITS, limitValues, type Limits } from './scale-limits';
export { LIMITS, limitValues, type Limits };

// ---- the blended move ----------------------------------------------------------------------------

/** What one move of the site's mix uses, per move. */
export interface PerMove {
	d1Reads: number;
	d1Writes: number;
	d1RowsWritten: number;
	d1SqlMs: number;
	d1Bytes: number;
	doRequests: number;
	workerRequests: number;
	workerCpuMs: number;
	/** Requests to the game's own room per move (an away player: open the game, then move). */
	roomRequests: number;
	/** Postman kicks (one per flush that wrote events ≈ per move with a turn event), loud messages, in-app entries. */
	postmanKicks: number;
	loud: number;
	inapp: number;
	/** Hub calls per move: the list refresh to each seat per flush, plus the badge per in-app entry. */
	hubCalls: number;
	/** Moves per game (for the storage rows). */
	movesPerGame: number;
}

/**
 * The site's mix: `share` of the games in progress per kind (equal by default). A kind's share of the
 * moves is its share of games times its pace, so the blended move weights each kind by that.
 */
export function blend(input: ScaleInput, paces: Record<string, KindPace>, share: Record<string, number> = {}, o: { emailShare: number; roomRequestsPerMove: number } = { emailShare: 1, roomRequestsPerMove: 2 }) {
	const kinds = Object.keys(input.kinds).filter((k) => paces[k]);
	if (!kinds.length) throw new Error('no kind with both measured costs and a pace');
	// The D1 rows need the statements; a run of bench:load from before the meter counted them has none.
	const without = kinds.filter((k) => !(Number.isFinite(input.kinds[k].d1Queries) && Number.isFinite(input.kinds[k].d1WriteQueries) && Number.isFinite(input.kinds[k].d1SqlMs)));
	if (without.length) throw new Error(`no D1 statements (d1Queries, d1WriteQueries, d1SqlMs) for ${without.join(', ')}: measure with bench:load of this commit or later`);
	const gameShare = (k: string) => share[k] ?? 1;
	const totalGames = kinds.reduce((s, k) => s + gameShare(k), 0);
	const rate = (k: string) => (gameShare(k) / totalGames) * movesPerSecondPerGame(paces[k]);
	/** Moves per second per game in progress, over the mix. */
	const pace = kinds.reduce((s, k) => s + rate(k), 0);
	const w = (k: string) => rate(k) / pace;
	const per = (f: (c: KindCost, p: KindPace) => number) => kinds.reduce((s, k) => s + w(k) * f(input.kinds[k], paces[k]), 0);
	const m: PerMove = {
		d1Reads: per((c) => ((c.d1Queries ?? NaN) - (c.d1WriteQueries ?? NaN)) / c.moves),
		d1Writes: per((c) => (c.d1WriteQueries ?? NaN) / c.moves),
		d1RowsWritten: per((c) => c.d1RowsWritten / c.moves),
		d1SqlMs: per((c) => (c.d1SqlMs ?? NaN) / c.moves),
		d1Bytes: per((c) => c.d1StoredBytes / c.moves),
		doRequests: per((c) => c.doRequests / c.moves),
		workerRequests: per((c) => c.workerRequests / c.moves),
		workerCpuMs: per((c) => c.workerCpuMs / c.moves),
		roomRequests: o.roomRequestsPerMove,
		postmanKicks: per((_, p) => Math.min(1, p.inappPerMove)),
		loud: per((_, p) => p.loudPerMove) * o.emailShare,
		inapp: per((_, p) => p.inappPerMove),
		hubCalls: per((_, p) => p.seats + p.inappPerMove),
		movesPerGame: per((c) => c.moves)
	};
	return { perMove: m, pace, kinds, weights: Object.fromEntries(kinds.map((k) => [k, w(k)])) };
}

// ---- the resources -------------------------------------------------------------------------------

export interface Row {
	resource: string;
	limit: string;
	use: string;
	/** Moves per second at which the resource is saturated (Infinity: scales out, no site-wide ceiling). */
	movesPerSecond: number;
	note: string;
	source: string;
	/**
	 * capacity: a rate the site cannot pass; bound: an optimistic bound on a capacity (measured on this
	 * machine), never the one that gives first; quota: an account's allowance Cloudflare sets and raises on request.
	 */
	kind: 'capacity' | 'bound' | 'quota';
	/** The figure rests on one of this model's assumptions (marked ASSUMED in LIMITS), not on a documented limit alone. */
	assumed: boolean;
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: d }) : '—');

/** The primary's busy time per move (ms) by the documented per-statement guideline. */
export const d1BusyMs = (m: Pick<PerMove, 'd1Reads' | 'd1Writes'>, L: Pick<Limits, 'd1ReadMs' | 'd1WriteMs'>, readsOnPrimary = 1) =>
	m.d1Reads * readsOnPrimary * L.d1ReadMs + m.d1Writes * L.d1WriteMs;

/** The postman's wall time per move (ms): each trip message is awaited in turn, on every loud channel (delivery.ts). */
export const postmanMs = (m: Pick<PerMove, 'loud'>, L: Pick<Limits, 'sendLatency' | 'postmanD1Rtt'>, channels = 2) =>
	m.loud * channels * (L.sendLatency + 4 * L.postmanD1Rtt);

export interface Options {
	/** Loud channels each trip goes out on (email and push: 2; webhook is the user's own server). */
	loudChannels: number;
	/** Postman objects (1 today), and the sends each has in flight at once (1 today: awaited in turn). */
	postmen: number;
	sendParallel: number;
	/** D1 databases the write load is spread over (1 today). */
	d1Shards: number;
	/** Share of D1 read statements that still reach the primary (1 today; replicas through the Sessions API take the rest). */
	readsOnPrimary: number;
}

export const TODAY: Options = { loudChannels: 2, postmen: 1, sendParallel: 1, d1Shards: 1, readsOnPrimary: 1 };

export function rows(m: PerMove, L: Limits = limitValues(), o: Options = TODAY): Row[] {
	const busy = d1BusyMs(m, L, o.readsOnPrimary);
	// The local SQL time scaled by the same share of the primary's work as the guideline keeps there.
	const floor = m.d1SqlMs * (busy / d1BusyMs(m, L, 1));
	const pm = postmanMs(m, L, o.loudChannels);
	const postmen = o.postmen * o.sendParallel;
	const out: Row[] = [
		{
			resource: `D1 primary${o.d1Shards > 1 ? ` × ${o.d1Shards}` : ''}: busy time, documented per-statement guideline`,
			limit: `${f(L.d1Thread * o.d1Shards, 0)} ms/s (single-threaded${o.d1Shards > 1 ? `, ${o.d1Shards} databases` : ''})`,
			use: `${f(m.d1Reads * o.readsOnPrimary, 1)} reads × ${L.d1ReadMs} ms + ${f(m.d1Writes, 1)} writes × ${L.d1WriteMs} ms = ${f(busy, 1)} ms`,
			movesPerSecond: (L.d1Thread * o.d1Shards) / busy,
			note: 'every statement of every move, the postman\'s included, runs on the one primary',
			source: LIMITS.d1Thread.source,
			kind: 'capacity',
			assumed: false
		},
		{
			resource: `D1 primary${o.d1Shards > 1 ? ` × ${o.d1Shards}` : ''}: busy time, local SQL time (floor)`,
			limit: `${f(L.d1Thread * o.d1Shards, 0)} ms/s`,
			use: `${f(floor, 2)} ms (meta.duration on this machine's local D1)`,
			movesPerSecond: (L.d1Thread * o.d1Shards) / floor,
			note: 'SQLite alone on tmpfs: no replication to several locations, so an upper bound on moves/s',
			source: LIMITS.d1Thread.source,
			kind: 'bound',
			assumed: false
		},
		{
			resource: `The postman${o.postmen === Infinity ? ' (none: one hub per user delivers)' : o.postmen > 1 ? ` × ${o.postmen}` : ' (one object)'}: requests`,
			limit: `${f(L.doRequests * o.postmen, 0)} req/s (soft)`,
			use: `${f(m.postmanKicks, 2)} kicks`,
			movesPerSecond: (L.doRequests * o.postmen) / m.postmanKicks,
			note: 'each flush that wrote events kicks it',
			source: LIMITS.doRequests.source,
			kind: 'capacity',
			assumed: false
		},
		{
			resource: `The postman${o.postmen === Infinity ? ' (none: one hub per user delivers)' : o.postmen > 1 ? ` × ${o.postmen}` : ' (one object)'}: sending, ${o.sendParallel > 1 ? `${o.sendParallel} messages at once` : 'one message after another'}`,
			limit: `${f(1000 * postmen, 0)} ms/s of wall time`,
			use: `${f(m.loud, 3)} trips × ${o.loudChannels} channels × (${L.sendLatency} ms send + 4 × ${L.postmanD1Rtt} ms D1) = ${f(pm, 1)} ms`,
			movesPerSecond: (1000 * postmen) / pm,
			note: 'deliverDue awaits each send in turn (notify/delivery.ts); beyond it turns are told late, not lost',
			source: LIMITS.sendLatency.source,
			kind: 'capacity',
			assumed: true
		},
		{
			resource: 'Email Service: daily quota of the account',
			limit: `${f(L.emailDaily, 0)}/day (assumed; not published)`,
			use: `${f(m.loud, 3)} emails`,
			movesPerSecond: L.emailDaily / 86_400 / m.loud,
			note: 'every player with a verified address; the quota is Cloudflare\'s per account',
			source: LIMITS.emailDaily.source,
			kind: 'quota',
			assumed: true
		},
		{
			resource: 'One room (one game\'s object)',
			limit: `${f(L.doRequests, 0)} req/s (soft)`,
			use: `${m.roomRequests} requests (open + move)`,
			movesPerSecond: Infinity,
			note: `one game saturates at ${f(L.doRequests / m.roomRequests, 0)} moves/s of its own; a game in progress makes one every few hours — no site-wide ceiling`,
			source: LIMITS.doRequests.source,
			kind: 'capacity',
			assumed: false
		},
		{
			resource: 'A user\'s hub (one object per user)',
			limit: `${f(L.doRequests, 0)} req/s (soft)`,
			use: `${f(m.hubCalls, 2)} calls over the game's seats`,
			movesPerSecond: Infinity,
			note: 'scales with users; one user would need ~10⁸ games in progress to saturate theirs (the inbox itself is in D1, counted there)',
			source: LIMITS.doRequests.source,
			kind: 'capacity',
			assumed: false
		},
		{
			resource: 'The Worker (requests, CPU)',
			limit: 'Paid: no request limit, 5 min CPU per request; Free: 10 ms CPU per request',
			use: `${f(m.workerRequests, 2)} requests, ≤ ${f(m.workerCpuMs, 1)} ms CPU (upper bound) = ≤ ${f(m.workerCpuMs / m.workerRequests, 1)} ms per request`,
			movesPerSecond: Infinity,
			note: 'scales out across Cloudflare\'s machines: a cost, not a ceiling',
			source: LIMITS.workerCpuFree.source,
			kind: 'capacity',
			assumed: false
		}
	];
	return out;
}

/** The first capacity to saturate (quotas apart); with `documented`, only rows that rest on no assumption. */
export const first = (rs: Row[], documented = false) =>
	rs.filter((r) => r.kind === 'capacity' && (!documented || !r.assumed)).reduce((a, b) => (b.movesPerSecond < a.movesPerSecond ? b : a));

/** Games in progress at a rate of moves/s, for a pace (moves/s per game in progress). */
export const gamesInProgress = (movesPerSecond: number, pace: number) => movesPerSecond / pace;

/** Finished games the 10 GB database holds (nothing in it is ever pruned but by account deletion). */
export const gamesUntilFull = (m: Pick<PerMove, 'd1Bytes' | 'movesPerGame'>, L: Pick<Limits, 'd1Size'>) => L.d1Size / (m.d1Bytes * m.movesPerGame);

// ---- the plan past the ceiling -------------------------------------------------------------------

/** The notification tables: what moves into per-user objects in the plan's step 2. */
export const PER_USER_TABLES = ['notification_events', 'notifications', 'inbox'];

/**
 * The move without the D1 statements on `tables` (their rows and SQL time taken off in proportion to
 * the statements: the by-table figures count statements, not rows).
 */
export function moveOut(m: PerMove, byTable: Record<string, TableUse>, tables: readonly string[]): PerMove {
	const gone = tables.reduce((s, t) => ({ reads: s.reads + (byTable[t]?.reads ?? 0), writes: s.writes + (byTable[t]?.writes ?? 0) }), { reads: 0, writes: 0 });
	const all = Object.values(byTable).reduce((s, t) => ({ reads: s.reads + t.reads, writes: s.writes + t.writes }), { reads: 0, writes: 0 });
	const rShare = all.reads ? gone.reads / all.reads : 0;
	const wShare = all.writes ? gone.writes / all.writes : 0;
	const stmtShare = all.reads + all.writes ? (gone.reads + gone.writes) / (all.reads + all.writes) : 0;
	return {
		...m,
		d1Reads: m.d1Reads * (1 - rShare),
		d1Writes: m.d1Writes * (1 - wShare),
		d1RowsWritten: m.d1RowsWritten * (1 - wShare),
		d1SqlMs: m.d1SqlMs * (1 - stmtShare),
		d1Bytes: m.d1Bytes * (1 - wShare)
	};
}

export interface Step {
	name: string;
	what: string;
	apply(s: { m: PerMove; o: Options }, byTable?: Record<string, TableUse>): { m: PerMove; o: Options };
}

/** Cumulative: each step on top of the ones before it. */
export const PLAN: Step[] = [
	{
		name: '1. Postmen by user, sends in parallel',
		what: '16 postman objects (`idFromName("postman:" + hash(user) % 16)`, each fanning out its users\' events) and each with up to 6 sends in flight (the per-invocation connection limit)',
		apply: ({ m, o }) => ({ m, o: { ...o, postmen: 16, sendParallel: 6 } })
	},
	{
		name: '2. Per-user lists into per-user objects',
		what: 'the inbox, the notification events and deliveries into each user\'s UserHub storage (the room sends a turn to the hubs of its seats; each hub applies the grace rule — per user already, grace.ts — and sends): D1 keeps the game index, seats and archive; no global postman left',
		apply: ({ m, o }, byTable) => ({ m: byTable ? moveOut(m, byTable, PER_USER_TABLES) : m, o: { ...o, postmen: Infinity } })
	},
	{
		name: '3. D1 read replicas (Sessions API)',
		what: '`env.DB.withSession(bookmark)` on every read path (lists, lobby, archive, session lookups), the bookmark in a cookie for read-your-writes: reads go to replicas, the primary keeps the writes',
		apply: ({ m, o }) => ({ m, o: { ...o, readsOnPrimary: 0 } })
	},
	{
		name: '4. Several D1 databases by game',
		what: 'the game index (games, seats, ratings of a game) split over 8 databases by a hash of the game id, users and sessions in their own; lists that span games read all 8 (replicas) or the user\'s own object',
		apply: ({ m, o }) => ({ m, o: { ...o, d1Shards: 8 } })
	}
];
