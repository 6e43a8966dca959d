// Issue 56 item 3: how soon the slide answers. The product's build, served by the real server (in this process, on
// the embedded database), on a phone's screen (390×844, touch) with Chromium's CPU 4× slower: a signed-in, enrolled
// bidder slides the thumb to the end with touch events, again and again, while another bidder outbids them in between.
// For each slide: from the finger's release (the pointerup's own time stamp) to the frame that shows "Sending…", and to
// the frame that shows the server's answer; and the interaction's duration as Chromium's Event Timing records it (what
// INP is made of).
import type { AddressInfo } from "node:net";
import type { Browser, CDPSession, Page } from "@playwright/test";
import { tourNames } from "../../contract";
import { buildApp, type App } from "../../server/app";
import { placeBid } from "../../server/auctions/engine";
import { loadConfig } from "../../server/config";
import { openBenchDatabase } from "../support/databases";
import { enrolEvenly, seedBidders, seedRunningAuctions, type BenchBidder } from "../support/seed";
import { distribution, sleep, type Distribution } from "../support/stats";

export type SlideResult = {
  slides: number;
  /** Release → the frame that shows "Sending…". */
  sendingMs: Distribution;
  /** Release → the frame that shows the server's answer ("Your bid is in!", or a refusal). */
  answerMs: Distribution;
  /** The slide's interaction duration by Event Timing: input to the next paint after its handlers. */
  interactionMs: Distribution;
  /** The answers shown, by text, so that a run of refusals cannot pass for fast bids. */
  answers: Record<string, number>;
};

/** What the page recorded about one slide, on its own clock (performance.now()). */
type SlideMarks = { releasedAt: number | null; sendingAt: number | null; answerAt: number | null; answer: string | null };

