// One user for operators: profile, role, balance, spend limits and pause, open sessions, and the user's lists a page at
// a time (ledger, auctions entered, bids, wins, Buy it now purchases, the operators' log lines about them); a credit
// or debit with a required reason (a ledger entry, never an edit; the server refuses a balance below zero), a role
// change and "Sign out everywhere", each confirmed.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTexts, type Texts } from "../../../hooks/use-texts";
import { Link, useParams } from "react-router-dom";
import { z } from "../../../../contract/zod";
import {
  WalletAdjustmentBody,
  userRoles,
  type AuditLogEntry,
  type OperatorUserBid,
  type OperatorUserDetail,
  type OperatorUserEnrolment,
  type OperatorUserPurchase,
  type OperatorUserSession,
  type OperatorUserWin,
  type SpendLimitView,
  type WalletTransaction,
} from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, TextField, inputClassName } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro, useMonthDay } from "../../../lib/format";
import { applyServerError } from "../../../lib/form-errors";
import {
  USER_LIST_PAGE_SIZE,
  adjustWallet,
  type pagedQuery,
  setRole,
  signOutEverywhere,
  userAuditQuery,
  userListPageQuery,
  userQuery,
  useUserMutation,
} from "../api/users";
import { Pager } from "../components/pager";
import { StatusBadge } from "../components/status-badge";
import { AuditRow } from "./audit-log-page";
import { euroField } from "../draft-form";
import { issueText, refusalText } from "../form-issues";

export function UserPage() {
  const { t } = useTexts();
  const userId = useParams().userId ?? "";
  const { data: user, error } = useQuery(userQuery(userId));
  if (error) return <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />;
  if (!user) return <CenteredProgressBar />;
  return <UserDetail user={user} />;
}

const card = "rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6";

function UserDetail({ user }: { user: OperatorUserDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/operator/users" className="text-accent hover:underline">
          ← {t("operator.users.title")}
        </Link>
      </p>
      <PageHeading title={user.displayName}>
        <span className="flex flex-col gap-0.5">
          <span className="break-all">{user.email}</span>
          <span className="font-mono text-xs break-all">{t("operator.userPage.id", { id: user.id })}</span>
        </span>
      </PageHeading>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="user-profile" className={card}>
          <h2 id="user-profile" className="mb-3 text-lg font-semibold">
            {t("operator.users.profile")}
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t("operator.users.name")}</dt>
            <dd className="text-right break-words">{`${user.firstName} ${user.lastName}`}</dd>
            <dt className="text-muted">{t("operator.users.confirmed")}</dt>
            <dd className="text-right">{t(user.isConfirmed ? "operator.yes" : "operator.no")}</dd>
            <dt className="text-muted">{t("operator.demo")}</dt>
            <dd className="text-right">{t(user.isDemo ? "operator.yes" : "operator.no")}</dd>
            <dt className="text-muted">{t("operator.users.createdAt")}</dt>
            <dd className="text-right">{when(user.createdAt)}</dd>
          </dl>
          <RoleForm user={user} />
        </section>
        <section aria-labelledby="user-wallet" className={card}>
          <h2 id="user-wallet" className="text-lg font-semibold">
            {t("operator.users.wallet")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("account.balance")}</p>
          <p className="font-display text-3xl font-bold tabular-nums" aria-label={t("account.balance")}>
            {euro(user.balanceCents)}
          </p>
          <WalletAdjustmentForm user={user} />
        </section>
        <LimitsCard user={user} />
        <SessionsCard user={user} />
      </div>
      <PagedList
        id="user-transactions"
        title={t("wallet.transactions")}
        empty={t("wallet.noTransactions")}
        query={(page) => userListPageQuery(user.id, "transactions", page)}
        row={(item: WalletTransaction) => <TransactionRow key={item.id} item={item} />}
      />
      <PagedList
        id="user-enrolments"
        title={t("operator.users.enrolments")}
        empty={t("operator.users.noEnrolments")}
        query={(page) => userListPageQuery(user.id, "enrolments", page)}
        row={(item: OperatorUserEnrolment) => <EnrolmentRow key={item.auctionId} item={item} />}
      />
      <PagedList
        id="user-bids"
        title={t("operator.userPage.bids")}
        empty={t("operator.userPage.noBids")}
        query={(page) => userListPageQuery(user.id, "bids", page)}
        row={(item: OperatorUserBid) => <BidRow key={item.id} item={item} />}
      />
      <PagedList
        id="user-wins"
        title={t("operator.userPage.wins")}
        empty={t("operator.userPage.noWins")}
        query={(page) => userListPageQuery(user.id, "wins", page)}
        row={(item: OperatorUserWin) => <WinRow key={item.auctionId} item={item} />}
      />
      <PagedList
        id="user-purchases"
        title={t("operator.userPage.purchases")}
        empty={t("operator.userPage.noPurchases")}
        query={(page) => userListPageQuery(user.id, "purchases", page)}
        row={(item: OperatorUserPurchase) => <PurchaseRow key={item.id} item={item} />}
      />
      <PagedList
        id="user-audit"
        title={t("operator.userPage.audit")}
        empty={t("operator.userPage.noAudit")}
        query={(page) => userAuditQuery(user.id, page)}
        row={(entry: AuditLogEntry) => <AuditRow key={entry.id} entry={entry} />}
        more={
          <Link to={`/operator/audit?subject=${encodeURIComponent(`user:${user.id}`)}`} className="text-accent hover:underline">
            {t("operator.audit.forUser")}
          </Link>
        }
      />
    </>
  );
}

