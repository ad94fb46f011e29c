import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOLVE_SETTINGS,
  readSolveSettings,
  saveProofCaps,
  solveCaps,
  SOLVE_SETTINGS_KEY,
  writeSolveSettings,
  type SettingsStorage,
} from '../../../src-renderer/solve/solve-settings.js';

function memory(init: Record<string, string> = {}): SettingsStorage & { data: Record<string, string> } {
  const data = { ...init };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('Solve settings (time and state caps, localStorage)', () => {
  it('defaults to 60 s and 20,000,000 states; solveCaps and saveProofCaps read the same settings', () => {
    expect(DEFAULT_SOLVE_SETTINGS).toEqual({ timeS: 60, maxStates: 20_000_000 });
    const s = memory();
    expect(solveCaps(s)).toEqual({ timeMs: 60_000, maxStates: 20_000_000 });
    expect(writeSolveSettings({ timeS: 5, maxStates: 50_000 }, s)).toEqual({ ok: true });
    expect(solveCaps(s)).toEqual({ timeMs: 5_000, maxStates: 50_000 });
    expect(saveProofCaps(s)).toEqual({ timeMs: 5_000, maxStates: 50_000 });
  });
  it('refuses values that are not whole numbers or out of range (1..600 s, 1,000..100,000,000 states); nothing is stored', () => {
    const s = memory();
    expect(writeSolveSettings({ timeS: 0, maxStates: 50_000 }, s)).toEqual({ ok: false, field: 'timeS' });
    expect(writeSolveSettings({ timeS: 601, maxStates: 50_000 }, s)).toEqual({ ok: false, field: 'timeS' });
    expect(writeSolveSettings({ timeS: 2.5, maxStates: 50_000 }, s)).toEqual({ ok: false, field: 'timeS' });
    expect(writeSolveSettings({ timeS: 10, maxStates: 999 }, s)).toEqual({ ok: false, field: 'maxStates' });
    expect(writeSolveSettings({ timeS: 10, maxStates: 1e20 }, s)).toEqual({ ok: false, field: 'maxStates' });
    expect(s.data).toEqual({});
  });
  it('reads a malformed or out-of-range stored field as its default, field by field', () => {
    expect(readSolveSettings(memory({ [SOLVE_SETTINGS_KEY]: '{not json' }))).toEqual(DEFAULT_SOLVE_SETTINGS);
    expect(readSolveSettings(memory({ [SOLVE_SETTINGS_KEY]: JSON.stringify({ timeS: 30, maxStates: -4 }) }))).toEqual({ timeS: 30, maxStates: 20_000_000 });
    expect(readSolveSettings(memory({ [SOLVE_SETTINGS_KEY]: JSON.stringify({ timeS: '30', maxStates: 5000 }) }))).toEqual({ timeS: 60, maxStates: 5000 });
    expect(readSolveSettings(null)).toEqual(DEFAULT_SOLVE_SETTINGS);
  });
});
