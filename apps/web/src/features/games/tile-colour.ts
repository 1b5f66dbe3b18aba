/** The spec's four tile colours (section 3), in the order nodeId mod 4 picks them. */
export const tileColours = ['skyblue', 'green', 'purple', 'red'] as const;
export type TileColour = (typeof tileColours)[number];

/** Colour by nodeId mod 4 (negative or fractional ids are normalised, so every id gets a colour). */
export function tileColourOf(nodeId: number): TileColour {
  const index = ((Math.trunc(nodeId) % 4) + 4) % 4;
  return tileColours[index] as TileColour;
}

/**
 * The per-session colour map of spec section 3: a game keeps the colour it was first given for as
 * long as the page lives, wherever its tile appears (home lanes, lists, popups).
 */
export function createColourMap() {
  const colours = new Map<number, TileColour>();
  return (nodeId: number): TileColour => {
    let colour = colours.get(nodeId);
    if (!colour) {
      colour = tileColourOf(nodeId);
      colours.set(nodeId, colour);
    }
    return colour;
  };
}

export const colourOfGame = createColourMap();
