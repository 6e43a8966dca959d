// While the server draws a page's first screen (src/entry-server.tsx) and while the browser hydrates that drawing
// (src/main.tsx), renders must come out the same on both sides (decision 061): they show the moment the server drew
// the page, not the clock, and what only the browser can know waits for the render after.

let drawnAtMs: number | undefined;

/** Holds the drawing's moment for the renders that draw or hydrate it; undefined lets it go. */
export function holdDrawing(atMs: number | undefined): void {
  drawnAtMs = atMs;
}

/** The moment the page being drawn or hydrated shows, or undefined when no render is drawing one. */
export function drawingMoment(): number | undefined {
  return drawnAtMs;
}
