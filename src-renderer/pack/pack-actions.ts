/**
 * The pack manager's actions, all in the Pack menu
 * (src-shared/host/menu.ts `pack`): show/hide the manager, verify, render
 * the current level, import a collection into a new pack and export the
 * open pack as a collection (pack-collection.ts) (the manager's "Suggest a level…" panel and the New
 * dialog suggest levels). Registered with the application's
 * actions in one call; disabled when the host has no pack methods (the dev
 * mock host).
 */
import type { Action } from '../editor/actions.js';
import { pickTextFile } from './pack-collection.js';
import type { PackManager } from './pack-manager.svelte.js';

/** The pack actions of the manager `m`. */
export function packActions(m: PackManager): Action[] {
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
      id: 'pack-export-html',
      label: 'Export as web page…',
      menu: 'pack',
      menuGroup: 2,
      description:
        'Write the open pack as one self-contained web page (*.html) that anyone can play offline in a browser: level select, stars, undo, hints (in the pack manager).',
      enabled: () => can() && !!m.current,
      run: () => {
        m.show();
        m.focusWebPage = true;
      },
    },
    {
      id: 'pack-import-collection',
      label: 'Import collection from clipboard…',
      menu: 'pack',
      menuGroup: 3,
      description: 'Import the level codes or board texts on the clipboard into a new pack (order, tiers and titles kept; each bad entry named by line).',
      enabled: () => can(),
      run: () => void m.offerClipboardImport(),
    },
    {
      id: 'pack-import-collection-file',
      label: 'Import collection from file…',
      menu: 'pack',
      menuGroup: 3,
      description: 'Import a text file of level codes or board texts into a new pack (order, tiers and titles kept; each bad entry named by line).',
      enabled: () => can(),
      run: () =>
        void pickTextFile().then((text) => {
          if (text !== null) m.offerImport(text);
        }),
    },
    {
      id: 'pack-export-collection',
      label: 'Export as collection',
      menu: 'pack',
      menuGroup: 3,
      description: 'Write the open pack as a text of level codes, one per level (tiers and titles kept): copied, and saved as a .txt file.',
      enabled: () => can() && m.current?.form === 'folder',
      run: () => {
        m.show();
        void m.exportCollection('codes');
      },
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
  ];
}
