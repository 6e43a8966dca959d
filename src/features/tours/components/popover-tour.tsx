// The account and settings menus' tours: they start 500 ms after the menu opens and close with it. The menu is theirs:
// open, it is the one layer in front of the page a menu's tour does not wait for.
import type { LayerName } from "../../../lib/foreground";
import { GuidedTour } from "./guided-tour";

type MenuTourName = "AccountPopover" | "SettingsPopover";

const ownMenu: Record<MenuTourName, readonly LayerName[]> = { AccountPopover: ["AccountPopover"], SettingsPopover: ["SettingsPopover"] };

export function PopoverTour({ tourName, isOpen }: { tourName: MenuTourName; isOpen: boolean }) {
  return <GuidedTour tourName={tourName} isOnScreen={isOpen} isReady={isOpen} whenHidden="close" ownLayers={ownMenu[tourName]} />;
}
