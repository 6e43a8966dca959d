// One auction for operators: its settings, enrolments and bid chain, and what its status allows (publish, start now,
// set time left, end now, cancel). What cannot be undone asks first; a refusal (another operator or the clock was
// first) is said in the dialog and the page shows the auction as it now is.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { Link, useParams } from "react-router-dom";
import { z } from "../../../../contract/zod";
import {
  AutoBidChanged,
  FulfilmentChanged,
  IdParam,
  languages,
  TimeLeftBody,
  type CancelAuctionResponse,
  type OperatorAuctionDetail,
} from "../../../../contract";
import { Button, buttonClassName } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro } from "../../../lib/format";
import { onSocket } from "../../../lib/socket";
import { auctionQuery, runAuctionAction, useAuctionMutation, type AskedAction, type AuctionAction } from "../api/auctions";
import { liveRefresher } from "../api/live-refresh";
import { BuyNowSettingsSection } from "../components/buy-now-settings-form";
import { StatusBadge } from "../components/status-badge";
import { followLiveAuctions } from "../../auctions";
import { wholeField } from "../draft-form";
import { issueText, refusalText } from "../form-issues";

/** What the operators' events about one auction have in common: its id. */
const AuctionChange = z.union([AutoBidChanged, FulfilmentChanged]);

export function AuctionPage() {
  const { t } = useTexts();
  const parsedId = IdParam.safeParse(useParams().auctionId ?? "");
  const id = parsedId.success ? parsedId.data : 0;
  const { data: auction, error } = useQuery({ ...auctionQuery(id), enabled: parsedId.success });
  useLiveAuction(parsedId.success ? id : null);
  if (!parsedId.success) return <EmptyState>{t("errors.NOT_FOUND")}</EmptyState>;
  if (error) return <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />;
  if (!auction) return <CenteredProgressBar />;
  return <AuctionDetail auction={auction} />;
}

/**
 * The page follows the auction's live feed (the bidder pages' socket client): each update (a bid, an auto-bid, an
 * enrolment, another operator's action) asks for the auction again, enrolments and chain included. An auto-bid set
 * or stopped, and an ended auction's win paid or sent, are told to operators' sockets only (`auto-bid:changed`,
 * `fulfilment:changed`), and ask again too. Updates that arrive while it
 * is being asked for make it ask once more when that answer is in: the answer may have been read before them.
 */
function useLiveAuction(id: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (id === null) return;
    // A request already under way (the page's own, after an action) may predate the update: it starts again.
    const ask = liveRefresher(() => queryClient.invalidateQueries({ queryKey: auctionQuery(id).queryKey }));
    const stopFollowing = followLiveAuctions({ kind: "auction", auctionId: id }, ask, ask);
    const stopHearing = onSocket((socket) => {
      const changed = (change: unknown) => {
        if (AuctionChange.safeParse(change).data?.auctionId === id) ask();
      };
      socket.on("auto-bid:changed", changed);
      socket.on("fulfilment:changed", changed);
      return () => {
        socket.off("auto-bid:changed", changed);
        socket.off("fulfilment:changed", changed);
      };
    });
    return () => {
      stopFollowing();
      stopHearing();
    };
  }, [id, queryClient]);
}

