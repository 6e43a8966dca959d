// Client benchmark: Chromium (Playwright, 4× CPU throttling through CDP) on a page of 500 live running-auction
// cards while the real server's feed publishes 200 auction updates a second to the Running list (which hears them
// batched, decision 054). The "live" page is built from the app's parts as Home uses them; the "naive" page is the
// same cards with a setInterval each and a re-render of every card on every message. Measures long tasks,
// main-thread busy % and JS heap in a window as a bidder has the page, then frame times in a second window with a
// requestAnimationFrame probe (which makes Chromium draw every frame, so that window's busy % is printed apart).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import type { AuctionState, BidEntry } from "../../contract";
import { buildApp, type App } from "../../server/app";
import { auctionStates, RECENT_BIDS } from "../../server/auctions/auctions.queries";
import { loadConfig } from "../../server/config";
import { openBenchDatabase } from "../support/databases";
import { publish, type Cell, type Target } from "../support/report";
import { seedRunningAuctions } from "../support/seed";
import { distribution, round, sleep, type Distribution } from "../support/stats";
import { viteBuild } from "../support/vite-build";
import { describeProfile, summariseProfile, type CpuProfile } from "../support/cpu-profile";
import type { Measured } from "./shared";
import { measureSlide, type SlideResult } from "./slide";

export type ClientOptions = {
  isQuick: boolean;
  cards: number;
  updatesPerSecond: number;
  seconds: number;
  /** A file for a CPU profile of the live page's window (the pages then built unminified), summed up on the terminal. */
  profileFile?: string;
  /** Slides to bid measured on the product's auction page on a phone (issue 56 item 3); 0 leaves them out. */
  slides: number;
};

type PageName = "live" | "naive";
type PageResult = {
  page: PageName;
  cards: number;
  updatesSent: number;
  updatesReceived: number;
  longTasks: { count: number; maxMs: number; totalMs: number };
  /** requestAnimationFrame deltas, from the second window (the one with the frame probe). */
  frameMs: Distribution;
  /** Main-thread task time ÷ wall time, from CDP Performance.getMetrics (TaskDuration), in the window without the probe. */
  busyPercent: number;
  /** The same in the window with the frame probe, which makes Chromium draw every frame. */
  busyWithFrameProbePercent: number;
  longTasksWithFrameProbe: number;
  scriptPercent: number;
  layoutAndStylePercent: number;
  heapUsedMiB: number;
};

const root = path.resolve(import.meta.dirname, "..", "..");
const CPU_SLOWDOWN = 4;

const benchBid = (priceCents: number, displayName: string, atMs: number): BidEntry => ({
  priceCents,
  displayName,
  placedAt: new Date(atMs).toISOString(),
  isAuto: false,
  hash: "0".repeat(64),
  label: null,
});

/**
 * Pushes updates to the Running list at `perSecond`: each a newer state of the next auction (price +1 cent, time reset,
 * the bid first in its recent bids, up to the ten a real state carries).
 */
function startUpdates(app: App, states: AuctionState[], perSecond: number) {
  // The seeded auctions have no bids: each starts with a full list, as a busy auction's state has.
  for (const state of states) {
    state.recentBids = Array.from({ length: RECENT_BIDS }, (_, index) =>
      benchBid(Math.max(0, state.priceCents - index), `bench_${index}`, Date.now() - index * 1000),
    );
  }
  let sent = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * perSecond);
    for (; sent < due; sent++) {
      const state = states[sent % states.length];
      if (!state) continue;
      const now = Date.now();
      Object.assign(state, {
        seq: state.seq + 1,
        priceCents: state.priceCents + 1,
        bidCount: state.bidCount + 1,
        leaderName: `bench_${sent % 97}`,
        endsAt: new Date(now + state.resetSeconds * 1000).toISOString(),
        serverNow: now,
      });
      state.recentBids = [benchBid(state.priceCents, state.leaderName ?? "", now), ...state.recentBids].slice(0, RECENT_BIDS);
      void app.events.publish("auctions:states", { states: [{ ...state }] });
    }
  }, 5);
  return { sent: () => sent, stop: () => clearInterval(timer) };
}

