/**
 * Export figures for the pack benchmark: a loaded pack exported the way a
 * host exports it (src-main/services/pack-export.ts `exportPack`, the PDF on
 * the worker thread) in each form (folder, `*.pack.json`, `*.pdf`), each
 * timed and watched for the longest block of the event loop
 * (src-main/services/loop-yield.ts `longestLoopBlock`: wall ms, and the CPU
 * ms within that gap, which other processes' load does not stretch). Target:
 * the longest block under 50 ms.
 */
import { join } from 'node:path';
import { longestLoopBlock } from '../src-main/services/loop-yield.js';
import { exportPack, type ExportKind } from '../src-main/services/pack-export.js';
import type { LoadedPack } from '../src-main/services/pack-files.js';

export interface ExportFigure {
  kind: ExportKind;
  /** Wall time of the whole export (ms). */
  ms: number;
  /** Longest event-loop block (wall ms) and the CPU ms spent in it. */
  longestBlockMs: number;
  longestBlockCpuMs: number;
  /** Bytes written. */
  bytes: number;
}

/**
 * Exports `loaded` into the existing, empty folder `dir` three times
 * (`dir/export`, `dir/export.pack.json`, `dir/export.pdf`) and answers one
 * figure per form. Throws when an export fails (the benchmark's pack must
 * export cleanly).
 */
export async function measurePackExports(loaded: LoadedPack, dir: string): Promise<ExportFigure[]> {
  const figures: ExportFigure[] = [];
  for (const [kind, name] of [
    ['folder', 'export'],
    ['file', 'export.pack.json'],
    ['pdf', 'export.pdf'],
  ] as const) {
    const t0 = performance.now();
    const r = await longestLoopBlock(() => exportPack(loaded, join(dir, name), kind, { label: name, pdf: 'worker' }));
    if (!r.value.ok) throw new Error(`export to ${name} failed: ${r.value.message}`);
    figures.push({ kind, ms: performance.now() - t0, longestBlockMs: r.longestMs, longestBlockCpuMs: r.longestCpuMs, bytes: r.value.bytes });
  }
  return figures;
}
