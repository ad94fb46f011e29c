import { describe, expect, it } from 'vitest';
import { ActionRegistry, formatShortcut, matchShortcut } from '../../src-renderer/editor/actions.js';

const key = (k: string, m: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}) => ({
  key: k,
  ctrlKey: !!m.ctrl,
  metaKey: !!m.meta,
  shiftKey: !!m.shift,
  altKey: !!m.alt,
});

describe('shortcuts', () => {
  it('Mod+Z matches Ctrl+Z but not Ctrl+Shift+Z; Mod+Shift+Z matches the shifted key', () => {
    expect(matchShortcut(key('z', { ctrl: true }), 'Mod+Z')).toBe(true);
    expect(matchShortcut(key('Z', { ctrl: true, shift: true }), 'Mod+Z')).toBe(false);
    expect(matchShortcut(key('Z', { ctrl: true, shift: true }), 'Mod+Shift+Z')).toBe(true);
    expect(matchShortcut(key('y', { ctrl: true }), 'Mod+Y')).toBe(true);
    expect(matchShortcut(key('z', { meta: true }), 'Mod+Z', true)).toBe(true);
    expect(matchShortcut(key('z', { ctrl: true }), 'Mod+Z', true)).toBe(false);
  });

  it('registry: bare keys are skipped while typing; disabled actions do not run', () => {
    const r = new ActionRegistry();
    let ran = 0;
    let on = false;
    r.register({ id: 'rook', label: 'Rook', shortcuts: ['R'], run: () => ran++ });
    r.register({ id: 'undo', label: 'Undo', shortcuts: ['Mod+Z'], enabled: () => on, run: () => ran++ });
    expect(r.match(key('r'), true)).toBeUndefined();
    expect(r.match(key('r'), false)?.id).toBe('rook');
    expect(r.match(key('z', { ctrl: true }), true)?.id).toBe('undo');
    expect(r.run('undo')).toBe(false);
    on = true;
    expect(r.run('undo')).toBe(true);
    expect(ran).toBe(1);
  });

  it('formats for tooltips', () => {
    expect(formatShortcut('Mod+Shift+Z')).toBe('Ctrl+Shift+Z');
    expect(formatShortcut('Mod+Shift+Z', true)).toBe('⇧⌘Z');
  });
});

describe('skipWhileTyping', () => {
  it('a Mod shortcut flagged skipWhileTyping does not match while typing, and matches otherwise', () => {
    const r = new ActionRegistry();
    r.register({ id: 'copy-region', label: 'Copy', shortcuts: ['Mod+C'], skipWhileTyping: true, run: () => {} });
    r.register({ id: 'save', label: 'Save', shortcuts: ['Mod+S'], run: () => {} });
    const ctrl = (key: string) => ({ key, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false });
    expect(r.match(ctrl('c'), true)).toBeUndefined();
    expect(r.match(ctrl('c'), false)?.id).toBe('copy-region');
    expect(r.match(ctrl('s'), true)?.id).toBe('save');
  });
});
