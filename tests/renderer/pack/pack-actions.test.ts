/**
 * The Pack menu has one way to suggest a level: the pack manager's
 * "Suggest a level…" panel (every ruleset). The old Unlock the King-only
 * "Suggest a blueprint" action is gone (the host method stays).
 */
import { describe, expect, it } from 'vitest';
import { packActions } from '../../../src-renderer/pack/pack-actions.js';
import type { PackManager } from '../../../src-renderer/pack/pack-manager.svelte.js';

describe('pack actions', () => {
  it('no "Suggest a blueprint" action in the Pack menu', () => {
    const m = { available: true, busy: null } as unknown as PackManager;
    const actions = packActions(m);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.map((a) => a.id)).not.toContain('suggest-blueprint');
    expect(actions.map((a) => a.label).filter((l) => /suggest/i.test(l))).toEqual([]);
  });
});
