/**
 * Dev tool for the Chess Maze sample levels (resources/levels/chess-maze/).
 *
 *   npx tsx scripts/dev/chess-maze-samples.ts [--only 03,07] [--write]
 *
 * The levels are designed by hand in the compact specs below (a map of
 * holes, then pieces and tiles). For each one the tool prints the board,
 * the builder issues, the optimal line, and "ablations": the optimum again
 * with one mechanic taken away (holes filled, enemies removed, doors of a
 * colour opened, objectives dropped, transform tiles removed, move limit
 * lowered by one). That shows whether the optimal solution really needs
 * the mechanic the level is about. `--write` writes the level files
 * (without a solution); `castellan prove` then stores each proof through
 * the save pipeline.
 *
 * Spec notation: `map` rows top (highest rank) first, `#` a hole, anything
 * else playable. Pieces `K:a1` (player king), `!R:e5` (enemy rook),
 * `P:c2:east` (pawn facing east). Tiles `key:red:b3`, `lock:red:d4`,
 * `plate:blue:c1`, `coin:c5`, `gem:a3`, `L:C:a1` (letter C), `T:N:c3`
 * (transform to knight), `T:NBR:c3` (choice of knight/bishop/rook), `F:e4`
 * (the finish).
 */
import { writeFileSync } from 'node:fs';
import type { ChessMazeLevel, CmColor, CmPiece, CmTile, Facing, Role, TransformType } from '../../src-shared/model/level.js';
import { squareName, parseSquare } from '../../src-shared/model/square.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import { solveLevel, validateRules } from '../../src-shared/rulesets/index.js';
import { SPECS, type Spec } from './chess-maze-specs.js';

const ROLE_BY_LETTER: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
const TT_BY_LETTER: Record<string, TransformType> = { N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

function build(s: Spec): ChessMazeLevel {
  const height = s.map.length;
  const width = s.map[0]!.length;
  const holes: string[] = [];
  s.map.forEach((row, i) => {
    if (row.length !== width) throw new Error(`${s.file}: ragged map`);
    for (let f = 0; f < width; f++) if (row[f] === '#') holes.push(squareName(f, height - 1 - i));
  });
  const pieces: CmPiece[] = s.pieces.map((t) => {
    const enemy = t.startsWith('!');
    const [r, sq, facing] = (enemy ? t.slice(1) : t).split(':');
    const p: CmPiece = { role: ROLE_BY_LETTER[r!]!, square: sq!, side: enemy ? 'enemy' : 'player' };
    if (facing) p.facing = facing as Facing;
    return p;
  });
  const tiles: CmTile[] = s.tiles.map((t) => {
    const parts = t.split(':');
    switch (parts[0]) {
      case 'key':
      case 'lock':
      case 'plate':
        return { kind: parts[0], color: parts[1] as CmColor, square: parts[2]! };
      case 'coin':
      case 'gem':
        return { kind: parts[0], square: parts[1]! };
      case 'L':
        return { kind: 'letter', letter: parts[1]!, square: parts[2]! };
      case 'T':
        return { kind: 'transform', allowed: [...parts[1]!].map((c) => TT_BY_LETTER[c]!), square: parts[2]! };
      case 'F':
        return { kind: 'finish', square: parts[1]! };
    }
    throw new Error(`${s.file}: bad tile ${t}`);
  });
  const objectives: ChessMazeLevel['objectives'] = {};
  if (s.collect) objectives.collect = true;
  if (s.spell) objectives.spell = s.spell;
  if (s.moveLimit) objectives.moveLimit = s.moveLimit;
  const level: ChessMazeLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: s.title, author: 'Castellan samples', description: s.description, tags: s.tags ?? [tier(s.file)] },
    board: holes.length ? { width, height, holes } : { width, height },
    pieces,
    tiles,
  } as ChessMazeLevel;
  if (Object.keys(objectives).length) level.objectives = objectives;
  return level;
}

/** Tier tag by level number: 1-5 novice, 6-11 journeyman, 12+ master. */
function tier(file: string): string {
  const n = Number(file.slice(0, 2));
  return n <= 5 ? 'novice' : n <= 11 ? 'journeyman' : 'master';
}

