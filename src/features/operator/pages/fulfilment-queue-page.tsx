// The fulfilment queue: won auctions by state, oldest deadline first. Paid ones waiting to be sent come first, with the
// winner's delivery address and phone; then those in delivery, the unpaid ones with their deadlines, the expired and
// the delivered. Under the wins of a delivery state, the Buy it now purchases in it (decision 034), oldest payment
// first, with the buyer's address and phone. Both follow live (a payment, a purchase, another operator's step). Which delivery
// steps a row offers is the fulfilment machine's answer for its state, not a rule here; a win and a purchase differ
// only in who they belong to and how a step is sent.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLanguage } from "../../../hooks/use-language";
import { useTexts } from "../../../hooks/use-texts";
import { Link, useSearchParams } from "react-router-dom";
import { AdvanceFulfilmentBody, FulfilmentState, type OperatorBuyNowPurchase, type OperatorFulfilment } from "../../../../contract";
import { canTransition } from "../../../../machines/fulfilment.machine";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro } from "../../../lib/format";
import { buyNowListQuery, useAdvancePurchase } from "../api/buy-now";
import { FULFILMENT_LIST_LIMIT, fulfilmentListQuery, useAdvanceFulfilment } from "../api/fulfilments";
import { useLiveQueue } from "../api/live-queue";
import { TabLinks } from "../components/tab-links";
import { refusalText } from "../form-issues";

/** The queue's tabs, most urgent work first. */
const queueTabs = [
  "PaymentReceived",
  "InDelivery",
  "AwaitingPayment",
  "Expired",
  "Delivered",
] as const satisfies readonly FulfilmentState[];

type Step = AdvanceFulfilmentBody["to"];

/** The delivery steps an operator may take from `state`: what the machine allows among the API's steps. */
export const stepsFrom = (state: FulfilmentState): Step[] =>
  AdvanceFulfilmentBody.shape.to.options.filter((to) => canTransition(state, to));

/** The states a Buy it now purchase passes through: it is paid when it is made. */
const purchaseStates: readonly FulfilmentState[] = ["PaymentReceived", "InDelivery", "Delivered"];

/** One row of the queue, a win's or a purchase's: what it shows and how its step is sent. */
type QueueEntry = {
  key: string;
  auctionId: number;
  title: string;
  state: FulfilmentState;
  /** The locale keys of the row's words: operator.fulfilments (a win) or operator.buyNow (a purchase). */
  texts: "operator.fulfilments" | "operator.buyNow";
  person: { id: string; displayName: string; email: string };
  deliveryAddress: string | null;
  phone: string | null;
  priceCents: number;
  amountPaidCents: number | null;
  promoCode: string | null;
  moments: [string, string | null][];
  advance: { purchaseId: number } | { auctionId: number };
};

function winEntry(fulfilment: OperatorFulfilment, t: (key: string) => string): QueueEntry {
  return {
    key: `win-${fulfilment.auctionId}`,
    auctionId: fulfilment.auctionId,
    title: fulfilment.title,
    state: fulfilment.state,
    texts: "operator.fulfilments",
    person: { id: fulfilment.winnerId, displayName: fulfilment.winnerDisplayName, email: fulfilment.winnerEmail },
    deliveryAddress: fulfilment.deliveryAddress,
    phone: fulfilment.phone,
    priceCents: fulfilment.finalPriceCents,
    amountPaidCents: fulfilment.amountPaidCents,
    promoCode: fulfilment.promoCode,
    moments: [
      [t("operator.fulfilments.endedAt"), fulfilment.endedAt],
      [t(fulfilment.state === "AwaitingPayment" ? "operator.fulfilments.payBy" : "operator.fulfilments.deadline"), fulfilment.deadlineAt],
      [t("operator.fulfilments.paidAt"), fulfilment.paidAt],
      [t("operator.fulfilments.inDeliveryAt"), fulfilment.inDeliveryAt],
      [t("operator.fulfilments.deliveredAt"), fulfilment.deliveredAt],
      [t("operator.fulfilments.expiredAt"), fulfilment.expiredAt],
    ],
    advance: { auctionId: fulfilment.auctionId },
  };
}

