/**
 * A printed level says what to do: the rulesets' goal and objectives in
 * words (RulesetDef.describeGoal) under the diagram of the SVG / PNG render
 * and of the pack PDF. Expected sentences are written from the rulings
 * (CM-8, CM-9, CM-11, CM-12, UK-3, UK-6, KV-5, KV-8, LC-8), not read back
 * from the program.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, KingsValleyLevel, LockingChessLevel, PackFile, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { renderLevelSvg } from '../../../src-shared/render/svg.js';
import { displayLevel } from '../../../src-shared/rulesets/index.js';
import { buildPackPdf } from '../../../src-main/services/pack-pdf.js';
import type { LoadedPack } from '../../../src-main/services/pack-files.js';

const maze: ChessMazeLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'chess-maze',
  meta: { title: 'Treasury' },
  board: { width: 4, height: 4 },
  pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
  tiles: [
    { kind: 'coin', square: 'b3' },
    { kind: 'coin', square: 'c1' },
    { kind: 'gem', square: 'a4' },
    { kind: 'letter', square: 'c2', letter: 'A' },
    { kind: 'finish', square: 'd4' },
  ],
  objectives: { collect: true, spell: 'A', moveLimit: 9 },
};

/** The text of the SVG's objective lines, joined with spaces (the lines are wrapped at spaces). */
function svgObjectives(svg: string): string {
  return [...svg.matchAll(/<text class="objective"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#39;/g, "'")).join(' ');
}

describe('describeGoal', () => {
  it('CM-8 CM-9 CM-11 CM-12 Chess Maze: the finish, every coin first, the word, the gems, the move limit', () => {
    expect(displayLevel(maze).objectives).toEqual([
      'Goal: land a player piece on the finish flag (d4) (CM-11).',
      'Before the finish counts, pick up every coin: 2 coins on the board (CM-11).',
      'Spell A: pick up its letters in this order, and no other letter (CM-9).',
      '1 gem to pick up on the way (not required, CM-8).',
      'Move limit: win within 9 moves (CM-12).',
    ]);
  });

  it('UK-6 UK-7 Unlock the King: the portal and the par; KV-8 King’s Valley and LC-8 Locking Chess: the side to move and N', () => {
    const uk: UnlockTheKingLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 'u' },
      board: { width: 3, height: 3 },
      portal: 'c3',
      par: 4,
      pieces: [{ role: 'king', square: 'a1' }],
    };
    expect(displayLevel(uk).objectives?.[0]).toBe('Goal: bring the king to the portal on c3 in 4 moves (par) (UK-6).');
    const kv: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'k' },
      board: { width: 5, height: 5 },
      pieces: [],
      sideToMove: 'black',
      goal: { type: 'win-in', moves: 2 },
    };
    expect(displayLevel(kv).objectives?.[0]).toContain('Goal: Black wins in 2');
    expect(displayLevel(kv).objectives?.[0]).toContain('valley (c3) wins (KV-5)');
    const lc: LockingChessLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'locking-chess',
      meta: { title: 'l' },
      board: { width: 8, height: 8 },
      position: '4k3/8/8/8/8/8/8/4K3 b - - 0 1',
      goal: { type: 'mate-in', moves: 3 },
    };
    expect(displayLevel(lc).objectives?.[0]).toContain('Goal: Black mates in 3');
  });
});

describe('printed diagrams show the objectives', () => {
  it('the SVG render writes them under the board, wrapped to its width', () => {
    const svg = renderLevelSvg(maze, { cell: 40 });
    expect(svg).toContain('<g class="objectives">');
    const text = svgObjectives(svg);
    expect(text).toContain('Goal: land a player piece on the finish flag (d4) (CM-11).');
    expect(text).toContain('Move limit: win within 9 moves (CM-12).');
    // Wrapped: a 4-square board at 40 px cannot hold the first sentence on one line.
    expect(svg.match(/<text class="objective"/g)!.length).toBeGreaterThan(5);
    // Under the board: every objective baseline is below the board's bottom edge.
    const frame = /<rect class="frame" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/.exec(svg)!;
    const bottom = Number(frame[1]) + Number(frame[2]);
    for (const m of svg.matchAll(/<text class="objective" x="[\d.]+" y="([\d.]+)"/g)) expect(Number(m[1])).toBeGreaterThan(bottom);
  });

  it('the pack PDF prints them on the level’s page', async () => {
    const pack = { format: 'castellan.pack', version: 1, title: 'Objectives', ruleset: 'chess-maze', levels: [] } as unknown as PackFile;
    const loaded: LoadedPack = { pack, form: 'file', root: '.', levels: [{ index: 0, name: '#1', title: 'Treasury', level: maze, issues: [] }] };
    const pdf = await buildPackPdf(loaded);
    const text = pdfText(pdf);
    expect(text).toContain('Goal: land a player piece on the finish flag (d4) (CM-11).');
    expect(text).toContain('Move limit: win within 9 moves (CM-12).');
    expect(text).toContain('pick up every coin');
  });
});

/** The text a pdfkit PDF shows: every content stream inflated, its TJ / Tj strings decoded (hex, WinAnsi), one line per text operation. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of body.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      out.push(parts.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}
