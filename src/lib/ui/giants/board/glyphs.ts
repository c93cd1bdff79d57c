/**
 * Shared SVG glyphs of the board and its legend, centred on (0, 0) in board units (hex radius 50).
 * One source so the legend always shows exactly what the board draws.
 */
import type { HexType } from '$lib/games/giants/surface';

/** Earthy island palette; dark ink on every land fill (contrast ≥ 4.5:1 for the small labels). */
export const INK = '#2a2118';
export const SEA = '#2f7fa6';
export const STONE = '#8a7f72';
export const BASALT = '#574b41';
export const SCORIA = '#a5452a';
export const WOOD = '#8b5a2b';
export const TARGET = '#ffd836';

export const HEX_FILL: Record<HexType, string> = {
	plain: '#c3c98a',
	village: '#e6c994',
	sorcerer_hut: '#c2abc9',
	forest: '#79a35a',
	headdress_quarry: '#d08a6c',
	moai_quarry: '#b2a693'
};
export const CUT_FOREST_FILL = '#c2b497';

/** A moai seen from the front: heavy brow, long body; about 14 × 24. */
export const MOAI = 'M-5,-12H5L6.5,-5L5.5,-3L6,4L7,6V12H-7V6L-6,4L-5.5,-3L-6.5,-5Z';
export const MOAI_BROW = 'M-5,-5.5H5';
/** A headdress (pukao): a squat red cylinder with a topknot; about 16 × 12. */
export const PUKAO = 'M-8,-2A8,3 0 0,1 8,-2V4A8,3 0 0,1 -8,4Z';
export const PUKAO_TOP = 'M-8,-2A8,3 0 0,0 8,-2';
export const CROWN = 'M-5,0V-6L-2.5,-3L0,-7L2.5,-3L5,-6V0Z';
/** A pedestal: a low stone block under an erected moai or alone as a reservation. */
export const PEDESTAL = 'M-8,-3H8V3H-8Z';

/** Faint pictures in the middle of a hex so its kind reads at a glance (and without colour). */
export const HEX_ICON: Record<HexType | 'forest_cut', string> = {
	plain: 'M-14,10l3,-7l3,7M-2,14l3,-7l3,7M10,8l3,-7l3,7',
	// Rapa Nui houses (hare paenga) are boat-shaped.
	village:
		'M-24,8Q-12,-14 0,8ZM2,12Q14,-10 26,12ZM-24,8H0M2,12H26',
	sorcerer_hut: 'M-16,14Q0,-14 16,14ZM0,-22l3,6l6,1l-4.5,4l1,6l-5.5,-3l-5.5,3l1,-6l-4.5,-4l6,-1Z',
	forest: 'M-18,14l8,-22l8,22ZM-4,8l9,-26l9,26ZM-10,14h0M10,14l7,-18l7,18Z',
	forest_cut: 'M-16,14v-6h7v6ZM2,10v-7h8v7ZM14,16v-5h6v5ZM-16,8a3.5,1.5 0 0,0 7,0M2,3a4,1.5 0 0,0 8,0',
	headdress_quarry: 'M-20,2A9,3.5 0 0,1 -2,2V12A9,3.5 0 0,1 -20,12ZM4,-6A9,3.5 0 0,1 22,-6V4A9,3.5 0 0,1 4,4Z',
	moai_quarry: 'M-8,-20H8L10,-9L8,-6L9,6L11,9V20H-11V9L-9,6L-8,-6L-10,-9Z'
};
