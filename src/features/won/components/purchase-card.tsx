// One Buy it now purchase on the won page: picture and title linking to the auction, what was paid and when, and the
// same badge and stepper as a win's, drawn from the purchase's own fulfilment actor (decision 034).
import { useTexts } from "../../../hooks/use-texts";
import type { BuyNowPurchase } from "../../../../contract";
import { useDateTime, useEuro } from "../../../lib/format";
import { useFulfilment } from "../live/use-fulfilment-actor";
import { FulfilmentStepper } from "./fulfilment-progress";
import { ItemHeading } from "./won-auction-card";
import { ItemReview } from "../../reviews";

export function PurchaseCard({ purchase }: { purchase: BuyNowPurchase }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const titleId = `bought-${purchase.purchaseId}-title`;
  const fulfilment = useFulfilment(purchase, `buy-now #${purchase.purchaseId}`);
  return (
    <article
      id={`bought-${purchase.purchaseId}`}
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      <div className="flex flex-col gap-5 p-4 sm:p-6">
        <ItemHeading item={purchase} titleId={titleId} state={fulfilment.value} heading="h3">
          <div>
            <dt className="text-muted">{t("fulfilment.paid.amount")}</dt>
            <dd className="font-display text-xl font-bold">{euro(purchase.amountPaidCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("pages.won.boughtAt")}</dt>
            <dd className="font-medium">
              <time dateTime={purchase.paidAt}>{when(purchase.paidAt)}</time>
            </dd>
          </div>
        </ItemHeading>
        <FulfilmentStepper fulfilment={fulfilment} />
        <ItemReview source="purchase" sourceId={purchase.purchaseId} isDelivered={fulfilment.value === "Delivered"} />
      </div>
    </article>
  );
}
