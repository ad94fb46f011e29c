import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuSync, type MenuSetAnswer } from '../../src-renderer/shell/menu-sync.js';
import type { MenuSpec } from '../../src-shared/host/menu.js';

const menus = (undoEnabled: boolean): MenuSpec[] => [
  { id: 'edit', label: 'Edit', items: [{ id: 'undo', label: 'Undo', accelerator: 'Mod+Z', enabled: undoEnabled }] },
];

describe('MenuSync (native menu kept in step with the registry)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('Electron (native: true): first push at once, later changes debounced, identical menus not resent', async () => {
    const sent: MenuSpec[][] = [];
    const answers: boolean[] = [];
    const s = new MenuSync(
      async (m) => {
        sent.push(m);
        return { ok: true, native: true };
      },
      (n) => answers.push(n),
      100,
    );
    s.push(menus(false));
    expect(sent.length).toBe(1);
    await vi.runAllTimersAsync();
    expect(answers).toEqual([true]);
    // Two quick changes: one send of the last state after the delay.
    s.push(menus(true));
    s.push(menus(false));
    s.push(menus(true));
    expect(sent.length).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(sent.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.length).toBe(2);
    expect(sent[1]![0]!.items[0]!.enabled).toBe(true);
    // Same menus again: nothing sent.
    s.push(menus(true));
    await vi.runAllTimersAsync();
    expect(sent.length).toBe(2);
    expect(answers).toEqual([true]);
  });

  it('serve (native: false): one call, then never again', async () => {
    let calls = 0;
    const answers: boolean[] = [];
    const s = new MenuSync(
      async (): Promise<MenuSetAnswer> => {
        calls++;
        return { ok: true, native: false };
      },
      (n) => answers.push(n),
      10,
    );
    s.push(menus(false));
    await vi.runAllTimersAsync();
    s.push(menus(true));
    await vi.runAllTimersAsync();
    expect([calls, answers]).toEqual([1, [false]]);
  });

  it('an error answer or a rejected call counts as no native menu', async () => {
    const a: boolean[] = [];
    const s1 = new MenuSync(
      async () => ({ ok: false, code: 'bad-request', message: 'x' }),
      (n) => a.push(n),
    );
    s1.push(menus(true));
    const s2 = new MenuSync(
      () => Promise.reject(new Error('gone')),
      (n) => a.push(n),
    );
    s2.push(menus(true));
    await vi.runAllTimersAsync();
    expect(a).toEqual([false, false]);
  });

  it('changes made while the first call is running are sent once it answers native', async () => {
    const sent: MenuSpec[][] = [];
    let answer: (v: MenuSetAnswer) => void = () => undefined;
    const s = new MenuSync(
      (m) => {
        sent.push(m);
        return sent.length === 1 ? new Promise((r) => (answer = r)) : Promise.resolve({ ok: true, native: true });
      },
      () => undefined,
      50,
    );
    s.push(menus(false));
    s.push(menus(true));
    expect(sent.length).toBe(1);
    answer({ ok: true, native: true });
    await vi.runAllTimersAsync();
    expect(sent.length).toBe(2);
    expect(sent[1]![0]!.items[0]!.enabled).toBe(true);
  });
});
