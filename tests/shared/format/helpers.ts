/** Shared helpers for the format-layer tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/format/v1');

/** Text of a fixture under tests/fixtures/format/v1/. */
export function fixtureText(rel: string): string {
  return readFileSync(path.join(FIXTURES, rel), 'utf8');
}

/** Parsed JSON of a fixture (independent of the code under test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON is navigated untyped by the assertions
export function fixtureJson(rel: string): any {
  return JSON.parse(fixtureText(rel));
}

/** The level files of tests/fixtures/format/v1 (one or more per ruleset). */
export const LEVEL_FIXTURES = [
  'unlock-the-king.level.json',
  'unlock-the-king-solved.level.json',
  'chess-maze.level.json',
  'chess-maze-all-tiles.level.json',
  'kings-valley.level.json',
  'kings-valley-labyrinth.level.json',
  'locking-chess.level.json',
  'pack-folder/levels/01.level.json',
  'pack-folder/levels/02.level.json',
] as const;

/** Asserts failure and returns the issues. */
export function errorsOf<T>(r: Result<T, Issue[]>): Issue[] {
  if (r.ok) throw new Error(`expected failure, got ok: ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error;
}

/** Asserts success and returns the value (with the issues in the message otherwise). */
export function valueOf<T>(r: Result<T, Issue[]>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error, null, 1)}`);
  return r.value;
}

/** A minimal valid unlock-the-king document as a plain object, with overrides merged on top. */
export function ukDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Test' },
    board: { width: 8, height: 8 },
    portal: 'e8',
    pieces: [{ role: 'king', square: 'e1' }],
    ...over,
  };
}

/** A minimal valid chess-maze document with overrides. */
export function cmDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'Test' },
    board: { width: 5, height: 5 },
    pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
    tiles: [{ kind: 'finish', square: 'e5' }],
    ...over,
  };
}

/** A minimal valid kings-valley document with overrides. */
export function kvDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'Test' },
    board: { width: 5, height: 5 },
    pieces: [
      { role: 'king', square: 'c1', side: 'white' },
      { role: 'king', square: 'c5', side: 'black' },
    ],
    sideToMove: 'white',
    ...over,
  };
}

/** A minimal valid locking-chess document with overrides. */
export function lcDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Test' },
    board: { width: 8, height: 8 },
    position: '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
    ...over,
  };
}
