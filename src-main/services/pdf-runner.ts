/**
 * Builds a pack's PDF on a worker thread (pdf-worker.ts), so a host's event
 * loop is not held by pdfkit: loading it (about 0.2 s of CPU) and drawing
 * thousands of diagrams happen on the worker. The pack is sent in chunks of
 * PDF_CHUNK_LEVELS levels with a turn of the loop between them (cloning
 * 10,000 levels at once would hold the loop itself).
 *
 * Worker entry: the file `pdf-worker` beside the solve worker's entry
 * (solve-runner.ts `getSolveWorkerEntry`), with the same extension: the
 * Electron build's `out/main/pdf-worker.js`, the built CLI's
 * `out/cli/pdf-worker.mjs`, the sibling `pdf-worker.ts` from source (started
 * through tsx's bootstrap like the solve worker). When there is no such file
 * or the worker cannot start, the PDF is built on this thread
 * (pack-pdf.ts `buildPackPdf`, which yields between levels).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loopYielder } from './loop-yield.js';
import { buildPackPdf, type PdfPack } from './pack-pdf.js';
import { getSolveWorkerEntry, tsxApiUrl } from './solve-runner.js';

/** Levels per message to the PDF worker. */
export const PDF_CHUNK_LEVELS = 200;
/** JS heap cap of the PDF worker (MB). */
const PDF_WORKER_HEAP_MB = 2048;

/** The PDF worker's entry (see the module doc), or undefined when there is none. */
export function pdfWorkerEntry(): URL | undefined {
  const solve = getSolveWorkerEntry().url;
  const m = /solve-worker(\.[cm]?[jt]s)$/.exec(solve.pathname);
  if (!m) return undefined;
  const url = new URL(`pdf-worker${m[1]}`, solve);
  try {
    return existsSync(fileURLToPath(url)) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the PDF worker on `entry` (a `.ts` entry through the tsx bootstrap). Throws when it cannot be created. */
function spawnPdfWorker(entry: URL): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB };
  if (entry.pathname.endsWith('.ts')) {
    const code = `import(${JSON.stringify(tsxApiUrl())}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
    return new Worker(code, { eval: true, resourceLimits });
  }
  return new Worker(entry, { resourceLimits });
}

/**
 * The PDF of `loaded` (pack-pdf.ts `buildPackPdf`), built on a worker thread
 * (see the module doc); on this thread when no worker can be started.
 * Rejects when the PDF cannot be drawn or the worker dies.
 */
export async function buildPackPdfOffThread(loaded: PdfPack): Promise<Buffer> {
  const entry = pdfWorkerEntry();
  let worker: Worker;
  try {
    if (!entry) throw new Error('no PDF worker entry');
    worker = spawnPdfWorker(entry);
  } catch {
    return buildPackPdf(loaded);
  }
  const answer = new Promise<Buffer>((resolve, reject) => {
    worker.once('message', (m: { type: 'pdf'; bytes: ArrayBuffer } | { type: 'error'; message: string }) => {
      if (m.type === 'pdf') resolve(Buffer.from(m.bytes));
      else reject(new Error(m.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the PDF worker stopped (exit code ${code})`)));
  });
  answer.catch(() => {}); // awaited below; a failure before that must not be an unhandled rejection
  try {
    const tick = loopYielder();
    worker.postMessage({ type: 'pack', pack: { title: loaded.pack.title, ruleset: loaded.pack.ruleset, author: loaded.pack.author } });
    for (let i = 0; i < loaded.levels.length; i += PDF_CHUNK_LEVELS) {
      const levels = loaded.levels.slice(i, i + PDF_CHUNK_LEVELS).map((l) => ({ title: l.title, tier: l.tier, level: l.level, error: l.error }));
      worker.postMessage({ type: 'levels', levels });
      await tick();
    }
    worker.postMessage({ type: 'end' });
    return await answer;
  } finally {
    void worker.terminate();
  }
}
