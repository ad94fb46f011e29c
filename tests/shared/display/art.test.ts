/**
 * The one artwork (src-shared/display/art.ts): every GlyphArt kind yields
 * vector parts in the 100 x 100 box; shapes, not only colours, tell things
 * apart (colour-blind safety).
 */
import { describe, expect, it } from 'vitest';
import { CM_COLORS, ROLES, type CmTileKind } from '../../../src-shared/model/level.js';
import type { GlyphArt } from '../../../src-shared/display/glyph.js';
import { artClass, artParts, type ArtPart, type PathPart } from '../../../src-shared/display/art.js';
import { CM_GLYPH, CM_GLYPH_SYMBOL, glyphPath } from '../../../src-shared/display/art/tiles.js';
import { KV_ART, PIECE_ART, TONE_STYLE } from '../../../src-shared/display/art/pieces.js';

const TILES: CmTileKind[] = ['key', 'lock', 'plate', 'coin', 'gem', 'letter', 'transform', 'finish'];
const paths = (ps: ArtPart[]): PathPart[] => ps.filter((p): p is PathPart => p.type === 'path');

/** Every number in every path's data, to check the art stays near its box. */
const coords = (ps: ArtPart[]): number[] => paths(ps).flatMap((p) => (p.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number));

const ALL: GlyphArt[] = [
  ...ROLES.map((role) => ({ kind: 'piece', role, tone: 'light' }) as GlyphArt),
  { kind: 'piece', role: 'soldier', tone: 'dark', dot: true },
  ...TILES.map((tile) => ({ kind: 'tile', tile, color: 'red', letter: 'A', allowed: ['knight', 'queen'] }) as GlyphArt),
  { kind: 'wall' },
  { kind: 'hole' },
  { kind: 'pillar' },
  { kind: 'valley' },
  { kind: 'portal' },
  { kind: 'lock' },
];

describe('the artwork', () => {
  it('every GlyphArt kind yields parts inside the 100 x 100 box (arcs aside)', () => {
    for (const art of ALL) {
      const ps = artParts(art);
      expect(ps.length, artClass(art)).toBeGreaterThan(0);
      for (const n of coords(ps)) {
        expect(n, artClass(art)).toBeGreaterThanOrEqual(-1);
        expect(n, artClass(art)).toBeLessThanOrEqual(101);
      }
    }
  });

  it('every piece role and the soldier have their own silhouette', () => {
    const bodies = Object.values(PIECE_ART).map((a) => a.body);
    expect(new Set(bodies).size).toBe(6);
    expect(KV_ART.king.body).not.toBe(KV_ART.soldier.body);
  });

  it('UK-2 / CM-2 / KV-1: light and dark tones differ in more than the fill colour (outline colour and dash)', () => {
    for (const role of ROLES) {
      const light = paths(artParts({ kind: 'piece', role, tone: 'light' }))[0]!;
      const dark = paths(artParts({ kind: 'piece', role, tone: 'dark' }))[0]!;
      expect(light.d).toBe(dark.d);
      expect(light.fill).not.toBe(dark.fill);
      expect(light.stroke).not.toBe(dark.stroke);
      expect(light.dash ?? []).toEqual([]);
      expect((dark.dash ?? []).length).toBeGreaterThan(0);
    }
    expect(TONE_STYLE.light.dash).toEqual([]);
    expect(TONE_STYLE.dark.dash.length).toBeGreaterThan(0);
  });

  it('marks: UK-4 facing arrow (turned with the facing) and lateral arrows, CM-2 enemy badge, KV-1 dot', () => {
    const names = (art: GlyphArt): string[] => artParts(art).map((p) => p.name ?? '');
    expect(names({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'east', lateral: true })).toEqual(
      expect.arrayContaining(['facing facing-east', 'lateral']),
    );
    expect(names({ kind: 'piece', role: 'rook', tone: 'dark', enemy: true })).toContain('enemy');
    expect(names({ kind: 'piece', role: 'king', tone: 'dark', dot: true })).toContain('dot');
    expect(names({ kind: 'piece', role: 'king', tone: 'dark' })).not.toContain('dot');
    // The north arrow's tip is at the top of the box, the east one at the right.
    const tip = (facing: 'north' | 'east'): string =>
      paths(artParts({ kind: 'piece', role: 'pawn', tone: 'light', facing })).find((p) => p.name?.startsWith('facing'))!.d;
    expect(tip('north')).toContain('L 50 1 ');
    expect(tip('east')).toContain('L 99 50 ');
  });

  it('CM-10 the transform tile writes its types as text; CM-9 a letter tile its letter; CM-11 the flag has black checks', () => {
    const texts = (art: GlyphArt) =>
      artParts(art)
        .filter((p) => p.type === 'text')
        .map((p) => (p as { text: string }).text);
    expect(texts({ kind: 'tile', tile: 'transform', allowed: ['knight', 'queen'] })).toEqual(['NQ']);
    expect(texts({ kind: 'tile', tile: 'letter', letter: 'W' })).toEqual(['W']);
    const checks = artParts({ kind: 'tile', tile: 'finish' }).find((p) => p.name === 'checks') as PathPart;
    expect(checks.fill).toBe('#15171c');
    expect(checks.d.match(/M /g)).toHaveLength(6);
  });

  it('CM-5 / CM-6: the four colours have four glyph shapes and symbols; a lock draws open differently', () => {
    expect(new Set(Object.values(CM_GLYPH)).size).toBe(4);
    expect(new Set(Object.values(CM_GLYPH_SYMBOL)).size).toBe(4);
    expect(new Set(CM_COLORS.map((c) => glyphPath(c, 50, 50, 10))).size).toBe(4);
    const closed = artParts({ kind: 'tile', tile: 'lock', color: 'red' });
    const open = artParts({ kind: 'tile', tile: 'lock', color: 'red', open: true });
    expect(closed.some((p) => p.name === 'hatch')).toBe(true);
    expect(open.some((p) => p.name === 'hatch')).toBe(false);
  });

  it('terrain kinds differ by shape: hatching, dots, flutes, rings, star, shackle', () => {
    const named = (art: GlyphArt): string[] => artParts(art).flatMap((p) => (p.name ? [p.name] : []));
    expect(named({ kind: 'wall' })).toContain('hatch');
    expect(named({ kind: 'hole' })).toContain('dots');
    expect(named({ kind: 'pillar' })).toContain('flutes');
    expect(named({ kind: 'valley' })).toContain('rings');
    expect(named({ kind: 'portal' })).toContain('star');
    expect(named({ kind: 'lock' })).toContain('shackle');
  });

  it('terrain art built once still hands each caller its own array: emptying one leaves the next call whole', () => {
    for (const kind of ['wall', 'hole', 'pillar', 'valley', 'portal', 'lock'] as const) {
      const first = artParts({ kind });
      const n = first.length;
      expect(n, kind).toBeGreaterThan(0);
      first.length = 0;
      expect(artParts({ kind }), kind).toHaveLength(n);
    }
  });
});
