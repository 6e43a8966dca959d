import "@fontsource/dm-sans/400.css";
import "@fontsource/dm-sans/500.css";
import "@fontsource/dm-sans/700.css";
import "@fontsource/barlow/600.css";
import "@fontsource/barlow/700.css";
import "./styles/index.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createRouter } from "./app/router";
import { loadLifecycleActors } from "./features/auctions";
import { i18n, i18nReady } from "./lib/i18n";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The first render waits for the active language's texts (a failed load still renders, showing keys) and for the
// auctions' lifecycle machine (both on their way since the first script ran; decision 042): each card's first render
// then shows its phase, instead of every card rendering again, all at once, when the machine comes in. It is a
// transition, so React renders it in slices and a slow phone's main thread is never blocked for the whole first
// screen at once (a tap or a scroll gets in between; Lighthouse's total blocking time counts what does not).
//
// The router is made meanwhile, in a task of its own: the main thread has little else to do while the texts and the
// machine are on their way, and flattening and ranking the routes is one block of work that React could not slice
// inside the first render (about 70 ms on a phone slowed 4×; decision 059).
const routerMade = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(createRouter);
void Promise.allSettled([i18nReady, loadLifecycleActors()]).then(async () => {
  const router = await routerMade;
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
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
