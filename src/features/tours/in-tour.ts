import { createStore, useStore } from "../../lib/create-store";

/**
 * Whether a pointer or focus event happened in the tour (its card or overlay): a menu under its tour must not
 * take that for a click outside and close. Radix may ask after the click, when the card of the step just left is
 * already detached: hence the card's own attribute besides the tour's portal.
 */
export function isInTour(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("#react-joyride-portal, [data-tour-card]") !== null;
}

/** A menu's `onInteractOutside` while its tour may run: a click or focus in the tour keeps the menu open. */
export function keepOpenInTour(event: { target: EventTarget | null; preventDefault: () => void }): void {
  if (isInTour(event.target)) event.preventDefault();
}

/**
 * A placeholder standing in for a part of the screen whose code is still on its way (the header's menus, the account
 * menu) carries this attribute: a tour pointing at that part waits for it instead of leaving its step out.
 */
export const partLoadingAttribute = "data-part-loading";

/** The attribute as props, to spread on such a placeholder. */
export const partLoadingProps = { [partLoadingAttribute]: "" } as const;

/**
 * Whether the main tour holds the slide-out menu open: on a phone its navigation steps (SPEC.md §2: active auctions,
 * won auctions, favourites, the information links) are shown in that menu, which the tour opens for them and closes
 * after. The layout reads it; meanwhile the menu is not modal, so the tour's card above it answers.
 */
const menuHeldByTour = createStore(false);

export function holdMenuForTour(isHeld: boolean): void {
  menuHeldByTour.set(isHeld);
}

export function useIsMenuHeldByTour(): boolean {
  return useStore(menuHeldByTour);
}
