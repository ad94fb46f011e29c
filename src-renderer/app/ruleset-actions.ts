/**
 * The actions (editor/actions.ts) that come from the ruleset modules
 * (src-renderer/rulesets/ruleset-ui.ts): one `tool-<id>` action per tool id
 * of any ruleset (its bare key picks the tool) and one action per toggle id
 * (`toggle-color`, `rotate-facing`, `toggle-paint` ...; Edit menu). Each
 * follows the open document's module: its key, label and run are the
 * current module's, and it is hidden and disabled where the module has no
 * such tool or toggle. Registered with the application's actions
 * (app/controller.svelte.ts).
 */
import type { Action } from '../editor/actions.js';
import type { Editor } from '../editor/editor.js';
import { RULESET_UI_LIST } from '../rulesets/index.js';
import type { ActionContext, RulesetAction, RulesetUi } from '../rulesets/ruleset-ui.js';

/** What the ruleset actions read of the application. */
export interface RulesetActionHost {
  readonly editor: Editor;
  /** The open document's module. */
  readonly ui: RulesetUi;
  /** Truthy while a playtest runs (editing is paused). */
  readonly play: unknown;
}

/** Menu sort group of the toggles in the Edit menu. */
const TOGGLE_GROUP = 3;

/** The tool and toggle actions of every module in `all` (module doc), following `host.ui`. */
export function rulesetActions(host: RulesetActionHost, all: readonly RulesetUi[] = RULESET_UI_LIST): Action[] {
  // The editor of the active document, read at each use (every tab has its own).
  const ed = (): Editor => host.editor;
  const editing = (): boolean => !host.play;
  const toolIds = [...new Set(all.flatMap((u) => u.tools.map((t) => t.id)))];
  const toggleIds = [...new Set(all.flatMap((u) => u.actions.map((a) => a.id)))];
  const tool = (id: string) => host.ui.tools.find((t) => t.id === id);
  const toggle = (id: string): RulesetAction | undefined => host.ui.actions.find((a) => a.id === id);
  const anyToggle = (id: string): RulesetAction => toggle(id) ?? all.flatMap((u) => u.actions).find((a) => a.id === id)!;
  const context = (): ActionContext => {
    const e = ed();
    return {
      doc: e.doc,
      selection: e.state.selection,
      placement: e.state.placement,
      setPlacement: (patch) => e.setPlacement(patch),
      edit: (label, fn, opts) => e.edit(label, fn, opts),
    };
  };
  const list: Action[] = [];
  for (const id of toolIds) {
    list.push({
      id: `tool-${id}`,
      label: id,
      get shortcuts() {
        const k = tool(id)?.key;
        return k ? [k] : [];
      },
      enabled: () => editing() && !!tool(id),
      visible: () => !!tool(id),
      run: () => ed().setTool(id),
    });
  }
  for (const id of toggleIds) {
    list.push({
      id,
      get label() {
        return anyToggle(id).label;
      },
      get description() {
        return anyToggle(id).description;
      },
      menu: 'edit',
      menuGroup: TOGGLE_GROUP,
      get shortcuts() {
        const k = toggle(id)?.key;
        return k ? [k] : [];
      },
      enabled: () => editing() && !!toggle(id),
      visible: () => !!toggle(id),
      run: () => toggle(id)?.run(context()),
    });
  }
  return list;
}
