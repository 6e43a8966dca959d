import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Route,
} from "@playwright/test";
import { tourNames, type Language } from "../../contract";

/**
 * The interface speaks `language` from the next page on, as a returning visitor's storage and cookie say it. The
 * cookie is what the SPA keeps beside its storage (decision 030): the first page request carries it, so that page's
 * first screen is made in that language too.
 */
export async function inLanguage(page: Page, language: Language) {
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem("i18nextLng")) window.localStorage.setItem("i18nextLng", stored);
  }, language);
  await page.context().addCookies([{ name: "i18nextLng", value: language, domain: "127.0.0.1", path: "/" }]);
}

/** Every test reads English, as SPEC.md writes the strings. */
export async function inEnglish(page: Page) {
  await inLanguage(page, "en");
}

/**
 * Home and an auction's page arrive drawn by the server, inert, and the SPA hydrates that markup (decisions 045, 061);
 * what the server could not know (a wide screen's page size, the user) comes in the renders right after. A one-off
 * reading (a box, a count of elements) taken before then may hold the drawing's. This waits for the live page.
 */
export async function spaTakenOver(page: Page): Promise<void> {
  await expect(page.locator("#root > [inert]")).toHaveCount(0);
}

/**
 * Holds the requests matching `pattern` unanswered until `release` is called, as a slow network would: what the page
 * shows meanwhile came without them. Once released, the held ones go on and later ones pass.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<{ held: () => number; release: () => Promise<void> }> {
  const routes: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released) return route.continue();
    routes.push(route);
  });
  return {
    held: () => routes.length,
    release: async () => {
      released = true;
      await Promise.all(routes.splice(0).map((route) => route.continue()));
      await page.unroute(pattern);
    },
  };
}

/** The page's fonts in use: their stylesheet, linked once the app has started (decision 073), loaded, and its faces. */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector<HTMLLinkElement>("link[data-fonts]")?.sheet);
  await page.evaluate(() => document.fonts.ready);
}

/** A distinct client address per test file, so the per-IP limits treat each file as its own visitor. */
export function visitorIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/** A tag no other test of the run makes, even one that starts in the same millisecond in the other worker. */
export const uniqueTag = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export function uniqueBidder(prefix = "e2e") {
  const tag = uniqueTag();
  // An adult's date of birth: sign-up asks for one (issue 53, decision 094).
  return {
    email: `${prefix}.${tag}@example.lv`,
    displayName: `${prefix}_${tag}`.slice(0, 25),
    password: "Secret1!",
    dateOfBirth: "1990-05-17",
  };
}

