// The account and settings menus' tours: they start 500 ms after the menu opens and close with it.
import { GuidedTour } from "./GuidedTour";

export function PopoverTour({ tourName, isOpen }: { tourName: "AccountPopover" | "SettingsPopover"; isOpen: boolean }) {
  return <GuidedTour tourName={tourName} isOnScreen={isOpen} isReady={isOpen} whenHidden="close" />;
}
