// Guided tours (SPEC.md §2): what the layout and the menus mount, light: the tours' code loads when one may run.
export { isInTour, keepOpenInTour, partLoadingProps, useIsMenuHeldByTour } from "./in-tour";
export { MainPageTour, PopoverTour } from "./lazy-tours";
