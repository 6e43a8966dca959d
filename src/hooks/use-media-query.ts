// Whether a CSS media query matches now, following changes (a phone turned, a window resized).
import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC.md §9: the mobile layout is a viewport of at most 768 px (Tailwind's `md`, src/styles/index.css, begins here too). */
export const WIDER_THAN_MOBILE = "(min-width: 769px)";
