/**
 * King's Valley's board text (`RulesetDef.boardText`, format/board-text-scheme.ts):
 * `pillar` (KV-9), a piece `<white|black> <king|soldier>`, and the `Rules:`
 * line; a board typed without it has white to move (KV-1). Default legend:
 * `.` floor, `#` pillar, `K` / `S` white and `k` / `s` black king and soldiers.
 */
import type { ExtraLine, GridScheme } from '../../format/board-text-scheme.js';
import { isJsonObject } from '../../format/json-value.js';

/** `white to move` / `black to move`, `starting setup` (KV-4), `soldiers may stop on the valley` (KV-3). */
const kvRules: ExtraLine = {
  key: 'Rules',
  write(level) {
    const parts = [`${String(level['sideToMove'])} to move`];
    if (level['startingSetup'] === true) parts.push('starting setup');
    const o = level['options'];
    if (isJsonObject(o) && o['soldiersMayStopOnValley'] === true) parts.push('soldiers may stop on the valley');
    return parts.join(', ');
  },
  read(value, out) {
    for (const raw of value.split(',')) {
      const part = raw.trim().toLowerCase().replace(/\s+/g, ' ');
      if (part === '') continue;
      if (part === 'white to move' || part === 'black to move') out['sideToMove'] = part.split(' ')[0];
      else if (part === 'starting setup') out['startingSetup'] = true;
      else if (part === 'soldiers may stop on the valley') out['options'] = { soldiersMayStopOnValley: true };
      else return `"${raw.trim()}" is not a rule (white to move, black to move, starting setup, soldiers may stop on the valley)`;
    }
    return undefined;
  },
};

export const kvBoardText: GridScheme = {
  kind: 'grid',
  defaults: [
    ['.', 'floor'],
    ['#', 'pillar'],
    ['K', 'white king'],
    ['S', 'white soldier'],
    ['k', 'black king'],
    ['s', 'black soldier'],
  ],
  terrain: { pillar: { field: 'pillars' } },
  fields: ['pillars', 'pieces', 'sideToMove', 'startingSetup', 'options'],
  describePiece(p) {
    return `${String(p['side'])} ${String(p['role'])}`;
  },
  parsePiece(words) {
    const [side, role, ...more] = words;
    if ((side !== 'white' && side !== 'black') || (role !== 'king' && role !== 'soldier') || more.length) return undefined;
    return { role, side };
  },
  extra: [kvRules],
  // A King's Valley board typed without a `Rules:` line: white moves first (KV-1).
  complete(doc) {
    if (doc['sideToMove'] === undefined) doc['sideToMove'] = 'white';
  },
};