function purchaseEntry(purchase: OperatorBuyNowPurchase, t: (key: string) => string): QueueEntry {
  return {
    key: `buy-now-${purchase.purchaseId}`,
    auctionId: purchase.auctionId,
    title: purchase.title,
    state: purchase.state,
    texts: "operator.buyNow",
    person: { id: purchase.buyerId, displayName: purchase.buyerDisplayName, email: purchase.buyerEmail },
    deliveryAddress: purchase.deliveryAddress,
    phone: purchase.phone,
    priceCents: purchase.priceCents,
    amountPaidCents: purchase.amountPaidCents,
    promoCode: purchase.promoCode,
    moments: [
      [t("operator.fulfilments.paidAt"), purchase.paidAt],
      [t("operator.fulfilments.inDeliveryAt"), purchase.inDeliveryAt],
      [t("operator.fulfilments.deliveredAt"), purchase.deliveredAt],
    ],
    advance: { purchaseId: purchase.purchaseId },
  };
}

export function FulfilmentQueuePage() {
  const { t } = useTexts();
  const [params] = useSearchParams();
  const state = FulfilmentState.catch("PaymentReceived").parse(params.get("state") ?? "PaymentReceived");
  const { data, error, isPending } = useQuery(fulfilmentListQuery(state, useLanguage()));
  useLiveQueue();
  return (
    <>
      <PageHeading title={t("operator.fulfilments.title")}>{t("operator.fulfilments.intro")}</PageHeading>
      <TabLinks
        label={t("operator.fulfilments.states")}
        tabs={queueTabs}
        current={state}
        href={(tab) => `?state=${tab}`}
        text={(tab) => t(`operator.fulfilments.tabs.${tab}`)}
      />
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : isPending ? (
        <CenteredProgressBar />
      ) : data.items.length === 0 ? (
        <EmptyState>{t(`operator.fulfilments.none.${state}`)}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t(data.items.length >= FULFILMENT_LIST_LIMIT ? "operator.fulfilments.limited" : "operator.fulfilments.count", {
              count: data.items.length,
            })}
          </p>
          <QueueList entries={data.items.map((fulfilment) => winEntry(fulfilment, t))} />
        </>
      )}
      {purchaseStates.includes(state) && <PurchaseQueue state={state} />}
    </>
  );
}

function PurchaseQueue({ state }: { state: FulfilmentState }) {
  const { t } = useTexts();
  const { data, error } = useQuery(buyNowListQuery(state, useLanguage()));
  return (
    <section aria-labelledby="buy-now-queue" className="mt-8">
      <h2 id="buy-now-queue" className="mb-1 text-xl font-semibold">
        {t("operator.buyNow.title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("operator.buyNow.intro")}</p>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : !data ? null : data.items.length === 0 ? (
        <EmptyState>{t(`operator.buyNow.none.${state}`)}</EmptyState>
      ) : (
        <QueueList entries={data.items.map((purchase) => purchaseEntry(purchase, t))} />
      )}
    </section>
  );
}

function QueueList({ entries }: { entries: QueueEntry[] }) {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
      {entries.map((entry) => (
        <FulfilmentRow key={entry.key} fulfilment={entry} />
      ))}
    </ul>
  );
}

