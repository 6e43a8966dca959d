import "./styles/index.css";
// The fonts' stylesheet as a file of its own, linked once the app has started (decision 073).
import fontsStylesheet from "./styles/fonts.css?url";
import { StrictMode, startTransition, useEffect, useLayoutEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadPagesOf } from "./app/router";
import { loadLifecycleActors } from "./features/auctions";
import { firstScreenDrawnAt } from "./features/auctions/api/first-screen";
import { currentLanguage, i18n, i18nReady, loadTextsAfterFirstRender } from "./lib/i18n";
import { holdBelowTheFold, holdDrawing, releaseBelowTheFold } from "./lib/first-screen-moment";
import { linkFonts } from "./lib/fonts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The server's drawing of the first screen (decision 045), inert until it is live.
const drawing = container.querySelector<HTMLElement>(":scope > [inert]");

/**
 * Once the drawing is live, its controls take taps; once every effect of the page's first commit has run (the
 * countdowns subscribe in theirs, finding the time they showed), renders show the time as it is, and what the page
 * does not need at once starts loading (decision 061): nothing that arrives may update the page while it hydrates.
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => drawing?.removeAttribute("inert"), []);
  useEffect(() => {
    holdDrawing(undefined);
    releaseBelowTheFold();
    linkFonts(fontsStylesheet);
    loadTextsAfterFirstRender();
    registerServiceWorkerOnce();
  }, []);
  return children;
}

// The first render waits for the active language's texts (a failed load still renders, showing keys), for the
// auctions' lifecycle machine (both on their way since the first script ran; decision 042) and for the chunk of the
// page at this address (an auction's page is one of its own): each card's first render then shows its phase, and a
// page the server drew renders whole the first time. It is a transition, so React renders it in slices and a slow
// phone's main thread is never blocked for the whole first screen at once (a tap or a scroll gets in between;
// Lighthouse's total blocking time counts what does not).
void Promise.allSettled([i18nReady, loadLifecycleActors(), loadPagesOf(window.location.pathname)]).then(() => {
  const app = (
    <StrictMode>
      <TakeOver>
        <App />
      </TakeOver>
    </StrictMode>
  );
  // Drawn in another language than the one this browser keeps (its storage cleared, say): drawn again, in its own.
  const drawnAtMs = drawing ? firstScreenDrawnAt(currentLanguage()) : undefined;
  if (drawing && drawnAtMs !== undefined) {
    // Hydrated, not drawn again (decision 061): React walks the drawing and attaches to it, in slices, and its commit
    // writes nothing to the page. A render that finds something else than the drawing draws the page itself instead.
    holdDrawing(drawnAtMs);
    holdBelowTheFold();
    startTransition(() => void hydrateRoot(drawing, app));
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
});

let isServiceWorkerAskedFor = false;

/**
 * The offline shell and the update prompt (decision 013); in a production build only, so `npm run dev` stays uncached.
 * Its own chunk, after the first commit: nothing of it weighs on the first paint or the hydration.
 */
function registerServiceWorkerOnce() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || isServiceWorkerAskedFor) return;
  isServiceWorkerAskedFor = true;
  void Promise.all([import("virtual:pwa-register"), import("./app/service-worker")]).then(([{ registerSW }, { registerServiceWorker }]) =>
    registerServiceWorker(registerSW, i18n.t),
  );
}
