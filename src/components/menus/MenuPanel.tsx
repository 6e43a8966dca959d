// A header menu's panel (language, settings, the account): under its button, flush with the button's right edge,
// above the header (1100) and under dialogs (1250). `className` brings its width, corners and padding.
import * as Popover from "@radix-ui/react-popover";
import type { ReactNode } from "react";

export function MenuPanel({
  label,
  className,
  onInteractOutside,
  children,
}: {
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
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
