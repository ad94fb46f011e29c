/**
 * Terrain and marks (original, 100 x 100 box = one square, y down): the
 * Unlock the King wall (UK-1) and portal (UK-6), the Chess Maze hole
 * (CM-1), the King's Valley pillar and valley (KV-1), and the Locking Chess
 * lock mark (LC-2). Each is recognisable by its shape and pattern, not only
 * by its colour: hatching (wall), a dotted void (hole), a fluted column
 * (pillar), rings around a diamond (valley), a ring around a star (portal),
 * a padlock (lock).
 */
import { circle, f, hatch, path, rect, roundRect, star, type ArtPart } from './parts.js';

/** UK-1 wall: a slate block with diagonal hatching and a dark rim. */
export function wallParts(): ArtPart[] {
  return [
    path(rect(0, 0, 100, 100), { fill: '#3b4150' }),
    path(hatch(0, 100, 25), { stroke: '#9aa4b8', width: 4.5, name: 'hatch' }),
    path(rect(3, 3, 94, 94), { stroke: '#1d2029', width: 6 }),
  ];
}

/** CM-1 hole: a dark void with a lighter rim and a grid of dots, clearly not a square. */
export function holeParts(): ArtPart[] {
  const dots: string[] = [];
  for (let y = 12.5; y < 100; y += 25) for (let x = 12.5; x < 100; x += 25) dots.push(circle(x, y, 2.5));
  return [
    path(rect(0, 0, 100, 100), { fill: '#07080b' }),
    path(rect(5, 5, 90, 90), { stroke: '#1f232c', width: 10 }),
    path(dots.join(' '), { fill: '#343a47', name: 'dots' }),
  ];
}

/** KV-1 pillar: a grey stone column seen from above on a dark plinth, fluted. */
export function pillarParts(): ArtPart[] {
  const flutes: string[] = [];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    flutes.push(`M ${f(50 + Math.cos(a) * 14)} ${f(50 + Math.sin(a) * 14)} L ${f(50 + Math.cos(a) * 33)} ${f(50 + Math.sin(a) * 33)}`);
  }
  return [
    path(rect(4, 4, 92, 92), { fill: '#2d313b' }),
    path(circle(50, 50, 36), { fill: '#a3abba', stroke: '#15171d', width: 4 }),
    path(circle(44, 44, 20), { fill: '#d5dae3', opacity: 0.55 }),
    path(flutes.join(' '), { stroke: '#4b5262', width: 2.5, cap: 'round', name: 'flutes' }),
  ];
}

/** KV-1 the valley: a golden square with two rings around a diamond, dark rim. */
export function valleyParts(): ArtPart[] {
  return [
    path(rect(0, 0, 100, 100), { fill: '#ebc467' }),
    path(circle(50, 50, 30), { fill: '#d39e2a' }),
    path(`${circle(50, 50, 44)} ${circle(50, 50, 32)}`, { stroke: '#5c4100', width: 3.5, name: 'rings' }),
    path('M 50 32 L 68 50 L 50 68 L 32 50 Z', { fill: '#5c4100' }),
    path(rect(2.5, 2.5, 95, 95), { stroke: '#2b1e00', width: 5 }),
  ];
}

/** UK-6 portal: a violet ring around a golden eight-point star. */
export function portalParts(): ArtPart[] {
  return [
    path(circle(50, 50, 36), { stroke: '#5b2bbf', width: 12 }),
    path(`${circle(50, 50, 42)} ${circle(50, 50, 30)}`, { stroke: '#f4ecff', width: 1.5 }),
    path(star(50, 50, 8, 10, 24), { fill: '#ffd23f', stroke: '#3a1a80', width: 1.5, join: 'round', name: 'star' }),
  ];
}

/** LC-2 lock mark: a padlock on a dark round badge (the piece under a stack's top piece is locked). */
export function lockMarkParts(): ArtPart[] {
  return [
    path(circle(50, 50, 46), { fill: '#2b2f38', stroke: '#ffffff', width: 4 }),
    path('M 36 48 V 36 A 14 14 0 0 1 64 36 V 48', { stroke: '#f4f6fa', width: 8, cap: 'round', name: 'shackle' }),
    path(roundRect(25, 44, 50, 34, 6), { fill: '#f0c419', stroke: '#15171c', width: 3 }),
    path(`${circle(50, 56, 5)} M 47.5 58 H 52.5 L 54 70 H 46 Z`, { fill: '#15171c' }),
  ];
}

/** The dark rounded backing drawn under an item shown as a badge (a Chess Maze item under a piece). */
export function badgeBackingParts(): ArtPart[] {
  return [path(roundRect(4, 4, 92, 92, 18), { fill: 'rgba(20, 22, 28, 0.78)' })];
}
