/** Phase 5: the sealed end-of-round choice (G-6.0), abandoned statues (G-5.8), the next round. */
import { startRound } from './auction';
import { hasRoundEndChoice, markable, releasable } from './choice';
import { ownStatue, refuse, seatCount, type Ctx } from './context';
import type { GiantsMove, Readable, RoundEndChoice, Seat } from './types';

export function startChoice(c: Ctx): void {
	const s = c.s;
	const n = seatCount(s);
	const eligible = [...Array(n).keys()].map((seat) => hasRoundEndChoice(s, seat));
	s.secret.sealed = Array(n).fill(null);
	if (!eligible.some(Boolean)) {
		endRound(c, []);
		return;
	}
	s.phase = { kind: 'choice', eligible, submitted: Array(n).fill(false) };
	c.log.push({ type: 'phase', phase: 'choice' });
}

export function checkChoice(s: Readable, seat: Seat, choice: RoundEndChoice): void {
	const canMark = markable(s, seat);
	const canRelease = releasable(s, seat);
	if (new Set(choice.mark).size !== choice.mark.length || new Set(choice.release).size !== choice.release.length)
		refuse('DUPLICATE_STATUE', 'G-6.0: name each statue once');
	if (choice.mark.some((id) => !canMark.includes(id))) refuse('NOT_MARKABLE', 'G-6.0: only your unmoved statues on a quarry can be marked');
	// Only markers that were behind the screen when phase 4 ended (not those taken back now).
	if (choice.mark.length > s.players[seat].behind.markers) refuse('NO_MARKER', 'G-6.0: not enough markers behind your screen');
	if (choice.release.some((id) => !canRelease.includes(id))) refuse('NOT_YOUR_MARKER', 'G-6.0: you can take back only your own markers');
}

/** G-6.0: sealed like a bid (G-3.1) and replaceable until the last choice is in. */
export function submitChoice(c: Ctx, seat: Seat, m: Extract<GiantsMove, { type: 'choose' }>): void {
	const ph = c.s.phase;
	if (ph.kind !== 'choice') return;
	if (!ph.eligible[seat]) refuse('NOT_ASKED', 'G-6.0: you have no end-of-round choice');
	const choice = { mark: [...m.mark], release: [...m.release] };
	checkChoice(c.s, seat, choice);
	const replaced = ph.submitted[seat];
	c.s.secret.sealed[seat] = choice;
	ph.submitted[seat] = true;
	c.log.push({ type: 'choice-in', seat, replaced });
}

/** Every choice is in: reveal and carry them out, then close the round (G-6.0). */
export function revealChoices(c: Ctx): void {
	const s = c.s;
	const choices: ({ seat: Seat } & RoundEndChoice)[] = [];
	s.secret.sealed.forEach((d, seat) => {
		if (d && 'release' in d) choices.push({ seat, mark: d.mark, release: d.release });
	});
	s.secret.sealed = Array(seatCount(s)).fill(null);
	endRound(c, choices);
}

function endRound(c: Ctx, choices: ({ seat: Seat } & RoundEndChoice)[]): void {
	const s = c.s;
	for (const ch of choices) {
		for (const id of ch.release) {
			const st = ownStatue(c, id)!;
			st.marker = null; // the claim lapses
			s.players[ch.seat].behind.markers++;
		}
		for (const id of ch.mark) {
			const st = ownStatue(c, id)!;
			st.marker = ch.seat;
			s.players[ch.seat].behind.markers--;
		}
	}
	if (choices.length) c.log.push({ type: 'choices', choices });
	// Everything on the board and in front of the screens goes back behind them; rongo halves stay.
	for (const [hex, hc] of Object.entries(s.board)) {
		hc.workers.forEach((w, seat) => (s.players[seat].behind.workers += w));
		hc.medicineMen.forEach((m, seat) => m && (s.players[seat].behind.medicineMan = true));
		hc.chiefs.forEach((ch, seat) => ch && (s.players[seat].behind.chief = true));
		delete s.board[hex];
	}
	for (const p of s.players) {
		p.behind.workers += p.front.workers;
		p.behind.markers += p.front.markers;
		p.behind.medicineMan ||= p.front.medicineMan;
		p.behind.chief ||= p.front.chief;
		p.front = { workers: 0, medicineMan: false, chief: false, markers: 0, rongo: p.front.rongo };
		p.passed = false;
		p.chiefActionUsed = false;
	}
	// G-5.8: whatever lies on the board unmarked is abandoned.
	const abandoned: string[] = [];
	for (const shared of s.statues) {
		if (shared.loc.kind === 'hex' && shared.marker === null && !shared.abandoned) {
			const st = ownStatue(c, shared.id)!;
			st.abandoned = true;
			st.owner = null;
			abandoned.push(shared.id);
		}
	}
	if (abandoned.length) c.log.push({ type: 'abandoned', statues: abandoned });
	s.unmoved = [];
	s.startPlayer = (s.startPlayer + 1) % seatCount(s); // the start player passes clockwise
	s.round++;
	startRound(c);
}
