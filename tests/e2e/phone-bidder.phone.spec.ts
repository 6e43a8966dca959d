// The phone bidder (issue 15), on the "phone" project's 390×844 touch screen: the bid control is in the first
// screen and nothing covers it, leading and outbid show at once on both phones, and no page scrolls sideways.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page, type WebSocket } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import {
  completeGuidedTours,
  inEnglish,
  operatorSession,
  publishedAuction,
  signedInPage,
  spaTakenOver,
  swipeToBid,
  visitorIp,
  xhr,
} from "./support";

/** The phone this project plays on, for the extra contexts a test opens itself. */
function phone() {
  const { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  return { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor };
}

/** A speaker with a description of several paragraphs (the phone's page shows it), published by support's publishedAuction. */
const runningAuction = (operator: APIRequestContext, title: string, entryFeeCents = 50, startsInSeconds = 0): Promise<number> =>
  publishedAuction(operator, title, {
    description: "A compact speaker.\n\nTwelve hours of battery, splash-proof, pairs in seconds.\n\nIn the box: speaker, cable, strap.",
    entryFeeCents,
    startsInSeconds,
  });

async function credit(operator: APIRequestContext, displayName: string, amountCents: number) {
  const answer = await operator.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents, reason: "E2E starting balance" },
  });
  expect(answer.status()).toBe(200);
}

/** Inside the viewport as the page first shows it: no scrolling happened and the box lies within the screen. */
async function expectInFirstScreen(page: Page, locator: Locator) {
  await spaTakenOver(page);
  const box = await locator.boundingBox();
  const { width, height, scrollY } = await page.evaluate(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
    scrollY: window.scrollY,
  }));
  expect(scrollY).toBe(0);
  expect(box, "laid out").not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** What is on top at the centre of `locator`: the element itself (or its content), or something covering it. */
async function isOnTopAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

/** Records navigator.vibrate calls (the outbid moment vibrates where the device can). */
async function recordVibrations(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.defineProperty(window, "vibrations", { value: calls });
    Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true, value: (pattern: unknown) => calls.push(pattern) > 0 });
  });
}
/**
 * Goes to `path` and waits until the page's live socket is connected (socket.io's CONNECT answer, "40…", has come):
 * a notice sent only to a bidder's sockets reaches a page that has one.
 */
async function gotoLive(page: Page, path: string) {
  // Any of the page's sockets: one opened as the previous page went away may end in an error, the next connects.
  const connected = new Promise<void>((resolve) => {
    const onSocket = (socket: WebSocket) =>
      socket.on("framereceived", (frame) => {
        if (!String(frame.payload).startsWith("40")) return;
        page.off("websocket", onSocket);
        resolve();
      });
    page.on("websocket", onSocket);
  });
  await page.goto(path);
  await expect(
    connected.then(() => true),
    `the live socket of ${path} connects`,
  ).resolves.toBe(true);
}
const vibrations = (page: Page) => page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.length);

test("a visitor sees title, time left, price, leader and 'Sign in to bid' in the first screen", async ({ browser, page }) => {
  const operator = await operatorSession(browser);
  const title = `Phone speaker ${Date.now().toString(36)}`;
  const auctionId = await runningAuction(operator, title);
  await inEnglish(page);
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectInFirstScreen(page, page.getByRole("heading", { level: 1, name: title }));
  await expectInFirstScreen(page, panel.getByText("Time left"));
  await expectInFirstScreen(page, panel.getByText("Current price"));
  await expectInFirstScreen(page, panel.getByText("No bids yet"));
  const signIn = panel.getByRole("link", { name: "Sign in to bid" });
  await expectInFirstScreen(page, signIn);
  await expect(signIn).toHaveAttribute("href", `/sign-in?returnUrl=${encodeURIComponent(`/auctions/${auctionId}`)}`);

  // Scrolled down to the description, the panel with the control is still on screen, at the bottom.
  await page.getByRole("heading", { name: "About this product" }).scrollIntoViewIfNeeded();
  await expect(signIn).toBeInViewport();
  expect(await isOnTopAtCentre(signIn)).toBe(true);
});

