/** One-line hints for the message strip: what the current tool does (the ruleset module's tool `hint`, ruleset-ui.ts). */
import type { Placement, ToolDef } from './rulesets/ruleset-ui.js';

/** The hint of tool `tool` of the module with the current placement options ('' for a tool it does not have). */
export function toolHint(ui: { readonly tools: readonly ToolDef[] }, tool: string, placement: Placement): string {
  return ui.tools.find((t) => t.id === tool)?.hint(placement) ?? '';
}
