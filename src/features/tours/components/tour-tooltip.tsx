// The tour's step card: progress, title, text, and Previous / Next / Done plus a close button. Its buttons send to
// the tour's machine, which decides; joyride only places the card and draws the spotlight.
import { createContext, useContext, useId } from "react";
import { useTexts } from "../../../hooks/use-texts";
import type { TooltipRenderProps } from "react-joyride";
import type { ActorRefFrom } from "xstate";
import type { tourMachine } from "../../../../machines/tour.machine";
import { CloseGlyph } from "../../../components/ui/icons";
import { Button, iconButtonClassName } from "../../../components/ui/button";

export type TourActor = ActorRefFrom<typeof tourMachine>;

export const TourActorContext = createContext<TourActor | null>(null);

export function TourTooltip({ index, size, isLastStep, step, tooltipProps }: TooltipRenderProps) {
  const { t } = useTexts();
  const actor = useContext(TourActorContext);
  const titleId = useId();
  const bodyId = useId();
  if (!actor) return null;
  const progressPercent = Math.round(((index + 1) / size) * 100);

  return (
    <div
      {...tooltipProps}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-tour-card={step.id}
      className="w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-5 text-left text-ink shadow-2xl"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-primary-600 uppercase dark:text-primary-400">
          {t("tours.progress", { current: index + 1, total: size })}
        </p>
        <button
          type="button"
          onClick={() => actor.send({ type: "tour.close" })}
          aria-label={t("tours.close")}
          title={t("tours.close")}
          className={iconButtonClassName("-mt-1 -mr-2 size-8 hover:text-ink")}
        >
          <CloseGlyph className="size-4" />
        </button>
      </div>
      <div aria-hidden="true" className="mt-2 h-1 overflow-hidden rounded-full bg-primary-100 dark:bg-primary-900/40">
        <div className="h-full rounded-full bg-primary-500 transition-[width]" style={{ width: `${progressPercent}%` }} />
      </div>
      <h2 id={titleId} className="mt-4 font-display text-lg leading-snug font-bold">
        {step.title}
      </h2>
      <p id={bodyId} className="mt-1 text-sm leading-relaxed text-muted">
        {step.content}
      </p>
      <div className="mt-5 flex items-center justify-end gap-2">
        {index > 0 && (
          <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "tour.previous" })}>
            {t("tours.previous")}
          </Button>
        )}
        <Button
          size="sm"
          // Joyride's focus trap puts the focus here when a step opens.
          data-action="primary"
          onClick={() => actor.send({ type: isLastStep ? "tour.done" : "tour.next" })}
        >
          {isLastStep ? t("tours.done") : t("tours.next")}
        </Button>
      </div>
    </div>
  );
}
