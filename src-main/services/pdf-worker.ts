/**
 * worker_threads entry of the PDF runner (pdf-runner.ts): builds a pack's
 * printable PDF (pack-pdf.ts `buildPackPdf`) off the host's event loop.
 *
 * Protocol (structured-clone messages, one PDF per worker): in
 * `{ type: 'pack', pack }` (the PdfPack header), then any number of
 * `{ type: 'levels', levels }` (PdfPack levels, in order), then
 * `{ type: 'end' }`; out exactly one `{ type: 'pdf', bytes }` (an
 * ArrayBuffer, transferred) or `{ type: 'error', message }`.
 *
 * Built by electron-vite as `out/main/pdf-worker.js` (Electron) and by
 * scripts/build-cli.mjs as `out/cli/pdf-worker.mjs`, next to the solve
 * worker; run from source through tsx otherwise (vitest).
 */
import { parentPort } from 'node:worker_threads';
import { buildPackPdf, type PdfPack } from './pack-pdf.js';

type In = { type: 'pack'; pack: PdfPack['pack'] } | { type: 'levels'; levels: PdfPack['levels'] } | { type: 'end' };

const port = parentPort;
if (port) {
  let pack: PdfPack['pack'] | undefined;
  const levels: PdfPack['levels'] = [];
  port.on('message', (m: In) => {
    if (m.type === 'pack') pack = m.pack;
    else if (m.type === 'levels') levels.push(...m.levels);
    else if (m.type === 'end') {
      if (!pack) {
        port.postMessage({ type: 'error', message: 'no pack was sent' });
        return;
      }
      buildPackPdf({ pack, levels }).then(
        (b) => {
          const bytes = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
          port.postMessage({ type: 'pdf', bytes }, [bytes]);
        },
        (err: unknown) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
      );
    }
  });
}
