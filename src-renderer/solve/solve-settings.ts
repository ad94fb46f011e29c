/**
 * The solve caps the designer sets (Settings dialog, persisted in
 * localStorage): a manual Solve stops at a time cap and a state cap
 * (defaults 60 s and 20,000,000 states), so a hard level never runs for
 * ever; the panel then says which cap stopped it and how to raise it. The
 * proof of a save reads the same settings (`saveProofCaps`).
 *
 * Limits: time 1..600 s (`SOLVE_MAX_TIME_MS`, the host's largest), states
 * 1,000..100,000,000 (the host's state cap); whole numbers only. Stored
 * values that are missing, malformed or out of range read as the defaults
 * (each field on its own). Pure apart from the storage given (default:
 * `globalThis.localStorage` when there is one).
 */
import { SOLVE_MAX_TIME_MS } from '../../src-shared/host/solve-contract.js';

/** The caps as the designer sets them. */
export interface SolveSettings {
  /** Wall-time cap of one solve, seconds. */
  timeS: number;
  /** State cap of one solve (states stored; positions for the two-player proof search). */
  maxStates: number;
}

/** The caps as a solve request carries them (host `solveStart`). */
export interface SolveCapsRequest {
  timeMs: number;
  maxStates: number;
}

export const DEFAULT_SOLVE_SETTINGS: Readonly<SolveSettings> = { timeS: 60, maxStates: 20_000_000 };

/** Allowed range of each setting (inclusive). */
export const SOLVE_SETTING_LIMITS: Readonly<Record<keyof SolveSettings, { min: number; max: number }>> = {
  timeS: { min: 1, max: SOLVE_MAX_TIME_MS / 1000 },
  maxStates: { min: 1_000, max: 100_000_000 },
};

/** The localStorage key (versioned: a later shape gets a new key). */
export const SOLVE_SETTINGS_KEY = 'castellan.solve-settings.v1';

/** The part of `Storage` the settings use. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): SettingsStorage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

/** True when `v` is a whole number within the setting's limits. */
export function settingValid(key: keyof SolveSettings, v: unknown): v is number {
  const l = SOLVE_SETTING_LIMITS[key];
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= l.min && v <= l.max;
}

/** The stored settings; each missing or invalid field reads as its default. Never throws. */
export function readSolveSettings(storage: SettingsStorage | null = defaultStorage()): SolveSettings {
  let raw: unknown = null;
  try {
    const text = storage?.getItem(SOLVE_SETTINGS_KEY);
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    timeS: settingValid('timeS', r['timeS']) ? r['timeS'] : DEFAULT_SOLVE_SETTINGS.timeS,
    maxStates: settingValid('maxStates', r['maxStates']) ? r['maxStates'] : DEFAULT_SOLVE_SETTINGS.maxStates,
  };
}

/**
 * Stores `s` after checking it: `{ok: false, field}` names the first field
 * outside its limits (nothing stored); `{ok: false}` without a field when
 * the storage refused the write.
 */
export function writeSolveSettings(
  s: SolveSettings,
  storage: SettingsStorage | null = defaultStorage(),
): { ok: true } | { ok: false; field?: keyof SolveSettings } {
  for (const key of ['timeS', 'maxStates'] as const) if (!settingValid(key, s[key])) return { ok: false, field: key };
  try {
    if (!storage) return { ok: false };
    storage.setItem(SOLVE_SETTINGS_KEY, JSON.stringify({ timeS: s.timeS, maxStates: s.maxStates }));
    return { ok: true };
  } catch {
    return { ok: false };
  }
}

/** The caps of a manual Solve, from the stored settings. */
export function solveCaps(storage: SettingsStorage | null = defaultStorage()): SolveCapsRequest {
  const s = readSolveSettings(storage);
  return { timeMs: s.timeS * 1000, maxStates: s.maxStates };
}

/** The caps of the proof a save runs: the same settings as a manual Solve (one place to raise them). */
export function saveProofCaps(storage: SettingsStorage | null = defaultStorage()): SolveCapsRequest {
  return solveCaps(storage);
}
