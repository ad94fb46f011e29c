/**
 * A Chess Maze level's objectives in words (`RulesetDef.describeGoal`), for
 * printed diagrams: the finish to reach (CM-11), the coins to collect first
 * (CM-11 `collect`), the word to spell (CM-9), the gems on the way (CM-8:
 * picked up, no objective) and the move limit (CM-12). Never throws; a
 * level without a finish says so.
 */
import type { ChessMazeLevel } from '../../model/level.js';

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The objectives of `level`, one sentence each, in the order a player meets them. */
export function cmObjectives(level: ChessMazeLevel): string[] {
  const tiles = level.tiles ?? [];
  const finish = tiles.find((t) => t.kind === 'finish');
  const obj = level.objectives ?? {};
  const out: string[] = [finish ? `Goal: land a player piece on the finish flag (${finish.square}) (CM-11).` : 'Goal: no finish flag yet (CM-14).'];
  const coins = tiles.filter((t) => t.kind === 'coin').length;
  if (obj.collect) out.push(`Before the finish counts, pick up every coin: ${count(coins, 'coin')} on the board (CM-11).`);
  if (obj.spell) out.push(`Spell ${obj.spell}: pick up its letters in this order, and no other letter (CM-9).`);
  const gems = tiles.filter((t) => t.kind === 'gem').length;
  if (gems) out.push(`${count(gems, 'gem')} to pick up on the way (not required, CM-8).`);
  if (obj.moveLimit !== undefined) out.push(`Move limit: win within ${count(obj.moveLimit, 'move')} (CM-12).`);
  return out;
}
