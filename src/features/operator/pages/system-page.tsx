// The back office's System page (issue 57 item 5, decision 089): every server process heard from in the last
// seconds, with its sockets, bids a minute, the bid ack's p50 and p99 over the last five minutes, HTTP errors and
// memory; the background jobs over all processes; the database and Redis. It reads again every few seconds by itself;
// a reading that fails leaves the last one on screen, said to be old.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { OperatorSystem, ProcessJob, ProcessSummary, ServiceState } from "../../../../contract";
import { PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert } from "../../../components/ui/form";
import { useTexts } from "../../../hooks/use-texts";
import { useDuration, usePercent, useTimeOfDay } from "../../../lib/format";
import { systemQuery } from "../api/system";
import { refusalText } from "../form-issues";

const card = "rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5";

export function SystemPage() {
  const { t } = useTexts();
  const { data, error } = useQuery(systemQuery());
  const timeOfDay = useTimeOfDay();
  return (
    <>
      <PageHeading title={t("operator.system.title")}>{t("operator.system.intro")}</PageHeading>
      {error && (
        <FormAlert
          message={data ? t("operator.system.stale", { time: timeOfDay(data.serverNow) }) : refusalText(error, t, "errors.CONFLICT")}
        />
      )}
      {!data ? error ? null : <CenteredProgressBar /> : <SystemReading system={data} />}
    </>
  );
}

/** A number with one decimal as the page's language writes it ("1.5", "1,5"). */
function useDecimal(): (value: number) => string {
  const { language } = useTexts();
  return (value) => (language === "en" ? value.toFixed(1) : value.toFixed(1).replace(".", ","));
}

/** The slowest of the processes' values (quantiles cannot be added up: each process measures its own). */
const slowest = (values: (number | null)[]) =>
  values.reduce<number | null>((worst, value) => (value === null ? worst : worst === null ? value : Math.max(worst, value)), null);

function SystemReading({ system }: { system: OperatorSystem }) {
  const { t } = useTexts();
  const timeOfDay = useTimeOfDay();
  const percent = usePercent();
  const decimal = useDecimal();
  const { processes } = system;
  const sum = (pick: (entry: ProcessSummary) => number) => processes.reduce((total, entry) => total + pick(entry), 0);
  const requests = sum((entry) => entry.requestsInWindow);
  const share = (count: number) => (requests > 0 ? percent(count / requests) : "—");
  const ms = (value: number | null) => (value === null ? "—" : t("operator.system.ms", { value: decimal(value) }));
  const p50 = slowest(processes.map((entry) => entry.ackP50Ms));
  const p99 = slowest(processes.map((entry) => entry.ackP99Ms));
  const clientErrors = sum((entry) => entry.clientErrorsInWindow);
  const serverErrors = sum((entry) => entry.serverErrorsInWindow);
  return (
    <>
      <p className="mb-4 text-sm text-muted">{t("operator.system.updated", { time: timeOfDay(system.serverNow) })}</p>
      <ul aria-label={t("operator.system.figures")} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        <Figure label={t("operator.system.processes")} value={String(processes.length)} hint={t("operator.system.processesHint")} />
        <Figure
          label={t("operator.system.sockets")}
          value={String(sum((entry) => entry.sockets))}
          hint={t("operator.system.socketsHint")}
        />
        <Figure
          label={t("operator.system.bidsPerMinute")}
          value={String(sum((entry) => entry.bidsLastMinute))}
          hint={t("operator.system.refusedHint", { count: sum((entry) => entry.refusedLastMinute) })}
        />
        <Figure label={t("operator.system.ack")} value={`${ms(p50)} / ${ms(p99)}`} hint={t("operator.system.ackHint")} />
        <Figure
          label={t("operator.system.clientErrors")}
          value={String(clientErrors)}
          hint={t("operator.system.errorsHint", { share: share(clientErrors), requests })}
        />
        <Figure
          label={t("operator.system.serverErrors")}
          value={String(serverErrors)}
          hint={t("operator.system.errorsHint", { share: share(serverErrors), requests })}
          isAlarm={serverErrors > 0}
        />
      </ul>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <ServicesCard system={system} />
        <JobsCard jobs={system.jobs} serverNow={system.serverNow} />
      </div>
      <section aria-labelledby="system-processes" className="mt-6">
        <h2 id="system-processes" className="mb-3 text-lg font-semibold">
          {t("operator.system.processList")}
        </h2>
        <ul className="grid gap-4 lg:grid-cols-2">
          {processes.map((entry) => (
            <ProcessCard key={entry.id} process={entry} serverNow={system.serverNow} isAnswering={entry.id === system.answeredBy} />
          ))}
        </ul>
      </section>
    </>
  );
}

function Figure({ label, value, hint, isAlarm = false }: { label: string; value: string; hint: string; isAlarm?: boolean }) {
  return (
    <li className={`${card} flex flex-col gap-1 ${isAlarm ? "border-red-400 dark:border-red-700" : ""}`}>
      <span className="text-sm font-semibold">{label}</span>
      <span className={`text-2xl font-bold tabular-nums sm:text-3xl ${isAlarm ? "text-red-700 dark:text-red-400" : ""}`}>{value}</span>
      <span className="text-xs text-muted">{hint}</span>
    </li>
  );
}

