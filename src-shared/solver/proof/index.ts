/**
 * Two-player "win in N" proof search (KV-8; reusable for Locking Chess).
 * - `proveWinIn(game, n, opts): ProofResult` (search.ts)
 * - `ProofGame` contract, TERMINAL_* codes, `ProofOptions`, `ProofResult` (types.ts)
 * - `ProofTable` Zobrist-keyed transposition table (table.ts)
 * - `Budget`, `winWithin`: the play engines' node / time budget (budget.ts)
 */
export { proveWinIn, ProofSearch, MAX_PROOF_MOVES } from './search.js';
export { ProofTable } from './table.js';
export { TERMINAL_NONE, TERMINAL_LOSS, TERMINAL_WIN, TERMINAL_DRAW } from './types.js';
export type { ProofGame, ProofOptions, ProofResult } from './types.js';
export { Budget, winWithin } from './budget.js';
