/**
 * A Giants state written as a full position (the kind's `position.write`; docs/positions.md § Giants):
 * the scenario extra `{ position }` that starts a game at exactly this state with its seed. What the
 * reader derives (position.ts) is left out, and defaults are left out where they say the same, so a
 * person reads what matters: the board by hex, the statues, the ahus reserved, each screen and front,
 * the phase and what it awaits with the sealed decisions in.
 *
 * `fresh` (engine/kind.ts `WriteOptions`): the generator is left out, so a game started from the
 * position with another seed rolls the dice of later rounds from that seed. Giants has no face-down
 * piles — bags and supplies are public counts (G-0.1) — so the generator is all the seed decided
 * that nobody has seen. `forcedDice` is a test seam of the config, never part of a position.
 */
import type { WriteOptions } from '$lib/engine';
import type { GiantsPosition } from './positionSchema';
import type { Bid, GiantsState, RoundEndChoice, Sculptors, Statue } from './types';

type Written = NonNullable<GiantsPosition['statues']>[number];

const bidOf = (b: Bid) => ({ markers: b.markers, workers: b.workers, ...(b.medicineMan ? { medicineMan: true } : {}), ...(b.chief ? { chief: true } : {}) });
const sculptorsOf = (x: Sculptors) => ({ workers: x.workers, ...(x.medicineMan ? { medicineMan: true } : {}), ...(x.chief ? { chief: true } : {}) });

function statueOf(st: Statue, unmoved: boolean): Written {
	const where = st.loc.kind === 'front' ? { front: st.loc.seat } : st.loc.kind === 'hex' ? { hex: st.loc.hex } : { ahu: st.loc.ahu };
	// The reader's defaults (position.ts): owner = marker, else the seat in front of whose screen it lies.
	const owner = st.marker ?? (st.loc.kind === 'front' ? st.loc.seat : null);
	const abandoned = st.loc.kind === 'hex' && st.marker === null && st.owner === null;
	return {
		id: st.id,
		kind: st.kind,
		...(st.kind === 'moai' ? { size: st.size } : {}),
		...where,
		...(st.owner !== owner ? { owner: st.owner } : {}),
		...(st.marker !== null ? { marker: st.marker } : {}),
		...(st.abandoned !== abandoned ? { abandoned: st.abandoned } : {}),
		...(unmoved ? { unmoved: true } : {})
	};
}

function phaseOf(s: GiantsState): GiantsPosition['phase'] {
	const ph = s.phase;
	switch (ph.kind) {
		case 'bid':
			return { kind: 'bid', bids: s.secret.sealed.map((d) => (d && 'markers' in d ? bidOf(d) : null)) };
		case 'carve': {
			const out = ph.out.flatMap((o, seat) => (o ? [seat] : []));
			return { kind: 'carve', turn: ph.turn, pass: ph.pass, left: ph.left.map(sculptorsOf), ...(out.length ? { out } : {}) };
		}
		case 'place':
		case 'transport':
			return { kind: ph.kind, turn: ph.turn };
		case 'choice':
			return { kind: 'choice', choices: s.secret.sealed.map((d) => (d && 'release' in d ? { mark: [...(d as RoundEndChoice).mark], release: [...d.release] } : null)) };
		case 'over':
			return { kind: 'over', reason: ph.reason };
	}
}

export function writePosition(s: GiantsState, opts: WriteOptions = {}): { position: GiantsPosition } {
	const during = s.phase.kind === 'place' || s.phase.kind === 'transport';
	const board: NonNullable<GiantsPosition['board']> = {};
	for (const [hex, h] of Object.entries(s.board)) {
		const any = (a: number[]) => a.some((x) => x > 0);
		board[hex] = {
			...(any(h.workers) ? { workers: [...h.workers] } : {}),
			...(any(h.medicineMen) ? { medicineMen: [...h.medicineMen] } : {}),
			...(any(h.chiefs) ? { chiefs: [...h.chiefs] } : {}),
			...(h.logs ? { logs: h.logs } : {})
		};
	}
	const reserved: Record<string, number> = {};
	for (const [ahu, a] of Object.entries(s.ahus)) if (a.pedestal !== null && a.moai === null) reserved[ahu] = a.pedestal;
	return {
		position: {
			round: s.round,
			startPlayer: s.startPlayer,
			phase: phaseOf(s),
			players: s.players.map((p) => ({
				colour: p.colour,
				// Pedestals and the bag follow from the rest (G-2.1, G-2.2): the reader derives them.
				behind: { workers: p.behind.workers, medicineMan: p.behind.medicineMan, chief: p.behind.chief, markers: p.behind.markers, logs: p.behind.logs },
				front: { ...p.front },
				lent: p.lent,
				score: p.score,
				...(during ? { passed: p.passed } : {}),
				...(p.chiefActionUsed ? { chiefActionUsed: true } : {})
			})),
			board,
			statues: s.statues.map((st) => statueOf(st, s.unmoved.includes(st.id))),
			reserved,
			forestsCut: [...s.forestsCut],
			dice: s.dice.map((d) => (d.broken ? { face: d.face, broken: true } : d.face)),
			logsOut: s.logsOut,
			...(opts.fresh ? {} : { rng: [s.secret.rng[0], s.secret.rng[1], s.secret.rng[2], s.secret.rng[3]] as [number, number, number, number] })
		}
	};
}
