// The dev panel's two places (decision 080): the drawer, mounted once by the layout, and its button, which the
// navigation holds (the permanent sidebar, the slide-out menu). Both draw nothing unless the panel is shown: a server
// outside production offers it and the tester asked for it. Their code is a chunk of its own, fetched only then.
import { Suspense } from "react";
import { withLaterTexts } from "../../lib/i18n";
import { optionalLazy } from "../../lib/optional-lazy";
import { useIsDevToolsShown } from "./dev-tools-offer";

// Offline when its turn comes (say, a page that drew from its own first screen and lost the network at once), the
// panel is simply not offered.
const DevTools = optionalLazy(withLaterTexts(() => import("./components/dev-tools").then((chunk) => chunk.DevTools)));
const DevToolsButton = optionalLazy<{ onOpen?: () => void }>(
  withLaterTexts(() => import("./components/dev-tools").then((chunk) => chunk.DevToolsButton)),
);

/** The drawer, for the layout to mount once. */
export function DevToolsLauncher() {
  const isShown = useIsDevToolsShown();
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <DevTools />
    </Suspense>
  );
}

/** The button that opens the drawer, where the navigation lists it. `onOpen`: what its holder does first. */
export function DevToolsOpener({ onOpen }: { onOpen?: () => void }) {
  const isShown = useIsDevToolsShown();
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <DevToolsButton onOpen={onOpen} />
    </Suspense>
  );
}
