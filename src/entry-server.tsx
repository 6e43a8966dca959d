// The first screen as HTML (decision 045): the server renders Home's or an auction's page with the app's own
// components, from the same data it puts in the page's first-screen block, so a phone paints the header, the heading
// and the first cards (their pictures included) before the first script has even arrived. The SPA hydrates
// it (src/main.tsx, decision 061): the same components over the same data, texts and moment draw the same markup, and
// from then on the page is the SPA's.
// Built by `vite build --ssr` into dist-ssr/ (npm run build) and loaded by server/http/spa.plugin.ts.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router-dom";
import type { FirstScreen, Language } from "../contract";
import { AppProviders } from "./app/app";
import { provideFirstScreen } from "./features/auctions/api/first-screen";
import { loadLifecycleActors } from "./features/auctions";
import { createQueryClient } from "./lib/query-client";
import { holdDrawing } from "./lib/first-screen-moment";
import { AppRoutes, loadPagesOf } from "./app/router";
import en from "../locales/en.json?core";
import lv from "../locales/lv.json?core";
import ru from "../locales/ru.json?core";
import enLater from "../locales/en.json?later";
import lvLater from "../locales/lv.json?later";
import ruLater from "../locales/ru.json?later";

const coreTexts: Record<Language, Record<string, unknown>> = { en, lv, ru };
// An auction's page reads later texts too (its fairness figures, a demo bidder's badge): the browser loads them before
// that page renders, and so must the server, or its drawing shows their keys (and the browser's hydration, finding
// texts where the drawing has keys, would draw the page again).
const laterTexts: Record<Language, Record<string, unknown>> = { en: enLater, lv: lvLater, ru: ruLater };

/**
 * The page at `url` (a path) with `screen`'s data, as the markup of the app's root; null when its page's
 * chunk did not load, and the page goes out without it.
 */
export async function renderFirstScreen(url: string, screen: FirstScreen): Promise<string | null> {
  const { pathname } = new URL(url, "http://first-screen.invalid");
  const [isPageLoaded] = await Promise.all([loadPagesOf(pathname), loadLifecycleActors()]);
  if (!isPageLoaded) return null;
  const i18n = createInstance({
    lng: screen.language,
    fallbackLng: false,
    resources: { [screen.language]: { translation: coreTexts[screen.language], later: laterTexts[screen.language] } },
    ns: ["translation", "later"],
    defaultNS: "translation",
    fallbackNS: ["later"],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  await i18n.use(initReactI18next).init();
  const queryClient = createQueryClient();
  // The render is synchronous: the data given here is what this render, and only this render, takes.
  provideFirstScreen(screen);
  // Its countdowns show the moment the page carries, which the browser's hydration shows too (decision 061).
  holdDrawing(screen.drawnAtMs ?? Date.now());
  try {
    return renderToString(
      <StrictMode>
        <AppProviders texts={i18n} queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    holdDrawing(undefined);
    provideFirstScreen(undefined);
    queryClient.clear();
  }
}
