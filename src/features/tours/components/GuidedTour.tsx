// One tour on screen: its progress from the server, its own machine, and joyride controlled by the machine's step.
// Signed-in users only; a tour runs while its progress is not completed.
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { ACTIONS, EVENTS, Joyride, type EventHandler, type Options, type Step, type Styles } from "react-joyride";
import { fromPromise } from "xstate";
import type { TourName } from "../../../../contract";
import { tourMachine } from "../../../../machines/tour.machine";
import { createStore, useStore } from "../../../lib/create-store";
import { useDevRegistration } from "../../../lib/dev-machines";
import { useUser } from "../../auth";
import { useTourProgress } from "../api/get-tour-progress";
import { useSaveTourProgress } from "../api/save-tour-progress";
import { isPartLoading, stepsOnScreen, tourSteps } from "../tour-steps";
import { TourActorContext, TourTooltip } from "./TourTooltip";

export type GuidedTourProps = {
  tourName: TourName;
  /** Its page or menu is on screen. */
  isOnScreen: boolean;
  /** What it points at has loaded: the tour may start. */
  isReady: boolean;
  /** When its page or menu goes away mid-tour: close it (a menu) or pause until it is back (a page). */
  whenHidden: "close" | "pause";
};

// Joyride in the app's tokens: the card is ours (TourTooltip); above the header (1100), menus (1200) and dialogs (1250).
const tourOptions: Partial<Options> = {
  arrowColor: "var(--color-surface)",
  backgroundColor: "var(--color-surface)",
  textColor: "var(--color-ink)",
  primaryColor: "#f97316",
  overlayColor: "rgba(2, 6, 23, 0.55)",
  zIndex: 1300,
  skipBeacon: true,
  blockTargetInteraction: true,
  overlayClickAction: false,
  dismissKeyAction: "close",
  spotlightPadding: 6,
  spotlightRadius: 14,
  scrollOffset: 96,
  targetWaitTimeout: 1000,
};

// The card's shadow, and an orange ring around the spotlight so the target stands out in dark mode too.
const tourStyles: Partial<Styles> = {
  floater: { filter: "drop-shadow(0 10px 25px rgba(2, 6, 23, 0.25))" },
  spotlight: { style: { pointerEvents: "none", stroke: "var(--color-primary-500)", strokeWidth: 2 } },
};

// One tour at a time: a tour does not start while another is starting or showing.
const activeTour = createStore<TourName | null>(null);

export function GuidedTour({ tourName, isOnScreen, isReady, whenHidden }: GuidedTourProps) {
  const { t } = useTexts();
  const { data: user } = useUser();
  const isSignedIn = user?.isAuthenticated === true;
  const progress = useTourProgress(tourName, { isEnabled: isSignedIn });
  const { mutateAsync: saveProgress } = useSaveTourProgress();
  const actor = useActorRef(tourMachine.provide({ actors: { saveProgress: fromPromise(({ input }) => saveProgress(input)) } }), {
    input: { tourName, tourStepIds: tourSteps[tourName].map((s) => s.id) },
  });
  useDevRegistration(`tour: ${tourName}`, actor);
  const isNotStarted = useSelector(actor, (s) => s.matches("notStarted"));
  const isStarting = useSelector(actor, (s) => s.matches("starting"));
  const isRunning = useSelector(actor, (s) => s.hasTag("visible"));
  const stepIds = useSelector(actor, (s) => s.context.stepIds);
  const stepIndex = useSelector(actor, (s) => s.context.stepIndex);
  const otherActiveTour = useStore(activeTour, (active) => (active === tourName ? null : active));

  const isDue = isSignedIn && progress.data !== undefined && !progress.data.isCompleted;
  const savedStep = progress.data?.currentStep ?? 0;
  useEffect(() => {
    if (!isNotStarted || !isDue || !isOnScreen || !isReady || otherActiveTour) return;
    // A menu's content mounts a frame after it opens (Radix portals): look for the targets frame by frame, briefly.
    // A part of the screen whose code is still loading (the account menu on a slow phone) is waited for, however long
    // it takes: started before it, the tour would leave that part's step out.
    let frame = 0;
    let framesLeft = 30;
    const startWithStepsOnScreen = () => {
      // Another tour came due in this same frame and took the screen first: this one waits for it to end.
      if (activeTour.get() !== null && activeTour.get() !== tourName) return;
      if (isPartLoading()) {
        frame = requestAnimationFrame(startWithStepsOnScreen);
        return;
      }
      const stepIds = stepsOnScreen(tourName).map((s) => s.id);
      framesLeft -= 1;
      if (stepIds.length > 0 || framesLeft === 0) {
        // Claimed before the machine moves, not a render later, so that two tours due together cannot both start.
        activeTour.set(tourName);
        actor.send({ type: "tour.start", stepIds, fromStep: savedStep });
        if (actor.getSnapshot().matches("notStarted")) activeTour.set(null);
      } else frame = requestAnimationFrame(startWithStepsOnScreen);
    };
    frame = requestAnimationFrame(startWithStepsOnScreen);
    return () => cancelAnimationFrame(frame);
  }, [actor, isDue, isNotStarted, isOnScreen, isReady, otherActiveTour, savedStep, tourName]);

  useEffect(() => {
    if (isOnScreen) return;
    if (isStarting) actor.send({ type: "tour.cancel" });
    else if (isRunning && whenHidden === "close") actor.send({ type: "tour.close" });
  }, [actor, isOnScreen, isRunning, isStarting, whenHidden]);

  const isActive = isStarting || (isRunning && isOnScreen);
  useEffect(() => {
    if (!isActive) return;
    activeTour.set(tourName);
    return () => {
      if (activeTour.get() === tourName) activeTour.set(null);
    };
  }, [isActive, tourName]);

  const steps = useMemo<Step[]>(
    () =>
      stepIds.flatMap((id) => {
        const definition = tourSteps[tourName].find((s) => s.id === id);
        if (!definition) return [];
        return [{ id, target: definition.target, placement: definition.placement, title: t(definition.titleKey), content: t(definition.bodyKey) }];
      }),
    [stepIds, t, tourName],
  );

  const onEvent = useCallback<EventHandler>(
    (data) => {
      // Not on screen (the card ended, the window was resized): skip it in the direction of travel.
      if (data.type === EVENTS.TARGET_NOT_FOUND) actor.send({ type: "tour.targetMissing" });
      // Escape closes the tour.
      if (data.type === EVENTS.STEP_AFTER && data.action === ACTIONS.CLOSE) actor.send({ type: "tour.close" });
    },
    [actor],
  );

  if (!isRunning || !isOnScreen || steps.length === 0) return null;
  return (
    <TourActorContext.Provider value={actor}>
      <Joyride
        run
        continuous
        steps={steps}
        stepIndex={stepIndex}
        onEvent={onEvent}
        options={tourOptions}
        tooltipComponent={TourTooltip}
        styles={tourStyles}
      />
    </TourActorContext.Provider>
  );
}
