// Below `lg`, a 335 px slide-out menu (Radix dialog) that closes on route change. Its own chunk: MainLayout loads
// it when the menu first opens. The main tour opens it too, for its navigation steps: then it is the tour's, not a
// modal dialog (the tour's card above it must answer; the tour's overlay stands for the menu's).
import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import { useUser } from "../../features/auth/auth-provider";
import { keepOpenInTour } from "../../features/tours";
import { useOpenLayer } from "../../lib/foreground";
import { SettingsPopover } from "../menus/settings-popover";
import { CloseGlyph } from "../../components/ui/icons";
import { Logo } from "../../components/layout/logo";
import { NavigationContent } from "./navigation-content";
import { iconButtonClassName } from "../../components/ui/button";

type MobileMenuProps = { isOpen: boolean; isHeldByTour?: boolean; onOpenChange: (isOpen: boolean) => void };

export function MobileMenu({ isOpen, isHeldByTour = false, onOpenChange }: MobileMenuProps) {
  const { t } = useTexts();
  const { pathname } = useLocation();
  const { data: user } = useUser();

  const closeMenu = useCallback(() => onOpenChange(false), [onOpenChange]);
  // Opened by the user, it is a layer in front of the page: a tour waits until it closes.
  useOpenLayer("MobileMenu", isOpen && !isHeldByTour);
  // Whose it was while open: closed by the tour, the focus stays on the tour's card rather than going to the button.
  const wasHeldByTour = useRef(false);
  useEffect(() => {
    if (isOpen) wasHeldByTour.current = isHeldByTour;
  }, [isOpen, isHeldByTour]);

  // Mounted when first opened: only a later navigation closes it.
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) onOpenChange(false);
    openedAt.current = pathname;
  }, [pathname, onOpenChange]);

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange} modal={!isHeldByTour}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1101] bg-slate-950/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          // Held by the tour: the focus stays on its card, and a tap on the card leaves the menu open.
          onOpenAutoFocus={(event) => isHeldByTour && event.preventDefault()}
          onCloseAutoFocus={(event) => wasHeldByTour.current && event.preventDefault()}
          onInteractOutside={keepOpenInTour}
          className="fixed inset-y-0 left-0 z-[1101] flex w-drawer max-w-[90vw] flex-col bg-surface shadow-2xl outline-none lg:hidden"
        >
          <div className="flex h-header-mobile shrink-0 items-center justify-between px-5">
            <Dialog.Title className="sr-only">{t("nav.mainNavigation")}</Dialog.Title>
            <Logo />
            {/* A visitor's phone header leaves the settings out (see HeaderMenus): they are here instead. */}
            {user?.isAuthenticated === false && (
              <div className="ml-auto sm:hidden">
                <SettingsPopover />
              </div>
            )}
            <Dialog.Close aria-label={t("nav.closeMenu")} className={iconButtonClassName("size-10")}>
              <CloseGlyph />
            </Dialog.Close>
          </div>
          <NavigationContent onOpenDevTools={closeMenu} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
