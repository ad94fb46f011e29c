/**
 * The workspaces of rulesets that do not edit on the shared board yet
 * (`RulesetUi.ownWorkspace`): the application shell shows the component
 * instead of the palette, board and inspector. Kept apart from the module
 * registry so the controller, which reads the modules, does not depend on
 * these components (they read the whole controller): only the shell imports
 * this file.
 */
import type { Component } from 'svelte';
import type { Ruleset } from '../../src-shared/model/level.js';
import type { AppController } from '../app/controller.svelte.js';
import LcWorkspace from '../components/lc/LcWorkspace.svelte';

/** The workspace component of each ruleset that has one; its prop `app` is the application controller. */
export const OWN_WORKSPACES: Partial<Record<Ruleset, Component<{ app: AppController }>>> = {
  'locking-chess': LcWorkspace,
};
