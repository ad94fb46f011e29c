/**
 * The pack manager's actions (issue 5), all in the Pack menu
 * (src-shared/host/menu.ts `pack`): show/hide the manager, verify, render
 * the current level, suggest a blueprint. Registered by one call in
 * AppController.registerActions; disabled when the host has no pack methods
 * (the dev mock host).
 */
import type { AppController } from '../app/controller.svelte.js';
import type { Action } from '../editor/actions.js';
import { packManagerFor, type OpenUnsaved } from './pack-manager.svelte.js';

/**
 * The pack actions of `app`. `openUnsaved` opens a document as a new,
 * unsaved one (the controller's own replaceDocument), used by "Suggest a
 * blueprint".
 */
export function packActions(app: AppController, openUnsaved: OpenUnsaved): Action[] {
  const m = packManagerFor(app, openUnsaved);
  const can = (): boolean => m.available && !m.busy;
  return [
    {
      id: 'pack-manager',
      label: 'Packs…',
      menu: 'pack',
      menuGroup: 0,
      description: 'Open the pack manager: create and open packs, order levels, tiers, statuses, verify and export.',
      shortcuts: ['Mod+Shift+K'],
      enabled: () => m.available,
      run: () => m.toggle(),
    },
    {
      id: 'pack-verify',
      label: 'Verify pack',
      menu: 'pack',
      menuGroup: 1,
      description: 'Re-prove every level of the open pack on the host and show each level’s status.',
      enabled: () => can() && !!m.current && m.verify?.state !== 'running',
      run: () => {
        m.show();
        void m.startVerify();
      },
    },
    {
      id: 'pack-undo',
      label: 'Undo pack change',
      menu: 'pack',
      menuGroup: 1,
      description: 'Undo the last reorder, tier or removal in the pack manager.',
      enabled: () => can() && m.canUndo,
      run: () => void m.undo(),
    },
    {
      id: 'render-level',
      label: 'Render level…',
      menu: 'pack',
      menuGroup: 2,
      description: 'Write the current level as an SVG or PNG picture (in the pack manager).',
      enabled: () => can(),
      run: () => {
        m.show();
        m.focusRender = true;
      },
    },
    {
      id: 'suggest-blueprint',
      label: 'Suggest a blueprint',
      menu: 'pack',
      menuGroup: 2,
      description: 'Generate an Unlock the King blueprint (one physical set, proved par) and open it as a new document.',
      enabled: () => can() && !!app.host?.suggestBlueprint,
      run: () => void m.suggest(),
    },
  ];
}
