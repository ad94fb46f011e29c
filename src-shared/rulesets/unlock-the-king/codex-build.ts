/**
 * Citadel Codex builder on top of `generateUkLevels`: the per-tier
 * generation jobs (objectives from the Codex rules, codex-rules.ts) and the
 * pure assembly of 50 blueprints from solved candidates. Pure and
 * reproducible: the same seed, starts and candidates give the same book.
 *
 * Rules the assembly enforces (UK-9 tiers by number):
 * - king boxed by the other pieces (`kingBoxedByPieces`) in every blueprint;
 * - at least 1 / 3 / 6 / 10 non-king moves in every optimal solution
 *   (`taggedMovesMin`) for Novice / Journeyman / Master / Grandmaster;
 * - from 13 on, the strict king share: 2 * taggedMovesMin > optimum;
 * - difficulty D = (taggedMovesMin, optimum, states stored by the optimal
 *   search) never falls from 1 to 50 (lexicographic);
 * - the last ten have optimum >= 25;
 * - one physical set (UK-1; the caller filters rules issues), 8x8, no two
 *   alike under the 8 board symmetries (the caller dedupes by canonical key).
 */
import type { UnlockTheKingLevel } from '../../model/level.js';
import { UK_TIER_MIN_UNLOCKING, ukTier, type UkTier } from './codex-rules.js';
import type { GenerateOptions } from './generate.js';
import { SYMMETRIES, transformLevel } from './symmetry.js';

/** One generation job of the Codex build: options for `generateUkLevels` without the seed. */
export interface CodexJob {
  name: string;
  /** Index of the start levels to climb from first (see `codexJobs`), in order. */
  starts: number[];
  options: Omit<GenerateOptions, 'seed' | 'starts'>;
}

/**
 * The Codex build's generation jobs, `scale` (default 1) multiplying every
 * climb budget. `deepStarts` is the number of deep start levels the caller
 * passes (existing deep blueprints); the deep jobs climb from them.
 * Job budgets: maxClimbs x climbSteps solves of at most maxStates states.
 */
export function codexJobs(deepStarts: number, scale = 1): CodexJob[] {
  const c = (n: number): number => Math.max(1, Math.round(n * scale));
  const all = Array.from({ length: deepStarts }, (_, i) => i);
  const even = all.filter((i) => i % 2 === 0);
  const odd = all.filter((i) => i % 2 === 1);
  const common = { objective: 'unlocking' as const, maxStates: 200_000, patience: 60 };
  return [
    {
      name: 'novice',
      starts: [],
      options: { ...common, nonKingMin: 1, parMin: 3, parMax: 10, count: 60, maxClimbs: c(40), climbSteps: 60, pieces: [4, 10], walls: [6, 14] },
    },
    {
      name: 'journeyman',
      starts: [],
      options: {
        ...common,
        nonKingMin: 3,
        kingShareUnderHalf: true,
        parMin: 4,
        parMax: 16,
        count: 60,
        maxClimbs: c(40),
        climbSteps: 120,
        pieces: [6, 12],
        walls: [8, 16],
      },
    },
    {
      name: 'master',
      starts: [],
      options: {
        ...common,
        nonKingMin: 6,
        kingShareUnderHalf: true,
        parMin: 8,
        parMax: 24,
        count: 60,
        maxClimbs: c(30),
        climbSteps: 200,
        pieces: [8, 14],
        walls: [10, 16],
      },
    },
    {
      name: 'deep-a',
      starts: even,
      options: { ...common, nonKingMin: 10, kingShareUnderHalf: true, parMin: 15, parMax: 70, count: 80, maxClimbs: even.length + c(4), climbSteps: c(80) },
    },
    {
      name: 'deep-b',
      starts: odd,
      options: { ...common, nonKingMin: 10, kingShareUnderHalf: true, parMin: 15, parMax: 70, count: 80, maxClimbs: odd.length + c(4), climbSteps: c(80) },
    },
  ];
}

/** A solved candidate: the figures come from `ukSolve` with counting (the prover's own search). */
export interface CodexCandidate {
  level: UnlockTheKingLevel;
  /** Canonical key (symmetry.ts), used for ties and distinctness. */
  key: string;
  optimum: number;
  nonKingMin: number;
  states: number;
  kingBoxed: boolean;
  /** One optimal solution (LAN, as the solver returns it); two candidates with the same line are near copies. */
  moves?: readonly string[];
}

