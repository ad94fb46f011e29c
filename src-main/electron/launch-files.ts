/**
 * Files the OS asks the app to open (file associations and
 * a second launch), as pure functions.
 *
 * Windows and Linux pass them on the command line (`castellan a.level.json`,
 * also in the `second-instance` event's argv); macOS sends `open-file`
 * events instead. Electron and Chromium add their own switches to argv
 * (`--allow-file-access-from-files`, `--original-process-start-time=...`)
 * and, unpackaged, the app folder: only arguments naming a `.level.json` or
 * `.pack.json` file are kept. Linux file managers may pass `file://` URLs
 * (the desktop entry's `%U`): they are turned into paths; other URLs are
 * ignored.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    let p = a;
    if (/^file:\/\//i.test(a)) {
      // Linux desktop entries pass %U: file managers may hand over file:// URLs.
      try {
        p = fileURLToPath(a);
      } catch {
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]+:\/\//i.test(a)) continue;
    if (!isCastellanFile(p)) continue;
    const abs = isAbsolute(p) ? resolve(p) : resolve(cwd, p);
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
