// An ended auction's Buy it now, on its page, for the signed-in bidder: the offer to a bidder who enrolled and did not
// win (retail value less their entry fee, until 48 hours after the end, from the server), the same pay form a win
// has, and once bought the purchase's own fulfilment: the same badge, stepper and details as a won auction's.
// Others see nothing here, except a bidder whose offer closed or sold out, who is told so.
import { useEffect, useRef, useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { useLocation } from "react-router-dom";
import type { BuyNowOffer, BuyNowPurchase, BuyNowStatus } from "../../../../contract";
import { buttonClassName } from "../../../components/ui/button";
import { useServerNow } from "../../../hooks/use-server-now";
import { useDateTime, useDuration, useEuro } from "../../../lib/format";
import { FulfilmentBadge, FulfilmentStepper, PaidDetails, PayForm, useFulfilment, useIsBefore } from "../../won";
import { quoteBuyNow, useBuyNow, useBuyNowStatus } from "../api/buy-now";

export function BuyNowPanel({ auctionId, className = "" }: { auctionId: number; className?: string }) {
  const { t } = useTexts();
  const { data: status } = useBuyNowStatus(auctionId);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const isShown = status !== undefined && (status.offer !== null || status.purchase !== null);
  // The ended card's offer links here (#buy-now): the panel comes after the page, so it is scrolled to once it is in.
  useEffect(() => {
    if (isShown && hash === "#buy-now") section.current?.scrollIntoView({ block: "start" });
  }, [isShown, hash]);
  if (!status) return null;
  const { offer, purchase, reason } = status;
  const closedNote = reason === "BUY_NOW_WINDOW_CLOSED" || reason === "BUY_NOW_SOLD_OUT" ? reason : null;
  if (!offer && !purchase && !closedNote) return null;
  return (
    <section
      ref={section}
      id="buy-now"
      aria-labelledby="buy-now-title"
      className={`flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5 ${className}`}
    >
      {purchase ? (
        <Purchase purchase={purchase} />
      ) : offer ? (
        <Offer offer={offer} defaults={status.defaults} />
      ) : (
        <>
          <h2 id="buy-now-title" className="text-xl font-semibold">
            {t("buyNow.title")}
          </h2>
          <p className="text-sm text-muted">{t(`errors.${closedNote}`)}</p>
        </>
      )}
    </section>
  );
}

function Offer({ offer, defaults }: { offer: BuyNowOffer; defaults: BuyNowStatus["defaults"] }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const duration = useDuration();
  const msLeft = Date.parse(offer.deadlineAt) - useServerNow();
  const isWindowOpen = useIsBefore(Date.parse(offer.deadlineAt));
  const [isFormOpen, setIsFormOpen] = useState(false);
  const pay = useBuyNow(offer.auctionId);
  // A fee of nothing (a free auction) is nothing to take off: no "−€0.00" line.
  const rows: [string, string][] = [
    [t("buyNow.retailValue"), euro(offer.retailValueCents)],
    ...(offer.entryFeePaidCents > 0 ? [[t("buyNow.entryFeePaid"), `−${euro(offer.entryFeePaidCents)}`] as [string, string]] : []),
  ];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="buy-now-title" className="text-xl font-semibold">
          {t("buyNow.title")}
        </h2>
        {offer.stockLeft !== null && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
            {t("buyNow.stockLeft", { count: offer.stockLeft })}
          </span>
        )}
      </div>
      <p className="text-sm leading-relaxed">{t("buyNow.intro")}</p>
      <dl aria-label={t("buyNow.priceBreakdown")} className="grid gap-1.5 rounded-2xl bg-primary-50/60 p-4 text-sm dark:bg-primary-900/20">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-line pt-1.5 text-base font-bold">
          <dt>{t("buyNow.price")}</dt>
          <dd className="tabular-nums">{euro(offer.priceCents)}</dd>
        </div>
      </dl>
      <p className="text-sm">
        <span className="text-muted">{t("buyNow.offerEnds")} </span>
        <time dateTime={offer.deadlineAt} className="font-medium">
          {when(offer.deadlineAt)}
        </time>
        {msLeft > 0 && (
          <span className="ml-2 whitespace-nowrap text-amber-700 tabular-nums dark:text-amber-300">
            {t("fulfilment.timeLeftToPay", { time: duration(msLeft) })}
          </span>
        )}
      </p>
      {isFormOpen ? (
        <div className="border-t border-line pt-4">
          <PayForm
            priceCents={offer.priceCents}
            quote={(code) => quoteBuyNow(offer.auctionId, code)}
            pay={pay}
            defaults={defaults}
            isWindowOpen={isWindowOpen}
            title={t("buyNow.formTitle")}
            priceLabel={t("buyNow.price")}
          />
        </div>
      ) : isWindowOpen ? (
        <button type="button" onClick={() => setIsFormOpen(true)} className={buttonClassName({ className: "self-start" })}>
          {t("buyNow.buyFor", { price: euro(offer.priceCents) })}
        </button>
      ) : (
        <p className="text-sm font-medium text-muted">{t("errors.BUY_NOW_WINDOW_CLOSED")}</p>
      )}
    </>
  );
}

function Purchase({ purchase }: { purchase: BuyNowPurchase }) {
  const { t } = useTexts();
  const fulfilment = useFulfilment(purchase, `buy-now #${purchase.purchaseId}`);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="buy-now-title" className="text-xl font-semibold">
          {t("buyNow.bought")}
        </h2>
        <FulfilmentBadge state={fulfilment.value} />
      </div>
      <FulfilmentStepper fulfilment={fulfilment} />
      <PaidDetails wonAuction={purchase} />
    </>
  );
}
