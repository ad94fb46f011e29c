/**
 * workspace.ts: confinement of untrusted paths to one workspace folder.
 */
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { listLevelFiles, openWorkspace, resolveWorkspacePath, type Workspace } from '../../../src-main/services/workspace.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

let ws: Workspace;
let root: string;
let outside: string;

beforeAll(() => {
  root = realpathSync(tempDir('castellan-ws-'));
  outside = realpathSync(tempDir('castellan-outside-'));
  mkdirSync(join(root, 'unlock-the-king'));
  mkdirSync(join(root, 'unlock-the-king', 'deep'));
  mkdirSync(join(root, '.hidden'));
  writeFileSync(join(root, 'unlock-the-king', '10.level.json'), '{}');
  writeFileSync(join(root, 'unlock-the-king', '2.level.json'), '{}');
  writeFileSync(join(root, 'unlock-the-king', 'deep', 'a.level.json'), '{}');
  writeFileSync(join(root, 'top.level.json'), '{}');
  writeFileSync(join(root, 'notes.txt'), 'x');
  writeFileSync(join(root, 'plain.json'), '{}');
  writeFileSync(join(root, '.hidden', 'h.level.json'), '{}');
  writeFileSync(join(outside, 'secret.level.json'), '{"secret":true}');
  mkdirSync(join(outside, 'dir'));
  symlinkSync(join(outside, 'secret.level.json'), join(root, 'link-out.level.json'));
  symlinkSync(join(outside, 'dir'), join(root, 'dir-out'));
  symlinkSync(join(root, 'top.level.json'), join(root, 'link-in.level.json'));
  symlinkSync(join(root, 'gone.level.json'), join(root, 'dangling.level.json'));
  const w = openWorkspace(root);
  if ('ok' in w) throw new Error(w.message);
  ws = w;
});

afterAll(() => cleanupTempDirs());

function code(r: string | HostError): string {
  return typeof r === 'string' ? 'path' : r.code;
}

describe('resolveWorkspacePath', () => {
  it('resolves workspace-relative paths to the real file', () => {
    expect(resolveWorkspacePath(ws, 'top.level.json', false)).toBe(join(root, 'top.level.json'));
    expect(resolveWorkspacePath(ws, 'unlock-the-king/2.level.json', false)).toBe(join(root, 'unlock-the-king', '2.level.json'));
  });

  it('accepts an absolute path inside the workspace', () => {
    expect(resolveWorkspacePath(ws, join(root, 'top.level.json'), false)).toBe(join(root, 'top.level.json'));
  });

  it('a new file for writing resolves to real parent + name', () => {
    expect(resolveWorkspacePath(ws, 'unlock-the-king/new.level.json', true)).toBe(join(root, 'unlock-the-king', 'new.level.json'));
  });

  it('refuses .. escapes, even ones that would stay inside', () => {
    expect(code(resolveWorkspacePath(ws, '../x.level.json', true))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, 'unlock-the-king/../../x.level.json', false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, 'unlock-the-king/../top.level.json', false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, '..\\x.level.json', true))).toBe('forbidden');
  });

  it('refuses percent-encoded escapes (%2e%2e, %2f)', () => {
    expect(code(resolveWorkspacePath(ws, '%2e%2e/x.level.json', true))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, '%2E%2E%2Fx.level.json', false))).toBe('forbidden');
  });

  it('refuses absolute paths outside the workspace', () => {
    expect(code(resolveWorkspacePath(ws, '/etc/passwd', false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, join(outside, 'secret.level.json'), false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, join(outside, 'new.level.json'), true))).toBe('forbidden');
  });

  it('refuses NUL bytes', () => {
    expect(code(resolveWorkspacePath(ws, 'top.level.json\0.txt', false))).toBe('forbidden');
  });

  it('accepts only *.level.json names', () => {
    expect(code(resolveWorkspacePath(ws, 'notes.txt', false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, 'plain.json', true))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, '.level.json', true))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, 'x.level.json.bak', true))).toBe('forbidden');
  });

  it('refuses a symlink whose target leaves the workspace (read and write)', () => {
    expect(code(resolveWorkspacePath(ws, 'link-out.level.json', false))).toBe('forbidden');
    expect(code(resolveWorkspacePath(ws, 'link-out.level.json', true))).toBe('forbidden');
  });

  it('refuses a new file inside a symlinked folder that leaves the workspace', () => {
    expect(code(resolveWorkspacePath(ws, 'dir-out/new.level.json', true))).toBe('forbidden');
  });

  it('refuses a dangling symlink', () => {
    expect(code(resolveWorkspacePath(ws, 'dangling.level.json', true))).toBe('forbidden');
  });

  it('follows a symlink that stays inside and answers its real path', () => {
    expect(resolveWorkspacePath(ws, 'link-in.level.json', false)).toBe(join(root, 'top.level.json'));
  });

  it('missing file (read) and missing folder (write) are not-found', () => {
    expect(code(resolveWorkspacePath(ws, 'nope.level.json', false))).toBe('not-found');
    expect(code(resolveWorkspacePath(ws, 'nofolder/x.level.json', true))).toBe('not-found');
  });

  it('non-string and empty paths are bad-request', () => {
    expect(code(resolveWorkspacePath(ws, 42, false))).toBe('bad-request');
    expect(code(resolveWorkspacePath(ws, '', false))).toBe('bad-request');
    expect(code(resolveWorkspacePath(ws, 'a'.repeat(5000) + '.level.json', false))).toBe('bad-request');
  });

  it('openWorkspace of a missing folder answers not-found', () => {
    expect(openWorkspace(join(root, 'missing'))).toMatchObject({ ok: false, code: 'not-found' });
  });
});

describe('listLevelFiles', () => {
  it('lists *.level.json recursively, sorted (2 before 10), workspace-relative, without hidden folders or links leaving the workspace', async () => {
    const files = await listLevelFiles(ws);
    expect(files.map((f) => f.path)).toEqual([
      'link-in.level.json',
      'top.level.json',
      'unlock-the-king/2.level.json',
      'unlock-the-king/10.level.json',
      'unlock-the-king/deep/a.level.json',
    ]);
    expect(files[2]).toEqual({ path: 'unlock-the-king/2.level.json', name: '2.level.json' });
  });
});
