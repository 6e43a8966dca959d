// The operators' log, read-only: every operator action with who, what, which auction, user or promo code, when and
// from where (the back office, the ops CLI or the server itself), newest first, fifty to a page. The filter (actor,
// action, target, source, days) lives in the address, so a filtered view can be linked (an auction's or a user's
// page links to its own) and Back works.
import { useQuery } from "@tanstack/react-query";
import { Fragment, useId, useState, type FormEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { Link } from "react-router-dom";
import { AuditSource, auditSources, type AuditLogEntry } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, TextField, inputClassName } from "../../../components/ui/form";
import { useDateTime, useEuro } from "../../../lib/format";
import { AUDIT_PAGE_SIZE, auditLogQuery, type AuditFilter } from "../api/audit-log";
import { Pager } from "../components/pager";
import { auditDetails } from "../audit-details";
import { refusalText } from "../form-issues";
import { useListAddress } from "../list-address";

/** The actions the server logs, for the filter's choices; a line with another action still shows. */
export const auditActions = [
  "auction.create",
  "auction.update",
  "auction.publish",
  "auction.cancel",
  "auction.start-now",
  "auction.end-now",
  "auction.manual-only",
  "auction.time-left",
  "fulfilment.in-delivery",
  "fulfilment.delivered",
  "fulfilment.payment-time-left",
  "promo-code.create",
  "promo-code.disable",
  "user.create",
  "user.role",
  "user.sign-out-everywhere",
  "wallet.adjust",
  "payout.paid",
  "payout.refused",
  "review.hide",
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (the browser's time zone) as the ISO time it starts at; `next` for the day after, as an end excluded. */
const dayStart = (day: string, next = false) => {
  if (!DAY.test(day)) return "";
  const start = new Date(`${day}T00:00`);
  if (next) start.setDate(start.getDate() + 1);
  return start.toISOString();
};

const fields = ["actor", "action", "subject", "source", "from", "until"] as const;
type FilterText = Record<(typeof fields)[number], string>;

export function AuditLogPage() {
  const { t } = useTexts();
  const { values: text, page, go, searchWith } = useListAddress(fields);
  const source = AuditSource.safeParse(text.source);
  const isRangeBackwards = DAY.test(text.from) && DAY.test(text.until) && text.until < text.from;
  const filter: AuditFilter = {
    actor: text.actor,
    action: text.action,
    subject: text.subject,
    source: source.success ? source.data : "",
    from: dayStart(text.from),
    until: dayStart(text.until, true),
    page,
  };
  const { data, error, isPending } = useQuery({ ...auditLogQuery(filter), enabled: !isRangeBackwards });
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  const isFiltered = fields.some((name) => text[name] !== "");

  return (
    <>
      <PageHeading title={t("operator.audit.title")}>{t("operator.audit.intro")}</PageHeading>
      <AuditFilterForm
        key={searchWith({}, page)}
        initial={text}
        isFiltered={isFiltered}
        isRangeBackwards={isRangeBackwards}
        onApply={(next) => go(next)}
      />
      {isRangeBackwards ? null : error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : isPending ? (
        <CenteredProgressBar />
      ) : data.items.length === 0 ? (
        <EmptyState>{t(isFiltered ? "operator.audit.noneFound" : "operator.audit.none")}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t("operator.audit.count", { count: data.total })}
          </p>
          <ul aria-label={t("operator.audit.entries")} className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
            {data.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={(next) => go(text, next)} label={t("operator.audit.pages")} />
        </>
      )}
    </>
  );
}

/** The filter; on a phone it stays folded (six fields above the list) unless a filter is on. */
function AuditFilterForm({
  initial,
  isFiltered,
  isRangeBackwards,
  onApply,
}: {
  initial: FilterText;
  isFiltered: boolean;
  isRangeBackwards: boolean;
  onApply: (filter: FilterText) => void;
}) {
  const { t } = useTexts();
  const [values, setValues] = useState(initial);
  const [isOpen, setIsOpen] = useState(() => isFiltered || window.matchMedia("(min-width: 640px)").matches);
  const set = (name: keyof FilterText) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  return (
    <details
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      className="mb-4 rounded-2xl border border-line bg-surface shadow-sm"
    >
      <summary className="flex h-12 cursor-pointer items-center px-4 font-semibold">
        {t(isFiltered ? "operator.audit.filterOn" : "operator.audit.filterTitle")}
      </summary>
      <form role="search" aria-label={t("operator.audit.filter")} noValidate onSubmit={submit} className="border-t border-line p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label={t("operator.audit.actor")}
            hint={t("operator.audit.actorHint")}
            autoComplete="off"
            maxLength={255}
            value={values.actor}
            onChange={set("actor")}
          />
          <Choice
            label={t("operator.audit.action")}
            value={values.action}
            onChange={set("action")}
            options={auditActions.map((action) => [action, t(`operator.audit.actions.${action}`)])}
          />
          <TextField
            label={t("operator.audit.subject")}
            hint={t("operator.audit.subjectHint")}
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            value={values.subject}
            onChange={set("subject")}
          />
          <Choice
            label={t("operator.audit.source")}
            value={values.source}
            onChange={set("source")}
            options={auditSources.map((source) => [source, t(`operator.audit.sources.${source}`)])}
          />
          <TextField type="date" label={t("operator.audit.from")} value={values.from} onChange={set("from")} />
          <TextField
            type="date"
            label={t("operator.audit.until")}
            value={values.until}
            onChange={set("until")}
            error={isRangeBackwards ? t("operator.audit.untilBeforeFrom") : undefined}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">{t("operator.audit.apply")}</Button>
          <Button variant="secondary" onClick={() => onApply({ actor: "", action: "", subject: "", source: "", from: "", until: "" })}>
            {t("operator.audit.clear")}
          </Button>
        </div>
      </form>
    </details>
  );
}

/** A labelled select whose first choice, "Any", filters nothing. */
function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: [string, string][];
}) {
  const { t } = useTexts();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} className={inputClassName}>
        <option value="">{t("operator.audit.any")}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Where a line's target is shown: an auction's or a user's page, or the promo codes. */
