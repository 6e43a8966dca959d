// For operators: Start now, End now and Set time left on the auction of the page (or any ID typed in).
import { useId, useState, type FormEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { useMatch } from "react-router-dom";
import { ApiError } from "../../../lib/api-client";
import { Button } from "../../../components/ui/button";
import { fieldClass } from "./machine-card";
import { runOperatorAction, type OperatorAction } from "../api/operator-actions";

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

export function OperatorActions() {
  const { t } = useTexts();
  const id = useId();
  const pageAuctionId = useMatch("/auctions/:auctionId")?.params.auctionId;
  const [typedId, setTypedId] = useState<string | null>(null);
  const auctionIdText = typedId ?? (pageAuctionId && wholeNumber(pageAuctionId) !== null ? pageAuctionId : "");
  const [secondsText, setSecondsText] = useState("30");
  const [isPending, setIsPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  const run = async (action: OperatorAction) => {
    const auctionId = wholeNumber(auctionIdText);
    if (auctionId === null || auctionId < 1) return setMessage({ text: t("devTools.operator.needsId"), isError: true });
    setIsPending(true);
    setMessage(null);
    try {
      const auction = await runOperatorAction(auctionId, action);
      setMessage({ text: t("devTools.operator.done", { id: auction.id, status: auction.status }), isError: false });
    } catch (error) {
      setMessage({ text: error instanceof ApiError && error.message ? error.message : t("errors.INTERNAL"), isError: true });
    } finally {
      setIsPending(false);
    }
  };

  const setTimeLeft = (event: FormEvent) => {
    event.preventDefault();
    const seconds = wholeNumber(secondsText);
    if (seconds === null) return setMessage({ text: t("devTools.operator.needsSeconds"), isError: true });
    void run({ kind: "time-left", seconds });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-primary-500/40 bg-primary-500/5 p-4">
      <h3 id={`${id}-title`} className="text-sm font-bold">
        {t("devTools.operator.title")}
      </h3>
      <p className="mt-0.5 text-xs text-muted">{t("devTools.operator.description")}</p>
      <div className="mt-3 flex flex-col gap-1.5">
        <label htmlFor={`${id}-auction`} className="text-xs font-medium">
          {t("devTools.operator.auctionId")}
        </label>
        <input
          id={`${id}-auction`}
          inputMode="numeric"
          value={auctionIdText}
          onChange={(e) => setTypedId(e.target.value)}
          className={`${fieldClass} font-mono`}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={isPending} onClick={() => void run({ kind: "start-now" })}>
          {t("devTools.operator.startNow")}
        </Button>
        <Button variant="secondary" size="sm" disabled={isPending} onClick={() => void run({ kind: "end-now" })}>
          {t("devTools.operator.endNow")}
        </Button>
      </div>
      <form onSubmit={setTimeLeft} className="mt-3 flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-seconds`} className="text-xs font-medium">
            {t("devTools.operator.seconds")}
          </label>
          <input
            id={`${id}-seconds`}
            inputMode="numeric"
            value={secondsText}
            onChange={(e) => setSecondsText(e.target.value)}
            className={`${fieldClass} font-mono`}
          />
        </div>
        <Button type="submit" size="sm" disabled={isPending}>
          {t("devTools.operator.setTimeLeft")}
        </Button>
      </form>
      <p
        role={message?.isError ? "alert" : "status"}
        className={`mt-3 text-xs empty:hidden ${message?.isError ? "text-red-600 dark:text-red-400" : "text-ink"}`}
      >
        {message?.text}
      </p>
    </section>
  );
}
