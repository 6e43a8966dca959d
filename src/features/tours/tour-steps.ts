// The steps of each tour (SPEC.md §2 "Guided tours"), in order. Targets are `data-tour` attributes the layout,
// menus and auction cards carry; a step whose target is not on screen when the tour starts is left out.
import type { Placement } from "react-joyride";
import type { TourName } from "../../../contract";
import { partLoadingAttribute } from "./in-tour";

export type TourStep = {
  id: string;
  /** A CSS selector; the first match is the target. */
  target: string;
  placement: Placement | "center";
  /** Locale keys under `tours.`. */
  titleKey: string;
  bodyKey: string;
};

const byTourAttribute = (name: string) => `[data-tour="${name}"]`;

function step(id: string, target: string, placement: TourStep["placement"], textKey = id): TourStep {
  return { id, target, placement, titleKey: `tours.steps.${textKey}.title`, bodyKey: `tours.steps.${textKey}.body` };
}

export const tourSteps: Record<TourName, TourStep[]> = {
  MainPage: [
    step("welcome", "body", "center"),
    // Below lg the menu button stands for the navigation steps, whose targets sit in the closed slide-out menu.
    step("mobileMenu", byTourAttribute("mobile-menu"), "bottom-start"),
    step("language", byTourAttribute("language"), "bottom-end"),
    step("settings", byTourAttribute("settings"), "bottom-end"),
    step("activeAuctions", byTourAttribute("nav-my-active"), "right"),
    step("wonAuctions", byTourAttribute("nav-won"), "right"),
    step("favourites", byTourAttribute("nav-favourites"), "right"),
    step("account", byTourAttribute("account"), "bottom-end"),
    step("navigation", byTourAttribute("nav-information"), "right"),
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

/** Whether the selector's first match is laid out and visible, as the tour needs it to point at it. */
export function isOnScreen(selector: string): boolean {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element || element.getClientRects().length === 0) return false;
  return getComputedStyle(element).visibility !== "hidden";
}

/** Whether some part of the screen is still a placeholder for code on its way. */
export function isPartLoading(): boolean {
  return document.querySelector(`[${partLoadingAttribute}]`) !== null;
}

/** The steps of a tour whose targets are on screen now. */
export function stepsOnScreen(tourName: TourName): TourStep[] {
  return tourSteps[tourName].filter((s) => isOnScreen(s.target));
}