declare global {
  interface Window {
    pennybidSlide?: { marks: SlideMarks; interactions: { interactionId: number; startTime: number; duration: number }[] };
  }
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/**
 * Watches the bid's status line and the slider's release. Installed once a page: the status line's text changes are
 * stamped at the next frame (the change is painted in that frame at the earliest), the release by the event's own time.
 */
function installProbe(): void {
  const state = {
    marks: { releasedAt: null, sendingAt: null, answerAt: null, answer: null } as SlideMarks,
    interactions: [] as { interactionId: number; startTime: number; duration: number }[],
  };
  window.pennybidSlide = state;
  window.addEventListener("pointerup", (event) => void (state.marks.releasedAt ??= event.timeStamp), { capture: true });
  // The status line beside the track, under the slide's own root: slider → track → root → status line.
  const status = document.querySelector('[role="slider"]')?.parentElement?.parentElement?.querySelector(':scope > [role="status"]');
  if (!status) throw new Error("no bid status line beside the slider");
  new MutationObserver(() => {
    const text = status.textContent ?? "";
    const { marks } = state;
    if (marks.releasedAt === null) return;
    if (marks.sendingAt === null && text === "Sending…") requestAnimationFrame(() => (marks.sendingAt ??= performance.now()));
    else if (marks.sendingAt !== null && marks.answer === null && text !== "Sending…") {
      marks.answer = text;
      requestAnimationFrame(() => (marks.answerAt ??= performance.now()));
    }
  }).observe(status, { childList: true, characterData: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId)
        state.interactions.push({ interactionId: entry.interactionId, startTime: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** Drags the thumb to the track's end with one finger, in small moves as a finger goes, and lifts it. */
async function slideWithTouch(cdp: CDPSession, page: Page): Promise<void> {
  const thumb = await page.getByRole("slider", { name: "Bid" }).boundingBox();
  const track = await page.getByRole("slider", { name: "Bid" }).locator("..").boundingBox();
  if (!thumb || !track) throw new Error("the slider is not on screen");
  const y = thumb.y + thumb.height / 2;
  const fromX = thumb.x + thumb.width / 2;
  const toX = track.x + track.width - thumb.width / 4;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
  const moves = 8;
  for (let step = 1; step <= moves; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: fromX + ((toX - fromX) * step) / moves, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

export async function measureSlide(browser: Browser, staticDir: string, slides: number, cpuSlowdown: number): Promise<SlideResult> {
  const database = await openBenchDatabase("pglite");
  let app: App | undefined;
  const context = await browser.newContext(PHONE);
  try {
    const [auctionId] = await seedRunningAuctions(database.db, 1, new Date());
    const bidders = await seedBidders(database.db, 2);
    await enrolEvenly(database.db, [auctionId!], bidders, 2);
    const [bidder, rival] = bidders as [BenchBidder, BenchBidder];
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SEED_DEMO_DATA: "no",
      STATIC_DIR: staticDir,
    });
    app = await buildApp({ config, db: database.db, runsLifecycle: false });
    await app.http.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;

    await context.addCookies([{ name: "pennybid_session", value: bidder.sessionId, url }]);
    await context.addInitScript(() => window.localStorage.setItem("i18nextLng", "en"));
    for (const tourName of tourNames) {
      const answer = await context.request.put(`${url}/api/users/tour-progress`, {
        data: { tourName, currentStep: 0, isCompleted: true },
        headers: { "x-requested-with": "XMLHttpRequest" },
      });
      if (!answer.ok()) throw new Error(`completing the ${tourName} tour: ${answer.status()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${url}/auctions/${auctionId}`);
    await page.getByRole("slider", { name: "Bid" }).waitFor({ timeout: 60_000 });
    await page.evaluate(installProbe);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });

    const rows: SlideMarks[] = [];
    const interactionMs: number[] = [];
    let rivalBidAt = 0;
    for (let index = 0; index < slides; index++) {
      // The slider ready again (outbid, nothing on its way), and a second since the last bid (the one-a-second rule).
      await page.waitForFunction(() => {
        const slider = document.querySelector('[role="slider"]');
        return slider !== null && slider.getAttribute("aria-disabled") === null && slider.getAttribute("aria-valuetext") !== "Sending…";
      });
      await sleep(Math.max(0, rivalBidAt + 1_100 - Date.now()));
      await page.evaluate(() => {
        const probe = window.pennybidSlide!;
        probe.marks = { releasedAt: null, sendingAt: null, answerAt: null, answer: null };
      });
      await slideWithTouch(cdp, page);
      await page.waitForFunction(() => window.pennybidSlide?.marks.answerAt != null, undefined, { timeout: 15_000 });
      const { marks, interactions } = await page.evaluate(() => window.pennybidSlide!);
      rows.push(marks);
      // The release's interaction: the entries of the pointerup's interaction, the longest of them (as INP counts it).
      const release = interactions.find((entry) => Math.abs(entry.startTime - (marks.releasedAt ?? 0)) < 1);
      const sameInteraction = interactions.filter((entry) => entry.interactionId === release?.interactionId);
      if (sameInteraction.length > 0) interactionMs.push(Math.max(...sameInteraction.map((entry) => entry.duration)));
      // The rival takes the lead again, and the page hears it as it would from any bid.
      await sleep(Math.max(0, rivalBidAt + 1_100 - Date.now()));
      const placed = await placeBid(database.db, rival.id, auctionId!, new Date());
      rivalBidAt = Date.now();
      await app.events.publish("auctions:states", { states: [placed.state] });
    }
    const since = (key: "sendingAt" | "answerAt") =>
      rows.flatMap((marks) => (marks.releasedAt !== null && marks[key] !== null ? [marks[key] - marks.releasedAt] : []));
    const answers: Record<string, number> = {};
    for (const { answer } of rows) if (answer) answers[answer] = (answers[answer] ?? 0) + 1;
    return {
      slides: rows.length,
      sendingMs: distribution(since("sendingAt")),
      answerMs: distribution(since("answerAt")),
      interactionMs: distribution(interactionMs),
      answers,
    };
  } finally {
    await context.close();
    await app?.http.close();
    await database.drop();
  }
}
