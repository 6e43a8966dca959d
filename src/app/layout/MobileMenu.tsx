// Below `lg`, a 335 px slide-out menu (Radix dialog) that closes on route change. Its own chunk: MainLayout loads
// it when the menu first opens.
import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import { useUser } from "../../features/auth/auth-provider";
import { SettingsPopover } from "../menus/SettingsPopover";
import { CloseGlyph } from "../../components/ui/icons";
import { Logo } from "../../components/layout/Logo";
import { NavigationContent } from "./NavigationContent";
import { iconButtonClassName } from "../../components/ui/Button";

type MobileMenuProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

export function MobileMenu({ isOpen, onOpenChange }: MobileMenuProps) {
  const { t } = useTexts();
  const { pathname } = useLocation();
  const { data: user } = useUser();

  const closeMenu = useCallback(() => onOpenChange(false), [onOpenChange]);

  // Mounted when first opened: only a later navigation closes it.
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) onOpenChange(false);
    openedAt.current = pathname;
  }, [pathname, onOpenChange]);

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1101] bg-slate-950/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
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
            <Dialog.Close
              aria-label={t("nav.closeMenu")}
              className={iconButtonClassName("size-10")}
            >
              <CloseGlyph />
            </Dialog.Close>
          </div>
          <NavigationContent onOpenDevTools={closeMenu} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