test("enrolling leaves the slider uncovered: the point under the thumb is the slider, and the first swipe bids", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const { page, displayName } = await signedInPage(browser, "Ilze", phone());
  await credit(operator, displayName, 500);
  const auctionId = await runningAuction(operator, `Phone enrol ${Date.now().toString(36)}`);
  await page.goto(`/auctions/${auctionId}`);

  // Before enrolling, the Enrol button stands where the slider will be: no slider that only answers 'Enrol first'.
  const enrol = page.getByRole("button", { name: "Enrol · €0.50" });
  await expectInFirstScreen(page, enrol);
  await expect(page.getByRole("slider", { name: "Bid €0.01" })).toHaveCount(0);
  await enrol.click();

  const slider = page.getByRole("slider", { name: "Bid €0.01" });
  await expect(page.getByText("€0.50 has been deducted from your wallet. Good luck!")).toBeVisible();
  await expect(slider).toBeVisible();
  await expectInFirstScreen(page, slider);
  expect(await isOnTopAtCentre(slider)).toBe(true);
  // The toast is still up while the bidder swipes, and the swipe is a bid.
  await swipeToBid(page);
  await expect(page.getByRole("status").filter({ hasText: "Your bid is in!" })).toBeVisible();
  await expect(page.getByText("€0.50 has been deducted from your wallet. Good luck!")).toBeVisible();
});

test("a wallet short of the entry fee is offered Add funds with the missing amount filled in", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const { page, displayName } = await signedInPage(browser, "Maris", phone());
  await credit(operator, displayName, 20);
  const auctionId = await runningAuction(operator, `Phone short ${Date.now().toString(36)}`, 500);
  await page.goto(`/auctions/${auctionId}`);
  await page.getByRole("button", { name: "Enrol · €5.00" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Not enough funds in your wallet!" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Add €4.80" }).click();
  const dialog = page.getByRole("dialog", { name: "Add funds" });
  await expect(dialog.getByLabel("Amount")).toHaveValue("4.80");
  await expect(dialog.getByRole("button", { name: "Pay" })).toBeEnabled();
});

