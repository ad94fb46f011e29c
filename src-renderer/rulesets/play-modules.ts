/**
 * The play module of every ruleset, keyed by id (rulesets/<id>/play.ts and
 * its panels): how a playtest and a game against the engine start, the
 * solution preview's play views, the play panel. play/index.ts looks the
 * document's ruleset up here.
 */
import type { Ruleset } from '../../src-shared/model/level.js';
import type { LevelOf } from '../../src-shared/rulesets/index.js';
import type { PlayModule } from '../play/module.js';
import { cmReplayViews, startCmPlay } from './chess-maze/play.js';
import CmPlayStats from './chess-maze/CmPlayStats.svelte';
import { startKvPlay } from './kings-valley/play.js';
import KvPlayPanel from './kings-valley/KvPlayPanel.svelte';
import { startLcEnginePlay, startLcPlay } from './locking-chess/play.js';
import LcPlayPanel from './locking-chess/LcPlayPanel.svelte';
import { startUkPlay } from './unlock-the-king/play.js';
import UkPlayStats from './unlock-the-king/UkPlayStats.svelte';

export const PLAY_MODULES = {
  'unlock-the-king': { start: startUkPlay, Stats: UkPlayStats },
  'chess-maze': { start: startCmPlay, replayViews: cmReplayViews, Stats: CmPlayStats },
  // Playtest: both sides by hand; against the engine: the person on `side` (default the side to move, KV-8's attacker).
  'kings-valley': { start: (doc) => startKvPlay(doc, 'both'), startEngine: (doc, side) => startKvPlay(doc, side ?? doc.sideToMove), Panel: KvPlayPanel },
  // Playtest: both sides by hand; against the engine (vs Engine, Level > Play against the engine): the person on `side` (default the side to move).
  'locking-chess': { start: (doc) => startLcPlay(doc), startEngine: (doc, side) => startLcEnginePlay(doc, side), Panel: LcPlayPanel },
} satisfies { [R in Ruleset]: PlayModule<LevelOf<R>> };
