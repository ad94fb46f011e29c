/**
 * Window size and position remembered between runs, as
 * plain functions: `restoreBounds` keeps a saved window on a display that
 * is still there; `readWindowState` / `writeWindowStateSync` store it as
 * `<userData>/window-state.json` (atomic: temp file + rename). Units: DIP
 * (Electron's screen coordinates).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readBoundedTextSync } from '../services/bounded-read.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rect {
  maximized?: boolean;
}

/** Default window size (no saved state). */
export const DEFAULT_SIZE = { width: 1280, height: 860 } as const;
/** Smallest restored size. */
export const MIN_SIZE = { width: 640, height: 480 } as const;
/** A restored window must show at least this much of its top edge (title bar) on a display. */
const MIN_VISIBLE = { width: 100, height: 40 } as const;

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Parses untrusted JSON into a WindowState, or undefined. */
export function parseWindowState(raw: unknown): WindowState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (!finite(r['x']) || !finite(r['y']) || !finite(r['width']) || !finite(r['height'])) return undefined;
  if (r['width'] <= 0 || r['height'] <= 0) return undefined;
  return {
    x: Math.round(r['x']),
    y: Math.round(r['y']),
    width: Math.round(r['width']),
    height: Math.round(r['height']),
    ...(r['maximized'] === true ? { maximized: true } : {}),
  };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, w), height: Math.max(0, h) };
}

/**
 * Where to open the window. `saved`: the stored state (or undefined);
 * `displays`: the work areas of the connected displays, primary first
 * (`screen.getAllDisplays()` mapped to `workArea`, the primary moved to the
 * front). Answers `{width, height}` (let the OS place it, centered) or a
 * full rect, plus `maximized`:
 * - no (valid) saved state or no displays: the default size, no position;
 * - the size is clamped to [MIN_SIZE, the largest work area];
 * - the position is kept when the window's top strip (title bar, 40 DIP
 *   high) overlaps a work area by at least 100x40 DIP; else the window is
 *   centered on the primary display (a monitor was unplugged).
 */
export function restoreBounds(
  saved: WindowState | undefined,
  displays: readonly Rect[],
): { width: number; height: number; x?: number; y?: number; maximized: boolean } {
  if (!saved || displays.length === 0) return { ...DEFAULT_SIZE, maximized: false };
  const maxW = Math.max(...displays.map((d) => d.width));
  const maxH = Math.max(...displays.map((d) => d.height));
  const width = Math.max(MIN_SIZE.width, Math.min(saved.width, maxW));
  const height = Math.max(MIN_SIZE.height, Math.min(saved.height, maxH));
  const maximized = saved.maximized === true;
  const titleBar: Rect = { x: saved.x, y: saved.y, width, height: MIN_VISIBLE.height };
  const visible = displays.some((d) => {
    const o = overlap(titleBar, d);
    return o.width >= MIN_VISIBLE.width && o.height >= MIN_VISIBLE.height;
  });
  if (visible) return { x: saved.x, y: saved.y, width, height, maximized };
  const p = displays[0]!;
  const w = Math.min(width, p.width);
  const h = Math.min(height, p.height);
  return { x: Math.round(p.x + (p.width - w) / 2), y: Math.round(p.y + (p.height - h) / 2), width: w, height: h, maximized };
}

/** The state file in a folder. */
export function windowStateFile(dir: string): string {
  return join(dir, 'window-state.json');
}

/** Reads the saved state (undefined when missing, not a regular file, over 64 KiB or malformed). Never throws. */
export function readWindowState(file: string): WindowState | undefined {
  try {
    const text = readBoundedTextSync(file, 64 * 1024);
    return text === undefined ? undefined : parseWindowState(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Writes the state synchronously (it runs while the window closes) and
 * atomically (temp file + rename). Answers false on failure; never throws.
 */
export function writeWindowStateSync(file: string, state: WindowState): boolean {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(state)}\n`);
    renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}
