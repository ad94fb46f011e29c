/**
 * An Unlock the King blueprint's goal in words (`RulesetDef.describeGoal`),
 * for printed diagrams: bring the king to the portal (UK-6), with the par
 * when the level states or stores one (UK-7), and the rule a reader of a
 * printed page needs (UK-3: nothing is captured). Never throws.
 */
import type { UnlockTheKingLevel } from '../../model/level.js';

/** The goal of `level`, one sentence each. */
export function ukObjectives(level: UnlockTheKingLevel): string[] {
  const par = level.par ?? level.solution?.length;
  const portal = typeof level.portal === 'string' ? ` on ${level.portal}` : '';
  const goal = `Goal: bring the king to the portal${portal}${par !== undefined ? ` in ${par} move${par === 1 ? '' : 's'} (par)` : ''} (UK-6).`;
  return [goal, 'Any piece may move, as in chess; nothing is ever captured (UK-3).'];
}
