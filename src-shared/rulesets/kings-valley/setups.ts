/**
 * The rulebook's starting setups as constant levels (KV-1, KV-4), White at
 * the bottom (rank 1) and to move, `startingSetup: true`, no goal.
 *
 * - Standard (5x5): each side's five pieces on its first row, the king in
 *   the middle: White Sa1 Sb1 Kc1 Sd1 Se1, Black Sa5 Sb5 Kc5 Sd5 Se5.
 * - "Retrieve the King" (5x5): soldiers as in the standard setup, the kings
 *   swapped to the middle of the opponent's row: White Kc5, Black Kc1.
 * - Labyrinth (7x7, KV-1): king + 6 soldiers each on the first rows, king in
 *   the middle (White Kd1, Black Kd7), pillars b3, b5, f3, f5.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../model/level.js';

function row(side: KvSide, rank: number, width: number, kingFile: number, withKing: boolean): KvPiece[] {
  const out: KvPiece[] = [];
  for (let f = 0; f < width; f++) {
    const square = String.fromCharCode(97 + f) + String(rank);
    if (f === kingFile) {
      if (withKing) out.push({ role: 'king', square, side });
    } else {
      out.push({ role: 'soldier', square, side });
    }
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function setup(title: string, width: number, pieces: KvPiece[], pillars?: string[]): KingsValleyLevel {
  const level: KingsValleyLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title },
    board: { width, height: width },
    pieces,
    sideToMove: 'white',
    startingSetup: true,
  };
  if (pillars) level.pillars = pillars;
  return level;
}

/** Standard 5x5 setup (rulebook "Starting positions"). */
export const KV_STANDARD_SETUP: Readonly<KingsValleyLevel> = deepFreeze(
  setup('Standard setup', 5, [...row('white', 1, 5, 2, true), ...row('black', 5, 5, 2, true)]),
);

/** "Retrieve the King" (rulebook "Variant starting positions"): kings swapped. */
export const KV_RETRIEVE_THE_KING_SETUP: Readonly<KingsValleyLevel> = deepFreeze(
  setup('Retrieve the King', 5, [
    ...row('white', 1, 5, 2, false),
    { role: 'king', square: 'c5', side: 'white' },
    ...row('black', 5, 5, 2, false),
    { role: 'king', square: 'c1', side: 'black' },
  ]),
);

/** Labyrinth 7x7 (KV-1). */
export const KV_LABYRINTH_SETUP: Readonly<KingsValleyLevel> = deepFreeze(
  setup('Labyrinth', 7, [...row('white', 1, 7, 3, true), ...row('black', 7, 7, 3, true)], ['b3', 'b5', 'f3', 'f5']),
);

/** A mutable deep copy of one of the setups (so callers can edit it). */
export function kvSetupCopy(setupLevel: Readonly<KingsValleyLevel>): KingsValleyLevel {
  return JSON.parse(JSON.stringify(setupLevel)) as KingsValleyLevel;
}
