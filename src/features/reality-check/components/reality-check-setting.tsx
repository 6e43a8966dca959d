// The profile's reality-check card (decision 095): how often the check comes, 30, 60 or 120 minutes, kept with the
// account. A choice is saved as it is made.
import { useState } from "react";
import { realityCheckIntervals, type RealityCheckMinutes } from "../../../../contract";
import { FormAlert } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useTexts } from "../../../hooks/use-texts";
import { useRealityCheck, useSetRealityCheckInterval } from "../api/reality-check";

export function RealityCheckSetting({ className }: { className: string }) {
  const { t } = useTexts();
  const { data: view } = useRealityCheck();
  const mutation = useSetRealityCheckInterval();
  // The choice shows from the tap on, until the server's answer is the card's: the mutation's own pending state
  // reaches React a task later, and the radio meanwhile went back to the saved one.
  const [picked, setPicked] = useState<RealityCheckMinutes>();
  const chosen = picked ?? view?.intervalMinutes;
  return (
    <section aria-labelledby="reality-check" className={className}>
      <h2 id="reality-check" className="mb-2 text-xl font-semibold">
        {t("realityCheck.setting.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">{t("realityCheck.setting.intro")}</p>
      <FormAlert message={mutation.isError ? t("realityCheck.setting.failed") : undefined} />
      <fieldset disabled={!view} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("realityCheck.setting.every")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {realityCheckIntervals.map((minutes) => (
            <label key={minutes} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="reality-check-minutes"
                value={minutes}
                checked={chosen === minutes}
                onChange={() => {
                  setPicked(minutes);
                  mutation.mutate(minutes satisfies RealityCheckMinutes, {
                    onSuccess: () => showToast("success", t("realityCheck.setting.saved", { minutes })),
                    onSettled: () => setPicked(undefined),
                  });
                }}
                className="size-4 accent-primary-700"
              />
              {t("realityCheck.setting.minutes", { minutes })}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
