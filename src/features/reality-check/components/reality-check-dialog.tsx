// The reality check's dialog (decision 095): the session's length and cost, then Continue, Take a break (the
// profile's pause, here) or See my spending (the wallet's history). Each answer counts the next check from now;
// Escape is Continue. A click outside does nothing: the check is answered by choosing.
import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { RealityCheckView } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form";
import { useTexts } from "../../../hooks/use-texts";
import { OpenLayer } from "../../../lib/foreground";
import { useEuro, useTimeOfDay } from "../../../lib/format";
import { BreakForm, useSpendLimits } from "../../wallet";
import { useAnswerRealityCheck } from "../api/reality-check";

/** "1 h 05 min", "45 min": a session's length to the minute. */
export function useSessionLength(): (seconds: number) => string {
  const { t } = useTexts();
  return (seconds) => {
    const minutes = Math.floor(seconds / 60);
    return minutes >= 60
      ? t("realityCheck.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") })
      : t("realityCheck.minutes", { minutes });
  };
}

type RealityCheckDialogProps = { view: RealityCheckView; onAnswered: () => void };

export function RealityCheckDialog({ view, onAnswered }: RealityCheckDialogProps) {
  const { t } = useTexts();
  const euro = useEuro();
  const timeOfDay = useTimeOfDay();
  const sessionLength = useSessionLength();
  const navigate = useNavigate();
  const answer = useAnswerRealityCheck();
  const [isTakingBreak, setIsTakingBreak] = useState(false);
  const [failure, setFailure] = useState<string>();

  const answerThen = (next?: () => void) => {
    setFailure(undefined);
    answer.mutate(undefined, {
      onSuccess: () => {
        onAnswered();
        next?.();
      },
      onError: () => setFailure(t("realityCheck.failed")),
    });
  };

  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && !answer.isPending && answerThen()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/50" />
        <Dialog.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[1251] flex max-h-[calc(100dvh-2rem)] w-[440px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-2xl outline-none"
        >
          <OpenLayer name="RealityCheck" />
          <div>
            <Dialog.Title className="font-display text-2xl font-bold">
              {t(isTakingBreak ? "limits.pause.title" : "realityCheck.title")}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted">
              {isTakingBreak ? t("realityCheck.breakIntro") : t("realityCheck.intro", { minutes: view.intervalMinutes })}
            </Dialog.Description>
          </div>
          {isTakingBreak ? (
            <TakeABreak onStarted={() => answerThen()} onBack={() => setIsTakingBreak(false)} />
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-3">
                <div className="rounded-2xl bg-canvas px-4 py-3">
                  <dt className="text-sm text-muted">{t("realityCheck.length")}</dt>
                  <dd className="font-display text-2xl font-bold">{sessionLength(view.elapsedSeconds)}</dd>
                  <dd className="text-xs text-muted">{t("realityCheck.since", { time: timeOfDay(view.startedAt) })}</dd>
                </div>
                <div className="rounded-2xl bg-canvas px-4 py-3">
                  <dt className="text-sm text-muted">{t("realityCheck.cost")}</dt>
                  <dd className="font-display text-2xl font-bold">{euro(view.costCents)}</dd>
                  <dd className="text-xs text-muted">{t("realityCheck.costHint")}</dd>
                </div>
              </dl>
              <FormAlert message={failure} />
              {/* Continue first: the dialog's focus starts on it, and Enter answers as most would. */}
              <div className="flex flex-col gap-2">
                <Button variant="primary" disabled={answer.isPending} onClick={() => answerThen()}>
                  {t("realityCheck.continue")}
                </Button>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Button variant="secondary" disabled={answer.isPending} onClick={() => setIsTakingBreak(true)}>
                    {t("realityCheck.takeBreak")}
                  </Button>
                  <Button variant="secondary" disabled={answer.isPending} onClick={() => answerThen(() => void navigate("/wallet"))}>
                    {t("realityCheck.seeSpending")}
                  </Button>
                </div>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The profile's break, inside the check; Go back returns to the check. */
function TakeABreak({ onStarted, onBack }: { onStarted: () => void; onBack: () => void }) {
  const { t } = useTexts();
  const { data: limits } = useSpendLimits();
  return (
    <div className="flex flex-col gap-3">
      <Suspense fallback={null}>{limits && <BreakForm pausedUntil={limits.pausedUntil} isInDialog onStarted={onStarted} />}</Suspense>
      <Button variant="ghost" onClick={onBack}>
        {t("common.goBack")}
      </Button>
    </div>
  );
}
