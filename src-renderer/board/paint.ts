/**
 * The drawing surface the board's painters use: the part of the 2D canvas
 * API they call. Konva's public `Context` (what a Konva `Shape`'s
 * `sceneFunc(ctx, shape)` receives) satisfies it, and so does a canvas's own
 * `CanvasRenderingContext2D` (the static board bitmap, static-board.ts), so
 * one painter draws on either, and tests can record the calls.
 */
export interface Paint2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  setLineDash(segments: number[]): void;
  fill(path: Path2D): void;
  stroke(path: Path2D): void;
}
