// The payout queue (decision 090): what refunds could not carry, each to be paid by bank transfer to the bidder's
// IBAN and then marked paid, or refused with a reason (the amount goes back to the bidder's wallet). Waiting ones
// oldest first; settled ones newest first, with who settled them.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { formatIban, type OperatorPayout } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { showToast } from "../../../components/ui/toast";
import { useTexts } from "../../../hooks/use-texts";
import { useDateTime, useEuro } from "../../../lib/format";
import { payoutListQuery, useSettlePayout } from "../api/payouts";
import { TabLinks } from "../components/tab-links";
import { refusalText } from "../form-issues";

const tabs = ["pending", "settled"] as const;
type Tab = (typeof tabs)[number];

export function PayoutsPage() {
  const { t } = useTexts();
  const [params] = useSearchParams();
  const tab: Tab = params.get("status") === "settled" ? "settled" : "pending";
  const { data, isPending } = useQuery(payoutListQuery(tab));
  return (
    <>
      <PageHeading title={t("payouts.title")} />
      <p className="mb-4 max-w-3xl text-sm text-muted">{t("payouts.intro")}</p>
      <TabLinks
        label={t("payouts.title")}
        tabs={tabs}
        current={tab}
        href={(to) => `/operator/payouts?status=${to}`}
        text={(to) => t(`payouts.${to}`)}
      />
      {isPending ? (
        <CenteredProgressBar />
      ) : !data || data.items.length === 0 ? (
        <EmptyState>{t("payouts.none")}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.items.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </>
  );
}

function PayoutRow({ payout }: { payout: OperatorPayout }) {
  const { t } = useTexts();
  const euro = useEuro();
  const dateTime = useDateTime();
  const settle = useSettlePayout();
  const [dialog, setDialog] = useState<"paid" | "refused" | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const confirm = () => {
    if (dialog === "refused" && !reason.trim()) {
      setError(t("payouts.reasonRequired"));
      return;
    }
    setError(undefined);
    settle.mutate(
      { payoutId: payout.id, body: dialog === "refused" ? { outcome: "refused", reason: reason.trim() } : { outcome: "paid" } },
      {
        onSuccess: () => {
          setDialog(null);
          showToast("success", t(`payouts.status.${dialog === "refused" ? "failed" : "succeeded"}`));
        },
        onError: (failure) => setError(refusalText(failure, t, "payouts.failed")),
      },
    );
  };
  return (
    <li
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
      aria-label={`${payout.user.displayName} · ${euro(payout.amountCents)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold tabular-nums">{euro(payout.amountCents)}</p>
          <p className="font-mono text-sm break-all">{formatIban(payout.iban)}</p>
          <p className="text-sm">
            <Link to={`/operator/users/${payout.user.id}`} className="font-medium text-primary-700 hover:underline dark:text-primary-400">
              {payout.user.displayName}
            </Link>{" "}
            <span className="break-all text-muted">{payout.user.email}</span>
          </p>
          <p className="text-xs text-muted">
            {t("payouts.columns.requested")}: {dateTime(payout.createdAt)}
          </p>
        </div>
        {payout.status === "pending" ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setDialog("paid")}>
              {t("payouts.markPaid")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog("refused")}>
              {t("payouts.refuse")}
            </Button>
          </div>
        ) : (
          <div className="text-right text-sm">
            <p className="font-semibold">{t(`payouts.status.${payout.status}`)}</p>
            {payout.settledAt && (
              <p className="text-muted">{t("payouts.settledBy", { actor: payout.settledBy ?? "", time: dateTime(payout.settledAt) })}</p>
            )}
            {payout.reason && <p className="text-muted">{payout.reason}</p>}
          </div>
        )}
      </div>
      <ConfirmDialog
        isOpen={dialog !== null}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        title={dialog === "refused" ? t("payouts.confirmRefuse") : t("payouts.markPaid")}
        description={`${euro(payout.amountCents)} · ${formatIban(payout.iban)} · ${payout.user.displayName}`}
        confirmLabel={dialog === "refused" ? t("payouts.confirmRefuse") : t("payouts.markPaid")}
        variant={dialog === "refused" ? "danger" : "primary"}
        onConfirm={confirm}
        isPending={settle.isPending}
        error={error}
      >
        {dialog === "refused" && (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t("payouts.reason")}
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              rows={3}
              className="rounded-xl border border-line bg-surface px-3 py-2 font-normal"
            />
          </label>
        )}
      </ConfirmDialog>
    </li>
  );
}
