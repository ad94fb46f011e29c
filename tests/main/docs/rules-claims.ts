/**
 * What an example of docs/rules/*.md claims, checked with the project's own
 * rules and solver (tests/main/docs/rules-docs.test.ts). A claim is the JSON
 * of an HTML comment `<!-- check {...} -->` right after the example's board
 * (rules-boards.ts); a comment with no board before it checks `score` /
 * `tier` claims only. Keys:
 *
 * - `valid: true`: no error from the schema and the builder rules;
 * - `errors` / `warnings`: the set of issue codes of that severity, exactly;
 * - `solve`: fields the optimal solve answers (`status`, `length`, `keys`,
 *   `keysWithinN`, `mateType`; `why`: the unsolvable cause's code);
 *   `keys` lists compare as sets;
 * - `parCheck`: the codes of the UK-7 par check of the level's `par`
 *   against the solver's optimum (what saving it answers);
 * - `legal` / `illegal`: moves (LAN) that replay / do not replay, each from
 *   the start or `{ after: [...], move }` after a line;
 * - `outcome`: `{ after: [...], is }` the state a line reaches (per
 *   ruleset: Unlock the King `won` / `playing`; Chess Maze `won`,
 *   `playing`, `failed:<reason>`; King's Valley `won:<side>:<reason>`,
 *   `draw:repetition`, `ongoing`; Locking Chess `mate:<kind>:<winner>`,
 *   `draw:<reason>`, `check`, `ongoing`);
 * - `events`: `{ after: [...], is: [...] }` Chess Maze event types of the
 *   line's last move, in order (CM-13);
 * - Locking Chess only: `lfen` the board's LFEN (LC-13), which also reads
 *   back to itself; `perft`: `{ depth, nodes }` the move-generator count
 *   from the board; `movesFrom`: `{ after?, square, is: [...] }` every legal
 *   move (LAN) of the piece(s) on a square; `position`: `{ after, is }` the
 *   LFEN piece field after a line;
 * - `score`: `{ attempt, total }` the UK-8 score of an attempt;
 * - `tier`: `{ blueprint, is }` the UK-9 Codex tier of a blueprint number.
 */
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel } from '../../../src-shared/model/level.js';
import type { SolveAnswer } from '../../../src-shared/ruleset.js';
import { replayMoves, solveLevel, validateDocument } from '../../../src-shared/rulesets/index.js';
import { replayStates } from '../../../src-shared/rulesets/chess-maze/index.js';
import { compileKingsValley, kvOutcome, kvParseLan, kvPlay, type KvPosition } from '../../../src-shared/rulesets/kings-valley/index.js';
import { lcReplayPosition } from '../../../src-shared/rulesets/locking-chess/engine.js';
import { lcMoveToLan, parseLfen } from '../../../src-shared/rulesets/locking-chess/index.js';
import { scoreUnlockTheKing, type UkAttempt } from '../../../src-shared/rulesets/unlock-the-king/score.js';
import { ukTier } from '../../../src-shared/rulesets/unlock-the-king/codex-rules.js';
import { checkPar } from '../../../src-shared/rulesets/unlock-the-king/index.js';

type Step = string | { after: string[]; move: string };

export interface Claims {
  valid?: true;
  errors?: string[];
  warnings?: string[];
  solve?: { status: string; length?: number; keys?: string[]; keysWithinN?: string[]; mateType?: string; why?: string };
  parCheck?: string[];
  legal?: Step[];
  illegal?: Step[];
  outcome?: { after: string[]; is: string } | { after: string[]; is: string }[];
  events?: { after: string[]; is: string[] };
  lfen?: string;
  perft?: { depth: number; nodes: number };
  movesFrom?: { after?: string[]; square: string; is: string[] } | { after?: string[]; square: string; is: string[] }[];
  position?: { after: string[]; is: string } | { after: string[]; is: string }[];
  score?: { attempt: UkAttempt; total: number };
  tier?: { blueprint: number; is: string };
}

const KNOWN = new Set(['valid', 'errors', 'warnings', 'solve', 'parCheck', 'legal', 'illegal', 'outcome', 'events', 'lfen', 'perft', 'movesFrom', 'position', 'score', 'tier']);