function AuctionDetail({ auction }: { auction: OperatorAuctionDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const [refunds, setRefunds] = useState<CancelAuctionResponse["refunds"] | null>(null);
  const seconds = (value: number) => t("operator.auction.seconds", { count: value });
  const facts: [string, string][] = [
    [t("operator.auction.startsAt"), when(auction.startsAt)],
    ...(auction.endsAt
      ? [
          [
            t(auction.status === "Running" ? "operator.auction.endsAt" : "operator.auction.endedAt"),
            when(auction.endedAt ?? auction.endsAt),
          ] as [string, string],
        ]
      : []),
    [t("operator.auction.price"), euro(auction.priceCents)],
    [t("operator.auction.entryFee"), euro(auction.entryFeeCents)],
    [t("operator.auction.retailValue"), euro(auction.retailValueCents)],
    [t("operator.auction.initialSeconds"), seconds(auction.initialSeconds)],
    [t("operator.auction.resetSeconds"), seconds(auction.resetSeconds)],
    [t("operator.form.minPreviousEntries"), String(auction.minPreviousEntries)],
    [t("operator.form.hardEndsAt"), auction.hardEndsAt ? when(auction.hardEndsAt) : t("operator.auction.none")],
    [t("operator.auction.priceCap"), auction.priceCapCents === null ? t("operator.auction.none") : euro(auction.priceCapCents)],
    [t("operator.auction.paymentWindow"), t("operator.auction.hours", { count: auction.paymentWindowHours })],
    [t("operator.form.maxPreviousWins"), auction.maxPreviousWins === null ? t("operator.auction.none") : String(auction.maxPreviousWins)],
    [
      t("operator.form.enrolmentClosesBefore"),
      auction.enrolmentClosesSecondsBeforeEnd === null ? t("operator.auction.none") : seconds(auction.enrolmentClosesSecondsBeforeEnd),
    ],
    [
      t("operator.form.enrolmentClosesAtPrice"),
      auction.enrolmentClosesAtPriceCents === null ? t("operator.auction.none") : euro(auction.enrolmentClosesAtPriceCents),
    ],
    ...(auction.realBiddersOnly ? [[t("operator.form.realBiddersOnly"), t("operator.form.realBiddersOnlyHint")] as [string, string]] : []),
    ...(auction.manualOnly ? [[t("manualOnly.field"), t("manualOnly.fieldHint")] as [string, string]] : []),
    [t("operator.form.productKey"), auction.productKey],
    ...(auction.feeBackPercent > 0
      ? [[t("feesBack.title"), t("feesBack.operatorRule", { percent: auction.feeBackPercent })] as [string, string]]
      : []),
    [t("seats.draft.minSeats"), auction.minSeats === null ? t("operator.auction.none") : String(auction.minSeats)],
    [t("seats.draft.maxSeats"), auction.maxSeats === null ? t("operator.auction.none") : String(auction.maxSeats)],
    [t("operator.auctions.bids"), String(auction.bidCount)],
    // An ended auction's winner is in its result, above.
    ...(auction.status === "Ended"
      ? []
      : [[t("operator.auction.leader"), auction.leaderName ?? t("operator.auction.none")] as [string, string]]),
  ];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/operator/auctions?status=${auction.status}`} className="text-accent hover:underline">
          ← {t("operator.auctions.title")}
        </Link>
      </p>
      <PageHeading title={auction.title}>
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={auction.status} />
          <span>#{auction.id}</span>
          {auction.isDemo && <span>· {t("operator.demo")}</span>}
          <Link to={`/operator/audit?subject=${encodeURIComponent(`auction:${auction.id}`)}`} className="text-accent hover:underline">
            {t("operator.audit.forAuction")}
          </Link>
        </span>
      </PageHeading>
      <AuctionActions auction={auction} onRefunds={setRefunds} />
      {refunds && <RefundList refunds={refunds} />}
      {auction.status === "Ended" && <AuctionResult auction={auction} />}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card id="auction-settings" title={t("operator.auction.settings")}>
          <dl className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-x-4 gap-y-2 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted">{term}</dt>
                <dd className="text-right font-medium [overflow-wrap:anywhere] tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <BuyNowSettingsSection auctionId={auction.id} />
        <Card id="auction-product" title={t("operator.form.product")}>
          {auction.images.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-2">
              {auction.images.map((src, index) => (
                <li key={src}>
                  <img
                    src={src}
                    alt={t("operator.form.imageNumber", { number: index + 1 })}
                    width={80}
                    height={80}
                    className="size-20 rounded-xl border border-line bg-white object-contain p-1"
                  />
                </li>
              ))}
            </ul>
          )}
          <dl className="flex flex-col gap-3 text-sm">
            {languages.flatMap((language) => {
              const text = auction.texts[language];
              return text
                ? [
                    <div key={language} lang={language}>
                      <dt className="font-medium">
                        <span className="text-muted" lang={undefined}>
                          {t(`operator.form.texts.${language}.legend`)}:{" "}
                        </span>
                        {text.title}
                      </dt>
                      <dd className="whitespace-pre-line">
                        {text.description || <span lang={undefined}>{t("operator.auction.noDescription")}</span>}
                      </dd>
                    </div>,
                  ]
                : [];
            })}
          </dl>
        </Card>
        <Card id="auction-enrolments" title={t("operator.auction.enrolments", { count: auction.enrolments.length })}>
          {auction.enrolments.length === 0 ? (
            <p className="text-sm text-muted">{t("operator.auction.noEnrolments")}</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {auction.enrolments.map((enrolment) => (
                <li key={enrolment.email} className="flex justify-between gap-3 py-2">
                  <span className="min-w-0 break-words">
                    {enrolment.displayName} <span className="break-all text-muted">({enrolment.email})</span>
                  </span>
                  <span className="shrink-0 tabular-nums">{euro(enrolment.feeCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card id="auction-auto-bids" title={t("operator.auction.autoBids", { count: auction.autoBids.length })}>
          {auction.autoBids.length === 0 ? (
            <p className="text-sm text-muted">{t("operator.auction.noAutoBids")}</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {auction.autoBids.map((autoBid) => (
                <li key={autoBid.email} className="flex flex-wrap justify-between gap-x-3 py-2">
                  <span className="min-w-0 break-words">
                    {autoBid.displayName} <span className="break-all text-muted">({autoBid.email})</span>
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {t("operator.auction.autoBidUpTo", { max: euro(autoBid.maxPriceCents) })}{" "}
                    <span className="text-muted">· {t("operator.auction.autoBidSince", { when: when(autoBid.at) })}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card id="auction-chain" title={t("operator.auction.chain")}>
          <p className="text-sm">
            {auction.chain.links.length === 0
              ? t("operator.auction.noBids")
              : t(auction.chain.isValid ? "operator.auction.chainValid" : "operator.auction.chainBroken", {
                  count: auction.chain.links.length,
                })}
          </p>
          {auction.chain.links.length > 0 && (
            <ol aria-label={t("operator.auction.latestBids")} className="mt-3 divide-y divide-line text-sm">
              {auction.chain.links
                .slice(-LATEST_BIDS)
                .reverse()
                .map((link) => (
                  // The price and time wrap under the name when both do not fit (a phone, a long name).
                  <li key={link.hash} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5">
                    <span className="min-w-0 break-words">
                      {link.displayName}
                      {link.isAuto && (
                        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs whitespace-nowrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                          {t("operator.auction.placedByAutoBid")}
                        </span>
                      )}
                    </span>
                    <span className="ml-auto shrink-0 tabular-nums">
                      {euro(link.priceCents)} · {when(link.placedAt)}
                    </span>
                  </li>
                ))}
            </ol>
          )}
        </Card>
      </div>
    </>
  );
}

/**
 * An ended auction's outcome at the top of its page: the final price and the winner, whether they paid (what, when)
 * and where its delivery is, linked to the fulfilment queue's list it is in.
 */
function AuctionResult({ auction }: { auction: OperatorAuctionDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const { fulfilment } = auction;
  const payment = (): string => {
    if (!fulfilment) return t("operator.auction.noWinner");
    if (fulfilment.paidAt)
      return t("operator.auction.paidOn", {
        amount: euro(fulfilment.amountPaidCents ?? fulfilment.finalPriceCents),
        when: when(fulfilment.paidAt),
      });
    if (fulfilment.expiredAt) return t("operator.auction.expiredOn", { when: when(fulfilment.expiredAt) });
    return t("operator.auction.unpaid", { when: when(fulfilment.deadlineAt) });
  };
  const delivery = (): string | null => {
    if (!fulfilment?.paidAt) return null;
    if (fulfilment.deliveredAt) return t("operator.auction.deliveredOn", { when: when(fulfilment.deliveredAt) });
    if (fulfilment.inDeliveryAt) return t("operator.auction.sentOn", { when: when(fulfilment.inDeliveryAt) });
    return t("operator.auction.notSent");
  };
  const facts: [string, ReactNode][] = [
    [t("operator.auction.finalPrice"), euro(auction.priceCents)],
    [
      t("operator.auction.winner"),
      fulfilment ? (
        <>
          {fulfilment.winnerDisplayName} <span className="break-all text-muted">({fulfilment.winnerEmail})</span>
        </>
      ) : (
        t("operator.auction.none")
      ),
    ],
    [t("operator.auction.payment"), payment()],
    ...(delivery() ? [[t("operator.auction.delivery"), delivery()] as [string, string]] : []),
  ];
  return (
    <section aria-labelledby="auction-result" className="mb-6 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="auction-result" className="mb-3 text-lg font-semibold">
        {t("operator.auction.result")}
      </h2>
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5">
            <dt className="text-muted">{term}</dt>
            <dd className="font-medium break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {fulfilment && (
        <p className="mt-3 text-sm">
          <Link to={`/operator/fulfilments?state=${fulfilment.state}`} className="text-accent hover:underline">
            {t("operator.auction.inQueue", { state: t(`operator.fulfilments.tabs.${fulfilment.state}`) })}
          </Link>
        </p>
      )}
    </section>
  );
}

/** One card of the page: a region named by its heading. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** How many of the newest bids the chain's card lists. */
const LATEST_BIDS = 20;

type DialogKind = "start-now" | "end-now" | "time-left" | "cancel" | "manual-only";

const conflictKeys: Record<AskedAction["kind"], string> = {
  publish: "operator.actions.refused.publish",
  "start-now": "operator.actions.refused.startNow",
  "end-now": "operator.actions.refused.endNow",
  "time-left": "operator.actions.refused.timeLeft",
  cancel: "operator.actions.refused.cancel",
  "manual-only": "manualOnly.refused",
};

const SecondsForm = z.object({ seconds: wholeField(TimeLeftBody.shape.seconds) });

function AuctionActions({
  auction,
  onRefunds,
}: {
  auction: OperatorAuctionDetail;
  onRefunds: (refunds: CancelAuctionResponse["refunds"]) => void;
}) {
  const { t } = useTexts();
  const euro = useEuro();
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [failure, setFailure] = useState<string>();
  const [secondsText, setSecondsText] = useState("60");
  const [secondsError, setSecondsError] = useState<string>();
  const mutation = useAuctionMutation((action: AuctionAction) => runAuctionAction(auction.id, action));
  const { status } = auction;
  const canPublish = status === "New";
  const canStart = status === "New" || status === "Waiting";
  const canEnd = status === "Running";
  const canCancel = status === "New" || status === "Waiting";
  const canRetime = canStart || canEnd;
  const canMakeManualOnly = (status === "Waiting" || status === "Running") && !auction.manualOnly;

  // The action names the auction as this render shows it (its seq): the page follows the feed, so that is what the
  // operator read when confirming, and the server refuses the action if the auction has changed since.
  const run = (action: AskedAction) => {
    setFailure(undefined);
    mutation.mutate(
      { ...action, seq: auction.seq },
      {
        onSuccess: ({ auction: changed, refunds }) => {
          setOpen(null);
          if (refunds) onRefunds(refunds);
          const done = action.kind === "manual-only" ? "manualOnly.done" : `operator.actions.done.${action.kind}`;
          showToast("success", t(done, { title: changed.title, status: t(`operator.status.${changed.status}`) }));
        },
        onError: (error) => setFailure(refusalText(error, t, conflictKeys[action.kind])),
      },
    );
  };
  const openDialog = (kind: DialogKind) => {
    setFailure(undefined);
    setSecondsError(undefined);
    setOpen(kind);
  };
  const dialog = (kind: DialogKind) => ({
    isOpen: open === kind,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? kind : null),
    isPending: mutation.isPending,
    error: open === kind ? failure : undefined,
  });

  if (!canPublish && !canRetime && !canCancel && !canMakeManualOnly) return null;
  return (
    <section aria-label={t("operator.actions.title")} className="mb-6 flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {canPublish && (
          <Button onClick={() => run({ kind: "publish" })} disabled={mutation.isPending}>
            {t("operator.actions.publish")}
          </Button>
        )}
        {canPublish && (
          <Link to={`/operator/auctions/${auction.id}/edit`} className={buttonClassName({ variant: "secondary" })}>
            {t("operator.actions.edit")}
          </Link>
        )}
        {canStart && (
          <Button variant="secondary" onClick={() => openDialog("start-now")}>
            {t("operator.actions.startNow")}
          </Button>
        )}
        {canEnd && (
          <Button variant="secondary" onClick={() => openDialog("end-now")}>
            {t("operator.actions.endNow")}
          </Button>
        )}
        {canRetime && (
          <Button variant="secondary" onClick={() => openDialog("time-left")}>
            {t(canEnd ? "operator.actions.setTimeLeft" : "operator.actions.setStartsIn")}
          </Button>
        )}
        {canMakeManualOnly && (
          <Button variant="secondary" onClick={() => openDialog("manual-only")}>
            {t("manualOnly.action")}
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" onClick={() => openDialog("cancel")}>
            {t("operator.actions.cancel")}
          </Button>
        )}
      </div>
      {open === null && <FormAlert message={failure} />}

      <ConfirmDialog
        {...dialog("start-now")}
        title={t("operator.actions.startNowTitle")}
        description={t(status === "New" ? "operator.actions.startNowDraft" : "operator.actions.startNowBody", {
          title: auction.title,
          seconds: auction.initialSeconds,
          price: euro(auction.priceCents),
          count: auction.enrolledCount,
        })}
        confirmLabel={t("operator.actions.startNow")}
        onConfirm={() => run({ kind: "start-now" })}
      />
      <ConfirmDialog
        {...dialog("end-now")}
        variant="danger"
        title={t("operator.actions.endNowTitle")}
        description={t(auction.leaderName ? "operator.actions.endNowLeader" : "operator.actions.endNowNoLeader", {
          title: auction.title,
          leader: auction.leaderName,
          price: euro(auction.priceCents),
          bids: auction.bidCount,
        })}
        confirmLabel={t("operator.actions.endNow")}
        onConfirm={() => run({ kind: "end-now" })}
      />
      <ConfirmDialog
        {...dialog("time-left")}
        variant={canEnd ? "danger" : "primary"}
        title={t(canEnd ? "operator.actions.setTimeLeft" : "operator.actions.setStartsIn")}
        description={
          canEnd
            ? `${t("operator.actions.timeLeftBody")} ${t(auction.leaderName ? "operator.actions.nowLeader" : "operator.actions.nowNoLeader", { leader: auction.leaderName, price: euro(auction.priceCents), bids: auction.bidCount })}`
            : t("operator.actions.startsInBody")
        }
        confirmLabel={t(canEnd ? "operator.actions.setTimeLeft" : "operator.actions.setStartsIn")}
        onConfirm={() => {
          const parsed = SecondsForm.safeParse({ seconds: secondsText }, { error: issueText(t) });
          if (!parsed.success) return setSecondsError(parsed.error.issues[0]?.message);
          setSecondsError(undefined);
          run({ kind: "time-left", seconds: parsed.data.seconds });
        }}
      >
        <TextField
          label={t("operator.actions.seconds")}
          inputMode="numeric"
          autoComplete="off"
          value={secondsText}
          onChange={(event) => setSecondsText(event.target.value)}
          error={secondsError}
        />
      </ConfirmDialog>
      <ConfirmDialog
        {...dialog("cancel")}
        variant="danger"
        title={t("operator.actions.cancelTitle")}
        description={t("operator.actions.cancelBody", { title: auction.title, count: auction.enrolledCount })}
        confirmLabel={t("operator.actions.cancel")}
        onConfirm={() => run({ kind: "cancel" })}
      />
      <ConfirmDialog
        {...dialog("manual-only")}
        variant="danger"
        title={t("manualOnly.confirmTitle")}
        description={t("manualOnly.confirmBody", { title: auction.title, count: auction.autoBids.length })}
        confirmLabel={t("manualOnly.action")}
        onConfirm={() => run({ kind: "manual-only" })}
      />
    </section>
  );
}

function RefundList({ refunds }: { refunds: CancelAuctionResponse["refunds"] }) {
  const { t } = useTexts();
  const euro = useEuro();
  return (
    <section
      role="status"
      aria-labelledby="auction-refunds"
      className="mb-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950"
    >
      <h2 id="auction-refunds" className="font-semibold">
        {t("operator.actions.refunds", { count: refunds.length })}
      </h2>
      {refunds.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {refunds.map((refund, index) => (
            <li key={`${refund.displayName}-${index}`} className="flex justify-between gap-3">
              <span>{refund.displayName}</span>
              <span className="tabular-nums">{euro(refund.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