async function measurePage(
  browser: Browser,
  url: string,
  page: PageName,
  app: App,
  states: AuctionState[],
  options: ClientOptions,
): Promise<PageResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const problems: string[] = [];
    tab.on("pageerror", (error) => problems.push(error.message));
    tab.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await tab.goto(`${url}/${page}.html`);
    await tab
      .waitForFunction((cards) => window.pennybidBench?.isReady && window.pennybidBench.cards >= cards, options.cards, { timeout: 90_000 })
      .catch((error: Error) => {
        throw new Error(`${page}.html never showed its ${options.cards} cards: ${problems.join(" | ") || error.message}`);
      });
    await sleep(1500);
    const metrics = async () => {
      const { metrics: list } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
      return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
    };
    const updates = startUpdates(app, states, options.updatesPerSecond);
    await sleep(1000); // warm-up: the stream is flowing before the window opens
    /** One measured window: CDP's metrics and the page's own counts between its start and its end. */
    const measureWindow = async (withFrameProbe: boolean, profileFile: string | undefined) => {
      if (profileFile) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.start");
      }
      await tab.evaluate((frames) => window.pennybidBench.start({ frames }), withFrameProbe);
      const before = await metrics();
      const sentBefore = updates.sent();
      await sleep(options.seconds * 1000);
      const after = await metrics();
      if (profileFile) {
        const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
        writeFileSync(profileFile, JSON.stringify(profile));
        console.log([...describeProfile(summariseProfile(profile)), `(the whole profile: ${profileFile})`].join("\n"));
      }
      const measured: Measured = await tab.evaluate(() => window.pennybidBench.stop());
      const wall = (after.Timestamp ?? 0) - (before.Timestamp ?? 0);
      const share = (name: string) => (wall > 0 ? (100 * ((after[name] ?? 0) - (before[name] ?? 0))) / wall : 0);
      return { measured, share, sent: updates.sent() - sentBefore, heapUsedMiB: round((after.JSHeapUsedSize ?? 0) / 2 ** 20, 1) };
    };
    // The page as a bidder has it: nothing asks for frames but the page's own changes. The live page only is
    // profiled: the naive page is the comparison, not what we make cheaper.
    const asUsed = await measureWindow(false, page === "live" ? options.profileFile : undefined);
    // Then the frame-time probe (a requestAnimationFrame loop), which makes Chromium draw every frame, in a window
    // of its own: its frame times, and the busy time it adds, printed apart.
    const probed = await measureWindow(true, undefined);
    updates.stop();
    const { measured, share } = asUsed;
    return {
      page,
      cards: await tab.evaluate(() => window.pennybidBench.cards),
      updatesSent: asUsed.sent,
      updatesReceived: measured.updates,
      longTasks: {
        count: measured.longTasks.length,
        maxMs: Math.max(0, ...measured.longTasks),
        totalMs: measured.longTasks.reduce((sum, duration) => sum + duration, 0),
      },
      frameMs: distribution(probed.measured.frameDeltas),
      busyPercent: share("TaskDuration"),
      scriptPercent: share("ScriptDuration"),
      layoutAndStylePercent: share("LayoutDuration") + share("RecalcStyleDuration"),
      busyWithFrameProbePercent: probed.share("TaskDuration"),
      longTasksWithFrameProbe: probed.measured.longTasks.length,
      heapUsedMiB: asUsed.heapUsedMiB,
    };
  } finally {
    await context.close();
  }
}