const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The Locking Chess claims (see the module doc). */
function lockingChessClaims(level: Level, claims: Claims, out: string[]): void {
  const lfen = (level as LockingChessLevel).position;
  if (claims.lfen !== undefined) {
    if (lfen !== claims.lfen) out.push(`LFEN ${lfen}, the page says ${claims.lfen}`);
    const r = parseLfen(claims.lfen);
    if (!r.ok) out.push(`LFEN ${claims.lfen} does not read: ${r.error.map((i) => i.code).join(', ')}`);
    else if (r.value.lfen() !== claims.lfen) out.push(`LFEN ${claims.lfen} reads back as ${r.value.lfen()}`);
  }
  if (claims.perft) {
    const r = parseLfen(lfen);
    const got = r.ok ? r.value.perft(claims.perft.depth) : -1;
    if (got !== claims.perft.nodes) out.push(`perft ${claims.perft.depth} = ${got}, the page says ${claims.perft.nodes}`);
  }
  for (const m of list(claims.movesFrom)) {
    const r = lcReplayPosition(lfen, m.after ?? []);
    if (!r.ok) {
      out.push(`movesFrom: the line does not replay`);
      continue;
    }
    const pos = r.value;
    const got = pos
      .legalMoves()
      .map((mv) => lcMoveToLan(pos, mv))
      .filter((lan) => lan.slice(1, 3) === m.square)
      .sort();
    if (JSON.stringify(got) !== JSON.stringify(sorted(m.is))) out.push(`moves from ${m.square}: ${JSON.stringify(got)}, the page says ${JSON.stringify(sorted(m.is))}`);
  }
  for (const p of list(claims.position)) {
    const r = lcReplayPosition(lfen, p.after);
    const got = r.ok ? r.value.lfen().split(' ')[0] : 'does not replay';
    if (got !== p.is) out.push(`after ${JSON.stringify(p.after)}: ${got}, the page says ${p.is}`);
  }
}

const codes = (level: Level, severity: 'error' | 'warning'): string[] =>
  [...new Set(validateDocument(level).issues.filter((i) => i.severity === severity).map((i) => i.code))].sort();

const sorted = (a: readonly string[]): string[] => [...a].sort();

/** The state a line reaches, in the words of `Claims.outcome`; a string starting `replay:` when the line does not replay. */
export function outcomeOf(level: Level, line: readonly string[]): string {
  switch (level.ruleset) {
    case 'unlock-the-king': {
      const r = replayMoves(level, line);
      if (!r.ok) return `replay: ${r.error.map((i) => i.code).join(', ')}`;
      const last = r.value[r.value.length - 1]!;
      return last.pieces.some((p) => p.role === 'king' && p.square === last.portal) ? 'won' : 'playing';
    }
    case 'chess-maze': {
      const r = replayStates(level as ChessMazeLevel, line);
      if (!r.ok) return `replay: ${r.error.map((i) => i.code).join(', ')}`;
      const o = r.value.states[r.value.states.length - 1]!.outcome;
      return o === 'playing' ? 'playing' : 'won' in o ? 'won' : `failed:${o.failed}`;
    }
    case 'kings-valley': {
      const c = compileKingsValley(level as KingsValleyLevel);
      if (!c.ok) return `replay: ${c.error.map((i) => i.code).join(', ')}`;
      let pos: KvPosition = c.value;
      const history: KvPosition[] = []; // the positions before the current one (KV-7)
      for (const lan of line) {
        const mv = kvParseLan(pos, lan);
        if (!mv) return `replay: ${lan} is not legal`;
        history.push(pos);
        pos = kvPlay(pos, mv).position;
      }
      const o = kvOutcome(pos, history);
      return o.status === 'won' ? `won:${o.winner}:${o.reason}` : o.status === 'draw' ? `draw:${o.reason}` : 'ongoing';
    }
    case 'locking-chess': {
      const r = lcReplayPosition((level as LockingChessLevel).position, line);
      if (!r.ok) return `replay: ${r.error.map((i) => i.message).join(', ')}`;
      const o = r.value.outcome();
      if (o.status === 'mate') return `mate:${o.kind}:${o.winner}`;
      if (o.status === 'draw') return `draw:${o.reason}`;
      return r.value.inCheck() ? 'check' : 'ongoing';
    }
  }
  // A ruleset these rules pages do not cover (the switch stays total when a ruleset is added).
  return `replay: no outcome words for ${(level as { ruleset: string }).ruleset}`;
}

