// The steps of each tour (SPEC.md §2 "Guided tours"), in order. Targets are `data-tour` attributes the layout,
// menus and auction cards carry; a step whose target is not on screen when the tour starts is left out (one in
// the side navigation is shown in the slide-out menu where the navigation is folded into it).
import type { Placement } from "react-joyride";
import type { TourName } from "../../../contract";
import { partLoadingAttribute } from "./in-tour";

export type TourStep = {
  id: string;
  /** A CSS selector; the first match on screen is the target. */
  target: string;
  placement: Placement | "center";
  /** Locale keys under `tours.`. */
  titleKey: string;
  bodyKey: string;
  /** In the side navigation: below lg, where the navigation is folded into the slide-out menu, shown in that menu. */
  isInMenu?: boolean;
};

const byTourAttribute = (name: string) => `[data-tour="${name}"]`;

/** The slide-out menu's button, on screen below lg. */
export const menuButtonTarget = byTourAttribute("mobile-menu");

function step(id: string, target: string, placement: TourStep["placement"], options: { isInMenu?: boolean } = {}): TourStep {
  return { id, target, placement, titleKey: `tours.steps.${id}.title`, bodyKey: `tours.steps.${id}.body`, ...options };
}

const inMenu = { isInMenu: true };

export const tourSteps: Record<TourName, TourStep[]> = {
  MainPage: [
    step("welcome", "body", "center"),
    // Below lg the menu button comes first; the navigation's steps are then shown in the menu, opened for them.
    step("mobileMenu", menuButtonTarget, "bottom-start"),
    // The header's menus, then the side navigation (on a phone, one stretch with the slide-out menu open).
    step("language", byTourAttribute("language"), "bottom-end"),
    step("settings", byTourAttribute("settings"), "bottom-end"),
    step("account", byTourAttribute("account"), "bottom-end"),
    step("activeAuctions", byTourAttribute("nav-my-active"), "right", inMenu),
    step("wonAuctions", byTourAttribute("nav-won"), "right", inMenu),
    step("favourites", byTourAttribute("nav-favourites"), "right", inMenu),
    step("navigation", byTourAttribute("nav-information"), "right", inMenu),
    // The first running card on home, then the first waiting one.
    step("timeLeft", `#running ${byTourAttribute("auction-time-left")}`, "top"),
    step("currentPrice", `#running ${byTourAttribute("auction-price")}`, "top"),
    step("enrol", `#running ${byTourAttribute("auction-enrol")}`, "top"),
    step("like", `#running ${byTourAttribute("auction-like")}`, "left"),
    step("startsIn", `#starting-soon ${byTourAttribute("auction-starts-in")}`, "top"),
    step("faq", byTourAttribute("faq"), "top"),
  ],
  AccountPopover: [
    step("balance", byTourAttribute("account-balance"), "left"),
    step("addFunds", byTourAttribute("account-add-funds"), "left"),
    step("profile", byTourAttribute("account-profile"), "left"),
    step("wallet", byTourAttribute("account-wallet"), "left"),
  ],
  SettingsPopover: [
    step("theme", byTourAttribute("settings-theme"), "left"),
    step("bidSound", byTourAttribute("settings-bid-sound"), "left"),
  ],
};

function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
}

/** The selector's first match that is laid out and visible (the side navigation's links are in the page twice). */
export function onScreen(selector: string): HTMLElement | null {
  return [...document.querySelectorAll<HTMLElement>(selector)].find(isShown) ?? null;
}

/** Whether some match of the selector is on screen, as the tour needs it to point at it. */
export function isOnScreen(selector: string): boolean {
  return onScreen(selector) !== null;
}

/** Whether the step can be shown now: its target is on screen, or it is in the menu and the menu's button is. */
export function canShow(step: TourStep): boolean {
  return isOnScreen(step.target) || (step.isInMenu === true && isOnScreen(menuButtonTarget));
}

/** Resolves once the selector has a match on screen (the menu opened for the step has drawn it), or after `maxMs`. */
export function whenOnScreen(selector: string, maxMs = 5000): Promise<void> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const look = () => {
      if (isOnScreen(selector) || performance.now() - startedAt > maxMs) resolve();
      else requestAnimationFrame(look);
    };
    look();
  });
}

/** Whether some part of the screen is still a placeholder for code on its way. */
export function isPartLoading(): boolean {
  return document.querySelector(`[${partLoadingAttribute}]`) !== null;
}

/** The steps of a tour whose targets are on screen now. */
export function stepsOnScreen(tourName: TourName): TourStep[] {
  return tourSteps[tourName].filter(canShow);
}
