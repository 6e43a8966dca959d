// A header menu's panel (language, settings, the account): under its button, flush with the button's right edge,
// above the header (1100) and under dialogs (1250); open, it is a layer in front of the page (lib/foreground). `className` brings its width, corners and padding.
import * as Popover from "@radix-ui/react-popover";
import type { ReactNode } from "react";
import { OpenLayer, type LayerName } from "../../lib/foreground";

export function MenuPanel({
  layer,
  label,
  className,
  onInteractOutside,
  children,
}: {
  /** Its name among what is open in front of the page (lib/foreground): a tour waits while it is open. */
  layer: LayerName;
  label: string;
  className: string;
  onInteractOutside?: (event: { target: EventTarget | null; preventDefault: () => void }) => void;
  children: ReactNode;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        aria-label={label}
        onInteractOutside={onInteractOutside}
        className={`z-[1200] border border-line bg-surface shadow-xl ${className}`}
      >
        <OpenLayer name={layer} />
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