function FulfilmentRow({ fulfilment }: { fulfilment: QueueEntry }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const { moments } = fulfilment;
  return (
    <li aria-labelledby={`fulfilment-${fulfilment.key}`} className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:gap-6">
      <div className="min-w-0 flex-1">
        <h2 id={`fulfilment-${fulfilment.key}`} className="font-semibold break-words">
          <Link to={`/operator/auctions/${fulfilment.auctionId}`} className="text-accent hover:underline">
            {fulfilment.title}
          </Link>{" "}
          <span className="font-normal text-muted">#{fulfilment.auctionId}</span>
        </h2>
        <p className="text-sm break-words">
          {t(`${fulfilment.texts}.winner`)}:{" "}
          <Link to={`/operator/users/${fulfilment.person.id}`} className="text-accent underline">
            {fulfilment.person.displayName}
          </Link>{" "}
          <span className="text-muted">({fulfilment.person.email})</span>
        </p>
        {fulfilment.deliveryAddress !== null && (
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-xl border border-line p-3 text-sm">
            <dt className="text-muted">{t("operator.fulfilments.address")}</dt>
            <dd className="break-words">{fulfilment.deliveryAddress}</dd>
            <dt className="text-muted">{t("operator.fulfilments.phone")}</dt>
            <dd>
              <a href={`tel:${(fulfilment.phone ?? "").replace(/[\s-]/g, "")}`} className="text-accent underline">
                {fulfilment.phone}
              </a>
            </dd>
          </dl>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-3 lg:w-72">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm tabular-nums">
          <dt className="text-muted">{t(`${fulfilment.texts}.price`)}</dt>
          <dd className="text-right font-semibold">{euro(fulfilment.priceCents)}</dd>
          {fulfilment.amountPaidCents !== null && (
            <>
              <dt className="text-muted">{t("operator.fulfilments.paid")}</dt>
              <dd className="text-right">
                {euro(fulfilment.amountPaidCents)}
                {fulfilment.promoCode ? ` (${fulfilment.promoCode})` : ""}
              </dd>
            </>
          )}
          {moments
            .filter((moment): moment is [string, string] => moment[1] !== null)
            .map(([term, time]) => (
              <div key={term} className="contents">
                <dt className="text-muted">{term}</dt>
                <dd className="text-right">{when(time)}</dd>
              </div>
            ))}
        </dl>
        <DeliverySteps fulfilment={fulfilment} />
      </div>
    </li>
  );
}

function DeliverySteps({ fulfilment }: { fulfilment: QueueEntry }) {
  const { t } = useTexts();
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string>();
  const winSteps = useAdvanceFulfilment();
  const purchaseSteps = useAdvancePurchase();
  const isPending = winSteps.isPending || purchaseSteps.isPending;
  const texts = fulfilment.texts;
  const steps = stepsFrom(fulfilment.state);
  if (steps.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {steps.map((to) => (
        <Button
          key={to}
          className="w-full"
          onClick={() => {
            setFailure(undefined);
            setStep(to);
          }}
        >
          {t(`operator.fulfilments.steps.${to}`)}
        </Button>
      ))}
      <ConfirmDialog
        isOpen={step !== null}
        onOpenChange={(isOpen) => !isOpen && setStep(null)}
        title={t(`${texts}.confirm.${step ?? "InDelivery"}`)}
        description={t(`${texts}.confirmBody.${step ?? "InDelivery"}`, { title: fulfilment.title, name: fulfilment.person.displayName })}
        confirmLabel={t(`operator.fulfilments.steps.${step ?? "InDelivery"}`)}
        isPending={isPending}
        error={failure}
        onConfirm={() => {
          if (!step) return;
          const handlers = {
            onSuccess: (moved: { state: FulfilmentState; title: string }) => {
              setStep(null);
              showToast("success", t(`operator.fulfilments.done.${moved.state}`, { title: moved.title }));
            },
            onError: (error: Error) => setFailure(refusalText(error, t, `${texts}.refused`, "FULFILMENT_STEP_REFUSED")),
          };
          const { advance } = fulfilment;
          if ("purchaseId" in advance) purchaseSteps.mutate({ purchaseId: advance.purchaseId, to: step }, handlers);
          else winSteps.mutate({ auctionId: advance.auctionId, to: step }, handlers);
        }}
      />
    </div>
  );
}
