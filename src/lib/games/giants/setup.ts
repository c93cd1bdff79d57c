/** G-2 Setup, and the scenario starting position (docs/giants-notation.md). */
import { below, cloneJson, commitSeed, fail, ok, seedRng, type Result } from '$lib/engine';
import { AHU, AHUS, COMPONENTS, HEX, SETUP } from './board';
import * as v from 'valibot';
import { issueLines } from '$lib/engine/scenario';
import { isFullPosition } from './fullPosition';
import { StartPositionSchema } from './positionSchema';
import type { Colour, GiantsConfig, GiantsState, HexContent, Player, Size, StartPosition } from './types';

export const ENGINE_VERSION = 'giants@1';

function isIntIn(x: unknown, lo: number, hi: number): x is number {
	return typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;
}

export function validateConfig(config: GiantsConfig): Result<GiantsConfig> {
	if (config === null || typeof config !== 'object') return fail('BAD_CONFIG', 'config must be an object');
	const n = config.players;
	if (!isIntIn(n, 3, 5)) return fail('BAD_CONFIG', 'G-2.1: Giants is for 3 to 5 players');
	if (config.colours !== undefined) {
		const cs = config.colours;
		if (!Array.isArray(cs) || cs.length !== n || new Set(cs).size !== n)
			return fail('BAD_CONFIG', 'colours must name one distinct colour per seat');
		if (cs.some((c) => !COMPONENTS.colours.includes(c))) return fail('BAD_CONFIG', 'unknown colour');
	}
	if (config.startPlayer !== undefined && !isIntIn(config.startPlayer, 0, n - 1))
		return fail('BAD_CONFIG', 'startPlayer must be a seat');
	if (config.forcedDice !== undefined) {
		const dice = COMPONENTS.dice.white.count + SETUP.brownDiceByPlayers[String(n)];
		if (!Array.isArray(config.forcedDice) || config.forcedDice.some((r) => !Array.isArray(r) || r.length !== dice || r.some((f) => !isIntIn(f, 0, 3))))
			return fail('BAD_CONFIG', `forcedDice must list ${dice} faces (0–3) per round`);
	}
	return ok(config);
}

/** G-2.1–2.4: every seat's screen, the bag, the supply and the start player. */
export function setup(config: GiantsConfig, seed: string): Result<GiantsState> {
	const valid = validateConfig(config);
	if (!valid.ok) return valid;
	if (typeof seed !== 'string' || seed.length === 0) return fail('BAD_SEED', 'the seed must be a non-empty string');
	const n = config.players;
	const colours: Colour[] = config.colours ?? COMPONENTS.colours.slice(0, n);
	const per = COMPONENTS.perColour;
	const startWorkers = config.quickStart ? SETUP.start.workersQuickStart : SETUP.start.workers;
	const pedestals = SETUP.pedestalsByPlayers[String(n)];
	const players: Player[] = colours.map((colour) => ({
		colour,
		behind: { workers: startWorkers, medicineMan: true, chief: true, markers: SETUP.start.tribeMarkers, pedestals, logs: 0 },
		front: { workers: 0, medicineMan: false, chief: false, markers: 0, rongo: 0 },
		// G-2.2: every other worker and marker of the colour is in the bag.
		bag: { workers: per.workers - startWorkers, markers: per.tribeMarkers - SETUP.start.tribeMarkers },
		lent: 0,
		score: 0,
		passed: false,
		chiefActionUsed: false
	}));
	const rng = seedRng(seed);
	// G-2.3: the start player comes from the seed unless the creator fixed it.
	const startPlayer = config.startPlayer ?? below(rng, n);
	const ahus: GiantsState['ahus'] = {};
	for (const a of AHUS) ahus[a.id] = { pedestal: null, moai: null, crown: null };
	const state: GiantsState = {
		game: 'giants',
		engineVersion: ENGINE_VERSION,
		options: { players: n, quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring },
		seedCommitment: commitSeed(seed),
		round: 1,
		startPlayer,
		players,
		board: {},
		ahus,
		statues: [],
		supply: {
			moai: [COMPONENTS.moai['1'], COMPONENTS.moai['2'], COMPONENTS.moai['3']],
			headdresses: COMPONENTS.headdresses,
			logs: COMPONENTS.logs,
			rongo: COMPONENTS.rongoHalves
		},
		logsOut: 0,
		forestsCut: [],
		dice: [],
		display: [],
		unmoved: [],
		nextStatue: 1,
		phase: { kind: 'bid', submitted: Array(n).fill(false) },
		secret: { seed, rng, sealed: Array(n).fill(null), forcedDice: config.forcedDice ?? null }
	};
	// A full position (with a phase) is read by position.ts instead; index.ts never brings one here.
	if (config.position && !isFullPosition(config.position)) {
		// Counts and seats are judged by applyPosition with their rules; the shape first, so nothing malformed throws.
		const shape = v.safeParse(StartPositionSchema, config.position);
		if (!shape.success) return fail('BAD_POSITION', issueLines(shape.issues, 'position'));
		const r = applyPosition(state, config.position);
		if (!r.ok) return r;
	}
	return ok(state);
}

