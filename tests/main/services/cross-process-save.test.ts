/**
 * Cross-process saves: two host processes saving one file at the same
 * moment with the same `expectedRevision` never both succeed (file-lock.ts
 * via the save pipeline), and every acknowledged save is on disk or in a
 * backup.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileRevision } from '../../../src-shared/host/contract.js';
import { readRevision } from '../../../src-main/services/file-revision.js';
import { forkChild, srcUrl } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

interface Answer {
  round: number;
  ok: boolean;
  code?: string;
}

/** A host process over `dir` that saves `a.level.json` on request (draft, no proof: the race is the write). */
const HOST_BODY = `
const { join } = await import('node:path');
const { createHostApi } = await import(${JSON.stringify(srcUrl('src-main/services/host-api.ts'))});
const dir = process.argv[2];
const api = createHostApi({
  kind: 'serve',
  resolvePath: (p) => join(dir, p),
  listFiles: async () => [],
  backupDirFor: () => join(dir, 'backups'),
  backupCount: 1000,
});
process.on('message', async (m) => {
  if (m.stop) { process.disconnect(); return; }
  const r = await api.save({ path: 'a.level.json', document: m.document, expectedRevision: m.rev, allowDraft: true, noProof: true });
  process.send({ round: m.round, ok: r.ok, code: r.ok ? undefined : r.code });
});
process.send({ ready: true });
`;

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`host process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
  });
}

function titleOf(text: string): string {
  return (JSON.parse(text) as { meta: { title: string } }).meta.title;
}

describe('cross-process saves', () => {
  it('two processes racing 50 saves with one expectedRevision: exactly one saved each round, the other conflict, 0 versions lost', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.level.json');
    writeFileSync(file, json(twoMoveLevel({ meta: { title: 'start' } })));
    const hosts = [forkChild(dir, HOST_BODY, 'host-a', [dir]), forkChild(dir, HOST_BODY, 'host-b', [dir])];
    try {
      await Promise.all(hosts.map((h) => nextMessage(h)));
      const acked: string[] = [];
      const bothSaved: number[] = [];
      const badRounds: string[] = [];
      const rounds = 50;
      for (let round = 0; round < rounds; round++) {
        const cur = await readRevision(file);
        if (cur === null || 'ok' in cur) throw new Error('the level is missing');
        const rev: FileRevision = cur.revision;
        const answers = hosts.map((h) => nextMessage<Answer>(h));
        hosts.forEach((h, i) => h.send({ round, rev, document: twoMoveLevel({ meta: { title: `r${round}-${i}` } }) }));
        const [a, b] = await Promise.all(answers);
        const saved = [a!, b!].map((x, i) => (x.ok ? `r${round}-${i}` : undefined)).filter((t): t is string => t !== undefined);
        if (saved.length === 2) bothSaved.push(round);
        acked.push(...saved);
        const refused = [a!, b!].filter((x) => !x.ok).map((x) => x.code);
        if (saved.length !== 1 || refused[0] !== 'conflict') badRounds.push(`${round}: saved ${saved.length}, refused ${refused.join(' ')}`);
      }
      const onDisk = new Set([titleOf(readFileSync(file, 'utf8'))]);
      for (const name of readdirSync(join(dir, 'backups'))) onDisk.add(titleOf(readFileSync(join(dir, 'backups', name), 'utf8')));
      const lost = acked.filter((t) => !onDisk.has(t));
      expect({ badRounds, bothSaved, lost }).toEqual({ badRounds: [], bothSaved: [], lost: [] });
      expect(acked).toHaveLength(rounds);
    } finally {
      for (const h of hosts) if (h.connected) h.send({ stop: true });
    }
  }, 120_000);
});