test("two phones outbid each other: each sees leading, then outbid, at once", async ({ browser }) => {
  test.setTimeout(120_000);
  const operator = await operatorSession(browser);
  const { page: anna, displayName: annaName } = await signedInPage(browser, "Anna", phone());
  const { page: otto, displayName: ottoName } = await signedInPage(browser, "Otto", phone());
  for (const name of [annaName, ottoName]) await credit(operator, name, 500);
  const auctionId = await runningAuction(operator, `Phone duel ${Date.now().toString(36)}`);
  for (const page of [anna, otto]) {
    await recordVibrations(page);
    await page.goto(`/auctions/${auctionId}`);
    await page.getByRole("button", { name: "Enrol · €0.50" }).click();
    await expect(page.getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
  }
  const panelOf = (page: Page) => page.getByRole("region", { name: "Bidding" });

  // Anna bids: she leads, her slide is off; a try says so beside the control.
  await swipeToBid(anna);
  await expect(panelOf(anna).getByText("You are leading")).toBeVisible();
  await expect(anna.getByRole("slider", { name: "Bid €0.01" })).toHaveAttribute("aria-disabled", "true");
  await expect(panelOf(otto).getByText(`Leading: ${annaName}`)).toBeVisible();
  await swipeToBid(anna);
  await expect(panelOf(anna).getByRole("status")).toHaveText("You are already winning");

  // Otto answers: Anna's page turns to outbid at once (text, colour) and her phone vibrates.
  await swipeToBid(otto);
  await expect(panelOf(otto).getByText("You are leading")).toBeVisible();
  await expect(panelOf(anna).getByRole("status")).toHaveText("You have been outbid! Slide to bid again.");
  await expect(panelOf(anna)).toHaveAttribute("data-standing", "outbid");
  expect(await vibrations(anna)).toBe(1);
  await expect(anna.getByRole("slider", { name: "Bid €0.01" })).not.toHaveAttribute("aria-disabled", "true");

  // Anna answers back (one bid a second each): now Otto is the one outbid.
  await expect(async () => {
    await swipeToBid(anna);
    await expect(panelOf(anna).getByText("You are leading")).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 40_000 });
  await expect(panelOf(otto).getByRole("status")).toHaveText("You have been outbid! Slide to bid again.");
  await expect(panelOf(otto)).toHaveAttribute("data-standing", "outbid");
  expect(await vibrations(otto)).toBe(1);
});

test("away from the auction, each bidder hears of being outbid; the winner gets 'You won!' on another page, pays, and the count goes", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const { page: anna, displayName: annaName } = await signedInPage(browser, "Anna", phone());
  const { page: otto } = await signedInPage(browser, "Otto", phone());
  const ottoName = ((await (await otto.request.get("/authn/user", { headers: xhr })).json()) as { displayName: string }).displayName;
  for (const name of [annaName, ottoName]) await credit(operator, name, 500);
  const title = `Phone away ${Date.now().toString(36)}`;
  const auctionId = await runningAuction(operator, title);
  // Bids from the bidders' own sessions (their other tab, say): the pages under test are elsewhere.
  const bid = (page: Page) =>
    expect
      .poll(async () => (await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status(), { timeout: 15_000 })
      .toBe(200);
  for (const page of [anna, otto]) {
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
    await recordVibrations(page);
  }
  await bid(anna); // the first bid: nobody is outbid
  await gotoLive(anna, "/");
  await gotoLive(otto, "/wallet");
  const menuButton = (page: Page) => page.getByRole("button", { name: /^Open menu/ });
  await expect(menuButton(anna)).toHaveAccessibleName("Open menu");

  // Otto takes the lead: Anna, on home, gets a toast with a link to the auction, and her phone vibrates.
  const toastOf = (page: Page) => page.getByRole("status").filter({ hasText: `You have been outbid on “${title}”.` });
  await bid(otto);
  await expect(toastOf(anna)).toBeVisible();
  await expect(toastOf(anna).getByRole("link", { name: "Open the auction" })).toHaveAttribute("href", `/auctions/${auctionId}`);
  expect(await vibrations(anna)).toBe(1);
  await expect(toastOf(otto)).toHaveCount(0);

  // Anna answers: now Otto, on his wallet page, is told, and follows the link to the auction: Anna leads, his slider
  // is ready.
  await bid(anna);
  await expect(toastOf(otto)).toBeVisible();
  expect(await vibrations(otto)).toBe(1);
  await toastOf(otto).getByRole("link", { name: "Open the auction" }).click();
  await expect(otto).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
  await expect(otto.getByRole("region", { name: "Bidding" }).getByText(`Leading: ${annaName}`)).toBeVisible();
  await expect(otto.getByRole("slider", { name: "Bid €0.01" })).not.toHaveAttribute("aria-disabled", "true");

  // The operator ends it: Anna, still on home, gets 'You won!' with the item and the final price; Otto's auction
  // page names her as the winner.
  expect((await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).status()).toBe(200);
  const won = anna.getByRole("dialog", { name: "You won!" });
  await expect(won).toBeVisible();
  await expect(won).toContainText(title);
  await expect(won).toContainText("€0.03");
  await expectNoSeriousViolations(anna, "the 'You won!' dialog", { within: "[role=dialog]" });
  await expect(otto.getByText("Sold price")).toBeVisible();
  await expect(otto.getByText(annaName, { exact: true }).first()).toBeVisible();
  await expect(otto.getByRole("dialog", { name: "You won!" })).toHaveCount(0);

  // Not closed yet, so a reload shows it again; the menu button counts the unpaid win.
  await anna.reload();
  await expect(won).toBeVisible();
  await won.getByRole("button", { name: "Pay now" }).click();
  await expect(won).toBeHidden();
  await expect(anna).toHaveURL(new RegExp(`/auctions/won#won-${auctionId}$`));
  await expect(menuButton(anna)).toHaveAccessibleName("Open menu, Unpaid wins: 1");
  await menuButton(anna).click();
  await expect(anna.getByRole("dialog").getByRole("link", { name: /Won auctions/ })).toHaveAccessibleName(/Unpaid wins: 1/);
  await anna.keyboard.press("Escape");

  // The pay form of that win: pay, and the stepper moves on; the count is gone.
  const card = anna.locator(`article[data-auction-id="${auctionId}"]`);
  const form = card.getByRole("form", { name: "Pay and tell us where to deliver" });
  await form.getByRole("combobox", { name: "Delivery address" }).fill("Jomas iela 5, Jūrmala, LV-2015");
  await form.getByLabel("Phone").fill("26123456");
  await form.getByRole("button", { name: "Pay €0.03" }).click();
  await expect(anna.getByText("Payment received, we are preparing the item for delivery!")).toBeVisible();
  await expect(card.getByRole("list", { name: "Fulfilment progress" }).locator('[aria-current="step"]')).toContainText("Received payment");
  await expect(menuButton(anna)).toHaveAccessibleName("Open menu");

  // Seen, on the server too: no dialog on the next visit once the list has come.
  expect(await (await anna.request.get(`/api/fulfilments/${auctionId}`, { headers: xhr })).json()).toMatchObject({
    isSeen: true,
    state: "PaymentReceived",
  });
  const listed = anna.waitForResponse((response) => new URL(response.url()).pathname === "/api/fulfilments");
  await anna.goto("/");
  await listed;
  await anna.waitForLoadState("networkidle");
  await expect(won).toHaveCount(0);
});

test("when the countdown to the start reaches zero, the panel reads 'Starting...' until the server says Running", async ({
  browser,
  page,
}) => {
  const operator = await operatorSession(browser);
  // Time for the page to load first, even on a busy machine: the countdown is watched from 00:02 on.
  const auctionId = await runningAuction(operator, `Phone start ${Date.now().toString(36)}`, 50, 15);
  await inEnglish(page);
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("00:02")).toBeVisible({ timeout: 40_000 });
  // How long the label stays, measured in the page: long enough to be read, not a flash before Running.
  await page.evaluate(() => {
    const shown: number[] = [];
    Object.defineProperty(window, "startingShown", { value: shown });
    const section = document.querySelector('section[aria-label="Bidding"]');
    if (!section) throw new Error("no bid panel");
    new MutationObserver(() => {
      const isShown = section.textContent?.includes("Starting...") ?? false;
      if (isShown !== (shown.length % 2 === 1)) shown.push(performance.now());
    }).observe(section, { subtree: true, childList: true, characterData: true });
  });
  await expect(panel.getByText("00:01")).toBeVisible();
  await expect(panel.getByText("Starting...")).toBeVisible();
  await expect(panel.getByText("Time left")).toBeVisible();
  await expect(panel.getByText("Starting...")).toHaveCount(0);
  const [from, to] = await page.evaluate(() => (window as unknown as { startingShown: number[] }).startingShown);
  expect((to ?? 0) - (from ?? 0)).toBeGreaterThan(600);
});

