/**
 * Bounded reads of regular files: the one reader for level, pack, session,
 * recovery and backup files (LEVEL-FORMAT-v1: a level file is at most
 * 5 MiB).
 *
 * `stat()` answers size 0 for a FIFO or a device, so a size check before
 * `readFile` does not bound the read: `/dev/zero` never ends, a FIFO blocks
 * the reading thread until a writer comes. Here the path is opened first
 * (with O_NONBLOCK, so opening a FIFO without a writer returns at once), the
 * open handle is `fstat`ed, and anything that is not a regular file (a
 * folder, FIFO, device, socket) is refused before a byte is read. A regular
 * file is read in chunks, at most `maxBytes + 1` bytes in all, so a file
 * larger than the cap (or one growing while it is read) is refused without
 * reading the rest.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, promises as fs, readSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { HostError } from '../../src-shared/host/contract.js';
import { errnoCode, ioError } from './atomic-file.js';

/** Largest chunk read at once (bytes). */
const CHUNK_BYTES = 1024 * 1024;

/** What a non-regular file is, for messages ("a named pipe (FIFO)"). */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The `io` HostError for a path that is not a regular file (`what`: kindOf). */
function notRegular(path: string, what: string): HostError {
  return { ok: false, code: 'io', message: `Could not read ${path}: the path is ${what}, not a regular file.` };
}

/** The `io` HostError for a file over the cap. */
function tooLarge(path: string, maxBytes: number): HostError {
  return { ok: false, code: 'io', message: `Could not read ${path}: the file is larger than ${maxBytes} bytes.` };
}

/**
 * Reads the regular file at `path` (links followed), at most `maxBytes`
 * bytes. Answers its bytes and the `fstat` of the open handle, or a
 * HostError: `not-found` (no such file), `io` (a folder, FIFO, device or
 * socket: refused before reading; larger than `maxBytes`: refused after
 * reading at most `maxBytes + 1` bytes; any other Node error, see
 * atomic-file.ts `ioError`). Never blocks on a FIFO, never throws.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<{ ok: true; bytes: Buffer; stat: Stats } | HostError> {
  let handle: FileHandle | undefined;
  try {
    // O_NONBLOCK: a FIFO without a writer opens at once (it would block the
    // libuv thread otherwise); no effect on regular files. Absent on Windows.
    handle = await fs.open(path, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    const stat = await handle.stat();
    if (!stat.isFile()) return notRegular(path, kindOf(stat));
    if (stat.size > maxBytes) return tooLarge(path, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    // Read until end of file, never more than maxBytes + 1 bytes (the +1 tells "over the cap").
    for (;;) {
      const want = Math.min(CHUNK_BYTES, maxBytes + 1 - total, Math.max(stat.size - total, 0) + 1);
      const buf = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buf, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === want ? buf : buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) return tooLarge(path, maxBytes);
    }
    return { ok: true, bytes: Buffer.concat(chunks, total), stat };
  } catch (err) {
    // ENXIO: a socket (or a device without a driver) cannot be opened as a file.
    if (errnoCode(err) === 'ENXIO') return notRegular(path, 'a socket or device');
    if (errnoCode(err) === 'EISDIR') return notRegular(path, 'a folder');
    return ioError(err, path, 'read');
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Reads the regular UTF-8 text file at `path`, at most `opts.maxBytes`
 * bytes (default 16 MiB). Answers `not-found` / `io` HostErrors exactly as
 * `readRegularFile` (folders, FIFOs, devices, sockets, files over the cap
 * are refused without reading them through); never throws, never blocks.
 */
export async function readBoundedText(path: string, opts: { maxBytes?: number } = {}): Promise<{ ok: true; text: string } | HostError> {
  const read = await readRegularFile(path, opts.maxBytes ?? 16 * 1024 * 1024);
  if (!read.ok) return read;
  return { ok: true, text: read.bytes.toString('utf8') };
}

/**
 * `readBoundedText` for start-up code that must read synchronously (the
 * Electron session and window state, before the window exists): the same
 * checks (regular files only, opened non-blocking, at most `maxBytes`
 * bytes read). Answers the text, or undefined for a missing, non-regular,
 * oversized or unreadable file. Never throws, never blocks on a FIFO.
 */
export function readBoundedTextSync(path: string, maxBytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const buf = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let total = 0;
    for (;;) {
      if (total === buf.length) return undefined; // grew while read: treated as unreadable
      const n = readSync(fd, buf, total, buf.length - total, null);
      if (n === 0) break;
      total += n;
    }
    return total > maxBytes ? undefined : buf.subarray(0, total).toString('utf8');
  } catch {
    return undefined;
  } finally {
    try {
      if (fd !== undefined) closeSync(fd);
    } catch {
      // already closed
    }
  }
}
