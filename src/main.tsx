import "@fontsource/dm-sans/400.css";
import "@fontsource/dm-sans/500.css";
import "@fontsource/dm-sans/700.css";
import "@fontsource/barlow/600.css";
import "@fontsource/barlow/700.css";
import "./styles/index.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { loadLifecycleActors } from "./features/auctions";
import { i18n, i18nReady } from "./lib/i18n";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The first render waits for the active language's texts (a failed load still renders, showing keys) and for the
// auctions' lifecycle machine (both on their way since the first script ran; decision 042): each card's first render
// then shows its phase, instead of every card rendering again, all at once, when the machine comes in. It is a
// transition, so React renders it in slices and a slow phone's main thread is never blocked for the whole first
// screen at once (a tap or a scroll gets in between; Lighthouse's total blocking time counts what does not).
void Promise.allSettled([i18nReady, loadLifecycleActors()]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The offline shell and the update prompt (decision 013); in a production build only, so `npm run dev` stays uncached.
// Its own chunk, after the first render: nothing of it weighs on the first paint.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  void Promise.all([import("virtual:pwa-register"), import("./app/service-worker"), i18nReady]).then(
    ([{ registerSW }, { registerServiceWorker }]) => registerServiceWorker(registerSW, i18n.t),
  );
}