export async function runClientBench(options: ClientOptions): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pennybid-bench-client-"));
  const database = await openBenchDatabase("pglite");
  let app: App | undefined;
  let browser: Browser | undefined;
  try {
    console.log("client: building the bench pages…");
    viteBuild(["--config", "bench/client/vite.config.ts", "--outDir", dir, ...(options.profileFile ? ["--minify", "false"] : [])]);
    const ids = await seedRunningAuctions(database.db, options.cards, new Date());
    const states = await auctionStates(database.db, ids, undefined);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", SEED_DEMO_DATA: "no", STATIC_DIR: dir });
    app = await buildApp({ config, db: database.db, runsLifecycle: false });
    await app.http.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });

    const results: PageResult[] = [];
    for (const page of ["live", "naive"] as const) {
      console.log(
        `client: ${page} page, ${options.cards} cards, ${options.updatesPerSecond} updates/s for ${options.seconds} s (CPU ${CPU_SLOWDOWN}× slower)…`,
      );
      results.push(await measurePage(browser, url, page, app, states, options));
    }
    let slide: SlideResult | null = null;
    if (options.slides > 0) {
      console.log(`client: the product's build, ${options.slides} slides to bid on a phone (CPU ${CPU_SLOWDOWN}× slower)…`);
      mkdirSync(path.join(root, ".tmp"), { recursive: true });
      const productDir = mkdtempSync(path.join(root, ".tmp", "bench-slide-"));
      try {
        viteBuild(["--outDir", productDir, "--emptyOutDir"]);
        slide = await measureSlide(browser, productDir, options.slides, CPU_SLOWDOWN);
      } finally {
        rmSync(productDir, { recursive: true, force: true });
      }
    }
    const [live, naive] = results;
    const cheaper = live && naive && live.busyPercent > 0 ? naive.busyPercent / live.busyPercent : null;
    const targets: Target[] = live
      ? [
          {
            name: "client: live page main-thread busy",
            goal: "≤ 25 %",
            actual: `${round(live.busyPercent)} % (${round(live.busyWithFrameProbePercent)} % with the frame probe)`,
            isMet: live.busyPercent <= 25,
          },
          {
            name: "client: long tasks > 50 ms",
            goal: "none",
            actual: `${live.longTasks.count} (max ${round(live.longTasks.maxMs)} ms; ${live.longTasksWithFrameProbe} with the frame probe)`,
            isMet: live.longTasks.count === 0 && live.longTasksWithFrameProbe === 0,
          },
          {
            name: "client: cheaper than naive (main-thread busy)",
            goal: "≥ 3×",
            actual: cheaper === null ? "-" : `${cheaper.toFixed(2)}×`,
            isMet: cheaper === null ? null : cheaper >= 3,
          },
        ]
      : [];
    if (slide) {
      targets.push(
        {
          name: "client: slide's release → 'Sending…' on screen, p75 (phone, CPU 4× slower)",
          goal: "≤ 100 ms",
          actual: `${round(slide.sendingMs.p75)} ms (${slide.sendingMs.count} of ${slide.slides} slides)`,
          isMet: slide.sendingMs.count === slide.slides && slide.sendingMs.p75 <= 100,
        },
        {
          name: "client: slide's release → the server's answer on screen, p75",
          goal: "≤ 200 ms",
          actual: `${round(slide.answerMs.p75)} ms`,
          isMet: slide.answerMs.count === slide.slides && slide.answerMs.p75 <= 200,
        },
      );
    }
    publish({
      bench: "client",
      isQuick: options.isQuick,
      settings: { ...options, cpuSlowdown: CPU_SLOWDOWN, viewport: "1440×900", browser: browser.version() },
      tables: [
        {
          title: `Client: ${options.cards} live cards, ${options.updatesPerSecond} updates/s, ${options.seconds} s a window, Chromium CPU ${CPU_SLOWDOWN}× slower`,
          columns: [
            "page",
            "cards",
            "updates in",
            "long tasks",
            "max long ms",
            "busy %",
            "script %",
            "layout+style %",
            "heap MiB",
            "frame p50",
            "frame p95",
            "busy % w/ probe",
          ],
          rows: results.map((result): Cell[] => [
            result.page,
            result.cards,
            `${result.updatesReceived}/${result.updatesSent}`,
            result.longTasks.count,
            round(result.longTasks.maxMs),
            round(result.busyPercent),
            round(result.scriptPercent),
            round(result.layoutAndStylePercent),
            result.heapUsedMiB,
            round(result.frameMs.p50),
            round(result.frameMs.p95),
            round(result.busyWithFrameProbePercent),
          ]),
        },
        ...(slide
          ? [
              {
                title: `Client: slide to bid on the auction's page, a phone (390×844, touch, CPU ${CPU_SLOWDOWN}× slower), ${slide.slides} slides, ms`,
                columns: ["from the release to", "p50", "p75", "p95", "max"],
                rows: [
                  ["'Sending…' on screen", slide.sendingMs] as const,
                  ["the server's answer on screen", slide.answerMs] as const,
                  ["the next paint (Event Timing's interaction duration)", slide.interactionMs] as const,
                ].map(([what, ms]): Cell[] => [what, round(ms.p50), round(ms.p75), round(ms.p95), round(ms.max)]),
              },
            ]
          : []),
      ],
      targets,
      notes: [
        "busy % is main-thread task time over wall time from CDP Performance.getMetrics; 'updates in' counts the auction states the page took in during the window against those sent while it was open.",
        "Each page is measured in two windows of the same length, one after the other under the same stream: first as a bidder has it (busy %, script, layout, long tasks, heap), then with the frame-time probe, a requestAnimationFrame loop that makes Chromium draw every frame (frame p50/p95, and the busy % and long tasks of that window).",
        "Both pages load the same 500 auctions through the real REST API and get the same socket messages from the real server; the updates are pushed by the bench, not by bids.",
        ...(slide
          ? [
              `Slide to bid: the product's build and server (the embedded database, loopback), a signed-in bidder on an auction's page in English, the thumb dragged to the end with touch events; a rival outbids them between slides. Times run from the pointerup's own time stamp to the animation frame after the status line changed (its text is painted in that frame at the earliest). Answers shown: ${Object.entries(
                slide.answers,
              )
                .map(([text, count]) => `"${text}" ${count}`)
                .join(", ")}.`,
            ]
          : []),
      ],
      data: { results, naiveOverLive: cheaper, slide },
    });
  } finally {
    await browser?.close();
    await app?.http.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
