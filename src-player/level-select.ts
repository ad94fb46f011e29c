/**
 * The player page's level select: the pack's title, author and
 * description, the player's progress (levels solved, stars won), and the
 * levels grouped by tier (progress.ts `tierGroups`), each with its number,
 * title, par or goal and the stars won so far. Test hooks:
 * `[data-testid=level-select]` (with `data-ready` once drawn) holding one
 * `[data-testid=level-item]` per level (`data-index` 1-based,
 * `data-stars`, `data-solved`).
 */
import type { PlayerPageData } from '../src-shared/player/page-data.js';
import { rulesetDef } from '../src-shared/rulesets/index.js';
import { h } from './dom.js';
import { progressSummary, tierGroups, type PackProgress } from './progress.js';
import { starGlyphs } from './words.js';

/** What the level select needs from the page. */
export interface LevelSelectContext {
  data: PlayerPageData;
  progress: PackProgress;
  /** False when the browser keeps nothing (progress is then lost on reload). */
  stored: boolean;
  open(index: number): void;
  reset(): void;
}

/** The par or goal of a level in a few words ("par 4", "win in 2"). */
function goalWords(data: PlayerPageData, i: number): string {
  const l = data.levels[i]!;
  const def = rulesetDef(data.ruleset);
  if (def?.goal.kind === 'in-n') {
    const n = def.goal.goalMoves(l.level);
    return n !== undefined ? `${def.goal.verb} in ${n}` : 'play';
  }
  return l.par !== null ? `par ${l.par}` : '';
}

/** The level select (module doc) as a new element. */
export function levelSelect(ctx: LevelSelectContext): HTMLElement {
  const { data, progress } = ctx;
  const sum = progressSummary(data, progress);
  const def = rulesetDef(data.ruleset);
  const groups = tierGroups(data.levels).map((g) =>
    h('section', { class: 'tier-group' }, [
      g.tier ? h('h2', {}, [g.tier]) : null,
      h(
        'ol',
        { class: 'levels' },
        g.items.map(({ index, level }) => {
          const p = progress.levels[level.hash];
          return h('li', {}, [
            h(
              'button',
              {
                type: 'button',
                class: p ? 'level solved' : 'level',
                'data-testid': 'level-item',
                'data-index': index + 1,
                'data-stars': p?.stars ?? 0,
                'data-solved': p ? 'true' : 'false',
                'aria-label': `${index + 1}. ${level.title}${p ? `, solved, ${p.stars} star${p.stars === 1 ? '' : 's'}` : ''}`,
              },
              [
                h('span', { class: 'n' }, [String(index + 1)]),
                h('span', { class: 't' }, [level.title]),
                h('span', { class: 'par' }, [goalWords(data, index)]),
                h('span', { class: p ? 'st' : 'st muted', 'aria-hidden': 'true' }, [starGlyphs(p?.stars ?? 0)]),
              ],
              { click: () => ctx.open(index) },
            ),
          ]);
        }),
      ),
    ]),
  );
  return h('section', { class: 'select', 'data-testid': 'level-select', 'data-ready': 'true' }, [
    h('header', { class: 'select-head' }, [
      h('h1', {}, [data.title]),
      h('p', { class: 'muted' }, [
        [data.author ? `by ${data.author}` : '', def?.name ?? data.ruleset, `${data.levels.length} level${data.levels.length === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(' · '),
      ]),
      data.description ? h('p', { class: 'description' }, [data.description]) : null,
      h('p', { class: 'summary', 'data-testid': 'progress-summary' }, [
        `Solved ${sum.solved} of ${sum.total} · ${sum.stars} of ${sum.maxStars} stars`,
        ctx.stored ? '' : ' (this browser does not keep your progress)',
      ]),
      sum.solved > 0
        ? h('button', { type: 'button', class: 'reset', 'data-testid': 'reset-progress', title: 'Forget the stars won in this pack' }, ['Reset progress'], {
            click: () => ctx.reset(),
          })
        : null,
    ]),
    ...groups,
    h('p', { class: 'muted small' }, ['Made with Castellan. Everything runs in this page: no network, no account.']),
  ]);
}
