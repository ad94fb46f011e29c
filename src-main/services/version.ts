/**
 * The Castellan version string, read once from the repository's
 * `package.json`.
 *
 * The file sits two folders up both from the sources
 * (`src-main/services/version.ts`) and from the Electron bundle
 * (`out/main/index.js`, also inside `app.asar`), so one relative lookup serves
 * the CLI, `castellan serve`, vitest and the packaged app.
 */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** `"x.y.z"` from package.json; `"0.0.0"` when it cannot be read. Never throws. */
export function castellanVersion(): string {
  if (cached !== undefined) return cached;
  let version = '0.0.0';
  try {
    const rel = '../../package.json'; // a variable, so bundlers leave the lookup alone
    const text = readFileSync(new URL(rel, import.meta.url), 'utf8');
    const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
    if (typeof pkg.version === 'string' && pkg.version.length > 0) version = pkg.version;
  } catch {
    // keep the fallback
  }
  cached = version;
  return version;
}

/** `"castellan x.y.z"`: the `solution.solver` field (LEVEL-FORMAT-v1). */
export function solverName(): string {
  return `castellan ${castellanVersion()}`;
}
