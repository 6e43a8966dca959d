// The fulfilment queue: won auctions by state, oldest deadline first. Paid ones waiting to be sent come first, with the
// winner's delivery address and phone; then those in delivery, the unpaid ones with their deadlines, the expired and
// the delivered. It follows live (a payment, another operator's step). Which delivery steps a row offers is the
// fulfilment machine's answer for its state, not a rule here.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { AdvanceFulfilmentBody, FulfilmentState, type OperatorFulfilment } from "../../../../contract";
import { canTransition } from "../../../../machines/fulfilment.machine";
import { Button } from "../../../components/ui/Button";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";
import { CenteredProgressBar } from "../../../components/ui/ProgressBar";
import { FormAlert } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro } from "../../../lib/format";
import { FULFILMENT_LIST_LIMIT, fulfilmentListQuery, useAdvanceFulfilment, useLiveFulfilments } from "../api/fulfilments";
import { TabLinks } from "../components/TabLinks";
import { refusalText } from "../form-issues";

/** The queue's tabs, most urgent work first. */
const queueTabs = ["PaymentReceived", "InDelivery", "AwaitingPayment", "Expired", "Delivered"] as const satisfies readonly FulfilmentState[];

type Step = AdvanceFulfilmentBody["to"];

/** The delivery steps an operator may take from `state`: what the machine allows among the API's steps. */
export const stepsFrom = (state: FulfilmentState): Step[] => AdvanceFulfilmentBody.shape.to.options.filter((to) => canTransition(state, to));

export function FulfilmentQueuePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = FulfilmentState.catch("PaymentReceived").parse(params.get("state") ?? "PaymentReceived");
  const { data, error, isPending } = useQuery(fulfilmentListQuery(state));
  useLiveFulfilments();
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
            {t(data.items.length >= FULFILMENT_LIST_LIMIT ? "operator.fulfilments.limited" : "operator.fulfilments.count", { count: data.items.length })}
          </p>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
            {data.items.map((fulfilment) => (
              <FulfilmentRow key={fulfilment.auctionId} fulfilment={fulfilment} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function FulfilmentRow({ fulfilment }: { fulfilment: OperatorFulfilment }) {
  const { t } = useTranslation();
  const euro = useEuro();
  const when = useDateTime();
  const moments: [string, string | null][] = [
    [t("operator.fulfilments.endedAt"), fulfilment.endedAt],
    [t(fulfilment.state === "AwaitingPayment" ? "operator.fulfilments.payBy" : "operator.fulfilments.deadline"), fulfilment.deadlineAt],
    [t("operator.fulfilments.paidAt"), fulfilment.paidAt],
    [t("operator.fulfilments.inDeliveryAt"), fulfilment.inDeliveryAt],
    [t("operator.fulfilments.deliveredAt"), fulfilment.deliveredAt],
    [t("operator.fulfilments.expiredAt"), fulfilment.expiredAt],
  ];
  return (
    <li aria-labelledby={`fulfilment-${fulfilment.auctionId}`} className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:gap-6">
      <div className="min-w-0 flex-1">
        <h2 id={`fulfilment-${fulfilment.auctionId}`} className="font-semibold break-words">
          <Link to={`/operator/auctions/${fulfilment.auctionId}`} className="text-accent hover:underline">
            {fulfilment.title}
          </Link>{" "}
          <span className="font-normal text-muted">#{fulfilment.auctionId}</span>
        </h2>
        <p className="text-sm break-words">
          {t("operator.fulfilments.winner")}:{" "}
          <Link to={`/operator/users/${fulfilment.winnerId}`} className="text-accent underline">
            {fulfilment.winnerDisplayName}
          </Link>{" "}
          <span className="text-muted">({fulfilment.winnerEmail})</span>
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
          <dt className="text-muted">{t("operator.fulfilments.price")}</dt>
          <dd className="text-right font-semibold">{euro(fulfilment.finalPriceCents)}</dd>
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

function DeliverySteps({ fulfilment }: { fulfilment: OperatorFulfilment }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string>();
  const mutation = useAdvanceFulfilment();
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
        title={t(`operator.fulfilments.confirm.${step ?? "InDelivery"}`)}
        description={t(`operator.fulfilments.confirmBody.${step ?? "InDelivery"}`, { title: fulfilment.title, name: fulfilment.winnerDisplayName })}
        confirmLabel={t(`operator.fulfilments.steps.${step ?? "InDelivery"}`)}
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() => {
          if (!step) return;
          mutation.mutate(
            { auctionId: fulfilment.auctionId, to: step },
            {
              onSuccess: (moved) => {
                setStep(null);
                showToast("success", t(`operator.fulfilments.done.${moved.state}`, { title: moved.title }));
              },
              onError: (error) => setFailure(refusalText(error, t, "operator.fulfilments.refused", "FULFILMENT_STEP_REFUSED")),
            },
          );
        }}
      />
    </div>
  );
}