/** D compared lexicographically: negative when a is less difficult than b; ties broken by key (total order). */
export function compareDifficulty(a: CodexCandidate, b: CodexCandidate): number {
  return a.nonKingMin - b.nonKingMin || a.optimum - b.optimum || a.states - b.states || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** True when candidate `c` may stand at blueprint number `n` (boxed, tier minimum, strict king share from 13). */
export function fitsNumber(c: CodexCandidate, n: number): boolean {
  const tier: UkTier = ukTier(n);
  if (!c.kingBoxed || c.nonKingMin < UK_TIER_MIN_UNLOCKING[tier]) return false;
  if (n >= 13 && 2 * c.nonKingMin <= c.optimum) return false;
  if (n >= 41 && c.optimum < 25) return false;
  return true;
}

const items = (l: UnlockTheKingLevel): Set<string> =>
  new Set([`P${l.portal}`, ...(l.walls ?? []).map((w) => `W${w}`), ...l.pieces.map((p) => `${p.role}@${p.square}:${p.facing ?? ''}${p.lateral ? '+' : ''}`)]);

/** Placements (pieces, walls, portal) in one blueprint and not the other, least over the 8 symmetries. */
export function placementDifference(a: UnlockTheKingLevel, b: UnlockTheKingLevel): number {
  const ia = items(a);
  let best = Infinity;
  for (const s of SYMMETRIES) {
    const ib = items(transformLevel(b, s));
    let d = 0;
    for (const x of ia) if (!ib.has(x)) d++;
    for (const x of ib) if (!ia.has(x)) d++;
    best = Math.min(best, d);
  }
  return best;
}

/**
 * Near copies: fewer than `minDiff` placements differ (`placementDifference`),
 * or the solver's optimal line is the same move for move (the difference is
 * then in pieces the solution never touches, so the puzzle plays the same).
 */
export function nearCopy(a: CodexCandidate, b: CodexCandidate, minDiff: number): boolean {
  if (a.moves && b.moves && a.moves.length === b.moves.length && a.moves.every((m, i) => m === b.moves![i])) return true;
  return placementDifference(a.level, b.level) < minDiff;
}

/**
 * Picks 50 candidates (distinct keys expected) in book order, first from the
 * last blueprint down (then, if that runs short, from the first up, the
 * mirror image): blueprint n takes, among candidates that fit n
 * (`fitsNumber`) and are strictly less difficult than blueprint n+1, one
 * spread over the remaining range (the candidate at the quantile matching
 * how many places are left), skipping near copies (fewer than `minDiff`
 * placements differ from a chosen one, or the same optimal line: `nearCopy`).
 * Returns the 50 in rising D, or throws Error('codex-short: ...') naming
 * the numbers neither pass could fill.
 */
export function assembleCodex(cands: readonly CodexCandidate[], minDiff = 4): CodexCandidate[] {
  const sorted = [...cands].sort(compareDifficulty);
  const ok = (chosen: readonly CodexCandidate[], i: number): boolean => chosen.every((c) => !nearCopy(c, sorted[i]!, minDiff));
  // Top down: the scarce deep blueprints first.
  const down = (): CodexCandidate[] | number => {
    const chosen: CodexCandidate[] = [];
    let bound = sorted.length; // candidates at index < bound are less difficult than the last chosen
    for (let n = 50; n >= 1; n--) {
      const eligible: number[] = [];
      for (let i = 0; i < bound; i++) if (fitsNumber(sorted[i]!, n)) eligible.push(i);
      // Keep room for the n-1 places below: aim at the quantile (n-1)/n, falling back downwards then upwards.
      const aim = Math.floor((eligible.length * (n - 1)) / n);
      const order = [...eligible.slice(0, aim + 1).reverse(), ...eligible.slice(aim + 1)];
      const pick = order.find((i) => ok(chosen, i));
      if (pick === undefined) return n;
      chosen.push(sorted[pick]!);
      bound = pick;
    }
    return chosen.reverse();
  };
  // Bottom up: aim at the quantile 1/(places left), falling back upwards then downwards.
  const up = (): CodexCandidate[] | number => {
    const chosen: CodexCandidate[] = [];
    let bound = -1; // candidates at index > bound are more difficult than the last chosen
    for (let n = 1; n <= 50; n++) {
      const eligible: number[] = [];
      for (let i = bound + 1; i < sorted.length; i++) if (fitsNumber(sorted[i]!, n)) eligible.push(i);
      const aim = Math.floor(eligible.length / (51 - n));
      const order = [...eligible.slice(aim), ...eligible.slice(0, aim).reverse()];
      const pick = order.find((i) => ok(chosen, i));
      if (pick === undefined) return n;
      chosen.push(sorted[pick]!);
      bound = pick;
    }
    return chosen;
  };
  const a = down();
  if (typeof a !== 'number') return a;
  const b = up();
  if (typeof b !== 'number') return b;
  throw new Error(`codex-short: no candidate fits blueprint ${a} (${ukTier(a)}) top down, nor ${b} (${ukTier(b)}) bottom up`);
}

/** Blueprint names by number (1..50), citadel, siege and chess flavoured, all distinct. */
export const CODEX_NAMES: readonly string[] = [
  'The Postern Gate',
  'The Gatehouse Step',
  'The Sally Port',
  'The Wicket Door',
  "The Warden's Lodge",
  'The Inner Bailey',
  'The Well Court',
  'The Chapel Stair',
  'The Buttery Hatch',
  'The Guard Room',
  'The Stable Yard',
  'The Kitchen Tower',
  'The Murder Holes',
  'The Portcullis',
  "The Bishop's Cloister",
  'The Drawbridge Chains',
  'The Armoury',
  "The Knight's Gallop",
  'The Curtain Wall',
  'The Barbican',
  "The Rook's Parapet",
  'The Spiral Stair',
  'The Gallery of Pawns',
  'The Undercroft',
  'The Moat Sluice',
  'The Castling Passage',
  'The Siege Engine',
  'The Tilting Yard',
  "The Queen's Solar",
  'The Machicolations',
  'The Zugzwang Hall',
  'The Counterscarp',
  'The Bastion Turn',
  'The Great Hall',
  'The Oubliette',
  "The Sapper's Mine",
  'The Fianchetto Tower',
  'The Long Siege',
  'The Battering Ram',
  'The Pinned Garrison',
  'The Treasury Vault',
  'The Forked Road',
  'The Chancel of Bishops',
  'The Crenellated Crown',
  'The Keep',
  'The Discovered Door',
  'The Throne Room',
  'The Last Rampart',
  'The Citadel Heart',
  "The King's Escape",
];
