// Live content the browser is not drawing rests (decision 052). A long list's cells are `content-visibility: auto`:
// the browser skips the style, layout and paint of those far off screen, and says so with a
// `contentvisibilityautostatechange` event whenever a cell starts or stops being skipped. What a skipped cell shows
// is drawn by nobody, so its live parts stop working for it until it comes near the screen again: its countdowns stop
// ticking, a new state of its auction waits, and its lazy picture is not asked for before it was near once.
import { createContext, useContext, useEffect, useState, type RefObject } from "react";
import { drawingMoment } from "../lib/first-screen-moment";

export type OffScreen = {
  /** The browser skips drawing this content now (far off screen): what it shows may wait until it comes near. */
  isSkipped: boolean;
  /** It has been near the screen once (or the browser does not say): a lazy picture in it may be asked for. */
  hasBeenNear: boolean;
};

/** Outside such a cell, or where the browser does not tell: drawn, as content always was. */
const drawn: OffScreen = { isSkipped: false, hasBeenNear: true };

export const OffScreenContext = createContext<OffScreen>(drawn);

/** What the cell around says of its content (drawn, when there is none). */
export function useOffScreen(): OffScreen {
  return useContext(OffScreenContext);
}

/** Whether this browser tells when a `content-visibility: auto` element starts or stops being skipped. */
const tellsSkipping = () => typeof window !== "undefined" && "ContentVisibilityAutoStateChangeEvent" in window;

/**
 * Follows the `content-visibility: auto` element at `ref` (rendered by the caller, present from its first commit):
 * drawn until the browser first says otherwise, which it does for every such element once it is laid out. Where the
 * browser never says (an older one, the server's render), the content stays drawn, and its pictures lazy as before;
 * so does content the server drew, when the browser hydrates it.
 */
export function useSkippedState(ref: RefObject<HTMLElement | null>): OffScreen {
  // A cell the server drew has its picture in the page already, and hydrating it keeps it (decision 061).
  const [state, setState] = useState<OffScreen>(() => ({
    isSkipped: false,
    hasBeenNear: !tellsSkipping() || drawingMoment() !== undefined,
  }));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // TypeScript's DOM types know the event but not its name on an element.
    const onChange = (event: Event) => {
      const isSkipped = (event as ContentVisibilityAutoStateChangeEvent).skipped;
      setState((current) => {
        const hasBeenNear = current.hasBeenNear || !isSkipped;
        return current.isSkipped === isSkipped && current.hasBeenNear === hasBeenNear ? current : { isSkipped, hasBeenNear };
      });
    };
    element.addEventListener("contentvisibilityautostatechange", onChange);
    return () => element.removeEventListener("contentvisibilityautostatechange", onChange);
  }, [ref]);
  return state;
}
