// What both client-bench pages share: the app's providers, the running auctions loaded over the real REST API
// (every page of them, not Home's first 24), and the page-side measurements the harness reads through
// `window.pennybidBench`: long tasks (PerformanceObserver 'longtask'), frame times (requestAnimationFrame deltas, in a
// window of their own: the loop makes Chromium draw every frame), and how many live updates arrived.
import "./bench.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router-dom";
import { SearchAuctionsResponse, type AuctionCardState } from "../../contract";
import { AuthProvider } from "../../src/features/auth/auth-provider";
import { apiRequest } from "../../src/lib/api-client";
import { i18n, i18nReady } from "../../src/lib/i18n";
import { createQueryClient } from "../../src/lib/query-client";

export type Measured = { longTasks: number[]; frameDeltas: number[]; updates: number; windowMs: number };
export type PennybidBench = {
  isReady: boolean;
  cards: number;
  updates: number;
  /** Opens a window; with `frames`, a requestAnimationFrame loop records frame times (and makes Chromium draw every frame). */
  start(options: { frames: boolean }): void;
  stop(): Measured;
};

declare global {
  interface Window {
    pennybidBench: PennybidBench;
  }
}

const state = { isMeasuring: false, startedAt: 0, longTasks: [] as number[], frameDeltas: [] as number[], updatesAtStart: 0 };

window.pennybidBench = {
  isReady: false,
  cards: 0,
  updates: 0,
  start({ frames }) {
    Object.assign(state, { isMeasuring: true, startedAt: performance.now(), longTasks: [], frameDeltas: [], updatesAtStart: this.updates });
    if (!frames) return;
    let last = performance.now();
    const frame = (now: number) => {
      if (!state.isMeasuring) return;
      state.frameDeltas.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(frame);
    });
  },
  stop() {
    state.isMeasuring = false;
    return {
      longTasks: state.longTasks,
      frameDeltas: state.frameDeltas,
      updates: this.updates - state.updatesAtStart,
      windowMs: performance.now() - state.startedAt,
    };
  },
};

new PerformanceObserver((list) => {
  if (!state.isMeasuring) return;
  for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: false });

/** Counts one live update (both pages call it for every auction state they take in). */
export function countUpdate(): void {
  window.pennybidBench.updates += 1;
}

/** Every running auction, page by page through POST /api/auctions/search (60 a page, the API's maximum). */
export async function loadRunningAuctions(): Promise<AuctionCardState[]> {
  const items: AuctionCardState[] = [];
  for (let page = 1; ; page++) {
    const body = { status: "Running" as const, page, pageSize: 60 };
    const result = await apiRequest("/api/auctions/search", { method: "POST", body, schema: SearchAuctionsResponse });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

/** Marks the page ready once the cards are on screen. */
export function markReady(cards: number): void {
  window.pennybidBench.cards = cards;
  window.pennybidBench.isReady = cards > 0;
}

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <main className="mx-auto max-w-7xl p-4">{children}</main>
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export function mount(page: ReactNode): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  void i18nReady.finally(() =>
    createRoot(container).render(
      <StrictMode>
        <Providers>{page}</Providers>
      </StrictMode>,
    ),
  );
}
