// Guided tours (SPEC.md §2): what the layout and the menus mount.
export { MainPageTour } from "./components/MainPageTour";
export { PopoverTour, isInTour } from "./components/PopoverTour";
