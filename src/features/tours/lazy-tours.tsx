// What the layout and the menus mount. The tours' own code (react-joyride and the steps, ≈ 27 KiB gzip) loads only
// when a tour may run: the main tour for a signed-in user (the layout mounts it only then), a menu's tour once its
// menu has been opened. A visitor's first load never fetches it.
import { Suspense, useState } from "react";
import { withLaterTexts } from "../../lib/i18n";
import { optionalLazy } from "../../lib/optional-lazy";

// A tour whose code cannot load (offline) is not shown: the menus and the page work without it.
const MainPageTourPart = optionalLazy(withLaterTexts(() => import("./components/main-page-tour").then((chunk) => chunk.MainPageTour)));
const PopoverTourPart = optionalLazy(withLaterTexts(() => import("./components/popover-tour").then((chunk) => chunk.PopoverTour)));

export function MainPageTour() {
  return (
    <Suspense fallback={null}>
      <MainPageTourPart />
    </Suspense>
  );
}

type PopoverTourProps = { tourName: "AccountPopover" | "SettingsPopover"; isOpen: boolean };

/** The menu's tour, from the first time its menu opens on (it starts 500 ms after opening and closes with it). */
export function PopoverTour({ tourName, isOpen }: PopoverTourProps) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <PopoverTourPart tourName={tourName} isOpen={isOpen} />
    </Suspense>
  );
}
