// The dev panel (outside production only; DevToolsLauncher fetches this chunk): a small button in the bottom-left
// corner opens a drawer with the page's live machines and, for operators, server-side actions on an auction.
import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, lazy, useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { CloseGlyph } from "../../../components/ui/icons";
import { iconButtonClassName } from "../../../components/ui/Button";

// What the drawer shows (the machines, XState's React bindings, the operator's actions and their schemas) is a chunk of
// its own, fetched when the drawer first opens: a page that only shows the button loads none of it (decision 059).
const DevToolsBody = lazy(() =>
  import("./DevToolsBody").then(
    (chunk) => ({ default: chunk.DevToolsBody }),
    () => ({ default: BodyUnavailable }),
  ),
);

export function DevTools() {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      {/* On phones a slim tab inside the page's 16 px left gutter, so it never covers content (the slide-to-bid
          control included); from md a small pill in the bottom-left corner; on lg inside the permanent sidebar, above its
          social links, so it covers no card. */}
      <Dialog.Trigger className="fixed bottom-24 left-0 z-[1240] flex w-4 rotate-180 items-center justify-center rounded-l-md border border-r-0 border-line bg-surface/95 py-2 font-mono text-[10px] font-semibold text-muted shadow-md transition [writing-mode:vertical-rl] hover:text-ink focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none md:bottom-3 md:left-3 md:h-8 md:w-auto md:rotate-0 md:gap-1.5 md:rounded-full md:border-r md:px-3 md:py-0 md:text-xs md:[writing-mode:horizontal-tb] lg:bottom-28 lg:left-8">
        <span aria-hidden="true" className="hidden size-2 rounded-full bg-primary-500 md:block" />
        {t("devTools.open")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-[1251] flex w-[min(30rem,100vw)] flex-col border-l border-line bg-surface text-ink shadow-2xl outline-none">
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
