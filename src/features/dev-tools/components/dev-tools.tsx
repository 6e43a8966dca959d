// The dev panel (outside production, for a tester who asked: decision 080), a chunk of its own: the button the
// navigation shows (in the sidebar, in the slide-out menu), and the drawer it opens with the page's live machines and,
// for operators, server-side actions on an auction. One drawer for the page, however many buttons show it.
import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, lazy, useEffect } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { CloseGlyph } from "../../../components/ui/icons";
import { Button, iconButtonClassName } from "../../../components/ui/button";
import { createStore, useStore } from "../../../lib/create-store";
import { OpenLayer } from "../../../lib/foreground";
import { forgetAsk } from "../dev-tools-offer";

// What the drawer shows (the machines, XState's React bindings, the operator's actions and their schemas) is a chunk of
// its own, fetched when the drawer first opens: a page that only shows the button loads none of it (decision 059).
const DevToolsBody = lazy(() =>
  import("./dev-tools-body").then(
    (chunk) => ({ default: chunk.DevToolsBody }),
    () => ({ default: BodyUnavailable }),
  ),
);

/** Whether the drawer is open, and the button that opened it (focus goes back to it, if it is still there). */
const drawer = createStore<{ isOpen: boolean; openedBy: HTMLElement | null }>({ isOpen: false, openedBy: null });

/**
 * The panel's button, in the flow of the navigation that holds it, so it covers nothing. `onOpen`: what the holder
 * does first (the slide-out menu closes, so the drawer is the one overlay).
 */
export function DevToolsButton({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTexts();
  return (
    <button
      type="button"
      onClick={(event) => {
        onOpen?.();
        drawer.set({ isOpen: true, openedBy: event.currentTarget });
      }}
      className="mb-4 inline-flex h-10 items-center gap-1.5 rounded-full border border-line bg-surface px-3 font-mono text-xs font-semibold text-muted shadow-sm transition hover:text-ink focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none lg:h-8"
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-primary-500" />
      {t("devTools.open")}
    </button>
  );
}

/** The drawer, mounted once by the layout; a button opens it. */
export function DevTools() {
  const { t } = useTexts();
  const { isOpen, openedBy } = useStore(drawer);
  const setIsOpen = (isOpenNow: boolean) => drawer.set((current) => ({ ...current, isOpen: isOpenNow }));
  const hide = () => {
    drawer.set({ isOpen: false, openedBy: null });
    forgetAsk();
  };
  // Gone from the page (the panel no longer shown), it does not open again by itself when it comes back.
  useEffect(() => () => drawer.set({ isOpen: false, openedBy: null }), []);

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it; one in the slide-out menu has gone with the menu.
            if (!openedBy?.isConnected) return;
            event.preventDefault();
            openedBy.focus();
          }}
          className="fixed inset-y-0 right-0 z-[1251] flex w-[min(30rem,100vw)] flex-col border-l border-line bg-surface text-ink shadow-2xl outline-none"
        >
          <OpenLayer name="DevTools" />
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold">{t("devTools.title")}</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-xs text-muted">{t("devTools.description")}</Dialog.Description>
            </div>
            <Dialog.Close aria-label={t("common.close")} className={iconButtonClassName("size-9 shrink-0")}>
              <CloseGlyph className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
            <Suspense fallback={<p className="text-sm text-muted">{t("common.loading")}</p>}>
              <DevToolsBody />
            </Suspense>
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-line px-5 py-3">
            <p className="text-xs text-muted">{t("devTools.hideHint")}</p>
            <Button variant="secondary" size="sm" className="shrink-0" onClick={hide}>
              {t("devTools.hide")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The drawer's body when its chunk could not load (the network dropped, a deployment replaced it). */
function BodyUnavailable() {
  const { t } = useTexts();
  return <p className="text-sm text-muted">{t("common.somethingWentWrong")}</p>;
}