/** The newest link in the newest mail to `address` that contains `part`, from the development mailbox. */
export async function linkFromMailbox(request: APIRequestContext, address: string, part: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(address)}`)).json()) as {
        links: string[];
      }[];
      link = mails.flatMap((mail) => mail.links).find((l) => l.includes(part));
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? "").pathname + new URL(link ?? "").search;
}

/**
 * Marks every guided tour completed for the user signed in on `request` (a page's or context's), so that no tour
 * overlay stands in the way of a test about something else. tours.spec.ts tests the tours themselves.
 */
export async function completeGuidedTours(request: APIRequestContext): Promise<void> {
  for (const tourName of tourNames) {
    const answer = await request.put("/api/users/tour-progress", {
      headers: { "X-Requested-With": "XMLHttpRequest" },
      data: { tourName, currentStep: 0, isCompleted: true },
    });
    expect(answer.status(), `completing the ${tourName} tour`).toBe(200);
  }
}

/** What the API asks of a call made outside the SPA (its CSRF check). */
export const xhr = { "X-Requested-With": "XMLHttpRequest" };

/**
 * A signed-in page of a new bidder, signed up and confirmed through the mailbox, with no tour in the way.
 * `contextOptions`: the device to play it on (a phone's viewport, touch), as a project's `use` has it; `language`:
 * the interface's (English unless a test is about another).
 */
export async function signedInPage(
  browser: Browser,
  firstName: string,
  contextOptions: BrowserContextOptions = {},
  language: Language = "en",
): Promise<{ page: Page; displayName: string; email: string }> {
  const context = await browser.newContext({ ...contextOptions, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inLanguage(page, language);
  const bidder = await signUpThroughMailbox(page, firstName.toLowerCase(), { firstName, lastName: "Kalns", language });
  await completeGuidedTours(page.request);
  return { page, displayName: bidder.displayName, email: bidder.email };
}

/**
 * Types part of an address into an address field (`address`, in `scope`) and picks the suggestion by keyboard, as the
 * pay form and the profile offer it: the list shows, ArrowDown selects the first, Enter takes it and closes the list.
 */
export async function pickSuggestedAddress(scope: Locator, address: Locator): Promise<void> {
  await address.fill("brivibas 58");
  const suggestions = scope.getByRole("listbox", { name: "Address suggestions" });
  await expect(suggestions.getByRole("option", { name: "Brīvības iela 58, Rīga, LV-1010" })).toBeVisible();
  await address.press("ArrowDown");
  await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await address.press("Enter");
  await expect(address).toHaveValue("Brīvības iela 58, Rīga, LV-1010");
  await expect(suggestions).toBeHidden();
}

/**
 * Signs a new bidder up on `page` and follows the confirmation link from the mailbox, as a new user does: the page is
 * then signed in, on the confirmation page, with every guided tour still to come.
 */
export async function signUpThroughMailbox(
  page: Page,
  prefix: string,
  { firstName = "Liene", lastName = "Ozola", language = "en" }: { firstName?: string; lastName?: string; language?: Language } = {},
): Promise<ReturnType<typeof uniqueBidder>> {
  const bidder = uniqueBidder(prefix);
  const signUp = await page.request.post("/authn/sign-up", {
    headers: xhr,
    data: { ...bidder, confirmPassword: bidder.password, firstName, lastName, language },
  });
  expect(signUp.status()).toBe(201);
  await page.goto(await linkFromMailbox(page.request, bidder.email, "/confirm-email?token="));
  await expect(page).toHaveURL(/\/confirm-email\/success$/);
  return bidder;
}

/** The seeded demo operator's API session (`operator@pennybid.lv`): makes the auctions a test plays out. */
export async function operatorSession(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const signIn = await context.request.post("/authn/sign-in", {
    headers: xhr,
    data: { email: "operator@pennybid.lv", password: "Operator1!" },
  });
  expect(signIn.status()).toBe(200);
  return context.request;
}

/**
 * A page of the seeded demo operator, signed in by the API (the sign-in form has its own tests in accounts.spec.ts),
 * the guided tours completed (they are for another test), on Home; `contextOptions`: the device (a phone's viewport).
 */
export async function operatorPage(browser: Browser, contextOptions: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inEnglish(page);
  const signIn = await page.request.post("/authn/sign-in", {
    headers: xhr,
    data: { email: "operator@pennybid.lv", password: "Operator1!" },
  });
  expect(signIn.status()).toBe(200);
  await completeGuidedTours(page.request);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  return page;
}

/** The operator runs a short auction; the bidder enrols and bids once (€2.49 → €2.50); the operator ends it. */
export async function winAuction(operator: APIRequestContext, page: Page, title: string): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/headphones.svg"],
      startPriceCents: 249,
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  // The lifecycle starts it on its next tick.
  await expect.poll(async () => (await page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  const ended = await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr });
  expect(await ended.json()).toMatchObject({ status: "Ended", priceCents: 250 });
  return auctionId;
}

/**
 * In the back office (an operator's page): finds the user by display name, credits their wallet with `euros` and a
 * reason through the form and its confirmation, and waits for the new balance (`balance`, as the page writes it).
 */
export async function creditWallet(
  page: Page,
  displayName: string,
  credit: { euros: string; reason: string; balance: string },
): Promise<void> {
  await page.goto("/operator/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(displayName);
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: new RegExp(displayName) }).click();
  await page.getByLabel("Amount (€)").fill(credit.euros);
  await page.getByLabel("Reason").fill(credit.reason);
  await page.getByRole("button", { name: "Credit wallet" }).click();
  await page.getByRole("dialog", { name: "Credit this wallet?" }).getByRole("button", { name: "Credit wallet" }).click();
  await expect(page.getByLabel("Balance", { exact: true })).toHaveText(credit.balance);
}

/** A running auction the operator publishes now (a speaker, ten minutes, 20 s a bid), with `fields` over the defaults. */
export async function publishedAuction(operator: APIRequestContext, title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/speaker.svg"],
      entryFeeCents: 0,
      retailValueCents: 4900,
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Adds `euros` to the signed-in bidder's wallet through the sandbox's checkout, as a bidder does with a card. */
export async function topUpInSandbox(page: Page, euros: string): Promise<void> {
  await page.goto("/wallet");
  await page.getByRole("button", { name: "Add funds" }).click();
  const dialog = page.getByRole("dialog", { name: "Add funds" });
  await dialog.getByLabel("Amount").fill(euros);
  await dialog.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
}

/** A finger on the thumb, moved to the end of the track, lifted: real touch events, as a phone sends them. */
export async function swipeToBid(page: Page): Promise<void> {
  const slider = page.getByRole("slider", { name: "Bid €0.01" });
  // After a slide the thumb glides back to the start: measured mid-way, the touch would land where it no longer is.
  await expect.poll(() => slider.evaluate((element) => element.getAnimations().length)).toBe(0);
  const thumb = await slider.boundingBox();
  const track = await slider.locator("..").boundingBox();
  if (!thumb || !track) throw new Error("slider not laid out");
  const y = thumb.y + thumb.height / 2;
  const from = thumb.x + thumb.width / 2;
  const to = track.x + track.width - 8;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 8; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / 8, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/**
 * An auction the bidder of `page` (with €2.50 or more in the wallet) wins, pays for by the API and has delivered: the
 * operator moves it to Delivered, where its review may be written (decision 104).
 */
export async function deliveredWin(operator: APIRequestContext, page: Page, title: string): Promise<number> {
  const auctionId = await winAuction(operator, page, title);
  const paid = await page.request.post(`/api/fulfilments/${auctionId}/pay`, {
    headers: xhr,
    data: { deliveryAddress: "Brīvības iela 58, Rīga, LV-1010", phone: "+371 29123456" },
  });
  expect(paid.status()).toBe(200);
  for (const to of ["InDelivery", "Delivered"]) {
    expect((await operator.post(`/api/operator/fulfilments/${auctionId}/advance`, { headers: xhr, data: { to } })).status()).toBe(200);
  }
  return auctionId;
}
