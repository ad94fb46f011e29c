import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, KingsValleyLevel, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { clearRegion, copyRegion, parseClip, pasteRegion, regionOf, type RegionClip } from '../../src-renderer/editor/region.js';
import { redDoor, sampleLevel } from './fixtures.js';

function must<R extends { ok: boolean }>(r: R): Extract<R, { ok: true }> {
  if (!r.ok) throw new Error((r as unknown as { message: string }).message);
  return r as Extract<R, { ok: true }>;
}

describe('regions: copy', () => {
  it('regionOf takes either corner order', () => {
    expect(regionOf('e4', 'c2')).toEqual({ minFile: 2, maxFile: 4, minRank: 1, maxRank: 3 });
    expect(regionOf('zz', 'c2')).toBeNull();
  });

  it('UK: copies pieces, walls and the portal relative to the top-left corner (d4..e2 of the sample)', () => {
    const clip = must(copyRegion(sampleLevel(), regionOf('d4', 'e2')!)).clip;
    expect(clip.width).toBe(2);
    expect(clip.height).toBe(3);
    // rook e4: dx 1, dy 0; pawn e2: dx 1, dy 2; wall d4: dx 0 dy 0; king e1 and portal e8 are outside
    expect(clip.pieces).toEqual([
      { dx: 1, dy: 0, role: 'rook' },
      { dx: 1, dy: 2, role: 'pawn', facing: 'east', lateral: false },
    ]);
    expect(clip.walls).toEqual([{ dx: 0, dy: 0 }]);
    expect(clip.portal).toBeUndefined();
  });
});

