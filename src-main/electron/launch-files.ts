/**
 * Files the OS asks the app to open (issue 9 item 2: file associations and
 * a second launch), as pure functions.
 *
 * Windows and Linux pass them on the command line (`castellan a.level.json`,
 * also in the `second-instance` event's argv); macOS sends `open-file`
 * events instead. Electron and Chromium add their own switches to argv
 * (`--allow-file-access-from-files`, `--original-process-start-time=...`)
 * and, unpackaged, the app folder: only arguments naming a `.level.json` or
 * `.pack.json` file are kept.
 */
import { isAbsolute, resolve } from 'node:path';

/** True for a level or pack file name (case-insensitive suffix). */
export function isCastellanFile(p: string): boolean {
  const l = p.toLowerCase();
  return l.endsWith('.level.json') || l.endsWith('.pack.json');
}

/**
 * The level/pack files named in `argv` (`process.argv` or the
 * `second-instance` argv), made absolute against `cwd` (the launching
 * process's working folder), deduplicated, in order. `argv[0]` (the
 * executable) is skipped; switches (`-x`, `--x=y`) and everything after a
 * bare `--` that is not a level/pack file are ignored. Never throws.
 */
export function filesFromArgv(argv: readonly unknown[], cwd: string): string[] {
  const out: string[] = [];
  for (const a of argv.slice(1)) {
    if (typeof a !== 'string' || a.length === 0 || a.length > 4096 || a.includes('\0')) continue;
    if (a.startsWith('-')) continue;
    if (!isCastellanFile(a)) continue;
    const abs = isAbsolute(a) ? resolve(a) : resolve(cwd, a);
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