/** Whom a change will touch, as its confirmation names them: display name, e-mail and id (issue 51). */
const whom = (t: Texts["t"], user: OperatorUserDetail) =>
  t("operator.users.whom", { name: user.displayName, email: user.email, id: user.id });

function RoleForm({ user }: { user: OperatorUserDetail }) {
  const { t } = useTexts();
  const id = useId();
  const [role, setChosenRole] = useState(user.role);
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const mutation = useUserMutation((next: OperatorUserDetail["role"]) => setRole(user.id, next));
  return (
    <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-line pt-4">
      <div className="flex min-w-40 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {t("operator.users.role")}
        </label>
        <select id={id} value={role} onChange={(event) => setChosenRole(event.target.value as typeof role)} className={inputClassName}>
          {userRoles.map((option) => (
            <option key={option} value={option}>
              {t(`operator.roles.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="secondary"
        disabled={role === user.role}
        onClick={() => {
          setFailure(undefined);
          setIsOpen(true);
        }}
      >
        {t("operator.users.changeRole")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title={t("operator.users.changeRole")}
        description={t(role === "operator" ? "operator.users.makeOperator" : "operator.users.makeBidder", { name: whom(t, user) })}
        confirmLabel={t("operator.users.changeRole")}
        variant={role === "operator" ? "danger" : "primary"}
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() =>
          mutation.mutate(role, {
            onSuccess: (changed) => {
              setIsOpen(false);
              showToast(
                "success",
                t("operator.users.roleChanged", { name: changed.displayName, role: t(`operator.roles.${changed.role}`) }),
              );
            },
            onError: (error) => setFailure(refusalText(error, t, "errors.CONFLICT")),
          })
        }
      />
    </div>
  );
}

/** The adjustment as the operator types it: a direction, euros and the reason; the contract's rules then apply. */
const AdjustmentForm = z
  .object({
    direction: z.enum(["credit", "debit"]),
    amountCents: euroField(WalletAdjustmentBody.shape.amountCents.min(1)),
    reason: WalletAdjustmentBody.shape.reason,
  })
  .transform(({ direction, amountCents, reason }): WalletAdjustmentBody => ({
    amountCents: direction === "debit" ? -amountCents : amountCents,
    reason,
  }));

type AdjustmentValues = z.input<typeof AdjustmentForm>;

function WalletAdjustmentForm({ user }: { user: OperatorUserDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  const [pending, setPending] = useState<WalletAdjustmentBody | null>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm<AdjustmentValues, unknown, WalletAdjustmentBody>({
    resolver: zodResolver(AdjustmentForm, { error: issueText(t) }),
    defaultValues: { direction: "credit", amountCents: "", reason: "" },
  });
  const mutation = useUserMutation((body: WalletAdjustmentBody) => adjustWallet(user.id, body));
  const { errors } = form.formState;
  const direction = useWatch({ control: form.control, name: "direction" });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => (setFailure(undefined), setPending(body)))}
      className="mt-4 flex flex-col gap-4 border-t border-line pt-4"
    >
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t("operator.users.adjust")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["credit", "debit"] as const).map((option) => (
            <label
              key={option}
              className={`flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border text-sm font-semibold has-focus-visible:ring-3 has-focus-visible:ring-primary-500/40 ${
                direction === option ? "border-primary-700 bg-primary-50 dark:bg-primary-900/30" : "border-line"
              }`}
            >
              <input type="radio" value={option} className="accent-primary-700" {...form.register("direction")} />
              {t(`operator.users.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("operator.users.amount")}
        hint={t("operator.form.eurosHint")}
        inputMode="decimal"
        autoComplete="off"
        error={errors.amountCents?.message}
        {...form.register("amountCents")}
      />
      <TextField
        label={t("operator.users.reason")}
        hint={t("operator.users.reasonHint")}
        autoComplete="off"
        error={errors.reason?.message}
        {...form.register("reason")}
      />
      <Button type="submit">{t(direction === "debit" ? "operator.users.debitAction" : "operator.users.creditAction")}</Button>
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => !isOpen && setPending(null)}
        title={t(pending && pending.amountCents < 0 ? "operator.users.debitTitle" : "operator.users.creditTitle")}
        description={t(pending && pending.amountCents < 0 ? "operator.users.debitBody" : "operator.users.creditBody", {
          amount: euro(Math.abs(pending?.amountCents ?? 0)),
          name: whom(t, user),
          reason: pending?.reason ?? "",
        })}
        confirmLabel={t(pending && pending.amountCents < 0 ? "operator.users.debitAction" : "operator.users.creditAction")}
        variant={pending && pending.amountCents < 0 ? "danger" : "primary"}
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() => {
          if (!pending) return;
          mutation.mutate(pending, {
            onSuccess: (changed) => {
              setPending(null);
              form.reset({ direction: "credit", amountCents: "", reason: "" });
              showToast("success", t("operator.users.adjusted", { name: changed.displayName, balance: euro(changed.balanceCents) }));
            },
            onError: (error) => {
              // A refusal of a field (the reason) belongs at the field; the dialog closes to show it.
              if (applyServerError(error, form.setError, t) === undefined) return setPending(null);
              setFailure(refusalText(error, t, "operator.users.belowZero"));
            },
          });
        }}
      />
    </form>
  );
}

/**
 * One of the user's lists, a page at a time (its page kept by the section, so paging one list leaves the others), with
 * its count, its rows, "nothing yet", and the refusal when it could not be read.
 */
function PagedList<T>({
  id,
  title,
  empty,
  query,
  row,
  more,
}: {
  id: string;
  title: string;
  empty: string;
  query: (page: number) => ReturnType<typeof pagedQuery<T>>;
  row: (item: T) => ReactNode;
  more?: ReactNode;
}) {
  const { t } = useTexts();
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(query(page));
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mb-3 flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
        {title}
        {data && data.total > 0 && (
          <span className="text-sm font-normal text-muted">{t("operator.userPage.total", { count: data.total })}</span>
        )}
      </h2>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : !data ? (
        <CenteredProgressBar />
      ) : data.items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ul aria-label={title} className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
            {data.items.map(row)}
          </ul>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(data.total / USER_LIST_PAGE_SIZE))}
            onPage={setPage}
            label={t("operator.userPage.pagesOf", { list: title })}
          />
        </>
      )}
      {more && <p className="mt-2 text-sm">{more}</p>}
    </section>
  );
}

