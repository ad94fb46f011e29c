/** Files from the command line (file associations, second launch). */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesFromArgv, isCastellanFile } from '../../../src-main/electron/launch-files.js';

describe('filesFromArgv', () => {
  it('keeps level and pack files, absolute against the launching folder, skipping the executable', () => {
    expect(filesFromArgv(['/opt/Castellan/castellan', 'a.level.json', '/x/b.pack.json'], '/home/u')).toEqual([
      resolve('/home/u/a.level.json'),
      resolve('/x/b.pack.json'),
    ]);
  });

  it('ignores Chromium switches, the unpackaged app folder, other files and duplicates', () => {
    const argv = [
      'electron',
      '.',
      '--allow-file-access-from-files',
      '--original-process-start-time=1',
      'notes.txt',
      'A.LEVEL.JSON',
      './A.LEVEL.JSON',
      '-x.level.json',
    ];
    expect(filesFromArgv(argv, '/w')).toEqual([resolve('/w/A.LEVEL.JSON')]);
  });

  it('file:// URLs (Linux desktop entries pass %U) become paths; other URLs are ignored', () => {
    expect(filesFromArgv(['exe', 'file:///home/u/My%20Levels/a.level.json', 'https://evil.example/x.level.json'], '/w')).toEqual([
      resolve('/home/u/My Levels/a.level.json'),
    ]);
  });

  it('hostile values are skipped, never thrown on', () => {
    expect(filesFromArgv(['exe', 42, null, '', 'a\0.level.json', 'x'.repeat(5000) + '.level.json'], '/w')).toEqual([]);
    expect(filesFromArgv([], '/w')).toEqual([]);
  });

  it('isCastellanFile matches the two suffixes only', () => {
    expect(isCastellanFile('x.level.json')).toBe(true);
    expect(isCastellanFile('x.pack.json')).toBe(true);
    expect(isCastellanFile('x.json')).toBe(false);
    expect(isCastellanFile('level.json')).toBe(false);
  });
});
