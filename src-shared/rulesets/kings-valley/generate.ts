/**
 * King's Valley problem generator (`castellan generate --ruleset
 * kings-valley`): seeded random middle-game positions, White to move, not a
 * starting setup (KV-4 does not apply), proved "win in exactly N" with a
 * unique key (KV-8; the search and what "qualifies" means:
 * ../generate-in-n.ts). Every problem passes the KV-9 builder rules with no
 * warning: one king a side, none on the valley, no soldier on the valley,
 * pillars (on 7 x 7 and larger boards, sometimes) off the valley.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../model/level.js';
import { squareName } from '../../model/square.js';
import type { GenerateRequest, GeneratedLevel } from '../../ruleset.js';
import { generateInN } from '../generate-in-n.js';
import type { Rng } from '../rng.js';
import { solveKingsValley } from './solve.js';
import { kvValleyIndex, validateKingsValley } from './validate.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * Generates up to `req.count` King's Valley "win in N" problems on
 * `req.width` x `req.height` (odd 5..9, KV-9) with N in [parMin, parMax],
 * each with a single key and no win in fewer than N (KV-8). `req.pieces`:
 * the roles `king` and `soldier`; without `soldier` only the two kings
 * (and pillars) are placed; other role names are ignored. Budgets:
 * `maxStates` nodes per proof (default 200,000), `steps`, `climbs`
 * (../generate-in-n.ts). Reproducible for a seed.
 */
export function generateKvLevels(req: GenerateRequest): GeneratedLevel<KingsValleyLevel>[] {
  const w = req.width;
  const h = req.height;
  const valley = kvValleyIndex(w, h);
  const squares: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) if (r * w + f !== valley) squares.push(squareName(f, r));
  const soldiers = req.pieces === undefined || req.pieces.includes('soldier');
  const maxSoldiers = Math.max(w, h) - 1;

  const random = (rand: Rng): KingsValleyLevel => {
    const free = [...squares];
    const pieces: KvPiece[] = [
      { role: 'king', square: rand.take(free), side: 'white' },
      { role: 'king', square: rand.take(free), side: 'black' },
    ];
    if (soldiers) {
      for (const side of ['white', 'black'] as KvSide[]) {
        for (let n = rand.int(1, maxSoldiers); n > 0; n--) pieces.push({ role: 'soldier', square: rand.take(free), side });
      }
    }
    const level: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'Generated' },
      board: { width: w, height: h },
      pieces,
      sideToMove: 'white',
    };
    if (w >= 7 && rand() < 0.5) level.pillars = Array.from({ length: rand.int(1, 4) }, () => rand.take(free));
    return level;
  };
  const mutate = (src: KingsValleyLevel, rand: Rng): KingsValleyLevel => {
    const l = clone(src);
    delete l.goal;
    const used = new Set([...l.pieces.map((p) => p.square), ...(l.pillars ?? [])]);
    const free = squares.filter((s) => !used.has(s));
    const k = rand.int(0, 5);
    if (k <= 2 || !soldiers) {
      if (free.length) rand.pick(l.pieces).square = rand.pick(free);
    } else if (k === 3 && free.length) {
      l.pieces.push({ role: 'soldier', square: rand.pick(free), side: rand() < 0.5 ? 'white' : 'black' });
    } else if (k === 4) {
      const s = l.pieces.map((p, i) => (p.role === 'soldier' ? i : -1)).filter((i) => i >= 0);
      if (s.length) l.pieces.splice(rand.pick(s), 1);
    } else if (l.pillars?.length && free.length) {
      l.pillars[Math.floor(rand() * l.pillars.length)] = rand.pick(free);
    }
    return l;
  };
  return generateInN<KingsValleyLevel>(
    req,
    {
      random,
      mutate,
      withGoal: (l, n) => ({ ...clone(l), goal: { type: 'win-in', moves: n } }),
      valid: (l) => validateKingsValley(l).length === 0,
      solve: (l, opts) => solveKingsValley(l, opts),
      key: (l) => JSON.stringify([[...l.pieces].map((p) => `${p.side[0]}${p.role[0]}${p.square}`).sort(), [...(l.pillars ?? [])].sort(), l.goal?.moves]),
    },
    200_000,
  );
}
