/** Window bounds remembered between runs: restoreBounds keeps the window on a connected display. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, parseWindowState, readWindowState, restoreBounds, writeWindowStateSync } from '../../../src-main/electron/window-state.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const FULL_HD = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('restoreBounds', () => {
  it('no saved state: the default size, placed by the OS', () => {
    expect(restoreBounds(undefined, [FULL_HD])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('a window on a connected display keeps its position and size', () => {
    expect(restoreBounds({ x: 100, y: 50, width: 1000, height: 700 }, [FULL_HD])).toEqual({ x: 100, y: 50, width: 1000, height: 700, maximized: false });
    expect(restoreBounds({ x: 2000, y: 100, width: 1200, height: 800, maximized: true }, [FULL_HD, RIGHT])).toEqual({
      x: 2000,
      y: 100,
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('a window on an unplugged monitor is centered on the primary display', () => {
    // Saved on the right monitor, which is gone: (1920-1200)/2 = 360, (1040-800)/2 = 120.
    expect(restoreBounds({ x: 2000, y: 100, width: 1200, height: 800 }, [FULL_HD])).toEqual({ x: 360, y: 120, width: 1200, height: 800, maximized: false });
  });

  it('only a sliver of the title bar visible (less than 100 DIP wide) counts as off-screen', () => {
    // Overlap with the display: x from 1850 to 1920 = 70 DIP < 100.
    const r = restoreBounds({ x: 1850, y: 10, width: 800, height: 600 }, [FULL_HD]);
    expect(r).toEqual({ x: 560, y: 220, width: 800, height: 600, maximized: false });
    // 150 DIP visible: kept.
    expect(restoreBounds({ x: 1770, y: 10, width: 800, height: 600 }, [FULL_HD]).x).toBe(1770);
  });

  it('a title bar above the top of the display is off-screen', () => {
    expect(restoreBounds({ x: 100, y: -500, width: 800, height: 600 }, [FULL_HD]).y).toBe(220);
  });

  it('the size is clamped to the largest display and to the minimum 640x480', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 5000, height: 3000 }, [FULL_HD])).toMatchObject({ width: 1920, height: 1040 });
    expect(restoreBounds({ x: 0, y: 0, width: 100, height: 100 }, [FULL_HD])).toMatchObject({ width: 640, height: 480 });
  });

  it('no displays reported: the default size', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 900, height: 700 }, [])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });
});

describe('window-state file', () => {
  it('parseWindowState refuses malformed states', () => {
    expect(parseWindowState({ x: 1, y: 2, width: 3 })).toBeUndefined();
    expect(parseWindowState({ x: 1, y: 2, width: 0, height: 10 })).toBeUndefined();
    expect(parseWindowState({ x: 'a', y: 2, width: 10, height: 10 })).toBeUndefined();
    expect(parseWindowState({ x: 1.4, y: 2, width: 10, height: 10, maximized: 'yes' })).toEqual({ x: 1, y: 2, width: 10, height: 10 });
  });

  it('writes and reads back; a missing or corrupt file reads as undefined', () => {
    const file = join(tempDir(), 'sub', 'window-state.json');
    expect(readWindowState(file)).toBeUndefined();
    expect(writeWindowStateSync(file, { x: 5, y: 6, width: 700, height: 500, maximized: true })).toBe(true);
    expect(readWindowState(file)).toEqual({ x: 5, y: 6, width: 700, height: 500, maximized: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 5, y: 6, width: 700, height: 500, maximized: true });
  });
});
