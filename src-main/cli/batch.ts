/**
 * Batch runs for the CLI (`castellan solve A B C`, `castellan prove FILE...`):
 * every file's task runs at once, their solves share one `SolvePool`
 * (src-main/services/solve-pool.ts, set as solve-runner's default pool for
 * the duration, so the save pipeline's solves go through it too; each
 * file's `--time-ms` and `ms` count from the start of its own solve, never
 * the wait for a worker), each
 * task's output is buffered and printed in the order the files were given,
 * and a progress bar (cli-progress) is drawn on stderr when it is a
 * terminal. SIGINT/SIGTERM cancel every solve (the tasks then report
 * "interrupted"/"cancelled" as usual).
 */
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { SolvePool } from '../services/solve-pool.js';
import { setDefaultSolvePool } from '../services/solve-runner.js';

/** The output side of main.ts's CliIo (structurally the same). */
export interface BatchIo {
  out(text: string): void;
  err(text: string): void;
  errIsTTY: boolean;
}

/**
 * Runs `task(file, io, signal)` for every file with a buffered `io`
 * (`errIsTTY` false: no per-file progress lines), `size` = min(cores,
 * files) pool workers. Resolves with the highest exit code of the tasks.
 */
export async function runBatch(
  files: string[],
  io: BatchIo,
  task: (file: string, io: BatchIo, signal: AbortSignal) => Promise<number>,
  label = 'solving',
): Promise<number> {
  const size = Math.max(1, Math.min(availableParallelism(), files.length));
  const bar =
    io.errIsTTY && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} |{bar}| {value}/{total} levels | {running} running`,
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(files.length, 0, { running: 0 });
  const pool = new SolvePool({ size, onChange: (s) => bar?.update({ running: s.running }) });
  setDefaultSolvePool(pool);
  // One controller per task (not one shared signal with a listener per file,
  // which passed Node's 10-listener warning limit with more than 10 files).
  const controllers = new Set<AbortController>();
  let interrupted = false;
  const onSignal = (): void => {
    interrupted = true;
    for (const c of controllers) c.abort();
    pool.cancelAll();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const outputs: { text: string; err: string; done: boolean; code: number }[] = files.map(() => ({ text: '', err: '', done: false, code: 0 }));
  let printed = 0;
  let finished = 0;
  const flush = (): void => {
    while (printed < outputs.length && outputs[printed]!.done) {
      const o = outputs[printed]!;
      if (bar) bar.stop();
      if (o.err) io.err(o.err);
      if (o.text) io.out(o.text);
      if (bar && finished < files.length) bar.start(files.length, finished, { running: pool.running });
      printed++;
    }
  };
  try {
    await Promise.all(
      files.map(async (file, k) => {
        const o = outputs[k]!;
        const fileIo: BatchIo = { out: (t) => void (o.text += t), err: (t) => void (o.err += t), errIsTTY: false };
        const controller = new AbortController();
        if (interrupted) controller.abort();
        controllers.add(controller);
        try {
          o.code = await task(file, fileIo, controller.signal);
        } catch (err) {
          o.err += `castellan: ${err instanceof Error ? err.message : String(err)}\n`;
          o.code = 4;
        } finally {
          controllers.delete(controller);
        }
        o.done = true;
        finished++;
        bar?.update(finished, { running: pool.running });
        flush();
      }),
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    setDefaultSolvePool(undefined);
    bar?.stop();
    await pool.close();
  }
  flush();
  return Math.max(0, ...outputs.map((o) => o.code));
}
