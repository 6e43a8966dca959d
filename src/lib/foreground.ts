// One overlay at a time (decision 082): the one place that knows what is open in front of the page. A dialog or a
// header menu says so while it is open (`OpenLayer` inside its content, or `useOpenLayer`); a guided tour shows only
// while nothing but its own menu is open (`useIsForegroundClear`), and waits, or steps back, while anything else is.
//
// Who is above whom, bottom to top (the z-indexes the components carry): the header 1100, the slide-out navigation
// 1101, the header menus 1200, dialogs 1250, a guided tour 1300, the toasts 1400, so an urgent toast (outbid, a
// failed payment) can always be tapped, a tour's overlay included.
import { useLayoutEffect } from "react";
import { createStore, useStore } from "./create-store";

/** A layer's name: what a tour lists as its own (its menu); the rest only count. */
export type LayerName =
  "AccountPopover" | "SettingsPopover" | "LanguagePopover" | "MobileMenu" | "AddFunds" | "YouWon" | "Confirm" | "DevTools" | "RealityCheck";

const openLayers = createStore<readonly LayerName[]>([]);

/**
 * While `isOpen`, the layer is open in front of the page. Registered before the browser paints (a layout effect), so
 * that a tour deciding in the next frame already knows.
 */
export function useOpenLayer(name: LayerName, isOpen = true): void {
  useLayoutEffect(() => {
    if (!isOpen) return;
    openLayers.set((open) => [...open, name]);
    return () =>
      openLayers.set((open) => {
        const index = open.indexOf(name);
        return index === -1 ? open : [...open.slice(0, index), ...open.slice(index + 1)];
      });
  }, [isOpen, name]);
}

/** Rendered inside a dialog's or a menu's content (mounted only while it is open): the layer is open meanwhile. */
export function OpenLayer({ name }: { name: LayerName }): null {
  useOpenLayer(name);
  return null;
}

/** Whether nothing is open in front of the page but the layers named (a tour's own menu). */
export function isForegroundClear(own: readonly LayerName[] = []): boolean {
  return openLayers.get().every((name) => own.includes(name));
}

/** `isForegroundClear`, as a component reads it (re-rendered when it changes). */
export function useIsForegroundClear(own: readonly LayerName[] = []): boolean {
  return useStore(openLayers, (open) => open.every((name) => own.includes(name)));
}

/** Whether the layer is open now (a reality check, which a "You won!" arriving meanwhile waits for). */
export function useIsLayerOpen(name: LayerName): boolean {
  return useStore(openLayers, (open) => open.includes(name));
}

// Gestures (decision 095): something the user is in the middle of doing with the page itself, a slide to bid being
// dragged. Nothing that opens by itself (a reality check) comes in front of one: it waits until the gesture ends.

/** A gesture's name. */
export type GestureName = "SlideToBid";

const gestures = createStore<readonly GestureName[]>([]);

/** While `isActive`, the user is in the middle of the gesture. */
export function useGesture(name: GestureName, isActive: boolean): void {
  useLayoutEffect(() => {
    if (!isActive) return;
    gestures.set((active) => [...active, name]);
    return () =>
      gestures.set((active) => {
        const index = active.indexOf(name);
        return index === -1 ? active : [...active.slice(0, index), ...active.slice(index + 1)];
      });
  }, [isActive, name]);
}

/** Whether a gesture is under way now (read outside React, at the moment a layer is about to open). */
export function isGestureUnderWay(): boolean {
  return gestures.get().length > 0;
}

/** Whether a layer may open by itself now: nothing but `own` is open in front, and no gesture is under way. */
export function useMayOpenUnasked(own: readonly LayerName[] = []): boolean {
  const isClear = useIsForegroundClear(own);
  const isGestureFree = useStore(gestures, (active) => active.length === 0);
  return isClear && isGestureFree;
}