test("no main page scrolls sideways at 390 px, for a visitor or a signed-in bidder", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const auctionId = await runningAuction(operator, `Phone widths ${Date.now().toString(36)}`);
  const fitsTheScreen = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { scrollWidth, clientWidth, sidewaysScrollers } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      // A box that scrolls sideways inside the page (a wide table in an overflow-x container) is no better.
      sidewaysScrollers: [...document.querySelectorAll("body *")]
        .filter(
          (element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1,
        )
        .map((element) => element.outerHTML.slice(0, 80)),
    }));
    expect(scrollWidth, `${path} is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
    expect(sidewaysScrollers, `${path} has boxes that scroll sideways`).toEqual([]);
  };
  await inEnglish(page);
  for (const path of [
    "/",
    `/auctions/${auctionId}`,
    "/faq",
    "/privacy-policy",
    "/terms-of-service",
    "/contacts",
    "/sign-in",
    "/sign-up",
    "/forgot-password",
    "/404",
  ]) {
    await fitsTheScreen(path);
  }

  // The demo bidder has history: transactions, an unpaid win with its pay form, active auctions.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
  const signIn = await page.request.post("/authn/sign-in", { headers: xhr, data: { email: "demo@pennybid.lv", password: "Demo123!" } });
  expect(signIn.status()).toBe(200);
  await completeGuidedTours(page.request);
  for (const path of [
    "/",
    `/auctions/${auctionId}`,
    "/wallet",
    "/profile",
    "/favourites",
    "/auctions/won",
    "/auctions/my-active",
    "/payments/success",
    "/payments/failed",
    "/payments/canceled",
  ]) {
    await fitsTheScreen(path);
  }
});

/** A bidder enrolled in a new running auction, on its page, the slider ready. `beforeOpening` runs before the page loads. */
async function enrolledOnItsPage(
  browser: Browser,
  firstName: string,
  beforeOpening: (page: Page, auctionId: number) => Promise<void> = async () => undefined,
) {
  const operator = await operatorSession(browser);
  const { page, displayName } = await signedInPage(browser, firstName, phone());
  await credit(operator, displayName, 500);
  const auctionId = await runningAuction(operator, `Phone ${firstName} ${Date.now().toString(36)}`);
  expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await beforeOpening(page, auctionId);
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  const slider = panel.getByRole("slider", { name: "Bid €0.01" });
  await expect(slider).toBeVisible();
  return { operator, page, auctionId, panel, slider };
}

/**
 * The page's live socket, passed through the test, which holds back two things until it lets them go: the server's
 * word that `auctionId` has ended (so the page reads 'Closing…' for as long as the test likes, though the server has
 * ended it), and the server's answers to bids (so the page's 'Sending…' can be seen).
 */
async function holdTheServersWord(page: Page, auctionId: number) {
  const endedUpdates: string[] = [];
  const bidAnswers: string[] = [];
  const bidIds = new Set<string>();
  let isHoldingEnd = true;
  let isHoldingAnswers = true;
  let toPage: (message: string) => void = () => undefined;
  let connected: () => void = () => undefined;
  const isConnected = new Promise<void>((resolve) => (connected = resolve));
  /** An `auction:updated` (socket.io's event packet, `42[…]`) saying this auction has ended. */
  const isEndOfAuction = (message: string) => {
    if (!message.startsWith('42["auction:updated"')) return false;
    const [, state] = JSON.parse(message.slice(2)) as [string, { id: number; status: string }];
    return state.id === auctionId && state.status === "Ended";
  };
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    toPage = (message) => socket.send(message);
    socket.onMessage((message) => {
      // A command with an ack id: `42<id>["bid:place",…]`; its answer comes as `43<id>[…]`.
      const bid = /^42(\d+)\["bid:place"/.exec(String(message));
      if (bid?.[1]) bidIds.add(bid[1]);
      server.send(message);
    });
    server.onMessage((message) => {
      const text = String(message);
      if (text.startsWith("40")) connected();
      const answer = /^43(\d+)\[/.exec(text);
      if (isHoldingAnswers && answer?.[1] && bidIds.has(answer[1])) return void bidAnswers.push(text);
      if (isHoldingEnd && isEndOfAuction(text)) return void endedUpdates.push(text);
      socket.send(message);
    });
  });
  return {
    isConnected,
    heldEnds: () => endedUpdates.length,
    heldBidAnswers: () => bidAnswers.length,
    releaseBidAnswers() {
      isHoldingAnswers = false;
      bidAnswers.splice(0).forEach((message) => toPage(message));
    },
    releaseEnd() {
      isHoldingEnd = false;
      endedUpdates.splice(0).forEach((message) => toPage(message));
    },
  };
}

test("a slide while the auction is closing is sent: 'Sending…', then the server's 'Auction has ended'", async ({ browser }) => {
  let live: Awaited<ReturnType<typeof holdTheServersWord>> | undefined;
  const { operator, page, auctionId, panel, slider } = await enrolledOnItsPage(browser, "Liga", async (page, auctionId) => {
    live = await holdTheServersWord(page, auctionId);
  });
  if (!live) throw new Error("the socket is routed");
  await live.isConnected;

  // The operator sets its end a few seconds away: the page counts down to 00:00 and reads 'Closing…' there.
  expect((await operator.post(`/api/operator/auctions/${auctionId}/time-left`, { headers: xhr, data: { seconds: 3 } })).status()).toBe(200);
  await expect(panel.getByText("Closing…")).toBeVisible();
  await expect(panel.getByText("00:00", { exact: true })).toBeVisible();
  // The server has ended it meanwhile; the page has not heard so (held above), and its slider is still there.
  await expect.poll(() => live?.heldEnds()).toBeGreaterThan(0);
  await expect(slider).toBeVisible();

  // The slide is sent: 'Sending…' while the server's answer is on its way, then the answer.
  await swipeToBid(page);
  await expect(panel.getByRole("status")).toHaveText("Sending…");
  await expect(slider).toHaveAttribute("aria-valuetext", "Sending…");
  await expect.poll(() => live?.heldBidAnswers()).toBe(1);
  live.releaseBidAnswers();
  await expect(panel.getByRole("status")).toHaveText("Auction has ended");
  await expect(panel.getByText("Closing…")).toBeVisible();

  // Then the server's word that it ended: the panel shows the result (nobody's bid counted), and no slider.
  live.releaseEnd();
  await expect(panel.getByText("Ended without bids")).toBeVisible();
  await expect(slider).toHaveCount(0);
});

test("a slide while offline says the bid failed, and sends nothing then or later", async ({ browser }) => {
  const bidsSent: string[] = [];
  const { operator, page, auctionId, panel } = await enrolledOnItsPage(browser, "Dace", async (page) => {
    page.on("request", (request) => void (request.url().endsWith("/bids") && bidsSent.push(request.url())));
    page.on("websocket", (socket) =>
      socket.on("framesent", (frame) => void (String(frame.payload).includes('"bid:place"') && bidsSent.push(String(frame.payload)))),
    );
  });

  // The page's own chunks are in first: one still loading when the network goes would fail (the page shows an error).
  await page.waitForLoadState("networkidle");
  await page.context().setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "You are offline. Live prices resume when you reconnect." })).toBeVisible();
  await swipeToBid(page);
  await expect(panel.getByRole("status")).toHaveText("Failed to place bid. Please try again later. Contact support if the issue persist.");
  expect(bidsSent).toEqual([]);

  // Back online, a slide bids; had the offline one been kept to send later, it would have gone first and this one
  // would be refused ('You are already winning') or be the second bid.
  await page.context().setOffline(false);
  await expect(page.getByText("You are offline. Live prices resume when you reconnect.")).toBeHidden();
  await swipeToBid(page);
  await expect(panel.getByRole("status")).toHaveText("Your bid is in!");
  const auction = (await (await operator.get(`/api/auctions/${auctionId}`, { headers: xhr })).json()) as {
    bidCount: number;
    priceCents: number;
  };
  expect(auction).toMatchObject({ bidCount: 1, priceCents: 1 });
  expect(bidsSent).toHaveLength(1);
});

test("the bid panel stays stuck to the bottom of the screen when the auction ends", async ({ browser }) => {
  const { operator, page, auctionId, panel } = await enrolledOnItsPage(browser, "Ieva");
  await spaTakenOver(page);
  const screenHeight = await page.evaluate(() => window.innerHeight);
  const before = await panel.boundingBox();
  expect(before, "laid out").not.toBeNull();
  expect(Math.round((before?.y ?? 0) + (before?.height ?? 0))).toBe(screenHeight);

  expect((await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr })).status()).toBe(200);
  await expect(panel.getByText("Ended without bids")).toBeVisible();

  // Shorter now (no slider), but where it was: its bottom edge on the screen's, not moved up to the page's top.
  const after = await panel.boundingBox();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(Math.round((after?.y ?? 0) + (after?.height ?? 0))).toBe(screenHeight);
  expect(after?.x).toBe(before?.x);
  expect(after?.width).toBe(before?.width);
});