/** A row: what it is (a link to its auction when it has one) over its facts, and its amount on the right. */
function Row({ title, auctionId, facts, amount }: { title: string; auctionId?: number | null; facts: ReactNode; amount?: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {auctionId ? (
            <Link to={`/operator/auctions/${auctionId}`} className="text-accent hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">{facts}</p>
      </div>
      {amount !== undefined && <p className="shrink-0 font-semibold whitespace-nowrap tabular-nums">{amount}</p>}
    </li>
  );
}

function TransactionRow({ item }: { item: WalletTransaction }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <Row
      title={item.description}
      auctionId={item.auction?.id ?? null}
      facts={`${t(`wallet.types.${item.type}`)} · ${when(item.createdAt)}`}
      amount={
        <span
          className={item.amount > 0 ? "text-emerald-700 dark:text-emerald-400" : ""}
        >{`${item.amount > 0 ? "+" : "−"}${euro(Math.round(Math.abs(item.amount) * 100))}`}</span>
      }
    />
  );
}

const wonBadge =
  "rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/40 dark:text-primary-100";

function EnrolmentRow({ item }: { item: OperatorUserEnrolment }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <Row
      title={item.title}
      auctionId={item.auctionId}
      facts={
        <>
          <StatusBadge status={item.status} />
          {item.isWinner && <span className={wonBadge}>{t("operator.users.won")}</span>}
          <span>
            #{item.auctionId} · {when(item.at)}
          </span>
        </>
      }
      amount={euro(item.feeCents)}
    />
  );
}

function BidRow({ item }: { item: OperatorUserBid }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <Row
      title={item.title}
      auctionId={item.auctionId}
      facts={`#${item.auctionId} · ${when(item.placedAt)}${item.isAuto ? ` · ${t("operator.userPage.autoBid")}` : ""}`}
      amount={euro(item.priceCents)}
    />
  );
}

function WinRow({ item }: { item: OperatorUserWin }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <Row
      title={item.title}
      auctionId={item.auctionId}
      facts={`${t(`operator.userPage.states.${item.state}`)} · #${item.auctionId} · ${when(item.wonAt)}`}
      amount={euro(item.priceCents)}
    />
  );
}

