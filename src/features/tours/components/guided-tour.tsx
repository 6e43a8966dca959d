// One tour on screen: its progress from the server, its own machine, and joyride controlled by the machine's step.
// Signed-in bidders only (not an operator looking at the bidders' pages); a tour runs while its progress is not
// completed. One overlay at a time (lib/foreground, decision 082): it starts only while no dialog or menu but its own
// is open, and steps back, at the step it was at, while one is; only the user's Close, Escape or Done ends it.
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
import { isForegroundClear, useIsForegroundClear, type LayerName } from "../../../lib/foreground";
import { holdMenuForTour } from "../in-tour";
import {
  isOnScreen as isOnScreenNow,
  isPartLoading,
  menuButtonTarget,
  onScreen,
  stepsOnScreen,
  tourSteps,
  whenOnScreen,
} from "../tour-steps";
import { TourActorContext, TourTooltip } from "./tour-tooltip";

export type GuidedTourProps = {
  tourName: TourName;
  /** Its page or menu is on screen. */
  isOnScreen: boolean;
  /** What it points at has loaded: the tour may start. */
  isReady: boolean;
  /** When its page or menu goes away mid-tour: close it (a menu) or pause until it is back (a page). */
  whenHidden: "close" | "pause";
  /** The layers in front of the page that are the tour's own (its menu): the others make it wait. */
  ownLayers?: readonly LayerName[];
};

const noLayers: readonly LayerName[] = [];

// Joyride in the app's tokens: the card is ours (TourTooltip); above the header (1100), menus (1200) and dialogs (1250),
// under the toasts (1400).
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

export function GuidedTour({ tourName, isOnScreen, isReady, whenHidden, ownLayers = noLayers }: GuidedTourProps) {
  const { t } = useTexts();
  const { data: user } = useUser();
  // An operator checking the bidders' pages is not a new bidder to show around.
  const isSignedIn = user?.isAuthenticated === true && !user.isOperator;
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
  const isInFront = useIsForegroundClear(ownLayers);

  const isDue = isSignedIn && progress.data !== undefined && !progress.data.isCompleted;
  const savedStep = progress.data?.currentStep ?? 0;
  useEffect(() => {
    if (!isNotStarted || !isDue || !isOnScreen || !isReady || otherActiveTour || !isInFront) return;
    // A menu's content mounts a frame after it opens (Radix portals): look for the targets frame by frame, briefly.
    // A part of the screen whose code is still loading (the account menu on a slow phone) is waited for, however long
    // it takes: started before it, the tour would leave that part's step out.
    let frame = 0;
    let framesLeft = 30;
    const startWithStepsOnScreen = () => {
      // Another tour came due in this same frame and took the screen first: this one waits for it to end.
      if (activeTour.get() !== null && activeTour.get() !== tourName) return;
      // A dialog or a menu opened in this same frame: this one waits for it to close.
      if (!isForegroundClear(ownLayers)) return;
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
  }, [actor, isDue, isInFront, isNotStarted, isOnScreen, isReady, otherActiveTour, ownLayers, savedStep, tourName]);

  useEffect(() => {
    // Something came in front during the start delay: the tour starts again once it has gone.
    if (isStarting && (!isOnScreen || !isInFront)) actor.send({ type: "tour.cancel" });
    // Its menu closed under it (the user's Escape or click outside): closed.
    else if (isRunning && !isOnScreen && whenHidden === "close") actor.send({ type: "tour.close" });
  }, [actor, isInFront, isOnScreen, isRunning, isStarting, whenHidden]);

  const isActive = isStarting || (isRunning && isOnScreen);
  useEffect(() => {
    if (!isActive) return;
    activeTour.set(tourName);
    return () => {
      if (activeTour.get() === tourName) activeTour.set(null);
    };
  }, [isActive, tourName]);

  const isShown = isRunning && isOnScreen && isInFront;
  // A step in the side navigation, on a phone: the tour opens the slide-out menu for it, holds it over the next such
  // steps, and closes it after the last (or when the tour ends or steps back).
  const isMenuStep = isShown && tourSteps[tourName].find((s) => s.id === stepIds[stepIndex])?.isInMenu === true;
  useEffect(() => {
    if (!isMenuStep || !isOnScreenNow(menuButtonTarget)) return;
    holdMenuForTour(true);
    return () => holdMenuForTour(false);
  }, [isMenuStep]);

  const steps = useMemo<Step[]>(
    () =>
      stepIds.flatMap((id) => {
        const definition = tourSteps[tourName].find((s) => s.id === id);
        if (!definition) return [];
        const target = () => onScreen(definition.target);
        // The menu's code may still be on its way the first time: wait for the link it opens to.
        const before = definition.isInMenu ? () => whenOnScreen(definition.target) : undefined;
        return [
          {
            id,
            target,
            placement: definition.placement,
            title: t(definition.titleKey),
            content: t(definition.bodyKey),
            ...(before ? { before } : {}),
          },
        ];
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

  if (!isShown || steps.length === 0) return null;
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
