/**
 * The board's squares and coordinates on a drawing surface (paint.ts): the
 * frame and the chequered squares in the theme's colours (shell/theme.ts
 * `BOARD_COLORS`), and the file / rank labels along the edges. No ruleset
 * knowledge.
 */
import type { BoardColors } from '../shell/theme.js';
import type { BoardLayout } from '../editor/geometry.js';
import type { Paint2D } from './paint.js';

/** Width of the frame around the squares, px. */
export const FRAME = 6;

/**
 * Draws the frame (FRAME px around the board) and the squares; a1 (file 0,
 * rank 0) is dark. Squares outside the layout's stage (0..stageWidth x
 * 0..stageHeight) are skipped.
 */
export function drawSquares(ctx: Paint2D, l: BoardLayout, colors: BoardColors): void {
  const c = l.cell;
  ctx.fillStyle = colors.frame;
  ctx.fillRect(l.originX - FRAME, l.originY - FRAME, c * l.width + 2 * FRAME, c * l.height + 2 * FRAME);
  const row0 = Math.max(0, Math.floor(-l.originY / c));
  const row1 = Math.min(l.height - 1, Math.ceil((l.stageHeight - l.originY) / c) - 1);
  const col0 = Math.max(0, Math.floor(-l.originX / c));
  const col1 = Math.min(l.width - 1, Math.ceil((l.stageWidth - l.originX) / c) - 1);
  for (let row = row0; row <= row1; row++) {
    for (let col = col0; col <= col1; col++) {
      const rank = l.height - 1 - row;
      ctx.fillStyle = (col + rank) % 2 === 0 ? colors.darkSquare : colors.lightSquare;
      ctx.fillRect(l.originX + col * c, l.originY + row * c, c, c);
    }
  }
}

/** Fills the squares of a rectangle (0-based files / ranks, inclusive) with their own colours at `alpha`: a paste ghost covers what it replaces. */
export function coverSquares(
  ctx: Paint2D,
  l: BoardLayout,
  colors: BoardColors,
  r: { minFile: number; maxFile: number; minRank: number; maxRank: number },
  alpha: number,
): void {
  const c = l.cell;
  ctx.save();
  ctx.globalAlpha = alpha;
  for (let rank = r.minRank; rank <= r.maxRank; rank++) {
    for (let file = r.minFile; file <= r.maxFile; file++) {
      ctx.fillStyle = (file + rank) % 2 === 0 ? colors.darkSquare : colors.lightSquare;
      ctx.fillRect(l.originX + file * c, l.originY + (l.height - 1 - rank) * c, c, c);
    }
  }
  ctx.restore();
}

/**
 * Coordinates along the board edges (files a.. below, ranks 1.. on the
 * left), drawn over everything: when the board edge is scrolled out of
 * view the labels stick to the container edge on a dark strip, so they stay
 * readable at every zoom; when squares are smaller than a label, every k-th
 * label is drawn. `W` x `H`: the stage, px; `coords`: the theme's label colour.
 */
export function drawLabels(ctx: Paint2D, l: BoardLayout, W: number, H: number, coords: string): void {
  const c = l.cell;
  const fs = Math.max(10, Math.min(15, Math.round(c * 0.24)));
  ctx.font = `600 ${fs}px system-ui, sans-serif`;
  const fileStep = Math.max(1, Math.ceil((fs * 1.3) / c));
  const rankStep = Math.max(1, Math.ceil((fs * 1.3) / c));
  // Files: below the board, or pinned to the bottom edge.
  const naturalY = l.originY + l.height * c + 10;
  const fy = Math.min(naturalY, H - fs - 4);
  const pinnedF = fy < naturalY;
  const x0 = Math.max(0, Math.floor(-l.originX / c));
  const x1 = Math.min(l.width - 1, Math.ceil((W - l.originX) / c));
  if (pinnedF) {
    ctx.fillStyle = 'rgba(20, 22, 28, 0.72)';
    ctx.fillRect(0, fy - 3, W, fs + 6);
  }
  ctx.fillStyle = pinnedF ? '#e6e9ef' : coords;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let col = x0; col <= x1; col++) {
    if (col % fileStep !== 0) continue;
    ctx.fillText(String.fromCharCode(97 + col), l.originX + col * c + c / 2, fy);
  }
  // Ranks: left of the board, or pinned to the left edge.
  const naturalX = l.originX - 12;
  const rx = Math.max(naturalX, fs * 1.4 + 4);
  const pinnedR = rx > naturalX;
  const y0 = Math.max(0, Math.floor(-l.originY / c));
  const y1 = Math.min(l.height - 1, Math.ceil((H - l.originY) / c));
  if (pinnedR) {
    ctx.fillStyle = 'rgba(20, 22, 28, 0.72)';
    ctx.fillRect(0, 0, rx + 5, pinnedF ? fy - 3 : H);
  }
  ctx.fillStyle = pinnedR ? '#e6e9ef' : coords;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let row = y0; row <= y1; row++) {
    const rank = l.height - row;
    if ((rank - 1) % rankStep !== 0) continue;
    const y = l.originY + row * c + c / 2;
    if (pinnedF && y > fy - 4) continue;
    ctx.fillText(String(rank), rx, y);
  }
}
