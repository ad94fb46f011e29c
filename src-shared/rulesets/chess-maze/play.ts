/**
 * Chess Maze play hooks (`chessMaze.play`, the generic play session of
 * play/session.ts), on `cmLegalMoves` / `cmPlay` (position.ts): legal
 * moves per piece with the CM-10 transform choice (several moves to one
 * square, one per listed type), what each move did in words (CM-13 order),
 * keys held (CM-5), plates held (CM-6), coins / gems / letters progress
 * (CM-8, CM-9), the failures (misspelled CM-9, move limit CM-12, dead end
 * CM-13) and the win (CM-11). The solution preview shows play positions:
 * picked-up tiles gone, open locks drawn open.
 */
import { CM_COLORS, type ChessMazeLevel, type CmColor } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { ROLE_NAME } from '../../display/art/pieces.js';
import type { PlayHooks, PlayMove, PlayResult } from '../../play/hooks.js';
import { cmProgressRows, type CmProgress } from './play-rows.js';

export type { CmProgress } from './play-rows.js';
import { cmInitialState, cmLegalMoves, cmMoveToLan, cmPlay, compileChessMaze, type CmEvent, type CmMove, type CmPosition, type CmState } from './position.js';

/** A Chess Maze play position: the compiled level, the play state, and the letters picked up so far in order (CM-9). */
export interface CmPlayPosition {
  readonly pos: CmPosition;
  readonly state: CmState;
  readonly letters: readonly string[];
}

/** A legal move with the position's own move. */
export interface CmPlayMove extends PlayMove {
  readonly cm: CmMove;
}

function cmEventText(pos: CmPosition, ev: CmEvent, state: CmState): string {
  switch (ev.type) {
    case 'captured':
      return `Captured the enemy ${ev.role} on ${ev.square}`;
    case 'picked-key':
      return `Picked up the ${ev.color} key: ${ev.color} locks are open`;
    case 'picked-coin': {
      const got = pos.collectibles.filter((c, k) => c.kind === 'coin' && state.picked[k]).length;
      return `Coin ${got}/${pos.coinCount}`;
    }
    case 'picked-gem':
      return `Picked up a gem on ${ev.square}`;
    case 'picked-letter':
      return `Letter ${ev.letter}`;
    case 'transformed':
      return `The ${ev.from} became a ${ev.to}`;
    case 'won':
      return 'Reached the finish';
    case 'failed':
      return `Failed: ${ev.reason.replace('-', ' ')}`;
  }
}

/** Keys held (CM-5) and plates held by any piece now (CM-6), as colours. */
function held(p: CmPlayPosition): { keys: CmColor[]; plates: Set<CmColor> } {
  const { pos, state: st } = p;
  const plates = new Set<CmColor>();
  st.squares.forEach((s, i) => {
    if (!st.alive[i]) return;
    const c = pos.plate[s]!;
    if (c >= 0) plates.add(CM_COLORS[c]!);
  });
  return { keys: CM_COLORS.filter((_, c) => (st.keys & (1 << c)) !== 0), plates };
}

/** The failure in words: "misspelled: picked up T, the word CAT needs A next", "dead end: ...", "move limit of 9 reached without winning". */
function failedText(p: CmPlayPosition, reason: string): string {
  if (reason === 'misspelled') {
    const word = p.pos.spell;
    const got = p.letters[p.letters.length - 1] ?? '?';
    const need = p.state.spelled < word.length ? word[p.state.spelled] : null;
    return `misspelled: picked up ${got}, ${need ? `the word ${word} needs ${need} next` : `the word ${word} was already complete`}`;
  }
  if (reason === 'dead-end') return 'dead end: no player piece can move';
  return `move limit of ${p.pos.moveLimit > 0 ? p.pos.moveLimit : '?'} reached without winning`;
}

export const cmPlayHooks: PlayHooks<ChessMazeLevel, CmPlayPosition, CmPlayMove> = {
  start(level) {
    const c = compileChessMaze(level);
    return c.ok ? { ok: true, value: { pos: c.value, state: cmInitialState(c.value), letters: [] } } : c;
  },
  moves({ pos, state }) {
    return cmLegalMoves(pos, state).map((m) => ({
      from: indexToSquare(m.from, pos.width),
      to: indexToSquare(m.to, pos.width),
      lan: cmMoveToLan(pos, state, m),
      capture: m.capture >= 0,
      cm: m,
      // CM-10: a transform tile listing several types makes one move per type; the player picks the type.
      ...(m.transform ? { choice: m.transform, choiceLabel: ROLE_NAME[m.transform] ?? m.transform, choiceRole: m.transform } : {}),
    }));
  },
  apply(p, m) {
    const r = cmPlay(p.pos, p.state, m.cm);
    const letters = [...p.letters];
    for (const e of r.events) if (e.type === 'picked-letter') letters.push(e.letter);
    return { position: { pos: p.pos, state: r.state, letters }, events: r.events.map((e) => cmEventText(p.pos, e, r.state)) };
  },
  outcome(p): PlayResult {
    const o = p.state.outcome;
    if (o === 'playing') return { status: 'ongoing' };
    if ('won' in o) return { status: 'won', code: 'finish', text: 'reached the finish (CM-11)' };
    return { status: 'failed', code: o.failed, text: failedText(p, o.failed) };
  },
  view(level, p) {
    const { pos, state: st } = p;
    const w = pos.width;
    const keys = held(p).keys;
    // Pieces where they are now (transformed roles), captured enemies gone; picked-up keys and collectibles gone.
    const pieces = level.pieces
      .map((piece, i) => {
        if (!st.alive[i]) return null;
        const role = st.roles[i]!;
        const q = { ...piece, square: indexToSquare(st.squares[i]!, w), role };
        if (role !== 'pawn') delete q.facing;
        return q;
      })
      .filter((x) => x !== null);
    const picked = new Set(pos.collectibles.filter((_, k) => st.picked[k]).map((c) => indexToSquare(c.square, w)));
    const tiles = (level.tiles ?? []).filter((t) => {
      if (t.kind === 'key') return !keys.includes(t.color);
      if (t.kind === 'coin' || t.kind === 'gem' || t.kind === 'letter') return !picked.has(t.square);
      return true;
    });
    return { ...level, pieces, tiles };
  },
  openColors(p) {
    const h = held(p);
    return [...new Set([...h.keys, ...h.plates])];
  },
  // Any player piece may be picked up, also one without a move (CM-2: enemies never move).
  movable({ pos, state: st }, square) {
    const s = squareIndex(square, pos.width, pos.height);
    return s >= 0 && st.squares.some((q, i) => q === s && st.alive[i] && st.sides[i] === 'player');
  },
  progress(p): CmProgress {
    const { pos, state: st } = p;
    const h = held(p);
    const count = (kind: 'coin' | 'gem'): { picked: number; total: number } => ({
      picked: pos.collectibles.filter((c, k) => c.kind === kind && st.picked[k]).length,
      total: pos.collectibles.filter((c) => c.kind === kind).length,
    });
    return {
      keys: h.keys,
      plates: CM_COLORS.filter((c) => h.plates.has(c)),
      plateColors: CM_COLORS.filter((_, c) => pos.plate.some((x) => x === c)),
      coins: count('coin'),
      gems: count('gem'),
      collect: pos.collect,
      word: pos.spell,
      spelled: st.spelled,
      letters: [...p.letters],
    };
  },
  progressRows: (info) => cmProgressRows(info as CmProgress),
  moveLimit: ({ pos }) => (pos.moveLimit > 0 ? pos.moveLimit : null),
  moveLimitLabel: 'limit',
  previewPlayState: true,
};