/**
 * Puts a scenario's starting position onto a fresh setup. Whatever the position does not say keeps
 * its setup value; bags and supplies are recomputed so every component is conserved, and a position
 * that would need more pieces than the box holds is refused.
 */
function applyPosition(s: GiantsState, pos: StartPosition): Result<null> {
	const n = s.players.length;
	const per = COMPONENTS.perColour;
	if (pos.round !== undefined) {
		if (!isIntIn(pos.round, 1, 25)) return fail('BAD_POSITION', 'G-6.4: round must be 1–25');
		s.round = pos.round;
	}
	if (pos.startPlayer !== undefined) {
		if (!isIntIn(pos.startPlayer, 0, n - 1)) return fail('BAD_POSITION', 'G-2.3: the start player must be a seat');
		s.startPlayer = pos.startPlayer;
	}
	for (const seatCut of pos.forestsCut ?? []) {
		if (HEX.get(seatCut)?.type !== 'forest') return fail('BAD_POSITION', `G-1: ${seatCut} is not one of the 7 forests`);
		s.forestsCut.push(seatCut);
	}
	const markersOnStatues = Array(n).fill(0);
	const pedestalsOnBoard = Array(n).fill(0);
	for (const [ahu, seat] of Object.entries(pos.reserved ?? {})) {
		if (!AHU.has(ahu) || !isIntIn(seat, 0, n - 1)) return fail('BAD_POSITION', `G-4.2: a reservation of ${ahu} needs an ahu of the board and a seat`);
		s.ahus[ahu].pedestal = seat;
		pedestalsOnBoard[seat]++;
	}
	for (const st of pos.statues ?? []) {
		const size: Size = st.kind === 'headdress' ? 1 : (st.size ?? 1);
		const id = (st.kind === 'moai' ? 'm' : 'h') + s.nextStatue++;
		if (st.kind === 'moai') {
			if (s.supply.moai[size - 1] <= 0) return fail('BAD_POSITION', `G-1: no moai of size ${size} left (17, 12 and 6 of sizes 1, 2 and 3)`);
			s.supply.moai[size - 1]--;
		} else {
			if (s.supply.headdresses <= 0) return fail('BAD_POSITION', 'G-1: no headdress left (there are 14)');
			s.supply.headdresses--;
		}
		const owner = st.owner ?? st.marker ?? null;
		if (st.ahu !== undefined) {
			const a = s.ahus[st.ahu];
			if (!a) return fail('BAD_POSITION', `G-1: ${st.ahu} is no ahu of the board`);
			if (st.kind === 'moai') {
				if (a.moai !== null || owner === null) return fail('BAD_POSITION', `G-5.4: a moai on ${st.ahu} needs an owner and an ahu without a moai`);
				if (a.pedestal === null) pedestalsOnBoard[owner]++;
				else if (a.pedestal !== owner) return fail('BAD_POSITION', `G-5.4: ${st.ahu} is reserved by another seat`);
				a.pedestal = owner;
				a.moai = id;
			} else {
				if (a.moai === null || a.crown !== null) return fail('BAD_POSITION', `G-5.5: a headdress on ${st.ahu} crowns its moai, which must be there and uncrowned`);
				a.crown = id;
			}
			s.statues.push({ id, kind: st.kind, size, loc: { kind: 'ahu', ahu: st.ahu }, owner, marker: null, abandoned: false });
		} else {
			if (!st.hex || !HEX.has(st.hex)) return fail('BAD_POSITION', 'input validation: a statue needs a hex or an ahu');
			if (st.marker !== undefined) {
				if (!isIntIn(st.marker, 0, n - 1)) return fail('BAD_POSITION', 'G-5.6: a statue\'s marker must be a seat');
				markersOnStatues[st.marker]++;
			}
			const marker = st.marker ?? null;
			const abandoned = marker === null && (st.abandoned ?? true);
			s.statues.push({ id, kind: st.kind, size, loc: { kind: 'hex', hex: st.hex }, owner: abandoned ? null : owner, marker, abandoned });
		}
	}
	let logs = 0;
	let rongo = 0;
	for (let seat = 0; seat < n; seat++) {
		const p = s.players[seat];
		const over = pos.players?.[seat];
		if (over) {
			Object.assign(p.behind, over.behind ?? {});
			if (over.rongo !== undefined) p.front.rongo = over.rongo;
			if (over.lent !== undefined) p.lent = over.lent;
			if (over.score !== undefined) p.score = over.score;
			else if (over.lent !== undefined) p.score = over.lent;
		}
		if (over?.behind?.pedestals === undefined) p.behind.pedestals -= pedestalsOnBoard[seat];
		const b = p.behind;
		for (const k of ['workers', 'markers', 'pedestals', 'logs'] as const) {
			if (!isIntIn(b[k], 0, 30)) return fail('BAD_POSITION', `input validation: seat ${seat}: ${k} behind the screen must be 0–30`);
		}
		p.bag.workers = per.workers - b.workers;
		p.bag.markers = per.tribeMarkers - b.markers - markersOnStatues[seat];
		const pedestalTotal = SETUP.pedestalsByPlayers[String(n)];
		if (p.bag.workers < 0 || p.bag.markers < 0 || b.pedestals + pedestalsOnBoard[seat] !== pedestalTotal)
			return fail('BAD_POSITION', `G-1, G-2.1, G-2.2: seat ${seat}: more workers or tribe markers than a colour has, or pedestals that do not add up to ${SETUP.pedestalsByPlayers[String(n)]}`);
		logs += b.logs;
		rongo += p.front.rongo;
	}
	s.supply.logs -= logs;
	s.supply.rongo -= rongo;
	if (s.supply.logs < 0 || s.supply.rongo < 0) return fail('BAD_POSITION', 'G-1: more logs (27) or rongo halves (30) than the box holds');
	return ok(null);
}

