/**
 * The pack status details (`pack verify`'s table, the pack manager) put
 * counts in words and name the cap that stopped a `limit` proof.
 */
import { describe, expect, it } from 'vitest';
import { classifyLevel } from '../../../src-shared/pack/status.js';
import type { Level } from '../../../src-shared/model/level.js';

/** UK-4 / UK-5: a king boxed in by walls on a 3x3 board (no legal move). */
const boxed = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Boxed in' },
  board: { width: 3, height: 3 },
  walls: ['a2', 'b1', 'b2'],
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
} as unknown as Level;

describe('pack status details', () => {
  it('a level proved unsolvable after exactly 1 state says "1 state"', () => {
    expect(classifyLevel(boxed, { status: 'unsolvable', states: 1 }).detail).toBe('proved unsolvable (1 state)');
  });

  it('a limit proof names its cap: the state cap, the time cap', () => {
    expect(classifyLevel(boxed, { status: 'limit', states: 2000, reason: 'states' }).detail).toBe('solver gave up at its state cap (2,000 states)');
    expect(classifyLevel(boxed, { status: 'limit', states: 1, reason: 'time' }).detail).toBe('solver gave up at its time cap (1 state)');
  });
});