const stateTones: Record<ServiceState, string> = {
  ok: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  unavailable: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  off: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

function StateBadge({ state }: { state: ServiceState }) {
  const { t } = useTexts();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTones[state]}`}>
      {t(`operator.system.states.${state}`)}
    </span>
  );
}

/** Rows of a two-column list: the name on the left, the value on the right. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted">{name}</dt>
          <dd className="text-right break-words tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Redis as the processes see it: the worst any of them says (unavailable over ok over off). */
function redisState(processes: ProcessSummary[]): ServiceState {
  const states = new Set(processes.map((entry) => entry.redis));
  return states.has("unavailable") ? "unavailable" : states.has("ok") ? "ok" : "off";
}

function ServicesCard({ system }: { system: OperatorSystem }) {
  const { t } = useTexts();
  const decimal = useDecimal();
  const { database } = system;
  const redis = redisState(system.processes);
  return (
    <section aria-labelledby="system-services" className={card}>
      <h2 id="system-services" className="mb-3 text-lg font-semibold">
        {t("operator.system.services")}
      </h2>
      <Facts
        rows={[
          [t("operator.system.database"), <StateBadge key="state" state={database.state} />],
          [t("operator.system.databaseKind"), t(`operator.system.kinds.${database.kind}`)],
          [
            t("operator.system.databaseAnswer"),
            database.answerMs === null ? "—" : t("operator.system.ms", { value: decimal(database.answerMs) }),
          ],
          [t("operator.system.databaseWaiting"), String(database.waiting)],
          [t("operator.system.redis"), <StateBadge key="redis" state={redis} />],
        ]}
      />
      <p className="mt-3 text-xs text-muted">{t(`operator.system.redisHint.${redis}`)}</p>
    </section>
  );
}

/** "12 s ago", "3 min ago", "2 h ago", counted from the reading's own time. */
function useAgo(serverNow: string): (isoTime: string) => string {
  const { t } = useTexts();
  return (isoTime) => {
    const seconds = Math.max(0, Math.round((Date.parse(serverNow) - Date.parse(isoTime)) / 1000));
    if (seconds < 120) return t("operator.system.secondsAgo", { seconds });
    if (seconds < 7200) return t("operator.system.minutesAgo", { minutes: Math.floor(seconds / 60) });
    return t("operator.system.hoursAgo", { hours: Math.floor(seconds / 3600) });
  };
}

function JobsCard({ jobs, serverNow }: { jobs: ProcessJob[]; serverNow: string }) {
  const { t } = useTexts();
  const ago = useAgo(serverNow);
  return (
    <section aria-labelledby="system-jobs" className={card}>
      <h2 id="system-jobs" className="mb-3 text-lg font-semibold">
        {t("operator.system.jobs")}
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted">{t("operator.system.noJobs")}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {jobs.map((job) => (
            <li key={job.task} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 first:pt-0 last:pb-0">
              <span className="font-medium">{t(`operator.system.jobNames.${job.task}`, { defaultValue: job.task })}</span>
              <span className="text-muted tabular-nums">
                {job.lastRunAt ? t("operator.system.lastRun", { ago: ago(job.lastRunAt) }) : t("operator.system.neverRun")}
                {" · "}
                {t("operator.system.runs", { count: job.runs })}
                {" · "}
                <span className={job.failures > 0 ? "font-semibold text-red-700 dark:text-red-400" : ""}>
                  {t("operator.system.failures", { count: job.failures })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProcessCard({ process, serverNow, isAnswering }: { process: ProcessSummary; serverNow: string; isAnswering: boolean }) {
  const { t } = useTexts();
  const decimal = useDecimal();
  const duration = useDuration();
  const ago = useAgo(serverNow);
  const ms = (value: number | null) => (value === null ? "—" : t("operator.system.ms", { value: decimal(value) }));
  const window = t("operator.system.window", { minutes: Math.max(1, Math.round(process.windowSeconds / 60)) });
  return (
    <li className={card} aria-label={t("operator.system.processName", { host: process.host, pid: process.pid })}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold break-all">{t("operator.system.processName", { host: process.host, pid: process.pid })}</h3>
        {isAnswering && (
          <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
            {t("operator.system.thisOne")}
          </span>
        )}
        {process.isDraining && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("operator.system.draining")}
          </span>
        )}
      </div>
      <Facts
        rows={[
          [t("operator.system.uptime"), duration(Date.parse(serverNow) - Date.parse(process.startedAt))],
          [t("operator.system.seen"), ago(process.seenAt)],
          [t("operator.system.sockets"), String(process.sockets)],
          [
            t("operator.system.bidsPerMinute"),
            t("operator.system.bidsValue", { accepted: process.bidsLastMinute, refused: process.refusedLastMinute }),
          ],
          [t("operator.system.ackShort", { window }), `${ms(process.ackP50Ms)} / ${ms(process.ackP99Ms)}`],
          [
            t("operator.system.errorsShort", { window }),
            t("operator.system.errorsValue", {
              client: process.clientErrorsInWindow,
              server: process.serverErrorsInWindow,
              requests: process.requestsInWindow,
            }),
          ],
          [t("operator.system.memory"), t("operator.system.mib", { value: Math.round(process.memoryBytes / 1_048_576) })],
          [t("operator.system.redis"), <StateBadge key="redis" state={process.redis} />],
        ]}
      />
    </li>
  );
}
