// The reality check (issue 53 item 5, decision 095): every 30, 60 or 120 minutes of a session's play (the bidder's
// choice), a dialog with how long the session has lasted and what it has cost, both as the server counts them. It
// falls due by the server's last answer (how long since the last check) and this page's clock since; shows only while
// the tab is in front; waits for a slide in progress or another dialog (src/lib/foreground.ts); and asks the server
// once more before it shows: a check answered meanwhile in another tab, or a new stretch after a break, puts it off.
import { useEffect, useRef, useState } from "react";
import type { RealityCheckView } from "../../../../contract";
import { usePageVisible } from "../../../hooks/use-page-visible";
import { isForegroundClear, isGestureUnderWay, useMayOpenUnasked } from "../../../lib/foreground";
import { useRealityCheck } from "../api/reality-check";
import { RealityCheckDialog } from "./reality-check-dialog";

const RETRY_MS = 60_000;

/** When the next check is due, on this page's clock: the answer's moment plus what was left of the interval then. */
export function dueAtMs(view: Pick<RealityCheckView, "intervalMinutes" | "sinceCheckSeconds">, answeredAtMs: number): number {
  return answeredAtMs + (view.intervalMinutes * 60 - view.sinceCheckSeconds) * 1000;
}

/** Whether `dueAt` has come: a timer tells the component when it does. */
function useHasCome(dueAt: number | null): boolean {
  const [cameAt, setCameAt] = useState<number | null>(null);
  useEffect(() => {
    if (dueAt === null) return;
    const timer = setTimeout(() => setCameAt(dueAt), Math.max(0, dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [dueAt]);
  return dueAt !== null && cameAt === dueAt;
}

/** The same check: neither answered elsewhere nor a new stretch since `known` was read. */
const isSameCheck = (known: RealityCheckView, fresh: RealityCheckView) =>
  known.startedAt === fresh.startedAt && known.checkedAt === fresh.checkedAt;

export function RealityCheck() {
  const isVisible = usePageVisible();
  const { data: view, dataUpdatedAt, refetch } = useRealityCheck();
  const isDue = useHasCome(view ? dueAtMs(view, dataUpdatedAt) : null);
  const mayOpen = useMayOpenUnasked();
  const [isOpen, setIsOpen] = useState(false);
  const isAsking = useRef(false);
  // Bumped to look again after a failed request.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!view || isOpen || isAsking.current || !isDue || !isVisible || !mayOpen) return;
    isAsking.current = true;
    // The length and the cost as they are now.
    void refetch().then((result) => {
      if (!result.isSuccess) {
        // The server did not answer: look again in a minute rather than show what it has not counted.
        setTimeout(() => {
          isAsking.current = false;
          setAttempt((count) => count + 1);
        }, RETRY_MS);
        return;
      }
      isAsking.current = false;
      // If a slide or a dialog began meanwhile, this runs again once it has ended.
      if (isSameCheck(view, result.data) && isForegroundClear() && !isGestureUnderWay()) setIsOpen(true);
    });
  }, [view, isOpen, isDue, isVisible, mayOpen, refetch, attempt]);

  if (!isOpen || !view) return null;
  return <RealityCheckDialog view={view} onAnswered={() => setIsOpen(false)} />;
}
