import { describe, expect, it } from 'vitest';
import { displayMessage, draftReason, extraIssues, groupByFolder, middleEllipsis } from '../../src-renderer/host/messages.js';
import type { Issue } from '../../src-shared/validation/issue.js';

describe('draft dialog reason (QA #6)', () => {
  it('UK-7 QA #6: a par below the proven optimum is named as such, not as "breaks builder rules"', () => {
    // What the save pipeline answers for par 1 on a level whose optimum is 3.
    const failure = {
      code: 'invalid' as const,
      issues: [
        { severity: 'error', code: 'uk-par-below-optimal', message: 'Par 1 is below the proven optimum of 3 moves.', ruling: 'UK-7', pointer: '/par' },
      ] as Issue[],
      solve: { status: 'solved' as const, length: 3, states: 40, ms: 5 },
    };
    const r = draftReason(failure);
    expect(r).toContain('Par 1 is below the proven optimum 3 (UK-7)');
    expect(r).not.toMatch(/builder rules|cannot prove/);
  });

  it('builder errors are listed from the issues with their rulings', () => {
    const r = draftReason({
      code: 'invalid',
      issues: [
        { severity: 'error', code: 'uk-king-count', message: 'The blueprint has no king.', ruling: 'UK-2' },
        { severity: 'warning', code: 'uk-physical-set', message: 'Too many rooks.', ruling: 'UK-1' },
      ],
    });
    expect(r).toBe('The level breaks a builder rule: The blueprint has no king (UK-2). The solver cannot prove a par until it is fixed.');
  });

  it('unsolvable and limit keep their own wording', () => {
    expect(draftReason({ code: 'unsolvable', issues: [] })).toMatch(/no solution/);
    expect(draftReason({ code: 'limit', issues: [] })).toMatch(/limit/);
  });

  it('KV-8 a King\'s Valley problem that is proved unsolvable has "no win in N"', () => {
    expect(draftReason({ code: 'unsolvable', issues: [] }, { goal: 3 })).toBe(
      'The solver proved that the side to move cannot force a win within 3 moves ("no win in 3", KV-8).',
    );
  });
});

describe('host error messages (QA #8)', () => {
  // What `castellan serve` answers when opening a broken file (tests/... reproduced by hand).
  const message =
    "/tmp/ws8/sub/broken.level.json is not valid JSON: The file is not valid JSON at line 1, column 2: Expected property name or '}' in JSON at position 1";
  const issues: Issue[] = [
    { severity: 'error', code: 'json-syntax', message: "The file is not valid JSON at line 1, column 2: Expected property name or '}' in JSON at position 1" },
  ];

  it('QA #8: the absolute server path is shown as the workspace path the editor asked for', () => {
    expect(displayMessage(message, 'sub/broken.level.json')).toBe(
      "sub/broken.level.json is not valid JSON: The file is not valid JSON at line 1, column 2: Expected property name or '}' in JSON at position 1",
    );
    expect(displayMessage('Could not write C:\\ws\\a\\b.level.json: disk full.', 'a/b.level.json')).toBe('Could not write a/b.level.json: disk full.');
    // Unrelated paths and messages without a path stay as they are.
    expect(displayMessage('The folder of nope/x.level.json does not exist.', 'nope/x.level.json')).toBe('The folder of nope/x.level.json does not exist.');
    expect(displayMessage('/etc/passwd is odd', 'x.level.json')).toBe('/etc/passwd is odd');
  });

  it('QA #8: an issue whose text is already in the message is not listed again', () => {
    expect(extraIssues(message, issues)).toEqual([]);
    const other: Issue = { severity: 'error', code: 'x', message: 'Something else.' };
    expect(extraIssues(message, [...issues, other, other])).toEqual([other]);
  });
});

describe('open dialog list (QA #9)', () => {
  it('groups files by folder, keeping the host order', () => {
    const g = groupByFolder([
      { path: 'chess-maze/01.level.json', name: '01.level.json' },
      { path: 'chess-maze/02.level.json', name: '02.level.json' },
      { path: 'top.level.json', name: 'top.level.json' },
      { path: 'unlock-the-king/01.level.json', name: '01.level.json' },
    ]);
    expect(g.map((x) => [x.folder, x.files.length])).toEqual([
      ['chess-maze/', 2],
      ['', 1],
      ['unlock-the-king/', 1],
    ]);
  });

  it('middle ellipsis keeps the start and the file name, only when too long', () => {
    expect(middleEllipsis('unlock-the-king/01-first-steps.level.json', 64)).toBe('unlock-the-king/01-first-steps.level.json');
    const long = 'a-very-long-folder-name/and-another-one/deeper/12-grandmasters-knot.level.json';
    const s = middleEllipsis(long, 40);
    expect(s).toHaveLength(40);
    expect(s).toContain('…');
    expect(s.startsWith('a-very-long')).toBe(true);
    expect(s.endsWith('knot.level.json')).toBe(true);
  });
});