describe('regions: paste', () => {
  it('UK: pasting d4..e2 with its top-left on a7 puts the wall on a7, the rook on b7, the pawn on b5, one step', () => {
    const l = sampleLevel();
    const clip = must(copyRegion(l, regionOf('d4', 'e2')!)).clip;
    const r = must(pasteRegion(l, clip, 'a7'));
    const d = r.doc as UnlockTheKingLevel;
    expect(d.walls).toEqual(['d4', 'a7']);
    expect(d.pieces.map((p) => `${p.role}:${p.square}`)).toEqual(['king:e1', 'rook:e4', 'pawn:e2', 'rook:b7', 'pawn:b5']);
    expect(d.pieces[4]).toEqual({ role: 'pawn', square: 'b5', facing: 'east', lateral: false });
    expect(r.pasted).toBe(3);
    expect(r.replaced).toBe(0);
    expect(r.notes).toEqual([]);
  });

  it('UK: the destination rectangle is replaced (the king under the paste goes) but the portal stays; a wall on it is dropped', () => {
    const l = sampleLevel();
    const clip: RegionClip = {
      format: 'castellan.region',
      version: 1,
      ruleset: 'unlock-the-king',
      width: 2,
      height: 1,
      pieces: [],
      tiles: [],
      walls: [
        { dx: 0, dy: 0 },
        { dx: 1, dy: 0 },
      ],
      holes: [],
      pillars: [],
    };
    const r = must(pasteRegion(l, clip, 'd1')); // d1, e1: the king on e1 is replaced
    const d = r.doc as UnlockTheKingLevel;
    expect(d.pieces.some((p) => p.role === 'king')).toBe(false);
    expect(d.walls).toEqual(['d4', 'd1', 'e1']);
    expect(r.replaced).toBe(1);
    const onPortal = must(pasteRegion(l, clip, 'd8')); // d8 gets a wall, e8 is the portal: refused there
    expect((onPortal.doc as UnlockTheKingLevel).walls).toEqual(['d4', 'd8']);
    expect((onPortal.doc as UnlockTheKingLevel).portal).toBe('e8');
    expect(onPortal.notes.join(' ')).toMatch(/e8.*portal.*UK-6/);
  });

  it('a paste that runs off the board is clipped with a note; entirely dropped content is refused', () => {
    const l = sampleLevel();
    const clip = must(copyRegion(l, regionOf('d4', 'e2')!)).clip; // 2 wide 3 tall
    const r = must(pasteRegion(l, clip, 'h2')); // wall h2, rook i2 (off), pawn i0 (off)
    expect((r.doc as UnlockTheKingLevel).walls).toEqual(['d4', 'h2']);
    expect(r.notes.join(' ')).toMatch(/2 items fell off the board/);
    const wallsOnly: RegionClip = { ...clip, pieces: [], walls: [{ dx: 1, dy: 0 }] };
    const none = pasteRegion(l, wallsOnly, 'h2');
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.code).toBe('paste-nothing');
    const bad = pasteRegion(l, clip, 'k9');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.code).toBe('paste-off-board');
  });

  it('CM: holes and tiles travel with the pieces; a hole in the destination becomes floor (CM-1)', () => {
    const l = redDoor(); // holes c3; key b3, lock d4, coin c5, finish e4
    const clip = must(copyRegion(l, regionOf('b3', 'c3')!)).clip; // key b3, hole c3
    const r = must(pasteRegion(l, clip, 'b2')); // key -> b2, hole -> c2
    const d = r.doc as ChessMazeLevel;
    expect(d.board.holes).toEqual(['c3', 'c2']);
    expect(d.tiles!.filter((t) => t.kind === 'key').map((t) => t.square)).toEqual(['b3', 'b2']);
    const back = must(pasteRegion(l, { ...clip, holes: [], tiles: [], pieces: [{ dx: 1, dy: 0, role: 'king', side: 'player' }] }, 'b3'));
    // c3 was a hole: the replaced rectangle b3..c3 is floor again, the king stands on c3, the key on b3 is gone
    expect((back.doc as ChessMazeLevel).board.holes).toEqual([]);
    expect((back.doc as ChessMazeLevel).pieces.find((p) => p.role === 'king')!.square).toBe('c3');
  });

  it('across rulesets: UK -> CM keeps pieces (side player), drops walls and the portal and says so', () => {
    const uk = sampleLevel();
    const clip = must(copyRegion(uk, regionOf('d8', 'e2')!)).clip; // rook e4, pawn e2, wall d4, portal e8
    const r = must(pasteRegion(redDoor(), clip, 'a5')); // 2 x 7 onto 5x5 from a5: rows a5..a1 fit (dy 0..4)
    const d = r.doc as ChessMazeLevel;
    // e4 (dx1, dy4) -> b1; e2 (dx1, dy6) -> off
    expect(d.pieces.filter((p) => p.role === 'rook')).toEqual([
      { role: 'rook', square: 'e5', side: 'enemy' },
      { role: 'rook', square: 'b1', side: 'player' },
    ]);
    const text = r.notes.join(' | ');
    expect(text).toMatch(/Dropped 1 wall, 1 portal/);
    expect(text).toMatch(/fell off the board/);
  });

  it('across rulesets: CM -> UK turns enemies obsidian and notes it (UK-3); KV pieces are dropped in UK', () => {
    const clip = must(copyRegion(redDoor(), regionOf('e5', 'e5')!)).clip; // enemy rook e5
    const r = must(pasteRegion(sampleLevel(), clip, 'a8'));
    expect((r.doc as UnlockTheKingLevel).pieces.at(-1)).toEqual({ role: 'rook', square: 'a8', color: 'obsidian' });
    expect(r.notes.join(' ')).toMatch(/UK-3/);
    const kvClip: RegionClip = {
      format: 'castellan.region',
      version: 1,
      ruleset: 'kings-valley',
      width: 1,
      height: 1,
      pieces: [{ dx: 0, dy: 0, role: 'soldier', side: 'white' }],
      tiles: [],
      walls: [],
      holes: [],
      pillars: [],
    };
    const k = pasteRegion(sampleLevel(), kvClip, 'a8');
    expect(k.ok).toBe(false);
  });

  it('KV: pillars paste, never onto the valley (KV-9)', () => {
    const kv: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'k' },
      board: { width: 5, height: 5 },
      pillars: [],
      sideToMove: 'white',
      pieces: [],
    };
    const clip: RegionClip = {
      format: 'castellan.region',
      version: 1,
      ruleset: 'kings-valley',
      width: 2,
      height: 1,
      pieces: [],
      tiles: [],
      walls: [],
      holes: [],
      pillars: [
        { dx: 0, dy: 0 },
        { dx: 1, dy: 0 },
      ],
    };
    const r = must(pasteRegion(kv, clip, 'b3')); // b3 ok, c3 = valley
    expect((r.doc as KingsValleyLevel).pillars).toEqual(['b3']);
    expect(r.notes.join(' ')).toMatch(/KV-9/);
  });
});

describe('regions: cut and the clipboard text', () => {
  it('clearRegion removes everything but the UK portal', () => {
    const r = must(clearRegion(sampleLevel(), regionOf('d8', 'e1')!));
    const d = r.doc as UnlockTheKingLevel;
    expect(d.pieces).toEqual([]);
    expect(d.walls).toEqual([]);
    expect(d.portal).toBe('e8');
    expect(r.removed).toBe(4);
  });

  it('parseClip accepts only the castellan.region format tag', () => {
    const clip = must(copyRegion(sampleLevel(), regionOf('d4', 'e2')!)).clip;
    expect(parseClip(JSON.stringify(clip))).toEqual(clip);
    expect(parseClip(JSON.stringify({ ...clip, format: 'other' }))).toBeNull();
    expect(parseClip('not json')).toBeNull();
    expect(parseClip(JSON.stringify({ ...clip, walls: [{ dx: -1, dy: 0 }] }))).toBeNull();
  });
});

