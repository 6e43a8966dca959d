// Notifications (decision 035): turn Web Push on or off for this browser, and which kinds of news the user wants on
// all their browsers. A browser without push, or one that refused the permission, gets a line saying so.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { pushSwitches, type PushSettingsResponse, type PushSwitch } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form";
import { Switch } from "../../../components/ui/switch";
import { showToast } from "../../../components/ui/toast";
import {
  currentSubscription,
  getPushSettings,
  pushSupport,
  removePushSubscription,
  savePushSwitches,
  storePushSubscription,
  subscribeThisBrowser,
} from "../api/push";
import { setAnswered } from "../../../lib/query-client";

const settingsKey = ["push-settings"] as const;

/** This browser's state: what it supports and, when it has a subscription the server holds, its endpoint. */
async function browserState(): Promise<{ support: Awaited<ReturnType<typeof pushSupport>>; endpoint: string | null }> {
  const support = await pushSupport();
  if (support !== "granted") return { support, endpoint: null };
  return { support, endpoint: (await currentSubscription())?.endpoint ?? null };
}

export function PushNotifications({ className }: { className: string }) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const settings = useQuery({ queryKey: settingsKey, queryFn: getPushSettings });
  const browser = useQuery({ queryKey: ["push-browser"], queryFn: browserState, staleTime: Infinity });
  const store = (answer: PushSettingsResponse) => setAnswered(queryClient, settingsKey, answer);

  const turnOn = useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(publicKey);
      if (subscription === "denied") return "denied" as const;
      store(await storePushSubscription(subscription));
      return subscription.endpoint;
    },
    onMutate: () => setFailure(undefined),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["push-browser"] }),
    onError: () => setFailure(t("push.failed")),
  });
  const turnOff = useMutation({
    mutationFn: async (endpoint: string) => {
      await (await currentSubscription())?.unsubscribe();
      store(await removePushSubscription(endpoint));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["push-browser"] }),
  });
  const switches = useMutation({
    mutationFn: savePushSwitches,
    onSuccess: (answer) => {
      store(answer);
      showToast("success", t("push.saved"));
    },
  });

  const support = browser.data?.support;
  const endpoint = browser.data?.endpoint ?? null;
  const isOn = endpoint !== null && (settings.data?.endpoints.includes(endpoint) ?? false);
  const current = switches.variables ?? settings.data?.switches;
  const flip = (kind: PushSwitch, on: boolean) => current && switches.mutate({ ...current, [kind]: on });

  return (
    <section aria-labelledby="push-notifications" className={className}>
      <h2 id="push-notifications" className="mb-2 text-xl font-semibold">
        {t("push.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">{t("push.intro")}</p>
      <FormAlert message={failure} />
      {support === "unsupported" || (support === "denied" && !isOn) || turnOn.data === "denied" ? (
        <p role="status" className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {support === "unsupported" ? t("push.unsupported") : t("push.denied")}
        </p>
      ) : isOn ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {t("push.enabled")}
          </p>
          <Button variant="outline" size="sm" disabled={turnOff.isPending} onClick={() => turnOff.mutate(endpoint)}>
            {t("push.disable")}
          </Button>
        </div>
      ) : (
        <Button
          className="mb-4 w-full sm:w-auto"
          disabled={!settings.data || !browser.data || turnOn.isPending}
          onClick={() => settings.data && turnOn.mutate(settings.data.publicKey)}
        >
          {t("push.enable")}
        </Button>
      )}
      <fieldset disabled={!current} className="flex flex-col gap-3 border-t border-line">
        <legend className="float-left w-full pt-4 text-sm text-muted">{t("push.kinds")}</legend>
        {pushSwitches.map((kind) => (
          <Switch
            key={kind}
            label={t(`push.switches.${kind}`)}
            checked={current?.[kind] ?? true}
            onChange={(event) => flip(kind, event.target.checked)}
          />
        ))}
      </fieldset>
      <p className="mt-4 text-xs text-muted">{t("push.quietWhileOpen")}</p>
    </section>
  );
}
