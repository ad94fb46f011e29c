/** One-line hints for the message strip: what the current tool does (per ruleset). */
import type { EditableRuleset } from './editor/default-doc.js';
import type { PaintMode } from './editor/cm-ops.js';
import type { Tool } from './editor/tools.js';

const COMMON: Partial<Record<Tool, string>> = {
  select: 'Select: click a square to inspect it; drag an item to move it (never onto an occupied square)',
  erase: 'Erase: click or drag across squares to remove the top item',
  wall: 'Wall: click a square (replaces what is there) or drag across empty squares to paint walls',
  portal: 'Portal: click a square to move the single exit there',
  key: 'Key: click a square to place a key of the chosen colour (CM-5)',
  lock: 'Lock: click a square to place a lock of the chosen colour (CM-7)',
  plate: 'Plate: click a square to place a pressure plate of the chosen colour (CM-6)',
  coin: 'Coin: click a square to place a coin (CM-8)',
  gem: 'Gem: click a square to place a gem (CM-8)',
  letter: 'Letter: click a square to place the chosen letter (CM-9)',
  transform: 'Transform: click a square to place a transform tile with the chosen types (CM-10)',
  finish: 'Finish: click a square to move the single flag there (CM-11)',
  soldier: 'Soldier: click a square to place a soldier of the chosen side (C switches white / black)',
  pillar: 'Pillar: click a square (replaces what is there) or drag across empty squares to paint pillars (KV-1)',
};

/** The hint for `tool` in `ruleset`; `paint` is what the CM terrain tools paint. */
export function toolHint(tool: Tool, ruleset: EditableRuleset, paint: PaintMode): string {
  if (tool === 'king' && ruleset === 'kings-valley') return 'King: click a square to place the king of the chosen side (C switches white / black; one king per side, KV-9)';
  const what = paint === 'hole' ? 'holes' : 'floor';
  switch (tool) {
    case 'brush':
      return `Brush: click or drag to paint ${what} (H switches floor / hole)`;
    case 'rect':
      return `Rectangle: drag from corner to corner to paint ${what} (H switches floor / hole)`;
    case 'fill':
      return `Fill: click to paint the connected ${paint === 'hole' ? 'floor area as holes' : 'hole area as floor'} (H switches)`;
    case 'king':
    case 'queen':
    case 'rook':
    case 'bishop':
    case 'knight':
    case 'pawn':
      return ruleset === 'chess-maze'
        ? `${tool[0]!.toUpperCase()}${tool.slice(1)}: click a square to place a piece of the chosen side (X switches player / enemy)`
        : `${tool[0]!.toUpperCase()}${tool.slice(1)}: click a square to place a piece (C switches ivory / obsidian)`;
    default:
      return COMMON[tool] ?? '';
  }
}