describe('regions: Locking Chess (LC-1, LC-2, LC-11, LC-12)', () => {
  const lc = (position: string): LockingChessLevel => ({
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'x' },
    board: { width: 8, height: 8 },
    position,
  });
  const pos = (d: unknown): string => (d as LockingChessLevel).position;

  it('LC-2: a stack is copied as a stack (board level and top) and pasted as one; the square keeps its stack', () => {
    // Black king e8, white pawn under a white bishop on e6, white king e1.
    const l = lc('4k3/8/4(PB)3/8/8/8/8/4K3 w - - 0 1');
    const clip = must(copyRegion(l, regionOf('e6', 'e6')!)).clip;
    expect(clip.ruleset).toBe('locking-chess');
    expect(clip.pieces).toEqual([
      { dx: 0, dy: 0, role: 'pawn', color: 'white', level: 'bottom' },
      { dx: 0, dy: 0, role: 'bishop', color: 'white', level: 'top' },
    ]);
    expect(parseClip(JSON.stringify(clip))).toEqual(clip);
    const r = must(pasteRegion(l, clip, 'b3'));
    expect(pos(r.doc)).toBe('4k3/8/4(PB)3/8/8/1(PB)6/8/4K3 w - - 0 1');
    expect([r.pasted, r.replaced, r.notes]).toEqual([2, 0, []]);
  });

  it('LC-2: a paste replaces the target squares: both levels of a stack there go', () => {
    // A black knight under a black queen on c3 is replaced by the (PB) stack of e6.
    const l = lc('4k3/8/4(PB)3/8/8/2(nq)5/8/4K3 w - - 0 1');
    const clip = must(copyRegion(l, regionOf('e6', 'e6')!)).clip;
    const r = must(pasteRegion(l, clip, 'c3'));
    expect(pos(r.doc)).toBe('4k3/8/4(PB)3/8/8/2(PB)5/8/4K3 w - - 0 1');
    expect(r.replaced).toBe(2);
  });

  it('LC-12: cutting the h1 rook clears K with a note; pasting a knight over the a8 rook clears q', () => {
    const l = lc('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const cut = must(clearRegion(l, regionOf('h1', 'h1')!));
    expect(pos(cut.doc)).toBe('r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1');
    expect(cut.removed).toBe(1);
    expect(cut.notes.join(' ')).toMatch(/Castling right K cleared.*LC-12/);
    // The knight of a1 in another position, pasted on a8.
    const knight = must(copyRegion(lc('k7/8/8/8/8/8/8/n6K w - - 0 1'), regionOf('a1', 'a1')!)).clip;
    const r = must(pasteRegion(l, knight, 'a8'));
    expect(pos(r.doc)).toBe('n3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1');
    expect(r.notes.join(' ')).toMatch(/Castling right q cleared.*LC-12/);
  });

  it('LC-11: the en passant square goes with the pawn that made the two-step, and stays while that pawn stays', () => {
    // Black to move; the white pawn on e4 has just come from e2: en passant e3.
    const l = lc('k7/8/8/8/4P3/8/8/K7 b - e3 0 1');
    const cut = must(clearRegion(l, regionOf('d4', 'e4')!));
    expect(pos(cut.doc)).toBe('k7/8/8/8/8/8/8/K7 b - - 0 1');
    expect(cut.notes.join(' ')).toMatch(/En passant square e3 cleared.*LC-11/);
    const knight = must(copyRegion(lc('k7/8/8/8/8/8/8/n6K w - - 0 1'), regionOf('a1', 'a1')!)).clip;
    const kept = must(pasteRegion(l, knight, 'a5'));
    expect(pos(kept.doc)).toBe('k7/8/8/n7/4P3/8/8/K7 b - e3 0 1');
    expect(kept.notes).toEqual([]);
  });

  it("LC-1: stacks do not cross into other rulesets, and other rulesets' content does not cross into Locking Chess", () => {
    const stack = must(copyRegion(lc('4k3/8/4(PB)3/8/8/8/8/4K3 w - - 0 1'), regionOf('e6', 'e6')!)).clip;
    const uk = pasteRegion(sampleLevel(), stack, 'a8');
    expect(uk.ok).toBe(false);
    if (!uk.ok) expect([uk.code, uk.message]).toEqual(['paste-nothing', 'Nothing pasted. Dropped 2 pieces: Unlock the King has no such pieces']);
    const walls = must(copyRegion(sampleLevel(), regionOf('d4', 'e4')!)).clip; // wall d4, rook e4
    const into = pasteRegion(lc('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), walls, 'a8');
    expect(into.ok).toBe(false);
    if (!into.ok) expect(into.message).toMatch(/Dropped 1 piece, 1 wall: Locking Chess has no such content/);
  });
});
