/**
 * One shape for the CLI's error lines on stderr: `castellan: <code>: <message>`,
 * with the codes `validate` prints for the same failure (`file-not-found`,
 * `file-unreadable`, the first issue's code such as `json-syntax`), so a
 * script can tell why `solve`, `prove` or `render` refused without parsing
 * prose. Exit codes follow LEVEL-FORMAT-v1 "Exit codes" (1 invalid input).
 */
import { promises as fs } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';
import type { Issue } from '../../src-shared/validation/issue.js';

/** `castellan: <code>: <message>\n` (one line; `message` is a sentence naming the file or folder). */
export function errorLine(code: string, message: string): string {
  return `castellan: ${code}: ${message}\n`;
}

/**
 * The code `validate` prints for an input file that could not be read:
 * `file-not-found` (no such file) or `file-unreadable` (a folder, FIFO,
 * device, too large, permission denied, any other I/O error).
 */
export function readErrorCode(e: Pick<HostError, 'code'>): 'file-not-found' | 'file-unreadable' {
  return e.code === 'not-found' ? 'file-not-found' : 'file-unreadable';
}

/**
 * The code of a level that could not be parsed: its first error issue's
 * code (`json-syntax`, `schema-*`, ...) as `validate` prints it, else `parse`.
 */
export function parseErrorCode(issues: readonly Issue[] | undefined): string {
  return issues?.find((i) => i.severity === 'error')?.code ?? 'parse';
}

/**
 * Checks that the folder of the output path `out` exists and is a folder,
 * before anything is rendered or written. Answers undefined when it is, or
 * `{code: 'folder-not-found' | 'not-a-folder', message}` naming the folder
 * (an invalid `-o` argument: exit 1). Never throws.
 */
export async function outputFolderError(out: string): Promise<{ code: 'folder-not-found' | 'not-a-folder'; message: string } | undefined> {
  const folder = dirname(resolve(out));
  try {
    const st = await fs.stat(folder);
    if (st.isDirectory()) return undefined;
    return { code: 'not-a-folder', message: `Cannot write ${out}: ${folder} is not a folder.` };
  } catch (e) {
    const errno = (e as NodeJS.ErrnoException).code;
    if (errno === 'ENOTDIR') return { code: 'not-a-folder', message: `Cannot write ${out}: a part of ${folder} is a file, not a folder.` };
    if (errno === 'ENOENT') return { code: 'folder-not-found', message: `Cannot write ${out}: the folder ${folder} does not exist (create it first).` };
    return undefined; // Other errors (permission...) are reported by the write itself.
  }
}

/**
 * The error code and exit code of a failed write (a HostError from the
 * output writers, services/staged-output.ts): `exists` (the output name is
 * taken) and `folder-not-found` exit 1 (an invalid `-o`); an I/O failure
 * exits 4 with its `reason` as the code (`disk-full`, `read-only`) or `io`;
 * `forbidden` (a folder became a link while writing), `verify-failed` and
 * `internal` exit 4 with that code. Pure.
 */
export function writeFailure(e: Pick<HostError, 'code' | 'reason'>): { code: string; exit: 1 | 4 } {
  switch (e.code) {
    case 'conflict':
      return { code: 'exists', exit: 1 };
    case 'not-found':
      return { code: 'folder-not-found', exit: 1 };
    case 'bad-request':
      return { code: 'bad-output', exit: 1 };
    case 'io':
      return { code: e.reason ?? 'io', exit: 4 };
    default:
      return { code: e.code, exit: 4 };
  }
}
