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