function targetLink(subject: string): string | null {
  const [kind, id] = subject.split(/:(.*)/s);
  if (kind === "auction" && id && /^\d+$/.test(id)) return `/operator/auctions/${id}`;
  if (kind === "user" && id) return `/operator/users/${encodeURIComponent(id)}`;
  if (kind === "promo-code") return "/operator/promo-codes";
  return null;
}

/** A user as the log names them: display name and e-mail. */
const userName = (user: { displayName: string; email: string }) => `${user.displayName} (${user.email})`;

/** A line's target in words: a user by name and e-mail, an auction by its number and title, else as logged. */
function targetText(entry: AuditLogEntry): string {
  if (entry.subjectUser) return userName(entry.subjectUser);
  if (entry.subjectTitle !== null) return `#${entry.subject.replace(/^auction:/, "")} ${entry.subjectTitle}`;
  return entry.subject;
}

export function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTexts();
  const when = useDateTime();
  const euro = useEuro();
  const link = targetLink(entry.subject);
  const details = auditDetails(entry, { t, euro, when });
  const target = targetText(entry);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">{t(`operator.audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>
        {link ? (
          <Link to={link} className="break-words text-accent hover:underline">
            {target}
          </Link>
        ) : (
          <span className="break-words">{target}</span>
        )}
      </p>
      <p className="text-muted">
        <span className="break-words">{entry.actorUser ? userName(entry.actorUser) : entry.actor}</span> ·{" "}
        {t(`operator.audit.sources.${entry.source}`)} · <time dateTime={entry.at}>{when(entry.at)}</time>
      </p>
      {details.length > 0 && (
        <p className="break-words text-muted">
          {details.map((detail, index) => (
            <Fragment key={detail.name}>
              {index > 0 && " · "}
              {detail.name}: <span className={detail.isMoney ? "whitespace-nowrap" : undefined}>{detail.value}</span>
            </Fragment>
          ))}
        </p>
      )}
    </li>
  );
}
