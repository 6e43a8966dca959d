// An auction's Buy it now for operators (decision 034): on or off, and a stock limit (blank: no limit), in any status,
// with how many were sold. The stock is checked by the contract's rule; the server decides on the auction's row.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { z } from "../../../../contract/zod";
import { BuyNowSettingsBody, type BuyNowSettings } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { FormAlert, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { buyNowSettingsQuery, useSaveBuyNowSettings } from "../api/buy-now";
import { wholeField } from "../draft-form";
import { issueText, refusalText } from "../form-issues";

const stockRule = BuyNowSettingsBody.shape.stock.unwrap().unwrap();
/** The form's stock: blank is no limit, else a whole number by the contract's rule. */
const StockField = z.union([z.literal("").transform(() => null), wholeField(stockRule)]);

export function BuyNowSettingsSection({ auctionId }: { auctionId: number }) {
  const { t } = useTexts();
  const { data: settings, error } = useQuery(buyNowSettingsQuery(auctionId));
  return (
    <section aria-labelledby="auction-buy-now" className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="auction-buy-now" className="mb-1 text-lg font-semibold">
        {t("operator.buyNow.settings")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("operator.buyNow.settingsHint")}</p>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : (
        settings && <SettingsForm key={`${settings.enabled}-${settings.stock}`} settings={settings} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: BuyNowSettings }) {
  const { t } = useTexts();
  const [isEnabled, setIsEnabled] = useState(settings.enabled);
  const [stockText, setStockText] = useState(settings.stock === null ? "" : String(settings.stock));
  const [stockError, setStockError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const save = useSaveBuyNowSettings(settings.auctionId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const stock = StockField.safeParse(stockText.trim(), { error: issueText(t) });
    if (!stock.success) return setStockError(stock.error.issues[0]?.message);
    setStockError(undefined);
    save.mutate(
      { enabled: isEnabled, stock: stock.data },
      {
        onSuccess: () => showToast("success", t("operator.buyNow.saved")),
        onError: (error) => setFailure(refusalText(error, t, "errors.CONFLICT")),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t("operator.buyNow.settings")} className="flex flex-col gap-3 text-sm">
      <FormAlert message={failure} />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary-600"
          checked={isEnabled}
          onChange={(event) => setIsEnabled(event.target.checked)}
        />
        <span className="font-medium">{t("operator.buyNow.enabled")}</span>
      </label>
      <TextField
        label={t("operator.buyNow.stock")}
        hint={t("operator.buyNow.stockHint")}
        inputMode="numeric"
        autoComplete="off"
        value={stockText}
        onChange={(event) => setStockText(event.target.value)}
        error={stockError}
      />
      <p className="text-muted">{t("operator.buyNow.sold", { count: settings.sold })}</p>
      <Button type="submit" className="self-start" disabled={save.isPending} aria-busy={save.isPending || undefined}>
        {t("operator.buyNow.save")}
      </Button>
    </form>
  );
}
