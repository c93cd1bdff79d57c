/**
 * A Giants game in progress, written down (issue 34; docs/positions.md § Giants): any point of any
 * round — a phase 2 with some sealed bids in, a carving turn, a turn of phase 3 or 4, a phase 5 with
 * some sealed choices in, the end. Read through the kind's `config(options, players, { position })`
 * and `start`; `positionWrite.ts` writes a state so. A test and tool seam, and the start of a game
 * played on from a finished one's history.
 *
 * Everything the state keeps that follows from the rest is derived, never asked for: the supplies
 * and bags (G-1, G-2.2: every piece is somewhere exactly once), the pedestals behind a screen (G-2.1),
 * the ahus' pedestals under their moai (G-5.4), the display (G-3.0.4: the round's dice less the moai
 * carved from it), the auction's bids and order (G-3.5: the bid lies in front of the screen; G-3.2),
 * who is asked in phase 5 (G-6.0), the statue counter. An impossible position is refused with
 * `BAD_POSITION`, naming the rule or the conservation fact (invariants.ts).
 *
 * Randomness: the generator is the position's `rng` when it gives one (so a written state
 * round-trips), else fresh from the game's own seed — the dice of later rounds then come from that
 * seed, and the randomness check (verify.ts) recomputes them from it.
 */
import * as v from 'valibot';
import { commitSeed, fail, ok, seedRng, type Failure, type Result, type RngState } from '$lib/engine';
import { issueLines } from '$lib/engine/scenario';
import { choiceOrder } from './auction';
import { AHU, AHUS, COMPONENTS, HEADDRESS_QUARRY, HEX, MOAI_QUARRY, SETUP } from './board';
import { hasRoundEndChoice } from './choice';
import { Refusal, emptyHex } from './context';
import { conservationErrors } from './invariants';
import { FullPositionSchema, type ParsedPosition } from './positionSchema';
import { checkChoice } from './roundEnd';
import { scores } from './score';
import { bidIsAffordable, canCarve, sculptorValue } from './sculptors';
import { ENGINE_VERSION, validateConfig } from './setup';
import { endReason } from './transport';
import type { AhuState, Bid, Colour, DieRoll, GiantsConfig, GiantsState, HexContent, Phase, Player, SealedDecision, Seat, Size, Statue } from './types';

const bad = (message: string): Failure => fail('BAD_POSITION', message);
type Ref = number | Colour;

