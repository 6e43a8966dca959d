// The header's info alert: hidden while all is well; it tells the user when the browser is offline (the shell then
// comes from the service worker's cache) or when live updates are paused.
import { useEffect, useState } from "react";
import { useTexts } from "../../hooks/use-texts";
import { useIsOnline } from "../../hooks/use-is-online";
import { type LiveStatus, useLiveStatus } from "../../lib/socket";
import { InfoGlyph } from "../ui/icons";

const GRACE_MS = 3000;

export function InfoAlert() {
  const { t } = useTexts();
  const status = useLiveStatus();
  // The status as it was a grace period ago: a short blip (a reload, a deploy) should not flash a warning.
  const [settledStatus, setSettledStatus] = useState<LiveStatus>("connected");
  useEffect(() => {
    const timer = setTimeout(() => setSettledStatus(status), status === "connected" ? 0 : GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const isPaused = status !== "connected" && settledStatus !== "connected";
  // The browser's own word that there is no network needs no grace period, and says more than "paused".
  const isOnline = useIsOnline();
  const message = !isOnline ? t("header.youAreOffline") : isPaused ? t("header.liveUpdatesPaused") : undefined;
  const isShown = message !== undefined;

  return (
    <div role="status" aria-live="polite" hidden={!isShown}>
      {isShown && (
        <div className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          <InfoGlyph className="size-4 shrink-0" />
          {message}
        </div>
      )}
    </div>
  );
}
