/**
 * The one artwork: `GlyphArt` -> vector parts in a 100 x 100 box (parts.ts),
 * drawn the same by the Konva board, the inline SVG icons, the SVG / PNG
 * renderer and the pack PDF. Pieces (art/pieces.ts), Chess Maze tiles
 * (art/tiles.ts), terrain and marks (art/terrain.ts).
 */
import type { ArtSwatch, GlyphArt } from './glyph.js';
import type { ArtPart } from './art/parts.js';
import { pieceParts } from './art/pieces.js';
import { CM_COLOR_HEX, tileParts } from './art/tiles.js';
import { badgeBackingParts, holeParts, lockMarkParts, pillarParts, portalParts, valleyParts, wallParts } from './art/terrain.js';

export type { ArtPart, PathPart, TextPart } from './art/parts.js';
export { TEXT_BASELINE_SHIFT } from './art/parts.js';
export { badgeBackingParts } from './art/terrain.js';

/** Terrain and mark art takes no parameters: each is built once (a board redraw asks for it per square); every caller gets its own array of the shared, never-mutated parts. */
const built = new Map<() => ArtPart[], ArtPart[]>();
function once(make: () => ArtPart[]): ArtPart[] {
  let parts = built.get(make);
  if (!parts) built.set(make, (parts = make()));
  return [...parts];
}

/** The parts of `art`, in drawing order. Never throws (unknown roles / kinds draw nothing). */
export function artParts(art: GlyphArt): ArtPart[] {
  switch (art.kind) {
    case 'piece':
      return pieceParts(art);
    case 'tile':
      return tileParts(art);
    case 'wall':
      return once(wallParts);
    case 'hole':
      return once(holeParts);
    case 'pillar':
      return once(pillarParts);
    case 'valley':
      return once(valleyParts);
    case 'portal':
      return once(portalParts);
    case 'lock':
      return once(lockMarkParts);
    case 'drawn':
      return [...art.parts];
    default:
      return [];
  }
}

/** The parts of a glyph as drawn: the badge backing first when `backed`. */
export function glyphParts(g: { art: GlyphArt; backed?: boolean }): ArtPart[] {
  return g.backed ? [...once(badgeBackingParts), ...artParts(g.art)] : artParts(g.art);
}

/** A class name for the art (`piece piece-king`, `tile tile-finish`, `wall`): SVG groups, tests. */
export function artClass(art: GlyphArt): string {
  if (art.kind === 'piece') return `piece piece-${art.role}`;
  if (art.kind === 'tile') return `tile tile-${art.tile}`;
  if (art.kind === 'drawn') return `drawn ${art.name}`;
  return art.kind;
}

/** A one-colour summary of the art for a minimap: a filled square or a dot, `size` in squares (side or diameter). */
export function artSwatch(art: GlyphArt): ArtSwatch {
  switch (art.kind) {
    case 'drawn':
      return art.swatch ?? { shape: 'square', fill: '#2c313c', size: 1 };
    case 'piece':
      return { shape: 'dot', fill: art.tone === 'dark' ? '#15171d' : '#fafafa', size: 0.72 };
    case 'portal':
      return { shape: 'dot', fill: '#5b2bbf', size: 0.9 };
    case 'lock':
      return { shape: 'dot', fill: '#f0c419', size: 0.4 };
    case 'valley':
      return { shape: 'square', fill: '#d4a017', size: 1 };
    case 'tile': {
      const colour = art.color ? (CM_COLOR_HEX as Record<string, string>)[art.color] : undefined;
      const fill =
        art.tile === 'finish'
          ? '#f8fafc'
          : art.tile === 'transform'
            ? '#8e1fb0'
            : art.tile === 'gem'
              ? '#3cc8f0'
              : art.tile === 'letter'
                ? '#f3e6c6'
                : (colour ?? '#f4c430');
      return { shape: 'square', fill, size: art.tile === 'lock' || art.tile === 'plate' || art.tile === 'transform' ? 1 : 0.6 };
    }
    default:
      return { shape: 'square', fill: '#2c313c', size: 1 };
  }
}
