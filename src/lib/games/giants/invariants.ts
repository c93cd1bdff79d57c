/**
 * Component conservation (G-1): every piece is always somewhere, exactly once. Returns the list of
 * violations (empty when the state is sound); the fuzzer checks it after every move.
 */
import { AHUS, COMPONENTS, SETUP } from './board';
import type { GiantsState } from './types';

export function conservationErrors(s: GiantsState): string[] {
	const errors: string[] = [];
	const n = s.players.length;
	const per = COMPONENTS.perColour;
	const expect = (what: string, got: number, want: number) => {
		if (got !== want) errors.push(`${what}: ${got}, expected ${want}`);
	};
	const board = Object.values(s.board);
	const markersOn = Array(n).fill(0);
	for (const st of s.statues) if (st.marker !== null) markersOn[st.marker]++;
	const pedestalsOn = Array(n).fill(0);
	for (const a of AHUS) {
		const p = s.ahus[a.id].pedestal;
		if (p !== null) pedestalsOn[p]++;
	}
	s.players.forEach((p, seat) => {
		const sum = (f: (h: (typeof board)[number]) => number) => board.reduce((t, h) => t + f(h), 0);
		expect(`seat ${seat} workers`, p.behind.workers + p.front.workers + p.bag.workers + sum((h) => h.workers[seat]), per.workers);
		expect(
			`seat ${seat} medicine man`,
			+p.behind.medicineMan + +p.front.medicineMan + sum((h) => h.medicineMen[seat]),
			per.medicineMan
		);
		expect(`seat ${seat} chief`, +p.behind.chief + +p.front.chief + sum((h) => h.chiefs[seat]), per.chief);
		expect(`seat ${seat} markers`, p.behind.markers + p.front.markers + p.bag.markers + markersOn[seat], per.tribeMarkers);
		expect(`seat ${seat} pedestals`, p.behind.pedestals + pedestalsOn[seat], SETUP.pedestalsByPlayers[String(n)]);
		for (const [k, v] of Object.entries({ ...p.behind, ...p.front, ...p.bag }))
			if (typeof v === 'number' && v < 0) errors.push(`seat ${seat} ${k} negative`);
	});
	for (const size of [1, 2, 3] as const) {
		const placed = s.statues.filter((st) => st.kind === 'moai' && st.size === size).length;
		const shown = s.display.filter((x) => x === size).length;
		expect(`moai size ${size}`, s.supply.moai[size - 1] + shown + placed, COMPONENTS.moai[String(size) as '1']);
	}
	expect('headdresses', s.supply.headdresses + s.statues.filter((st) => st.kind === 'headdress').length, COMPONENTS.headdresses);
	const logs = s.supply.logs + s.logsOut + s.players.reduce((t, p) => t + p.behind.logs, 0) + board.reduce((t, h) => t + h.logs, 0);
	expect('logs', logs, COMPONENTS.logs);
	expect('rongo halves', s.supply.rongo + s.players.reduce((t, p) => t + p.front.rongo, 0), COMPONENTS.rongoHalves);
	// Every statue on an ahu is the ahu's moai or crown, and vice versa.
	for (const st of s.statues) {
		if (st.loc.kind !== 'ahu') continue;
		const a = s.ahus[st.loc.ahu];
		if ((st.kind === 'moai' ? a.moai : a.crown) !== st.id) errors.push(`${st.id} is not on ${st.loc.ahu}`);
		if (st.marker !== null) errors.push(`${st.id} on an ahu still carries a marker`);
	}
	for (const a of AHUS) {
		const st = s.ahus[a.id];
		if (st.crown !== null && st.moai === null) errors.push(`${a.id} is crowned without a moai`);
		if (st.moai !== null && st.pedestal === null) errors.push(`${a.id} holds a moai without a pedestal`);
	}
	return errors;
}
