/** A CliIo that keeps what a command prints (`stdout`, `stderr`), not a terminal (no progress lines). */
import type { CliIo } from '../../../src-main/cli/main.js';

export function captureIo(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    errIsTTY: false,
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}