function stepLine(s: Step): string[] {
  return typeof s === 'string' ? [s] : [...s.after, s.move];
}

/** Every claim that does not hold, as a sentence (empty when all hold). `level` is undefined for a comment with no board. */
export function failedClaims(level: Level | undefined, claims: Claims): string[] {
  const out: string[] = [];
  for (const k of Object.keys(claims)) if (!KNOWN.has(k)) out.push(`unknown claim "${k}"`);
  if (claims.score) {
    const got = scoreUnlockTheKing(claims.score.attempt).total;
    if (got !== claims.score.total) out.push(`score ${got}, the page says ${claims.score.total}`);
  }
  if (claims.tier) {
    const got = ukTier(claims.tier.blueprint);
    if (got !== claims.tier.is) out.push(`tier of ${claims.tier.blueprint}: ${got}, the page says ${claims.tier.is}`);
  }
  const needsLevel = Object.keys(claims).some((k) => k !== 'score' && k !== 'tier');
  if (!level) {
    if (needsLevel) out.push('these claims need a board right before them');
    return out;
  }
  if (claims.valid) {
    const errs = codes(level, 'error');
    if (errs.length) out.push(`not valid: ${errs.join(', ')}`);
  }
  for (const severity of ['error', 'warning'] as const) {
    const want = severity === 'error' ? claims.errors : claims.warnings;
    if (!want) continue;
    const got = codes(level, severity);
    if (JSON.stringify(got) !== JSON.stringify(sorted(want))) out.push(`${severity}s ${JSON.stringify(got)}, the page says ${JSON.stringify(sorted(want))}`);
  }
  let answer: SolveAnswer | undefined;
  const solve = (): SolveAnswer => (answer ??= solveLevel(level, { maxStates: 2_000_000, countSolutions: 0 }));
  if (claims.solve) {
    const r = solve() as unknown as Record<string, unknown>;
    const want = claims.solve as Record<string, unknown>;
    for (const [k, v] of Object.entries(want)) {
      let got = k === 'why' ? (r['why'] as { code?: string } | undefined)?.code : r[k];
      let exp = v;
      if (Array.isArray(got) && Array.isArray(exp)) {
        got = sorted(got as string[]);
        exp = sorted(exp as string[]);
      }
      if (JSON.stringify(got) !== JSON.stringify(exp)) out.push(`solve ${k} ${JSON.stringify(got)}, the page says ${JSON.stringify(exp)}`);
    }
  }
  if (claims.parCheck) {
    const r = solve();
    const got = checkPar(level.par, r.status === 'solved' ? r.length : undefined, r.status).map((i) => i.code);
    if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(claims.parCheck))) out.push(`par check ${JSON.stringify(got)}, the page says ${JSON.stringify(claims.parCheck)}`);
  }
  for (const s of claims.legal ?? []) {
    const r = replayMoves(level, stepLine(s));
    if (!r.ok) out.push(`${JSON.stringify(s)} should be legal: ${r.error.map((i) => i.message).join(' ')}`);
  }
  for (const s of claims.illegal ?? []) {
    const line = stepLine(s);
    const prefix = replayMoves(level, line.slice(0, -1));
    if (!prefix.ok) out.push(`${JSON.stringify(s)}: the line before the move does not replay`);
    else if (replayMoves(level, line).ok) out.push(`${JSON.stringify(s)} should be illegal, it replays`);
  }
  for (const o of list(claims.outcome)) {
    const got = outcomeOf(level, o.after);
    if (got !== o.is) out.push(`after ${JSON.stringify(o.after)}: ${got}, the page says ${o.is}`);
  }
  if (level.ruleset === 'locking-chess') lockingChessClaims(level, claims, out);
  else if (claims.lfen ?? claims.perft ?? claims.movesFrom ?? claims.position) out.push('lfen / perft / movesFrom / position are Locking Chess claims');
  if (claims.events) {
    const r = level.ruleset === 'chess-maze' ? replayStates(level, claims.events.after) : undefined;
    if (!r?.ok) out.push('events: the line does not replay (or not a Chess Maze level)');
    else {
      const got = (r.value.events[r.value.events.length - 1] ?? []).map((e) => e.type);
      if (JSON.stringify(got) !== JSON.stringify(claims.events.is)) out.push(`events ${JSON.stringify(got)}, the page says ${JSON.stringify(claims.events.is)}`);
    }
  }
  return out;
}
