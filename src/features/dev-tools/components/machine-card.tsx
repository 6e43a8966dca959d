// One live machine in the dev panel: its state, its context (collapsible) and a form to send it an event.
import { useSelector } from "@xstate/react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import type { AnyMachineSnapshot } from "xstate";
import { Button } from "../../../components/ui/button";
import type { DevMachine } from "../../../lib/dev-machines";
import { canTake, contextJson, knownEventTypes, parsePayload, stateLabel } from "../machine-events";

export const fieldClass =
  "h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm outline-none transition focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20";

export function MachineCard({ machine }: { machine: DevMachine }) {
  const { t } = useTexts();
  const id = useId();
  const snapshot = useSelector(machine.actor, (s: AnyMachineSnapshot) => s);
  const eventTypes = useMemo(() => knownEventTypes(machine.actor), [machine.actor]);
  const [eventType, setEventType] = useState(eventTypes[0] ?? "");
  const [payloadText, setPayloadText] = useState("");
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  const payload = parsePayload(payloadText);
  const possible = eventTypes.filter((type) => canTake(snapshot, { ...payload, type }));
  const headingId = `${id}-name`;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!payload) return setMessage({ text: t("devTools.badPayload"), isError: true });
    machine.actor.send({ ...payload, type: eventType });
    setMessage({ text: t("devTools.sent", { type: eventType }), isError: false });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-canvas p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
          {machine.name}
        </h3>
        {snapshot.status !== "active" && <span className="text-xs text-muted">{t("devTools.status", { status: snapshot.status })}</span>}
      </div>
      <p className="mt-2 flex items-baseline gap-2 text-sm">
        <span className="text-muted">{t("devTools.state")}</span>
        <code
          data-testid="machine-state"
          className="rounded-md bg-primary-500/10 px-1.5 py-0.5 font-mono text-[13px] font-semibold text-primary-700 dark:text-primary-300"
        >
          {stateLabel(snapshot.value)}
        </code>
      </p>
      <details className="group mt-2">
        <summary className="cursor-pointer rounded text-sm text-muted select-none hover:text-ink">{t("devTools.context")}</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-xl border border-line bg-surface p-3 font-mono text-xs leading-relaxed">
          {contextJson(snapshot.context)}
        </pre>
      </details>
      {eventTypes.length > 0 && (
        <form onSubmit={send} className="mt-3 flex flex-col gap-2 border-t border-line pt-3">
          <label htmlFor={`${id}-event`} className="text-xs font-medium">
            {t("devTools.event")}
          </label>
          <select id={`${id}-event`} value={eventType} onChange={(e) => setEventType(e.target.value)} className={`${fieldClass} font-mono`}>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {possible.includes(type) ? `${type} (${t("devTools.possibleNow")})` : type}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted">
            {possible.length > 0 ? t("devTools.possibleNowList", { events: possible.join(", ") }) : t("devTools.nonePossible")}
          </p>
          <label htmlFor={`${id}-payload`} className="text-xs font-medium">
            {t("devTools.payload")}
          </label>
          <textarea
            id={`${id}-payload`}
            value={payloadText}
            onChange={(e) => setPayloadText(e.target.value)}
            rows={2}
            spellCheck={false}
            placeholder='{"nowMs": 0}'
            aria-invalid={payload ? undefined : true}
            className="w-full rounded-xl border border-line bg-surface px-3 py-2 font-mono text-xs transition outline-none placeholder:text-muted focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 aria-invalid:border-red-500"
          />
          <div className="flex items-center justify-between gap-3">
            <p
              role={message?.isError ? "alert" : "status"}
              className={`text-xs ${message?.isError ? "text-red-600 dark:text-red-400" : "text-muted"}`}
            >
              {message?.text}
            </p>
            <Button type="submit" size="sm">
              {t("devTools.send")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
