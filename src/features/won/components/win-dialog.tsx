// The win moment (issue 15): on any page, a "You won!" dialog for each win the winner has not seen yet and can still
// pay, one after another, newest first. Closing it or going on to pay marks the win seen on the server, so no other
// device or later visit shows it again; until then every visit does.
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { isPayable } from "../../../../machines/fulfilment.machine";
import { buttonClassName } from "../../../components/ui/button";
import { TrophyGlyph } from "../../../components/ui/icons";
import { AuctionImage } from "../../../components/ui/auction-image";
import { useEuro } from "../../../lib/format";
import { OpenLayer, useIsLayerOpen } from "../../../lib/foreground";
import { isWinClosedHere, useMarkWinSeen } from "../api/mark-win-seen";
import { useWonAuctions } from "../api/won-auctions";

/** Where "Pay now" leads: the win's card on the won-auctions page, its pay form in view. */
export const payFormPath = (auctionId: number) => `/auctions/won#won-${auctionId}`;

export function WinDialog() {
  const { t } = useTexts();
  const euro = useEuro();
  const navigate = useNavigate();
  const { data } = useWonAuctions();
  const { mutate: markSeen } = useMarkWinSeen();
  // A reality check being read is answered first: the win comes the moment it is (decision 095), never over it.
  const isRealityCheckOpen = useIsLayerOpen("RealityCheck");
  const win = data?.items.find((item) => !item.isSeen && !isWinClosedHere(item.auctionId) && isPayable(item.state));
  if (!win || isRealityCheckOpen) return null;

  return (
    <Dialog.Root key={win.auctionId} open onOpenChange={(isOpen) => !isOpen && markSeen(win.auctionId)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/50" />
        <Dialog.Content
          data-auction-id={win.auctionId}
          className="fixed top-1/2 left-1/2 z-[1251] flex max-h-[calc(100dvh-2rem)] w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-2xl outline-none"
        >
          <OpenLayer name="YouWon" />
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100"
            >
              <TrophyGlyph />
            </span>
            <Dialog.Title className="font-display text-2xl font-bold">{t("win.title")}</Dialog.Title>
          </div>
          <div className="flex items-center gap-4">
            <AuctionImage src={win.image} shownAs="thumbnail" className="size-20 shrink-0 rounded-xl sm:size-24" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-display text-lg leading-snug font-semibold break-words">{win.title}</p>
              <p className="text-sm text-muted">
                {t("fulfilment.finalPrice")} <span className="font-display text-xl font-bold text-ink">{euro(win.finalPriceCents)}</span>
              </p>
            </div>
          </div>
          <Dialog.Description className="text-sm text-muted">{t("win.description")}</Dialog.Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClassName({ variant: "secondary" })}>{t("common.close")}</Dialog.Close>
            <button
              type="button"
              className={buttonClassName({ variant: "primary" })}
              onClick={() => {
                markSeen(win.auctionId);
                void navigate(payFormPath(win.auctionId));
              }}
            >
              {t("win.payNow")}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
