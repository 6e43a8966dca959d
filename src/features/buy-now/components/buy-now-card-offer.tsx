// The ended card's Buy it now line, for a bidder who can use it: the price and until when, leading to the auction's
// page where they buy. First screen: no schema, no machine.
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { useDateTime, useEuro } from "../../../lib/format";
import { useBuyNowOffer } from "../api/offers";

export function BuyNowCardOffer({ auctionId }: { auctionId: number }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const offer = useBuyNowOffer(auctionId);
  if (!offer) return null;
  return (
    <Link
      to={`/auctions/${auctionId}#buy-now`}
      className="flex flex-col rounded-xl border border-primary-300 bg-primary-50 px-3 py-2 text-sm hover:bg-primary-100 dark:border-primary-700 dark:bg-primary-900/30 dark:hover:bg-primary-900/50"
    >
      <span className="font-semibold text-primary-800 dark:text-primary-200">
        {t("buyNow.cardOffer", { price: euro(offer.priceCents) })}
      </span>
      <span className="text-xs text-muted">{t("buyNow.until", { time: when(offer.deadlineAt) })}</span>
    </Link>
  );
}
