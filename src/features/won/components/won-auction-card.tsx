// One won auction: picture, title, final price and end time, the badge and the stepper; for an unpaid one the
// deadline and the pay form, for a paid one what was paid and where it goes. Where the fulfilment is (badge, stepper,
// which section shows) is what the card's fulfilment actor says.
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { FulfilmentState, WonAuction } from "../../../../contract";
import { useServerNow } from "../../../hooks/use-server-now";
import { serverNow } from "../../../lib/server-clock";
import { MAX_TIMER_MS } from "../../../../contract/auction-countdown";
import { AuctionImage } from "../../../components/ui/auction-image";
import { useDateTime, useDuration, useEuro } from "../../../lib/format";
import { FulfilmentBadge, FulfilmentStepper } from "./fulfilment-progress";
import { useFulfilment } from "../live/use-fulfilment-actor";
import { PayForm } from "./pay-form";
import { quotePayment, usePayForWonAuction } from "../api/pay";
import { ItemReview } from "../../reviews";

export function WonAuctionCard({ wonAuction, defaults }: { wonAuction: WonAuction; defaults: { phone: string; deliveryAddress: string } }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const titleId = `won-${wonAuction.auctionId}-title`;
  const fulfilment = useFulfilment(wonAuction);
  const isUnpaid = fulfilment.hasTag("payable");

  return (
    <article
      id={`won-${wonAuction.auctionId}`}
      aria-labelledby={titleId}
      data-auction-id={wonAuction.auctionId}
      className="scroll-mt-24 overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      <div className="flex flex-col gap-5 p-4 sm:p-6">
        <ItemHeading item={wonAuction} titleId={titleId} state={fulfilment.value}>
          <div>
            <dt className="text-muted">{t("fulfilment.finalPrice")}</dt>
            <dd className="font-display text-xl font-bold">{euro(wonAuction.finalPriceCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("fulfilment.endedAt")}</dt>
            <dd className="font-medium">{when(wonAuction.endedAt)}</dd>
          </div>
          {isUnpaid && <Deadline deadlineAt={wonAuction.deadlineAt} />}
        </ItemHeading>

        <FulfilmentStepper fulfilment={fulfilment} />

        {isUnpaid ? (
          <UnpaidSection wonAuction={wonAuction} defaults={defaults} />
        ) : fulfilment.value === "Expired" ? (
          <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {t("fulfilment.expiredNote")}
          </p>
        ) : (
          <PaidDetails wonAuction={wonAuction} />
        )}
        <ItemReview source="win" sourceId={wonAuction.auctionId} isDelivered={fulfilment.value === "Delivered"} />
      </div>
    </article>
  );
}

/**
 * The top of an item's card, a win's or a Buy it now purchase's: its picture and title linking to the auction, the
 * fulfilment badge, and the facts given as `children` (pairs of dt and dd).
 */
export function ItemHeading({
  item,
  titleId,
  state,
  heading: Heading = "h2",
  children,
}: {
  item: Pick<WonAuction, "auctionId" | "image" | "title">;
  titleId: string;
  state: FulfilmentState;
  /** The title's heading level: h3 under a section's own heading. */
  heading?: "h2" | "h3";
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <Link to={`/auctions/${item.auctionId}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <AuctionImage src={item.image} shownAs="thumbnail" className="size-20 rounded-xl sm:size-28" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={titleId} className="min-w-0 font-display text-lg leading-snug font-semibold sm:text-xl">
            <Link to={`/auctions/${item.auctionId}`} className="hover:text-accent">
              {item.title}
            </Link>
          </Heading>
          <FulfilmentBadge state={state} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">{children}</dl>
      </div>
    </div>
  );
}

function Deadline({ deadlineAt }: { deadlineAt: string }) {
  const { t } = useTexts();
  const duration = useDuration();
  const msLeft = Date.parse(deadlineAt) - useServerNow();
  const when = useDateTime();
  return (
    <div>
      <dt className="text-muted">{t("fulfilment.payBy")}</dt>
      <dd className="font-medium">
        <time dateTime={deadlineAt}>{when(deadlineAt)}</time>
        {msLeft > 0 && (
          <span className="block text-amber-700 tabular-nums sm:ml-2 sm:inline dark:text-amber-300">
            {t("fulfilment.timeLeftToPay", { time: duration(msLeft) })}
          </span>
        )}
      </dd>
    </div>
  );
}

/** Whether the server's clock is still before `atMs`; re-renders once, when the moment passes. */
export function useIsBefore(atMs: number): boolean {
  const [isBefore, setIsBefore] = useState(() => serverNow() < atMs);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      const msLeft = atMs - serverNow();
      if (msLeft <= 0) return setIsBefore(false);
      timer = setTimeout(wait, Math.min(msLeft, MAX_TIMER_MS));
    };
    timer = setTimeout(wait, Math.min(Math.max(0, atMs - serverNow()), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [atMs]);
  return isBefore;
}

function UnpaidSection({ wonAuction, defaults }: { wonAuction: WonAuction; defaults: { phone: string; deliveryAddress: string } }) {
  const isWindowOpen = useIsBefore(Date.parse(wonAuction.deadlineAt));
  const pay = usePayForWonAuction(wonAuction.auctionId);
  return (
    <div className="border-t border-line pt-5">
      <PayForm
        priceCents={wonAuction.finalPriceCents}
        quote={(code) => quotePayment(wonAuction.auctionId, code)}
        pay={pay}
        defaults={defaults}
        isWindowOpen={isWindowOpen}
      />
    </div>
  );
}

export function PaidDetails({
  wonAuction,
}: {
  wonAuction: Pick<WonAuction, "amountPaidCents" | "discountCents" | "promoCode" | "paidAt" | "deliveryAddress" | "phone">;
}) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const rows: [string, string][] = [
    [t("fulfilment.paid.amount"), euro(wonAuction.amountPaidCents ?? 0)],
    ...(wonAuction.discountCents
      ? [[t("fulfilment.form.discount", { code: wonAuction.promoCode ?? "" }), `−${euro(wonAuction.discountCents)}`] as [string, string]]
      : []),
    ...(wonAuction.paidAt ? [[t("fulfilment.paid.paidAt"), when(wonAuction.paidAt)] as [string, string]] : []),
    [t("fulfilment.form.address"), wonAuction.deliveryAddress ?? ""],
    [t("fulfilment.form.phone"), wonAuction.phone ?? ""],
  ];
  return (
    <dl aria-label={t("fulfilment.paid.title")} className="grid gap-x-6 gap-y-2 border-t border-line pt-5 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
