/**
 * The preset dictionary of level code version 1 (level-code.ts): fragments
 * of the canonical JSON of levels that DEFLATE may refer back to, so a
 * small level's code is about a third shorter. It is part of the code
 * format (docs/reference/format-contract.md "Level codes" prints it and a
 * test checks the two agree): changing one character makes every version 1
 * code undecodable, so a new dictionary needs a new code version.
 *
 * The fragments are joined without separators and encoded as UTF-8 (all
 * ASCII). Later fragments are the more frequent ones (shorter distances).
 */
export const LEVEL_CODE_DICTIONARY_V1: string = [
  '"editor":{},"draft":true,"x-":',
  '"options":{"soldiersMayStopOnValley":true},"startingSetup":true,',
  '"goal":{"moves":2,"type":"mate-in"},"position":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","ruleset":"locking-chess",',
  '"goal":{"moves":1,"type":"win-in"},"pieces":[{"role":"soldier","side":"black","square":"',
  '"},{"role":"king","side":"white","square":"',
  '"pillars":["c3","],"ruleset":"kings-valley","sideToMove":"white","sideToMove":"black",',
  '"objectives":{"capture":["","collect":true,"moveLimit":1,"spell":"',
  '"tiles":[{"allowed":["bishop","king","knight","queen","rook"],"kind":"transform","square":"',
  '"},{"kind":"letter","letter":"A","square":"',
  '"},{"kind":"finish","square":"',
  '"},{"kind":"gem","square":"',
  '"},{"kind":"coin","square":"',
  '"},{"color":"green","kind":"plate","square":"',
  '"},{"color":"yellow","kind":"lock","square":"',
  '"},{"color":"blue","kind":"key","square":"',
  '"},{"color":"red","kind":"',
  '"}],"ruleset":"chess-maze",',
  '"pieces":[{"role":"king","side":"player","square":"',
  '"},{"facing":"south","role":"pawn","side":"enemy","square":"',
  '"},{"role":"rook","side":"enemy","square":"',
  '"},{"role":"knight","side":"player","square":"',
  '"board":{"height":6,"holes":["',
  '"],"width":6},"format":"castellan.level","meta":{"author":"","description":"","tags":["',
  '"],"title":"',
  '"},"par":1',
  '"pieces":[{"color":"ivory","role":"king","square":"',
  '"},{"color":"obsidian","facing":"west","lateral":true,"role":"pawn","square":"',
  '"},{"color":"ivory","facing":"east","role":"pawn","square":"',
  '"},{"color":"obsidian","role":"queen","square":"',
  '"},{"color":"ivory","role":"knight","square":"',
  '"},{"color":"obsidian","role":"bishop","square":"',
  '"},{"color":"ivory","role":"rook","square":"',
  '"}],"portal":"e8","ruleset":"unlock-the-king","version":1,"walls":["a1","',
  '"board":{"height":8,"width":8},"format":"castellan.level","meta":{"author":"',
].join('');
