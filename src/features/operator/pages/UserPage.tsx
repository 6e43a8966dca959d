// One user for operators: profile, role, balance, the last fifty transactions and auctions entered; a credit or debit
// with a required reason (a ledger entry, never an edit; the server refuses a balance below zero) and a role change,
// each confirmed.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTexts, type Texts } from "../../../hooks/use-texts";
import { Link, useParams } from "react-router-dom";
import { z } from "../../../../contract/zod";
import { WalletAdjustmentBody, userRoles, type OperatorUserDetail, type OperatorUserEnrolment, type WalletTransaction } from "../../../../contract";
import { Button } from "../../../components/ui/Button";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { PageHeading } from "../../../components/ui/PageHeading";
import { CenteredProgressBar } from "../../../components/ui/ProgressBar";
import { FormAlert, TextField, inputClassName } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useDateTime, useEuro } from "../../../lib/format";
import { applyServerError } from "../../../lib/form-errors";
import { adjustWallet, setRole, userQuery, useUserMutation } from "../api/users";
import { StatusBadge } from "../components/StatusBadge";
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
        <span className="flex flex-wrap gap-x-3">
          <span className="break-all">{user.email}</span>
          <Link to={`/operator/audit?subject=${encodeURIComponent(`user:${user.id}`)}`} className="text-accent hover:underline">
            {t("operator.audit.forUser")}
          </Link>
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
      </div>
      <section aria-labelledby="user-transactions" className="mt-6">
        <h2 id="user-transactions" className="mb-3 text-lg font-semibold">
          {t("wallet.transactions")}
        </h2>
        <TransactionList items={user.transactions} />
      </section>
      <section aria-labelledby="user-enrolments" className="mt-6">
        <h2 id="user-enrolments" className="text-lg font-semibold">
          {t("operator.users.enrolments")}
        </h2>
        <p className="mb-3 text-sm text-muted">{t("operator.users.enrolmentsHint")}</p>
        <EnrolmentList items={user.enrolments} />
      </section>
    </>
  );
}

/** Whom a change will touch, as its confirmation names them: display name, e-mail and id (issue 51). */
const whom = (t: Texts["t"], user: OperatorUserDetail) => t("operator.users.whom", { name: user.displayName, email: user.email, id: user.id });

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
              showToast("success", t("operator.users.roleChanged", { name: changed.displayName, role: t(`operator.roles.${changed.role}`) }));
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
  .transform(({ direction, amountCents, reason }): WalletAdjustmentBody => ({ amountCents: direction === "debit" ? -amountCents : amountCents, reason }));

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
    <form noValidate onSubmit={form.handleSubmit((body) => (setFailure(undefined), setPending(body)))} className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
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
      <TextField label={t("operator.users.amount")} hint={t("operator.form.eurosHint")} inputMode="decimal" autoComplete="off" error={errors.amountCents?.message} {...form.register("amountCents")} />
      <TextField label={t("operator.users.reason")} hint={t("operator.users.reasonHint")} autoComplete="off" error={errors.reason?.message} {...form.register("reason")} />
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

function TransactionList({ items }: { items: WalletTransaction[] }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  if (items.length === 0) return <p className="text-sm text-muted">{t("wallet.noTransactions")}</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words">{item.auction ? <Link to={`/operator/auctions/${item.auction.id}`} className="text-accent hover:underline">{item.description}</Link> : item.description}</p>
            <p className="text-muted">
              {t(`wallet.types.${item.type}`)} · {when(item.createdAt)}
            </p>
          </div>
          <p className={`shrink-0 font-semibold whitespace-nowrap tabular-nums ${item.amount > 0 ? "text-emerald-700 dark:text-emerald-400" : ""}`}>
            {`${item.amount > 0 ? "+" : "−"}${euro(Math.round(Math.abs(item.amount) * 100))}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function EnrolmentList({ items }: { items: OperatorUserEnrolment[] }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  if (items.length === 0) return <p className="text-sm text-muted">{t("operator.users.noEnrolments")}</p>;
  return (
    <ul aria-label={t("operator.users.enrolments")} className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
      {items.map((item) => (
        <li key={item.auctionId} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words">
              <Link to={`/operator/auctions/${item.auctionId}`} className="text-accent hover:underline">
                {item.title}
              </Link>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
              <StatusBadge status={item.status} />
              {item.isWinner && <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">{t("operator.users.won")}</span>}
              <span>
                #{item.auctionId} · {when(item.at)}
              </span>
            </p>
          </div>
          <p className="shrink-0 whitespace-nowrap tabular-nums">{euro(item.feeCents)}</p>
        </li>
      ))}
    </ul>
  );
}
