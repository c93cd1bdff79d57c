/**
 * A busy but legal-looking position for specs and the legend's screenshots: statues lying, marked
 * and abandoned, reserved, erected and crowned ahus, a cut forest, and figures and logs on hexes.
 * Figures and logs are put straight into the view (the board only draws what a view says).
 */
import { giants, type GiantsView } from '$lib/games/giants';
import { startState } from '$lib/engine';

export function demoView(players = 4): GiantsView {
	const r = startState(giants, 
		{
			players,
			startPlayer: 0,
			position: {
				round: 3,
				statues: [
					{ kind: 'moai', size: 3, hex: 'H28', owner: 0, marker: 0 },
					{ kind: 'moai', size: 1, hex: 'H28', owner: 1, marker: 1 },
					{ kind: 'moai', size: 2, hex: 'H17', owner: 2, marker: 2 },
					{ kind: 'headdress', hex: 'H13', owner: 3, marker: 3 },
					{ kind: 'headdress', hex: 'H14', owner: 1, marker: 1 },
					{ kind: 'moai', size: 2, hex: 'H24', abandoned: true },
					{ kind: 'moai', size: 2, ahu: 'A07', owner: 0 },
					{ kind: 'moai', size: 3, ahu: 'A15', owner: 1 },
					{ kind: 'headdress', ahu: 'A15', owner: 2 }
				],
				reserved: { A11: 3, A17: 2 },
				forestsCut: ['H25']
			}
		},
		'board-demo'
	);
	if (!r.ok) throw new Error(`demo setup refused: ${r.code} ${r.message}`);
	const v = giants.view(r.value, 0);
	const zero = () => Array<number>(players).fill(0);
	// The view's board is sparse: a hex without pieces has no entry.
	const at = (hex: string) => (v.board[hex] ??= { workers: zero(), medicineMen: zero(), chiefs: zero(), logs: 0 });
	const put = (hex: string, seat: number, what: 'workers' | 'medicineMen' | 'chiefs', n: number) => {
		at(hex)[what][seat] = n;
	};
	put('H10', 0, 'workers', 2);
	put('H10', 1, 'chiefs', 1);
	put('H10', 2, 'workers', 1);
	at('H10').logs = 2;
	put('H16', 3, 'medicineMen', 1);
	put('H16', 3, 'workers', 3);
	put('H22', 1, 'workers', 1);
	put('H27', 0, 'chiefs', 1);
	put('H27', 2, 'medicineMen', 1);
	put('H11', 1, 'workers', 1);
	put('H11', 2, 'workers', 1);
	put('H11', 3, 'workers', 1);
	put('H11', 0, 'workers', 1);
	put('H11', 0, 'medicineMen', 1);
	at('H11').logs = 1;
	return v;
}

export const DEMO_NAMES = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli'];