function render(l: ChessMazeLevel): string {
  const { width, height } = l.board;
  const cell = new Map<string, string>();
  for (const h of l.board.holes ?? []) cell.set(h, '##');
  for (const t of l.tiles ?? []) {
    const c =
      t.kind === 'lock'
        ? 'L' + t.color[0]
        : t.kind === 'plate'
          ? 'p' + t.color[0]
          : t.kind === 'key'
            ? 'k' + t.color[0]
            : t.kind === 'transform'
              ? 'T' + (t.allowed.length > 1 ? '*' : { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' }[t.allowed[0]!])
              : t.kind === 'coin'
                ? '$ '
                : t.kind === 'gem'
                  ? '* '
                  : t.kind === 'letter'
                    ? '"' + t.letter
                    : 'F ';
    cell.set(t.square, (cell.get(t.square) ?? '') + c);
  }
  for (const p of l.pieces) {
    const letter = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' }[p.role];
    const ch = p.side === 'player' ? letter : letter.toLowerCase();
    const arrow = p.role === 'pawn' ? { north: '^', east: '>', south: 'v', west: '<' }[p.facing ?? 'north'] : ' ';
    cell.set(p.square, ch + arrow + (cell.get(p.square) ?? ''));
  }
  const lines: string[] = [];
  for (let r = height - 1; r >= 0; r--) {
    let line = String(r + 1).padStart(2) + ' ';
    for (let f = 0; f < width; f++) line += (cell.get(squareName(f, r)) ?? ' .').padEnd(5);
    lines.push(line);
  }
  lines.push('   ' + Array.from({ length: width }, (_, f) => String.fromCharCode(97 + f).padEnd(5)).join(''));
  return lines.join('\n');
}

function par(l: ChessMazeLevel): string {
  const r = solveLevel(l, { maxStates: 2_000_000 });
  if (r.status === 'solved') return `${r.length} (${r.states} st)`;
  if (r.status === 'invalid') return 'invalid: ' + r.issues.map((i) => i.code).join(',');
  return r.status;
}

function clone(l: ChessMazeLevel): ChessMazeLevel {
  return JSON.parse(JSON.stringify(l)) as ChessMazeLevel;
}

function ablations(l: ChessMazeLevel): string[] {
  const out: string[] = [];
  const tiles = l.tiles ?? [];
  if (l.board.holes?.length) {
    const c = clone(l);
    delete c.board.holes;
    out.push(`no holes: ${par(c)}`);
  }
  if (l.pieces.some((p) => p.side === 'enemy')) {
    const c = clone(l);
    c.pieces = c.pieces.filter((p) => p.side === 'player');
    out.push(`no enemies: ${par(c)}`);
  }
  for (const color of ['blue', 'red', 'yellow', 'green'] as const) {
    const locks = tiles.filter((t) => t.kind === 'lock' && t.color === color);
    if (!locks.length) continue;
    const c = clone(l);
    c.tiles = c.tiles!.filter((t) => !('color' in t && t.color === color));
    out.push(`${color} doors open (no key/plates): ${par(c)}`);
    const plates = tiles.filter((t) => t.kind === 'plate' && t.color === color);
    if (plates.length) {
      const k = clone(l);
      k.tiles = k.tiles!.filter((t) => !(t.kind === 'plate' && t.color === color));
      k.tiles.push({ kind: 'key', color, square: plates[0]!.square });
      out.push(`${color} plate -> key: ${par(k)}`);
    }
  }
  if (l.objectives?.collect) {
    const c = clone(l);
    delete c.objectives!.collect;
    c.tiles = c.tiles!.filter((t) => t.kind !== 'coin');
    out.push(`no coins: ${par(c)}`);
  }
  if (l.objectives?.spell) {
    const c = clone(l);
    delete c.objectives!.spell;
    c.tiles = c.tiles!.filter((t) => t.kind !== 'letter');
    out.push(`no spelling: ${par(c)}`);
  }
  if (tiles.some((t) => t.kind === 'transform')) {
    const c = clone(l);
    c.tiles = c.tiles!.filter((t) => t.kind !== 'transform');
    out.push(`no transforms: ${par(c)}`);
  }
  if (l.objectives?.moveLimit) {
    const c = clone(l);
    c.objectives!.moveLimit = l.objectives.moveLimit - 1;
    out.push(`move limit ${l.objectives.moveLimit - 1}: ${par(c)}`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const oi = args.indexOf('--only');
  const only = oi >= 0 ? args[oi + 1]!.split(',') : undefined;
  const write = args.includes('--write');
  for (const s of SPECS) {
    if (only && !only.some((o) => s.file.startsWith(o))) continue;
    const l = build(s);
    console.log(`\n=== ${s.file}: ${s.title}`);
    console.log(render(l));
    const issues = validateRules(l);
    for (const i of issues) console.log(`  ${i.severity} ${i.code}: ${i.message}`);
    const t0 = Date.now();
    const r = solveLevel(l, { maxStates: 5_000_000 });
    const ms = Date.now() - t0;
    if (r.status === 'solved') console.log(`  par ${r.length} (${r.states} states, ${ms} ms): ${r.moves.join(' ')}`);
    else console.log(`  ${r.status}`);
    for (const a of ablations(l)) console.log('  - ' + a);
    if (write) writeFileSync(`resources/levels/chess-maze/${s.file}.level.json`, serializeLevel(l));
  }
  void parseSquare;
}

void main();
