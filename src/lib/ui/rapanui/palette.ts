/**
 * Rapa Nui's pieces' colours (issue 30: one palette): each card type's colour for its art and each
 * player colour's swatch. The type colours are dark enough for the card's ink rule: each has a
 * contrast of at least 4.5:1 with the card's paper, so a type's icon also reads as text would
 * (palette.test.ts). Names and pictures always say the same, so colour never carries meaning alone.
 */
import type { CardType, Colour } from '$lib/games/rapanui/surface';

export const TYPE_COLOUR: Record<CardType, string> = {
	woodcutter: '#7a4b24',
	priest: '#6b3f8f',
	moai: '#5b544c',
	fish: '#1f5f8b',
	paper_mulberry: '#2f6b3a',
	sweet_potato: '#a4452f',
	grain: '#7a5d0c'
};

/** The player colours as drawn: a swatch beside the name and a corner on start cards. */
export const COLOUR_FILL: Record<Colour, string> = {
	yellow_green: '#9bbf2a',
	light_blue: '#6fb7e0',
	red: '#c0392b',
	purple: '#7d4fa0'
};

/** The card art sprite (static/pieces/rapanui.svg): one symbol per card type. */
export const SPRITE = '/pieces/rapanui.svg';

/** A start card's colour from its id (`start-<colour>-<type>`, rapanui-data.json), else null. */
export function startColour(id: string): Colour | null {
	const m = /^start-(yellow_green|light_blue|red|purple)-/.exec(id);
	return m ? (m[1] as Colour) : null;
}
