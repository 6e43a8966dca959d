// While the server draws a page's first screen (src/entry-server.tsx) and while the browser hydrates that drawing
// (src/main.tsx), renders must come out the same on both sides (decision 061): they show the moment the server drew
// the page, not the clock, and what only the browser can know waits for the render after.
import { createStore, useStore } from "./create-store";

let drawnAtMs: number | undefined;

/** Holds the drawing's moment for the renders that draw or hydrate it; undefined lets it go. */
export function holdDrawing(atMs: number | undefined): void {
  drawnAtMs = atMs;
}

/** The moment the page being drawn or hydrated shows, or undefined when no render is drawing one. */
export function drawingMoment(): number | undefined {
  return drawnAtMs;
}

/**
 * While the drawing is hydrated and its first effects run, what a page shows below its first screen (an auction's
 * fairness figures, its product's reviews) is not asked for: each request started there costs that one task its
 * start and a render of its component, and a slow phone's main thread is blocked for their sum (decision 116). They
 * are asked for in the task after the first commit's effects. A page drawn by the SPA alone asks at once.
 */
const belowTheFoldHeld = createStore(false);

/** Holds the requests below the first screen: called before the drawing is hydrated. */
export function holdBelowTheFold(): void {
  belowTheFoldHeld.set(true);
}

/** Lets them go in the next task: called from the first commit's effects. */
export function releaseBelowTheFold(): void {
  setTimeout(() => belowTheFoldHeld.set(false), 0);
}

/** Whether a part below the first screen may ask the server now; never while a render draws or hydrates the page. */
export function useMayLoadBelowTheFold(): boolean {
  return useStore(belowTheFoldHeld, (isHeld) => !isHeld, false);
}