/** The state a full position describes (`config.position` has a `phase`), before G-0.4's automatic steps. */
export function positionState(config: GiantsConfig, seed: string): Result<GiantsState> {
	const valid = validateConfig(config);
	if (!valid.ok) return valid;
	if (typeof seed !== 'string' || seed.length === 0) return fail('BAD_SEED', 'the seed must be a non-empty string');
	const parsed = v.safeParse(FullPositionSchema, config.position);
	if (!parsed.success) return bad(issueLines(parsed.issues, 'position'));
	const p: ParsedPosition = parsed.output;
	const n = config.players;
	const problems: string[] = [];
	if ((p.players?.length ?? 0) > n) problems.push(`position.players: ${p.players!.length} entries for ${n} seats`);

	// G-2.1: each player takes a colour: the position's, the config's, else the first free ones.
	const chosen = Array.from({ length: n }, (_, i) => p.players?.[i]?.colour ?? config.colours?.[i] ?? null);
	const free = COMPONENTS.colours.filter((c) => !chosen.includes(c));
	const colours = chosen.map((c) => c ?? free.shift()!);
	if (new Set(colours).size !== n) problems.push(`G-2.1: each player takes a colour of their own (${colours.join(', ')})`);
	const seat = (r: Ref, at: string): Seat => {
		const i = typeof r === 'number' ? r : colours.indexOf(r);
		if (i < 0 || i >= n) problems.push(`${at}: ${r} is not a seat (colours: ${colours.join(', ')})`);
		return i;
	};
	const kind = p.phase.kind;
	const round = p.round ?? 1;
	const startPlayer = p.startPlayer === undefined ? (config.startPlayer ?? 0) : seat(p.startPlayer, 'position.startPlayer');

	// The board: figures and logs by hex (G-4.1, G-4.6).
	const board: Record<string, HexContent> = {};
	for (const [hex, x] of Object.entries(p.board ?? {})) {
		const at = `position.board.${hex}`;
		if (!HEX.has(hex)) problems.push(`G-1: ${hex} is no hex of the board`);
		const arr = (a: number[] | undefined, what: string) => {
			if (a !== undefined && a.length !== n) problems.push(`${at}.${what}: ${a.length} entries for ${n} seats`);
			return Array.from({ length: n }, (_, i) => a?.[i] ?? 0);
		};
		const h: HexContent = { workers: arr(x.workers, 'workers'), medicineMen: arr(x.medicineMen, 'medicineMen'), chiefs: arr(x.chiefs, 'chiefs'), logs: x.logs ?? 0 };
		const figures = [...h.workers, ...h.medicineMen, ...h.chiefs].reduce((a, b) => a + b, 0);
		if (figures === 0 && h.logs === 0) continue; // an empty hex is no entry of the board
		// G-4.1: logs come with a worker or the medicine man, never alone; they stay with it until phase 4 ends (G-5.9).
		if (h.logs > 0 && h.workers.every((w) => w === 0) && h.medicineMen.every((m) => m === 0)) problems.push(`G-4.1: the logs on ${hex} came with a worker or a medicine man, but none stands there`);
		board[hex] = h;
	}
	const onBoard = Object.keys(board).length > 0;
	// G-6.0: the round's end brings every figure back behind the screens; figures go out in phase 3.
	if (onBoard && (kind === 'bid' || kind === 'carve')) problems.push(`G-6.0, G-4.1: figures stand on the board only from phase 3 to the end of the round (phase ${kind})`);
	if ((kind === 'choice' || kind === 'over') && Object.values(board).some((h) => h.logs > 0)) problems.push('G-5.9: every log on the board leaves the game at the end of phase 4');
	const sumBoard = (f: (h: HexContent) => number) => Object.values(board).reduce((t, h) => t + f(h), 0);

	// Statues: ids, where each lies, who owns and marks it.
	const ahus: Record<string, AhuState> = {};
	for (const a of AHUS) ahus[a.id] = { pedestal: null, moai: null, crown: null };
	for (const [ahu, r] of Object.entries(p.reserved ?? {})) {
		if (!AHU.has(ahu)) problems.push(`G-4.2: ${ahu} is no ahu of the board`);
		else ahus[ahu].pedestal = seat(r, `position.reserved.${ahu}`);
	}
	const statues: Statue[] = [];
	const numbers = new Set<number>();
	const front = kind === 'carve' || kind === 'place' || kind === 'transport';
	const crowns: { id: string; ahu: string; at: string }[] = [];
	(p.statues ?? []).forEach((x, i) => {
		const at = `position.statues[${i}]`;
		const id = x.id ?? `${x.kind === 'moai' ? 'm' : 'h'}${i + 1}`;
		const num = Number(id.slice(1));
		if (id[0] !== x.kind[0]) problems.push(`${at}: a ${x.kind}'s id begins with ${x.kind[0]} (${id})`);
		if (numbers.has(num)) problems.push(`${at}: the number of ${id} is another statue's`);
		numbers.add(num);
		if (x.kind === 'headdress' && x.size !== undefined && x.size !== 1) problems.push(`${at}: G-5.2: a headdress carries like a size-1 moai`);
		const size = (x.kind === 'headdress' ? 1 : (x.size ?? 1)) as Size;
		const places = [x.front, x.hex, x.ahu].filter((y) => y !== undefined).length;
		if (places !== 1) problems.push(`${at}: a statue lies in front of a screen (front), on a hex (hex) or on an ahu (ahu): exactly one`);
		const frontSeat = x.front === undefined ? null : seat(x.front, `${at}.front`);
		const marker = x.marker === undefined ? null : seat(x.marker, `${at}.marker`);
		const owner = x.owner !== undefined ? (x.owner === null ? null : seat(x.owner, `${at}.owner`)) : (marker ?? frontSeat);
		const abandoned = x.abandoned ?? (x.hex !== undefined && marker === null && owner === null);
		const loc: Statue['loc'] = x.ahu !== undefined ? { kind: 'ahu', ahu: x.ahu } : x.hex !== undefined ? { kind: 'hex', hex: x.hex } : { kind: 'front', seat: frontSeat ?? 0 };
		if (x.hex !== undefined && !HEX.has(x.hex)) problems.push(`${at}: G-1: ${x.hex} is no hex of the board`);
		if (frontSeat !== null) {
			// G-5.7: whatever is still in front of a screen goes onto its quarry at the end of phase 4.
			if (!front) problems.push(`${at}: G-5.7: statues lie in front of a screen only from phase 2's carving to the end of phase 4 (phase ${kind})`);
			if (x.kind === 'headdress' && kind === 'carve') problems.push(`${at}: G-4.2: headdresses are taken in phase 3, after the carving`);
			if (owner !== frontSeat) problems.push(`${at}: G-3.5, G-4.2: a statue in front of a screen is that player's`);
			if (marker !== null) problems.push(`${at}: G-5.6: a statue marked without moving is first put on its quarry hex`);
		}
		if (abandoned && (x.hex === undefined || owner !== null || marker !== null)) problems.push(`${at}: G-5.8: an abandoned statue lies on a hex, nobody's and unmarked`);
		if (!abandoned && x.hex !== undefined && owner === null && marker === null) problems.push(`${at}: G-5.1, G-5.8: an unmarked statue on a hex is its mover's or abandoned`);
		if (x.unmoved) {
			if (kind !== 'choice' && kind !== 'over') problems.push(`${at}: G-5.7: statues are put on a quarry unmoved at the end of phase 4 and claimed in phase 5 (phase ${kind})`);
			if (x.hex !== (x.kind === 'moai' ? MOAI_QUARRY : HEADDRESS_QUARRY) || marker !== null || owner === null) problems.push(`${at}: G-5.7: an unmoved statue lies unmarked on its quarry hex, its owner's`);
		}
		if (x.ahu !== undefined) {
			const a = AHU.has(x.ahu) ? ahus[x.ahu] : undefined;
			if (!a) problems.push(`${at}: G-1: ${x.ahu} is no ahu of the board`);
			else if (marker !== null) problems.push(`${at}: G-5.6: the marker returns when the statue is erected or crowns`);
			else if (x.kind === 'moai') {
				// G-5.4: an erected moai stands on its erector's pedestal (a reservation of that seat is used).
				if (owner === null) problems.push(`${at}: G-5.4: a moai on ${x.ahu} stands on its erector's pedestal: name the owner`);
				else if (a.moai !== null) problems.push(`${at}: G-5.4: ${x.ahu} already holds a moai`);
				else if (a.pedestal !== null && a.pedestal !== owner) problems.push(`${at}: G-5.4: ${x.ahu} is reserved by another seat`);
				else {
					a.pedestal = owner;
					a.moai = id;
				}
			} else crowns.push({ id, ahu: x.ahu, at });
		}
		statues.push({ id, kind: x.kind, size, loc, owner, marker, abandoned });
	});
	// G-5.5: a headdress crowns an erected moai, one per ahu (listed in any order).
	for (const c of crowns) {
		const a = ahus[c.ahu];
		if (a.moai === null || a.crown !== null) problems.push(`${c.at}: G-5.5: a headdress on ${c.ahu} crowns its erected moai, and only one does`);
		else a.crown = c.id;
	}
	const unmoved = (p.statues ?? []).flatMap((x, i) => (x.unmoved ? [statues[i].id] : []));

	// This round's dice (G-2.4: one per player; G-3.0.2: the first round reads 0 as 1 and 3 as 2).
	const dieColours: DieRoll['colour'][] = [...Array<DieRoll['colour']>(COMPONENTS.dice.white.count).fill('white'), ...Array<DieRoll['colour']>(SETUP.brownDiceByPlayers[String(n)]).fill('brown')];
	const written = p.dice ?? [];
	if (written.length !== 0 && written.length !== dieColours.length) problems.push(`G-2.4: ${written.length} dice; ${n} players roll ${dieColours.length}`);
	const dice: DieRoll[] = written.slice(0, dieColours.length).map((d, i) => {
		const face = typeof d === 'number' ? d : d.face;
		const size = round === 1 ? (face === 0 ? 1 : face === 3 ? 2 : face) : face;
		const broken = typeof d === 'number' ? false : (d.broken ?? false);
		if (broken && size === 0) problems.push(`position.dice[${i}]: G-3.0.1: a die showing no moai breaks none`);
		return { colour: dieColours[i], face, size, broken };
	});
	// G-3.0.4, G-3.3, G-3.5: in phase 2 the display holds the rolled moai less those carved; then it is empty.
	const display: number[] = [];
	if (kind === 'bid' || kind === 'carve') {
		display.push(...dice.filter((d) => !d.broken && d.size > 0).map((d) => d.size).sort((a, b) => a - b));
		for (const st of statues)
			if (st.loc.kind === 'front') {
				const k = display.indexOf(st.size);
				if (k < 0) problems.push(`G-3.3: ${st.id} was carved this round, but no die shows a size-${st.size} moai left for it`);
				else display.splice(k, 1);
			}
	}
	const moaiOut = [1, 2, 3].map((size) => statues.filter((st) => st.kind === 'moai' && st.size === size).length + display.filter((x) => x === size).length);
	const supplyMoai = [0, 1, 2].map((k) => COMPONENTS.moai[String(k + 1) as '1'] - moaiOut[k]) as [number, number, number];
	supplyMoai.forEach((left, k) => {
		if (left < 0) problems.push(`G-1: ${moaiOut[k]} size-${k + 1} moai in the game; the box holds ${COMPONENTS.moai[String(k + 1) as '1']}`);
	});
	const headdresses = COMPONENTS.headdresses - statues.filter((st) => st.kind === 'headdress').length;
	if (headdresses < 0) problems.push(`G-1: ${COMPONENTS.headdresses - headdresses} headdresses in the game; the box holds ${COMPONENTS.headdresses}`);
	if (kind === 'bid' || kind === 'carve')
		for (const d of dice) if (d.broken && supplyMoai[d.size - 1] > 0) problems.push(`G-3.0.3: a die broke a size-${d.size} moai while the supply still holds ${supplyMoai[d.size - 1]}`);

	for (const f of p.forestsCut ?? []) if (HEX.get(f)?.type !== 'forest') problems.push(`G-1: ${f} is not one of the 7 forests`);
	if (new Set(p.forestsCut ?? []).size !== (p.forestsCut ?? []).length) problems.push('G-4.2: a forest is cut once');

	// The players: screens, fronts, tracks; bags and pedestals derived (G-2.1, G-2.2).
	const per = COMPONENTS.perColour;
	const pedestals = SETUP.pedestalsByPlayers[String(n)];
	const players: Player[] = colours.map((colour, i) => {
		const x = p.players?.[i] ?? {};
		const at = `seat ${i}`;
		const f = { workers: x.front?.workers ?? 0, medicineMan: x.front?.medicineMan ?? false, chief: x.front?.chief ?? false, markers: x.front?.markers ?? 0, rongo: x.front?.rongo ?? 0 };
		const mmOut = +f.medicineMan + sumBoard((h) => h.medicineMen[i]);
		const chiefOut = +f.chief + sumBoard((h) => h.chiefs[i]);
		const onAhus = AHUS.filter((a) => ahus[a.id].pedestal === i).length;
		const b = {
			workers: x.behind?.workers ?? (config.quickStart ? SETUP.start.workersQuickStart : SETUP.start.workers),
			medicineMan: x.behind?.medicineMan ?? mmOut === 0,
			chief: x.behind?.chief ?? chiefOut === 0,
			markers: x.behind?.markers ?? SETUP.start.tribeMarkers,
			pedestals: x.behind?.pedestals ?? pedestals - onAhus,
			logs: x.behind?.logs ?? 0
		};
		const markersOn = statues.filter((st) => st.marker === i).length;
		const bag = { workers: per.workers - b.workers - f.workers - sumBoard((h) => h.workers[i]), markers: per.tribeMarkers - b.markers - f.markers - markersOn };
		if (bag.workers < 0) problems.push(`G-1: ${at} has ${per.workers - bag.workers} workers behind, in front and on the board; a colour has ${per.workers}`);
		if (bag.markers < 0) problems.push(`G-1: ${at} has ${per.tribeMarkers - bag.markers} tribe markers behind, in front and on statues; a colour has ${per.tribeMarkers}`);
		if (kind === 'bid' && (f.workers || f.medicineMan || f.chief || f.markers)) problems.push(`G-6.0, G-3.1: ${at}: nothing but rongo halves lies in front of a screen before the bids are revealed`);
		// A pass lasts for the rest of phase 3 or 4 (G-4.5); phase 4 ends when everyone has passed.
		const passedNow = kind === 'choice' || kind === 'over' ? true : kind === 'place' || kind === 'transport' ? (x.passed ?? false) : false;
		if (x.passed !== undefined && x.passed !== passedNow) problems.push(`G-4.5: ${at}: passing belongs to phases 3 and 4, and phase 4 ends when all have passed (phase ${kind})`);
		const chiefUsed = x.chiefActionUsed ?? false;
		if (chiefUsed && (kind === 'bid' || kind === 'carve')) problems.push(`G-4.3: ${at}: the chief's action is counted per phase 3 (phase ${kind})`);
		const lent = x.lent ?? 0;
		// G-2.5: with immediate scoring a moai's points are on the track from its erection.
		const immediate = config.immediateScoring ? AHUS.reduce((t, a) => t + (ahus[a.id].pedestal === i && ahus[a.id].moai !== null ? a.moaiValue * statues.find((st) => st.id === ahus[a.id].moai)!.size : 0), 0) : 0;
		return { colour, behind: b, front: f, bag, lent, score: x.score ?? lent + immediate, passed: passedNow, chiefActionUsed: chiefUsed };
	});

	const logs = COMPONENTS.logs - (p.logsOut ?? 0) - players.reduce((t, q) => t + q.behind.logs, 0) - sumBoard((h) => h.logs);
	const rongo = COMPONENTS.rongoHalves - players.reduce((t, q) => t + q.front.rongo, 0);
	if (logs < 0) problems.push(`G-1: ${COMPONENTS.logs - logs} logs behind the screens, on the board and out of the game; the box holds ${COMPONENTS.logs}`);
	if (rongo < 0) problems.push(`G-1: ${COMPONENTS.rongoHalves - rongo} rongo halves in front of the screens; the box holds ${COMPONENTS.rongoHalves}`);
	if (problems.length) return bad(problems.slice(0, 6).join('; '));

	const s: GiantsState = {
		game: 'giants',
		engineVersion: ENGINE_VERSION,
		options: { players: n, quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring },
		seedCommitment: commitSeed(seed),
		round,
		startPlayer,
		players,
		board,
		ahus,
		statues,
		supply: { moai: supplyMoai, headdresses, logs, rongo },
		logsOut: p.logsOut ?? 0,
		forestsCut: [...(p.forestsCut ?? [])],
		dice,
		display,
		unmoved,
		nextStatue: Math.max(0, ...numbers) + 1,
		phase: { kind: 'over', reason: 'pedestals' }, // set below, once the rest can be read
		secret: { seed, rng: (p.rng ? [...p.rng] : seedRng(seed)) as RngState, sealed: Array(n).fill(null), forcedDice: config.forcedDice ?? null }
	};
	// Conservation first (every piece exactly once, G-1): the phase checks below read the pieces.
	const errs = conservationErrors(s);
	if (errs.length) return bad(`G-1 (every piece exactly once): ${errs.slice(0, 6).join('; ')}`);
	const phase = phaseOf(s, p.phase, seat, problems, (p.players ?? []).map((x) => x?.score !== undefined));
	if (problems.length) return bad(problems.slice(0, 6).join('; '));
	s.phase = phase;
	return ok(s);
}