function PurchaseRow({ item }: { item: OperatorUserPurchase }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <Row
      title={item.title}
      auctionId={item.auctionId}
      facts={`${t(`operator.userPage.states.${item.state}`)} · #${item.auctionId} · ${when(item.paidAt)}`}
      amount={euro(item.amountPaidCents)}
    />
  );
}

/** A limit as it stands: "€50.00 (€12.00 left)", "None", and a change waiting for its day. */
function LimitText({ limit }: { limit: SpendLimitView }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  return (
    <>
      {limit.limitCents === null
        ? t("operator.userPage.noLimit")
        : t("operator.userPage.limitLeft", { limit: euro(limit.limitCents), left: euro(limit.leftCents ?? 0) })}
      {limit.pending && (
        <span className="block text-xs text-muted">
          {t("operator.userPage.limitPending", {
            limit: limit.pending.limitCents === null ? t("operator.userPage.noLimit") : euro(limit.pending.limitCents),
            at: when(limit.pending.appliesAt),
          })}
        </span>
      )}
    </>
  );
}

function LimitsCard({ user }: { user: OperatorUserDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const monthDay = useMonthDay();
  const { limits } = user;
  return (
    <section aria-labelledby="user-limits" className={card}>
      <h2 id="user-limits" className="mb-3 text-lg font-semibold">
        {t("operator.userPage.limits")}
      </h2>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t("operator.userPage.pause")}</dt>
        <dd className="text-right">
          {limits.pausedUntil ? (
            <span className="font-semibold text-amber-800 dark:text-amber-300">
              {t("operator.userPage.pausedUntil", { at: when(limits.pausedUntil) })}
            </span>
          ) : (
            t("operator.userPage.notPaused")
          )}
        </dd>
        <dt className="text-muted">{t("operator.userPage.auctionLimit")}</dt>
        <dd className="text-right">
          <LimitText limit={limits.auction} />
        </dd>
        <dt className="text-muted">{t("operator.userPage.auctionSpent")}</dt>
        <dd className="text-right tabular-nums">{euro(limits.auction.spentCents)}</dd>
        <dt className="text-muted">{t("operator.userPage.topUpLimit")}</dt>
        <dd className="text-right">
          <LimitText limit={limits.topUp} />
        </dd>
        <dt className="text-muted">{t("operator.userPage.topUpSpent")}</dt>
        <dd className="text-right tabular-nums">{euro(limits.topUp.spentCents)}</dd>
      </dl>
      <p className="mt-3 text-xs text-muted">{t("operator.userPage.limitsHint", { at: monthDay(limits.resetsAt) })}</p>
    </section>
  );
}

function SessionsCard({ user }: { user: OperatorUserDetail }) {
  const { t } = useTexts();
  const when = useDateTime();
  const [page, setPage] = useState(1);
  const { data } = useQuery(userListPageQuery(user.id, "sessions", page));
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const mutation = useUserMutation(() => signOutEverywhere(user.id));
  return (
    <section aria-labelledby="user-sessions" className={card}>
      <h2 id="user-sessions" className="text-lg font-semibold">
        {t("operator.userPage.sessions")}
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">{t("operator.userPage.openSessions", { count: user.openSessions })}</p>
      {data && data.items.length > 0 && (
        <>
          <ul aria-label={t("operator.userPage.sessions")} className="divide-y divide-line text-sm">
            {data.items.map((session: OperatorUserSession) => (
              <li key={`${session.createdAt}-${session.lastSeenAt}`} className="py-2 first:pt-0">
                <p>{t("operator.userPage.sessionSeen", { at: when(session.lastSeenAt) })}</p>
                <p className="text-xs text-muted">
                  {t("operator.userPage.sessionTimes", { start: when(session.createdAt), end: when(session.expiresAt) })}
                </p>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(data.total / USER_LIST_PAGE_SIZE))}
            onPage={setPage}
            label={t("operator.userPage.pagesOf", { list: t("operator.userPage.sessions") })}
          />
        </>
      )}
      <div className="mt-4 border-t border-line pt-4">
        <Button
          variant="danger"
          disabled={user.openSessions === 0}
          onClick={() => {
            setFailure(undefined);
            setIsOpen(true);
          }}
        >
          {t("operator.userPage.signOutEverywhere")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title={t("operator.userPage.signOutEverywhere")}
        description={t("operator.userPage.signOutBody", { name: whom(t, user), count: user.openSessions })}
        confirmLabel={t("operator.userPage.signOutEverywhere")}
        variant="danger"
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() =>
          mutation.mutate(undefined, {
            onSuccess: ({ ended }) => {
              setIsOpen(false);
              setPage(1);
              showToast("success", t("operator.userPage.signedOut", { name: user.displayName, count: ended }));
            },
            onError: (error) => setFailure(refusalText(error, t, "errors.CONFLICT")),
          })
        }
      />
    </section>
  );
}