/**
 * The working copy `apply` starts from: players, phase, sealed decisions and the small arrays are
 * copied; board hexes, ahus and statues are shared and copied on write (context.ts `own*`). Dice are
 * only ever replaced, never changed in place, and `forcedDice` is config: both are shared.
 */
export function cloneState(s: GiantsState): GiantsState {
	return {
		game: s.game,
		engineVersion: s.engineVersion,
		options: { ...s.options },
		seedCommitment: s.seedCommitment,
		round: s.round,
		startPlayer: s.startPlayer,
		players: s.players.map((p) => ({
			colour: p.colour,
			behind: { ...p.behind },
			front: { ...p.front },
			bag: { ...p.bag },
			lent: p.lent,
			score: p.score,
			passed: p.passed,
			chiefActionUsed: p.chiefActionUsed
		})),
		board: { ...s.board },
		ahus: { ...s.ahus },
		statues: s.statues.slice(),
		supply: { moai: [s.supply.moai[0], s.supply.moai[1], s.supply.moai[2]], headdresses: s.supply.headdresses, logs: s.supply.logs, rongo: s.supply.rongo },
		logsOut: s.logsOut,
		forestsCut: s.forestsCut.slice(),
		dice: s.dice,
		display: s.display.slice(),
		unmoved: s.unmoved.slice(),
		nextStatue: s.nextStatue,
		phase: cloneJson(s.phase),
		secret: {
			seed: s.secret.seed,
			rng: [s.secret.rng[0], s.secret.rng[1], s.secret.rng[2], s.secret.rng[3]],
			sealed: s.secret.sealed.map((d) => (d === null ? null : cloneJson(d))),
			forcedDice: s.secret.forcedDice
		}
	};
}
