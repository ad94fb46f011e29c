/** QA findings: unportable names are refused for writes; serve errors hide server paths. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkspace, resolveWorkspacePath, unportableName } from '../../../src-main/services/workspace.js';
import { hideServerPaths } from '../../../src-main/serve/server.js';

describe('unportableName', () => {
  it.each([
    ['CON.level.json', 'reserved'],
    ['nul.level.json', 'reserved'],
    ['com1.level.json', 'reserved'],
    ['LPT9.level.json', 'reserved'],
    ['a\u202eevil.level.json', 'text-direction'],
    ['a\u0007.level.json', 'control'],
    ['C:\\x.level.json', '< > :'],
    ['what?.level.json', '< > :'],
    ['trailing.level.json.', 'trailing'],
  ])('%s is refused (%s)', (name, why) => {
    expect(unportableName(name)).toContain(why);
  });
  it.each(['01-first-steps.level.json', 'Console.level.json', 'conference.level.json', 'été.level.json'])('%s is portable', (name) =>
    expect(unportableName(name)).toBeUndefined(),
  );
});

describe('resolveWorkspacePath refuses unportable names for writes only', () => {
  const root = mkdtempSync(join(tmpdir(), 'castellan-portable-'));
  const ws = openWorkspace(root);
  if ('ok' in ws) throw new Error('workspace');
  it('write of CON.level.json is forbidden', () => {
    expect(resolveWorkspacePath(ws, 'CON.level.json', true)).toMatchObject({ ok: false, code: 'forbidden' });
  });
  it('write with a backslash is forbidden', () => {
    expect(resolveWorkspacePath(ws, 'C:\\x.level.json', true)).toMatchObject({ ok: false, code: 'forbidden' });
  });
  it('a portable new name resolves inside the workspace', () => {
    expect(resolveWorkspacePath(ws, 'new.level.json', true)).toBe(join(ws.realRoot, 'new.level.json'));
  });
});

describe('hideServerPaths', () => {
  it('rewrites absolute workspace paths in error messages to relative ones', () => {
    const out = hideServerPaths({ ok: false, code: 'parse', message: 'Could not parse /srv/ws/unlock-the-king/x.level.json: bad JSON' }, ['/srv/ws']);
    expect(out).toEqual({ ok: false, code: 'parse', message: 'Could not parse unlock-the-king/x.level.json: bad JSON' });
  });
  it('leaves successful answers untouched', () => {
    const ok = { ok: true, path: '/srv/ws/a.level.json' };
    expect(hideServerPaths(ok, ['/srv/ws'])).toBe(ok);
  });
});
