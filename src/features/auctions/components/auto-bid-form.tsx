// Auto-bid: the enrolled bidder sets a maximum; the server bids for them one step at a time when outbid.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { showToast } from "../../../components/ui/toast";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { myAuctionsQueryOptions, useMyAuctions } from "../api/my-auctions";
import { auctionSchema } from "../api/schemas";
import { amountText, useEuro } from "../../../lib/format";
import { rereadIfInFlight } from "../../../lib/query-client";
import { useRefusalText } from "../enrolment-rules";

export function AutoBidForm({ auctionId, priceCents }: { auctionId: number; priceCents: number }) {
  const { t } = useTexts();
  const euro = useEuro();
  const id = useId();
  const queryClient = useQueryClient();
  const { data: mine } = useMyAuctions();
  const activeMax = mine?.autoBids[String(auctionId)];
  const [euros, setEuros] = useState("");
  const [error, setError] = useState<string>();
  const refusalText = useRefusalText();

  const save = useMutation({
    mutationFn: (maxPriceCents: number | null) =>
      apiRequest(`/api/auctions/${auctionId}/auto-bid`, { method: "PUT", body: { maxPriceCents }, schema: auctionSchema("AutoBidBody") }),
    onSuccess: ({ maxPriceCents }) => {
      queryClient.setQueryData(myAuctionsQueryOptions.queryKey, (current) => {
        if (!current) return current;
        const autoBids = { ...current.autoBids };
        if (maxPriceCents === null) delete autoBids[String(auctionId)];
        else autoBids[String(auctionId)] = maxPriceCents;
        return { ...current, autoBids };
      });
      rereadIfInFlight(queryClient, myAuctionsQueryOptions.queryKey);
      setEuros("");
      showToast("success", maxPriceCents === null ? t("auction.autoBidStopped") : t("auction.autoBidSaved", { max: euro(maxPriceCents) }));
    },
    // A maximum over the monthly limit is refused with the figures (the limit, what is left, when it resets).
    onError: (failure) => setError(failure instanceof ApiError ? refusalText(failure.code, failure.values) : t("errors.INTERNAL")),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const cents = Math.round(Number(euros.replace(",", ".")) * 100);
    if (!Number.isFinite(cents) || cents <= priceCents) return setError(t("errors.AUTO_BID_TOO_LOW"));
    save.mutate(cents);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("auction.autoBid")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("auction.autoBidHint")}</p>
      {activeMax !== undefined && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-500/10 px-3 py-2 text-sm">
          <span className="font-medium text-emerald-700 dark:text-emerald-300">{t("auction.autoBidActive", { max: euro(activeMax) })}</span>
          <button type="button" onClick={() => save.mutate(null)} className="font-semibold text-red-600 hover:underline dark:text-red-400">
            {t("auction.autoBidStop")}
          </button>
        </div>
      )}
      <form onSubmit={submit} noValidate className="mt-3 flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {t("auction.autoBidMax")}
          </label>
          <input
            id={id}
            inputMode="decimal"
            value={euros}
            onChange={(event) => setEuros(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder={amountText(priceCents + 100)}
            className="h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3.5 outline-none focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20"
          />
        </div>
        <button
          type="submit"
          disabled={save.isPending}
          className="h-11 shrink-0 rounded-full bg-slate-900 px-5 text-sm font-semibold whitespace-nowrap text-white hover:bg-slate-700 disabled:opacity-60 dark:bg-white dark:text-slate-900"
        >
          {t("auction.autoBidSave")}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </section>
  );
}