/** The phase the position awaits, checked against the pieces; sealed decisions go to `s.secret.sealed`. */
function phaseOf(s: GiantsState, x: ParsedPosition['phase'], seat: (r: Ref, at: string) => Seat, problems: string[], scoreGiven: boolean[]): Phase {
	const n = s.players.length;
	const sealed = (list: unknown[] | undefined, at: string) => {
		if ((list?.length ?? 0) > n) problems.push(`${at}: ${list!.length} entries for ${n} seats`);
	};
	const turnOf = (r: Ref, at: string) => {
		const t = seat(r, at);
		return t >= 0 && t < n ? t : 0;
	};
	switch (x.kind) {
		case 'bid': {
			sealed(x.bids, 'position.phase.bids');
			if (s.display.length === 0) problems.push('G-0.4: with no moai on display there is no auction (the round goes on with phase 3)');
			const submitted = Array<boolean>(n).fill(false);
			s.players.forEach((pl, i) => {
				const w = x.bids?.[i];
				const bid: Bid | null = w ? { markers: w.markers, workers: w.workers, medicineMan: w.medicineMan ?? false, chief: w.chief ?? false } : null;
				if (bid && !bidIsAffordable(s, i, bid)) problems.push(`G-3.1: seat ${i} bids more than lies behind its screen`);
				const b = pl.behind;
				// G-0.4: a player with nothing behind the screen can only bid nothing, and does so at once.
				s.secret.sealed[i] = bid ?? (b.markers === 0 && b.workers === 0 && !b.medicineMan && !b.chief ? { markers: 0, workers: 0, medicineMan: false, chief: false } : null);
				submitted[i] = s.secret.sealed[i] !== null;
			});
			return { kind: 'bid', submitted };
		}
		case 'carve': {
			// G-3.5: the revealed bids lie in front of the screens; G-3.2 orders the choosing by them.
			const bids: Bid[] = s.players.map((pl) => ({ markers: pl.front.markers, workers: pl.front.workers, medicineMan: pl.front.medicineMan, chief: pl.front.chief }));
			const order = choiceOrder(s.startPlayer, bids, s.players.map((pl) => pl.front.rongo));
			sealed(x.left, 'position.phase.left');
			const left = bids.map((b, i) => {
				const l = x.left?.[i];
				return l ? { workers: l.workers, medicineMan: l.medicineMan ?? false, chief: l.chief ?? false } : { workers: b.workers, medicineMan: b.medicineMan, chief: b.chief };
			});
			const taken = s.players.map((_, i) => s.statues.filter((st) => st.loc.kind === 'front' && st.loc.seat === i).length);
			left.forEach((l, i) => {
				const b = bids[i];
				if (l.workers > b.workers || (l.medicineMan && !b.medicineMan) || (l.chief && !b.chief)) problems.push(`G-3.3: seat ${i}'s unassigned figures are part of its bid (in front of its screen)`);
				const carved = s.statues.filter((st) => st.loc.kind === 'front' && st.loc.seat === i).reduce((t, st) => t + st.size, 0);
				if (carved > sculptorValue(b) - sculptorValue(l)) problems.push(`G-3.3: seat ${i}'s carved moai need sculptors worth ${carved}; its assigned figures are worth ${sculptorValue(b) - sculptorValue(l)}`);
			});
			const pass = x.pass ?? 1;
			const out = Array<boolean>(n).fill(false);
			for (const [k, r] of (x.out ?? []).entries()) out[turnOf(r, `position.phase.out[${k}]`)] = true;
			if (pass === 1 && out.some(Boolean)) problems.push('G-3.4: only an extra pick (pass 2 and later) can be declined for good');
			const turn = turnOf(x.turn, 'position.phase.turn');
			const ph: Extract<Phase, { kind: 'carve' }> = { kind: 'carve', bids, order, left, taken, pass, index: order.indexOf(turn), out, turn };
			if (s.display.length === 0) problems.push('G-3.5: with no moai left on display the auction is over');
			else if (out[turn] || !canCarve(s, ph, turn)) problems.push(`G-3.6: seat ${turn} has no possible choice and would be skipped`);
			return ph;
		}
		case 'place':
		case 'transport': {
			const turn = turnOf(x.turn, 'position.phase.turn');
			if (s.players[turn].passed) problems.push(`G-4.5: seat ${turn} has passed for the rest of the phase, so it is not its turn`);
			return { kind: x.kind, turn };
		}
		case 'choice': {
			sealed(x.choices, 'position.phase.choices');
			// G-6.0: asked is whoever has an unmoved statue to mark or a marker to take back.
			const eligible = s.players.map((_, i) => hasRoundEndChoice(s, i));
			if (!eligible.some(Boolean)) problems.push('G-6.0: nobody has an end-of-round choice, so phase 5 asks nobody');
			const submitted = Array<boolean>(n).fill(false);
			(x.choices ?? []).forEach((c, i) => {
				if (!c || i >= n) return;
				if (!eligible[i]) return void problems.push(`G-6.0: seat ${i} has no end-of-round choice`);
				try {
					checkChoice(s, i, { mark: [...c.mark], release: [...c.release] });
				} catch (e) {
					if (!(e instanceof Refusal)) throw e;
					return void problems.push(`seat ${i}'s choice: ${e.message}`);
				}
				s.secret.sealed[i] = { mark: [...c.mark], release: [...c.release] } satisfies SealedDecision;
				submitted[i] = true;
			});
			return { kind: 'choice', eligible, submitted };
		}
		case 'over': {
			// G-6.1, G-6.4: the game ends after a phase 4 for one of these reasons, and the first that holds is the one.
			const reason = endReason(s);
			if (reason !== x.reason) problems.push(`G-6.1, G-6.4: the game does not end for ${x.reason} here (${reason === null ? 'it goes on' : `it ends for ${reason}`})`);
			// G-6.2: the score track then shows the final score (the default where the position gives none).
			for (const sh of scores(s)) if (!scoreGiven[sh.seat]) s.players[sh.seat].score = sh.total;
			for (const sh of scores(s)) if (s.players[sh.seat].score !== sh.total) problems.push(`G-6.2: seat ${sh.seat}'s final score is ${sh.total}, not ${s.players[sh.seat].score}`);
			return { kind: 'over', reason: x.reason };
		}
	}
}
