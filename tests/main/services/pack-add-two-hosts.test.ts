/**
 * Finding "lost adds": two `castellan serve` hosts (two processes, forked
 * with `forkServeHost`) adding levels with the same title to one pack at the
 * same moment. Every add a host answered "added" must be on disk under its
 * own name with the document it was added with, listed in pack.json; no two
 * answers may share a name; and no level file may be left in `levels/` that
 * the manifest does not list (no process is killed here, so a stray file
 * has no excuse). The adds carry no `expectedRevision` (two editors adding
 * at once both mean "append"), so none should be refused.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PackFile } from '../../../src-shared/model/level.js';
import { forkServeHost, type ServeChild } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const TOKEN = 'two-hosts-token-0123456789';
/** Adds per host; each host sends them all at once. */
const ADDS = 10;

async function call(port: number, method: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`http://127.0.0.1:${port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-castellan-token': TOKEN },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Record<string, unknown>;
}

describe('packAddLevel from two serve processes at once', () => {
  it(`${2 * ADDS} adds of one title (${ADDS} per host, all at once): ${2 * ADDS} names, each file holds its own document, all listed, no stray file`, async () => {
    const dir = tempDir('castellan-pack-2h-');
    const ws = join(dir, 'ws');
    const renderer = join(dir, 'renderer');
    mkdirSync(join(ws, 'pk', 'levels'), { recursive: true });
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(ws, 'pk', 'pack.json'), json({ format: 'castellan.pack', version: 1, title: 'Shared', ruleset: 'unlock-the-king', levels: [] }));
    const hosts: ServeChild[] = await Promise.all(
      [0, 1].map((i) => forkServeHost(dir, { workspace: ws, rendererDir: renderer, token: TOKEN, name: `adder-${i}` })),
    );
    try {
      const jobs: Promise<{ tag: string; answer: Record<string, unknown> }>[] = [];
      for (let k = 0; k < ADDS; k++) {
        for (const [i, h] of hosts.entries()) {
          const tag = `host ${i} add ${k}`;
          const document = twoMoveLevel({ meta: { title: 'Same title', description: tag } });
          jobs.push(call(h.port, 'packAddLevel', { path: 'pk', document }).then((answer) => ({ tag, answer })));
        }
      }
      const results = await Promise.all(jobs);
      const refused = results.filter((r) => r.answer['ok'] !== true).map((r) => `${r.tag}: ${String(r.answer['code'])} ${String(r.answer['message'])}`);
      expect(refused).toEqual([]);
      const added = results.map((r) => ({ tag: r.tag, file: r.answer['added'] as string }));
      // No two answers name one file.
      expect(new Set(added.map((a) => a.file)).size).toBe(added.length);
      // Each answered file holds the document that add sent (its description is the tag).
      const wrong = added.filter(
        (a) => (JSON.parse(readFileSync(join(ws, 'pk', a.file), 'utf8')) as { meta: { description?: string } }).meta.description !== a.tag,
      );
      expect(wrong).toEqual([]);
      const manifest = JSON.parse(readFileSync(join(ws, 'pk', 'pack.json'), 'utf8')) as PackFile;
      const listed = manifest.levels.map((e) => ('file' in e ? e.file : ''));
      expect([...listed].sort()).toEqual(added.map((a) => a.file).sort());
      const onDisk = readdirSync(join(ws, 'pk', 'levels')).filter((n) => n.endsWith('.level.json') && !n.startsWith('.'));
      expect(onDisk.map((n) => `levels/${n}`).sort()).toEqual([...listed].sort());
    } finally {
      for (const h of hosts) h.child.kill('SIGKILL');
    }
  }, 120_000);
});
